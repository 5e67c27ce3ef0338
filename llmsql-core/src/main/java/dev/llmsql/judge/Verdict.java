package dev.llmsql.judge;

import static java.util.Objects.requireNonNull;

/**
 * A judge's decision on one prediction: the outcome, a machine-readable reason and a human detail.
 *
 * <pre>{@code
 * return Verdict.match();
 * return Verdict.mismatch(Reason.EXTRA_ROWS, "3 rows more than the gold");
 * }</pre>
 *
 * @param outcome the decision
 * @param reason why, machine-readable
 * @param detail why, for people (may be empty, never null)
 */
public record Verdict(Outcome outcome, Reason reason, String detail) {

  public Verdict {
    requireNonNull(outcome, "outcome");
    requireNonNull(reason, "reason");
    requireNonNull(detail, "detail");
  }

  public static Verdict match() {
    return new Verdict(Outcome.MATCH, Reason.EQUAL, "");
  }

  public static Verdict mismatch(Reason reason, String detail) {
    return new Verdict(Outcome.MISMATCH, reason, detail);
  }

  public static Verdict error(Reason reason, String detail) {
    return new Verdict(Outcome.ERROR, reason, detail);
  }

  public static Verdict noSql() {
    return new Verdict(Outcome.NO_SQL, Reason.NO_SQL, "the completion holds no SQL");
  }

  public static Verdict goldError(String detail) {
    return new Verdict(Outcome.GOLD_ERROR, Reason.GOLD_ERROR, detail);
  }
}
