/**
 * The DuckDB and PostgreSQL query engines: start from {@link dev.llmsql.jdbc.DuckDbEngine} and
 * {@link dev.llmsql.jdbc.PostgresEngine}, or let {@link dev.llmsql.execution.QueryEngines} pick one by URL.
 */
package dev.llmsql.jdbc;
