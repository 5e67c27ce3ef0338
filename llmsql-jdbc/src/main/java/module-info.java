/**
 * The DuckDB and PostgreSQL engines (registered with {@code dev.llmsql.core} through
 * {@link java.util.ServiceLoader}) and import of a benchmark into them.
 */
module dev.llmsql.jdbc {
  requires transitive dev.llmsql.core;
  requires org.xerial.sqlitejdbc;
  requires duckdb.jdbc;
  requires org.postgresql.jdbc;
  requires com.zaxxer.hikari;
  requires org.slf4j;

  exports dev.llmsql.jdbc;
  exports dev.llmsql.jdbc.load;


  provides dev.llmsql.execution.QueryEngine with dev.llmsql.jdbc.DuckDbEngine, dev.llmsql.jdbc.PostgresEngine;
  provides dev.llmsql.execution.ImportTarget
      with dev.llmsql.jdbc.load.DuckDbImportTarget, dev.llmsql.jdbc.load.PostgresImportTarget;
}
