package dev.llmsql.judgement;

/**
 * A machine-readable reason behind a {@link Verdict}, so reports can count failures by kind.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * report.reasonCounts().get(Reason.TIMEOUT);
 * }</pre>
 */
public enum Reason {
  /** The results are equal under the judge's rules. */
  EQUAL,
  /** Another number of columns. */
  COLUMN_COUNT,
  /** The same rows, in another order, where order counts. */
  ROW_ORDER,
  /** A gold column has no counterpart in the prediction (by name or by values). */
  MISSING_COLUMN,
  /** The prediction returned rows the gold does not have. */
  EXTRA_ROWS,
  /** The prediction lacks rows the gold has. */
  MISSING_ROWS,
  /** As many rows, but some values differ. */
  VALUE_MISMATCH,
  /** The predicted SQL failed to run. */
  PRED_ERROR,
  /** The predicted SQL ran past the timeout. */
  TIMEOUT,
  /** The predicted SQL returned more rows than the row cap. */
  ROW_LIMIT,
  /** The predicted SQL built or returned more bytes than a size bound allows (value, row or result). */
  SIZE_LIMIT,
  /** The predicted SQL was refused before it reached the database (not a single read-only query). */
  REJECTED,
  /** The completion holds no SQL. */
  NO_SQL,
  /** The gold SQL failed. */
  GOLD_ERROR,
  /** A judge (e.g. an LLM judge) could not reach a verdict: the case is left out of weighted scores. */
  JUDGE_FAILED,
  /** Any other reason, explained in the verdict's detail. */
  OTHER
}
