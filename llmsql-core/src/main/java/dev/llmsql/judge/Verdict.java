package dev.llmsql.judge;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A judge's decision on one prediction: the outcome, a machine-readable reason and a human detail.
 *
 * <pre>{@code
 * Judge judge = ctx -> {
 *   if (ctx.candidates().isEmpty()) return Verdict.noSql();
 *   if (!(ctx.gold() instanceof QueryOutcome.Success gold)
 *       || !(ctx.execute(ctx.candidates().get(0)) instanceof QueryOutcome.Success pred)) {
 *     return Verdict.error(Reason.PRED_ERROR, "a query failed");
 *   }
 *   int extra = pred.result().rowCount() - gold.result().rowCount();
 *   if (extra <= 0) return Verdict.match();
 *   return Verdict.mismatch(Reason.EXTRA_ROWS, extra + " rows more than the gold");
 * };
 * }</pre>
 *
 * @param outcome the decision
 * @param reason why, machine-readable
 * @param detail why, for people (may be empty, never null)
 * @param measures figures a judge measured on the way, for scorings (e.g. {@code soft_f1},
 *     {@code time_ratio}); never null, usually empty
 */
public record Verdict(Outcome outcome, Reason reason, String detail, Map<String, Double> measures) {

  public Verdict {
    requireNonNull(outcome, "outcome");
    requireNonNull(reason, "reason");
    requireNonNull(detail, "detail");
    measures = measures == null || measures.isEmpty() ? Map.of()
        : Collections.unmodifiableMap(new TreeMap<>(measures));
  }

  /** A verdict without measures. */
  public Verdict(Outcome outcome, Reason reason, String detail) {
    this(outcome, reason, detail, Map.of());
  }

  /** This verdict with one more measure. */
  public Verdict withMeasure(String name, double value) {
    Map<String, Double> all = new TreeMap<>(measures);
    all.put(requireNonNull(name, "name"), value);
    return new Verdict(outcome, reason, detail, all);
  }

  /** A measure by name, if the judge recorded it. */
  public java.util.OptionalDouble measure(String name) {
    Double value = measures.get(name);
    return value == null ? java.util.OptionalDouble.empty() : java.util.OptionalDouble.of(value);
  }

  public static Verdict match() {
    return MATCH;
  }

  // Most verdicts are plain matches; one shared instance keeps a 160,000-prediction report small.
  private static final Verdict MATCH = new Verdict(Outcome.MATCH, Reason.EQUAL, "");

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
