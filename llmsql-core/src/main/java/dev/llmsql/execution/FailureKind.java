package dev.llmsql.execution;

/**
 * Why a statement did not produce rows.
 *
 * <pre>{@code
 * Database db = Database.file(Path.of("sqlite_tables.db"));
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(5), 1000, 1);
 * try (QueryExecutor executor = QueryEngines.forDatabase(db).open(db, limits)) {
 *   if (executor.execute("SELECT count(*) FROM t") instanceof QueryOutcome.Failure failure
 *       && failure.kind() == FailureKind.TIMEOUT) {
 *     System.err.println("gave up after 5 s: " + failure.message());
 *   }
 * }
 * }</pre>
 */
public enum FailureKind {
  /** The database rejected or failed the statement (syntax error, unknown column, ...). */
  SQL_ERROR,
  /** The statement ran past the query timeout and was interrupted. */
  TIMEOUT,
  /** The statement returned more rows than the row cap allows. */
  ROW_LIMIT,
  /**
   * The statement built or returned more bytes than a bound of {@link ExecutionLimits} allows (per value, per
   * row or per result); the message names the bound and its option.
   */
  SIZE_LIMIT,
  /** The statement was refused before it reached the database (not a single read-only query). */
  REJECTED,
  /** The database file could not be opened. */
  DATABASE_UNAVAILABLE
}
