package dev.llmsql.suite;

/**
 * A case's verdict in the case report.
 *
 * <pre>{@code
 * result.status() == CaseStatus.PASS;
 * }</pre>
 */
public enum CaseStatus {
  /** Judged correct (rule cases: every rule passed). */
  PASS,
  /** Judged wrong, including malformed or refused answers. */
  WRONG,
  /** Did not run to a verdict (target retries exhausted, every judge failed): left out of both score sums. */
  FAILED
}
