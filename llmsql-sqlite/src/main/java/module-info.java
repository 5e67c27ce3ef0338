/**
 * SQLite execution (sqlite-jdbc and HikariCP, every connection hardened), the LLMSQL benchmark's download and
 * cache, dataset import into SQLite, and in-memory scratch databases. Registers the SQLite executor and the
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

  provides dev.llmsql.execution.QueryExecutorFactory with dev.llmsql.sqlite.SqliteQueryExecutorFactory;
  provides dev.llmsql.benchmark.DefaultBenchmarkSourceFactory with dev.llmsql.sqlite.download.LlmsqlHubFactory;
}
