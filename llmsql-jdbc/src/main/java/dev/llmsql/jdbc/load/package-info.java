/**
 * Loading a benchmark into DuckDB or PostgreSQL: start from {@link dev.llmsql.jdbc.load.JdbcImport}.
 */
package dev.llmsql.jdbc.load;
