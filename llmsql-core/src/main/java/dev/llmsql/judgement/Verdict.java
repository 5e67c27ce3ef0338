package dev.llmsql.judgement;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * A judge's decision on one prediction: the outcome, a machine-readable reason and a human detail; a
 * {@link Judgement} carries it with what it rests on.
 *
 * <pre>{@code
 * Judge judge = ctx -> {
 *   if (ctx.candidates().isEmpty()) return Judgement.of(ctx, Verdict.noSql());
 *   if (!(ctx.gold() instanceof QueryOutcome.Success gold)
 *       || !(ctx.execute(ctx.candidates().get(0)) instanceof QueryOutcome.Success pred)) {
 *     return Judgement.of(ctx, Verdict.error(Reason.PRED_ERROR, "a query failed"));
 *   }
 *   int extra = pred.result().rowCount() - gold.result().rowCount();
 *   if (extra <= 0) return Judgement.of(ctx, Verdict.match());
 *   return Judgement.of(ctx, Verdict.mismatch(Reason.EXTRA_ROWS, extra + " rows more than the gold"));
 * };
 * }</pre>
 *
 * @param outcome the decision
 * @param reason why, machine-readable
 * @param detail why, for people (may be empty, never null)
 * @param measures figures a judge measured on the way, for scorings (e.g. {@code soft_f1},
 *     {@code time_ratio}); never null, usually empty
 * @param flags the counts the judge decided itself ({@link Flag}); the others follow their default rule
 *     ({@link Judgement#sqlError()}, ...); never null, usually empty
 */
public record Verdict(Outcome outcome, Reason reason, String detail, Map<String, Double> measures,
                      Map<Flag, Boolean> flags) {

  public Verdict {
    requireNonNull(outcome, "outcome");
    requireNonNull(reason, "reason");
    requireNonNull(detail, "detail");
    measures = measures == null || measures.isEmpty() ? Map.of()
        : Collections.unmodifiableMap(new TreeMap<>(measures));
    flags = flags == null || flags.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(flags));
  }

  /** A verdict without flags. */
  public Verdict(Outcome outcome, Reason reason, String detail, Map<String, Double> measures) {
    this(outcome, reason, detail, measures, Map.of());
  }

  /** A verdict without measures or flags. */
  public Verdict(Outcome outcome, Reason reason, String detail) {
    this(outcome, reason, detail, Map.of());
  }

  /** This verdict with one more measure. */
  public Verdict withMeasure(String name, double value) {
    Map<String, Double> all = new TreeMap<>(measures);
    all.put(requireNonNull(name, "name"), value);
    return new Verdict(outcome, reason, detail, all, flags);
  }

  /** This verdict with {@code flag} decided as {@code value}. */
  public Verdict with(Flag flag, boolean value) {
    Map<Flag, Boolean> all = new EnumMap<>(Flag.class);
    all.putAll(flags);
    all.put(requireNonNull(flag, "flag"), value);
    return new Verdict(outcome, reason, detail, measures, all);
  }

  /** This verdict with another detail (measures and flags kept). */
  public Verdict withDetail(String other) {
    return new Verdict(outcome, reason, other, measures, flags);
  }

  /** How the judge decided {@code flag}, if it did. */
  public Optional<Boolean> flag(Flag flag) {
    return Optional.ofNullable(flags.get(flag));
  }

  /**
   * The measures with the decided flags among them under their {@link Flag#key()} (1 or 0), sorted by name: what
   * the full JSON report lists per question.
   */
  public Map<String, Double> measuresAndFlags() {
    if (flags.isEmpty()) {
      return measures;
    }
    Map<String, Double> all = new TreeMap<>(measures);
    flags.forEach((flag, value) -> all.put(flag.key(), value ? 1.0 : 0.0));
    return Collections.unmodifiableMap(all);
  }

  /**
   * A verdict read back from {@code measures} as {@link #measuresAndFlags()} wrote them: entries named by a
   * {@link Flag#key()} become flags.
   */
  public static Verdict read(Outcome outcome, Reason reason, String detail, Map<String, Double> measures) {
    Map<String, Double> rest = new TreeMap<>();
    Map<Flag, Boolean> flags = new EnumMap<>(Flag.class);
    measures.forEach((name, value) -> {
      Flag flag = Flag.byKey(name);
      if (flag != null) {
        flags.put(flag, value == 1.0);
      } else {
        rest.put(name, value);
      }
    });
    return new Verdict(outcome, reason, detail, rest, flags);
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
