package dev.llmsql.execution;

/**
 * Service-provider interface that creates the default {@link QueryExecutor}; {@code llmsql-sqlite} registers
 * one in {@code META-INF/services/dev.llmsql.execution.QueryExecutorFactory}.
 *
 * <pre>{@code
 * QueryExecutor executor = QueryExecutors.discover(limits);
 * }</pre>
 */
public interface QueryExecutorFactory {

  /** A new executor honouring {@code limits}. */
  QueryExecutor create(ExecutionLimits limits);
}
