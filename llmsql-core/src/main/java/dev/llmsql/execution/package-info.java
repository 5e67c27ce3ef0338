/**
 * Running SQL: the {@link dev.llmsql.execution.QueryExecutor} SPI, its limits and its outcomes.
 * Start from {@link dev.llmsql.execution.QueryExecutors#discover}.
 */
package dev.llmsql.execution;
