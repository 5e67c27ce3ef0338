package dev.llmsql.execution;

import java.nio.file.Path;

/**
 * Runs one SQL statement against a benchmark database, read-only and within {@link ExecutionLimits}.
 * Implementations are thread-safe; {@code llmsql-sqlite} provides the SQLite one.
 *
 * <pre>{@code
 * try (QueryExecutor executor = QueryExecutors.discover(limits)) {
 *   QueryOutcome outcome = executor.execute(Path.of("sqlite_tables.db"), "SELECT 1");
 * }
 * }</pre>
 */
public interface QueryExecutor extends AutoCloseable {

  /**
   * Runs {@code sql} on {@code database}. Never throws for a bad statement: failures are outcomes.
   *
   * @param database the database file
   * @param sql one statement, untrusted
   * @return the rows or the failure, never null
   */
  QueryOutcome execute(Path database, String sql);

  /**
   * Runs {@code sql} but stops reading after {@code stopAfterRows} rows, returning them as an
   * {@linkplain QueryResult#complete() incomplete} result: a judge that knows the gold has fewer rows need not
   * read a huge wrong answer. The default reads everything.
   */
  default QueryOutcome execute(Path database, String sql, int stopAfterRows) {
    return execute(database, sql);
  }

  /**
   * Why {@code database} cannot serve as a benchmark database (not a database, truncated, locked by a writer,
   * ...), as one clause that names the fix, or null when it can; called once before any work, so a bad file
   * fails the run at once instead of failing every statement. Must not create or change any file. The default
   * finds no problem.
   */
  default String unusable(Path database) {
    return null;
  }

  /**
   * Gets {@code database} ready in the background (connections opened, schema loaded) while the caller does
   * other work, so the first statements do not wait for it; returns at once. The default does nothing.
   */
  default void warmUp(Path database) {
  }

  /** Releases connections. */
  @Override
  void close();
}
