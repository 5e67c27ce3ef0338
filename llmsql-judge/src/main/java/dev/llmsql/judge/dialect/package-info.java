/**
 * Dialect validity: does SQL parse, and use only features of, SQLite, MySQL, PostgreSQL, Oracle or SQL
 * Server ("executability without a database"). Start from {@link dev.llmsql.judge.dialect.SqlDialect}.
 */
package dev.llmsql.judge.dialect;
