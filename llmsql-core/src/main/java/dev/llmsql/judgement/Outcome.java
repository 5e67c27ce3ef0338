package dev.llmsql.judgement;

/**
 * The verdict on one prediction, in the three-way shape every peer can be mapped to
 * (Falcon: MATCH = RIGHT, MISMATCH = WRONG, the rest = FAILED).
 *
 * <pre>{@code
 * int matches = 0;
 * for (QuestionResult r : FullReportJson.read(Path.of("report.json")).results()) {
 *   Verdict verdict = r.verdict();
 *   if (verdict.outcome() == Outcome.MATCH) matches++;
 * }
 * }</pre>
 */
public enum Outcome {
  /** The prediction answers the question. */
  MATCH,
  /** The prediction ran but gives another answer. */
  MISMATCH,
  /** The prediction's SQL failed (error, timeout, row cap, refused). */
  ERROR,
  /** The completion holds no SQL candidate. */
  NO_SQL,
  /** The gold SQL itself failed: a benchmark defect, not the model's fault. */
  GOLD_ERROR;

  /** True for MATCH. */
  public boolean isMatch() {
    return this == MATCH;
  }
}
