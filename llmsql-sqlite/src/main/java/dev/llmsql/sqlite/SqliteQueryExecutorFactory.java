package dev.llmsql.sqlite;

import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryExecutorFactory;

/**
 * Registers {@link SqliteQueryExecutor} as the default executor through {@link java.util.ServiceLoader};
 * adding {@code llmsql-sqlite} to the class path is enough.
 *
 * <pre>{@code
 * QueryExecutor executor = QueryExecutors.discover(limits);  // finds this factory
 * }</pre>
 */
public final class SqliteQueryExecutorFactory implements QueryExecutorFactory {

  /** For {@link java.util.ServiceLoader}. */
  public SqliteQueryExecutorFactory() {
  }

  @Override
  public QueryExecutor create(ExecutionLimits limits) {
    return new SqliteQueryExecutor(limits);
  }
}
