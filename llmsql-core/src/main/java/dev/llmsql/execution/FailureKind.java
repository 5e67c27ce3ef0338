package dev.llmsql.execution;

/**
 * Why a statement did not produce rows.
 *
 * <pre>{@code
 * if (failure.kind() == FailureKind.TIMEOUT) ...
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
