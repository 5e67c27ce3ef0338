/**
 * Running SQL on any engine: the {@link dev.llmsql.execution.QueryEngine} SPI that opens a
 * {@link dev.llmsql.execution.QueryExecutor} per {@link dev.llmsql.execution.Database}, its limits and its
 * outcomes. Start from {@link dev.llmsql.execution.QueryEngines#forDatabase}.
 */
package dev.llmsql.execution;
