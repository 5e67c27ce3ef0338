/**
 * SQLite execution (sqlite-jdbc and HikariCP, every connection hardened), the LLMSQL benchmark's download and
 * cache, dataset import into SQLite, and in-memory scratch databases. Registers the SQLite engine and the
 * hub download as the defaults of {@code dev.llmsql.core}.
 */
module dev.llmsql.sqlite {
  requires transitive dev.llmsql.core;
  requires transitive org.xerial.sqlitejdbc;
  requires transitive com.zaxxer.hikari;
  requires org.apache.commons.csv;
  requires org.slf4j;
  requires java.net.http;

  exports dev.llmsql.sqlite;
  exports dev.llmsql.sqlite.dataset;
  exports dev.llmsql.sqlite.download;

  provides dev.llmsql.execution.QueryEngine with dev.llmsql.sqlite.SqliteQueryEngine;
  provides dev.llmsql.benchmark.DefaultBenchmarkSourceFactory with dev.llmsql.sqlite.download.LlmsqlHubFactory;
}
