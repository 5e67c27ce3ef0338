package dev.llmsql.sqlite;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Test shorthand: the SQLite engine under one set of limits, each database opened once on first use, and a
 * database that cannot be opened answered as the evaluation engine answers it (a DATABASE_UNAVAILABLE failure).
 */
final class SqliteDatabases implements AutoCloseable {

  private final ExecutionLimits limits;
  private final Map<Path, QueryExecutor> open = new ConcurrentHashMap<>();

  SqliteDatabases(ExecutionLimits limits) {
    this.limits = limits;
  }

  QueryExecutor open(Path database) {
    return open.computeIfAbsent(database, db -> new SqliteQueryEngine().open(Database.file(db), limits));
  }

  QueryOutcome execute(Path database, String sql) {
    return execute(database, sql, Integer.MAX_VALUE);
  }

  QueryOutcome execute(Path database, String sql, int stopAfterRows) {
    try {
      return open(database).execute(sql, stopAfterRows);
    } catch (DatabaseUnavailableException e) {
      return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE, "cannot open database " + database + ": "
          + e.getMessage(), 0);
    }
  }

  void warmUp(Path database) {
    open(database).warmUp();
  }

  @Override
  public void close() {
    open.values().forEach(QueryExecutor::close);
  }
}
