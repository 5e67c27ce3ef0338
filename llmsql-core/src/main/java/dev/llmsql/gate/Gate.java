package dev.llmsql.gate;

import static java.util.Objects.requireNonNull;

import dev.llmsql.compare.PairedComparison;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * What a run must reach to pass CI: minimum scores ({@code --fail-under}) and, against a saved baseline
 * report, no score lower than the baseline's minus a tolerance (and, if set, at most so many questions that
 * matched in the baseline and do not now).
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * Gate gate = Gate.builder().failUnder("accuracy", 0.7).baseline(FullReportJson.read(Path.of("baseline.json")))
 *     .tolerance(0.02).build();
 * GateResult result = gate.check(report);
 * System.out.println(result.summary());   // "llmsql gate: passed: accuracy 0.7400 >= 0.7000, ..."
 * }</pre>
 *
 * @param failUnder the minimum of each named score, in the order given
 * @param baseline the report not to fall behind, if any
 * @param tolerance how far each score may fall below the baseline's, 0 when none
 * @param maxRegressions how many baseline matches may be lost, if limited
 */
public record Gate(Map<String, Double> failUnder, Optional<EvaluationReport> baseline, double tolerance,
                   OptionalInt maxRegressions) {

  /** Floating-point slack when comparing a score with its threshold: 0.7 must pass "at least 0.7". */
  static final double EPSILON = 1e-9;

  public Gate {
    failUnder = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(failUnder));
    requireNonNull(baseline, "baseline");
    requireNonNull(maxRegressions, "maxRegressions");
  }

  /** A builder; at least one condition must be set. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Checks {@code report} against this gate.
   *
   * @throws IllegalArgumentException when the baseline is of another benchmark
   * @throws IllegalStateException when either report lacks the per-question results a baseline comparison
   *     needs (evaluated with {@code keepResults(false)})
   */
  public GateResult check(EvaluationReport report) {
    requireNonNull(report, "report");
    List<GateResult.Check> checks = new ArrayList<>();
    failUnder.forEach((name, min) -> checks.add(value(report, name)
        .map(v -> GateResult.Check.of(GateResult.Kind.FAIL_UNDER, name, v, min, min))
        .orElseGet(() -> GateResult.Check.missing(name, min))));
    List<GateResult.Regression> regressions = new ArrayList<>();
    if (baseline.isPresent()) {
      EvaluationReport before = baseline.get();
      before.requireResults("A baseline comparison");
      report.requireResults("A baseline comparison");
      PairedComparison.requireSameBenchmark(before, report);
      Map<String, Double> scores = new LinkedHashMap<>();
      scores.put("accuracy", before.accuracy());
      before.scores().forEach(s -> scores.putIfAbsent(s.name(), s.value()));
      scores.forEach((name, was) -> value(report, name).ifPresent(now ->
          checks.add(GateResult.Check.of(GateResult.Kind.BASELINE, name, now, was - tolerance, was))));
      // the k-th result of a question against its k-th result now: LLMSQL 2.0 scores every repeated line, and
      // pairing each repeat with the first one now reported regressions of a run against its own report
      Map<Integer, List<QuestionResult>> now = new TreeMap<>();
      report.results().forEach(r -> now.computeIfAbsent(r.questionId(), id -> new ArrayList<>()).add(r));
      Map<Integer, Integer> seen = new java.util.HashMap<>();
      for (QuestionResult was : before.results()) {
        int k = seen.merge(was.questionId(), 1, Integer::sum) - 1;
        List<QuestionResult> repeats = now.getOrDefault(was.questionId(), List.of());
        if (!repeats.isEmpty() && k >= repeats.size()) {
          continue;   // answered fewer times now: a repeat the run did not make is no regression
        }
        QuestionResult is = repeats.isEmpty() ? null : repeats.get(k);
        if (was.outcome().isMatch() && (is == null || !is.outcome().isMatch())) {
          regressions.add(new GateResult.Regression(was.questionId(),
              Optional.ofNullable(is).map(QuestionResult::outcome), is == null ? "" : is.reason().name()));
        }
      }
      maxRegressions.ifPresent(max -> checks.add(GateResult.Check.regressions(regressions.size(), max)));
    }
    return new GateResult(checks, regressions, baseline.isPresent());
  }

  private static Optional<Double> value(EvaluationReport report, String name) {
    if (name.equals("accuracy")) {
      return Optional.of(report.accuracy());
    }
    Optional<Double> score = report.score(name).map(Score::value);
    if (score.isPresent()) {
      return score;
    }
    // a level (hard, challenging, sql:nested, db:car_1, ...): its accuracy; an empty level counts as missing
    return Optional.ofNullable(report.byLevel().get(name)).filter(b -> b.total() > 0).map(b -> b.accuracy());
  }

  /**
   * Whether {@code name} reads as a level of {@link EvaluationReport#byLevel()} rather than a score: Spider's
   * hardness, a difficulty, BIRD's levels, or a breakdown slice ({@code sql:}, {@code db:}, {@code table:}).
   */
  public static boolean isLevel(String name) {
    return LEVELS.contains(name) || name.startsWith("sql:") || name.startsWith("db:") || name.startsWith("table:");
  }

  private static final java.util.Set<String> LEVELS = java.util.Set.of("easy", "medium", "hard", "extra", "simple",
      "moderate", "challenging");

  /**
   * Configures a {@link Gate}; {@link #build()} rejects an empty gate, bad thresholds and a tolerance without
   * baseline.
   *
   * <pre>{@code
   * Gate gate = Gate.builder().failUnder(0.7).failUnder("soft-f1", 0.5).build();
   * }</pre>
   */
  public static final class Builder {
    private final Map<String, Double> failUnder = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();
    private EvaluationReport baseline;
    private Double tolerance;
    private Integer maxRegressions;
    private final Map<String, Object> given = new java.util.HashMap<>();

    private Builder() {
    }

    /** {@code value}, noting a problem when {@code setting} was given another value before. */
    private <T> T once(String setting, T value) {
      Object before = given.putIfAbsent(setting, value);
      if (before != null && !before.equals(value)) {
        problems.add(setting + "(" + shown(before) + ") and " + setting + "(" + shown(value) + ") conflict; set "
            + setting + " once");
      }
      return value;
    }

    private static String shown(Object value) {
      return value instanceof EvaluationReport ? "..." : String.valueOf(value);
    }

    /** Accuracy must be at least {@code min}, a rate in [0, 1]. */
    public Builder failUnder(double min) {
      return failUnder("accuracy", min);
    }

    /** Score {@code name} (as in the report's scores, or {@code accuracy}) must be at least {@code min}. */
    public Builder failUnder(String name, double min) {
      if (name == null || name.isBlank()) {
        problems.add("a fail-under score needs a name, e.g. accuracy");
      } else if (!Double.isFinite(min) || min < 0) {
        problems.add("fail-under " + name + " needs a finite minimum >= 0 (0.7 for 70%), but was " + min);
      } else if (name.equals("accuracy") && min > 1) {
        problems.add("fail-under accuracy is a rate in [0, 1] (0.7 for 70%), but was " + min);
      } else if (failUnder.putIfAbsent(name.strip(), min) != null) {
        problems.add("fail-under " + name + " is given twice; give each score once");
      }
      return this;
    }

    /** The report this run must not fall behind (read one with {@code FullReportJson.read}). */
    public Builder baseline(EvaluationReport baseline) {
      this.baseline = once("baseline", requireNonNull(baseline, "baseline"));
      return this;
    }

    /** How far each score may fall below the baseline's, in [0, 1] (default 0). */
    public Builder tolerance(double tolerance) {
      this.tolerance = once("tolerance", tolerance);
      return this;
    }

    /** How many questions that matched in the baseline may fail now (default: not limited). */
    public Builder maxRegressions(int max) {
      this.maxRegressions = once("maxRegressions", max);
      return this;
    }

    /** The gate; throws {@link IllegalStateException} listing every problem. */
    public Gate build() {
      List<String> all = new ArrayList<>(problems);
      if (tolerance != null && !(tolerance >= 0 && tolerance <= 1)) {
        all.add("tolerance is a rate in [0, 1] (0.02 for two points), but was " + tolerance);
      }
      if (tolerance != null && baseline == null) {
        all.add("a tolerance needs a baseline to be tolerant against; set baseline(...) or drop tolerance");
      }
      if (maxRegressions != null && maxRegressions < 0) {
        all.add("maxRegressions must not be negative, but was " + maxRegressions);
      }
      if (maxRegressions != null && baseline == null) {
        all.add("maxRegressions needs a baseline; set baseline(...) or drop maxRegressions");
      }
      if (failUnder.isEmpty() && baseline == null && all.isEmpty()) {
        all.add("a gate needs a condition: failUnder(...) or baseline(...)");
      }
      if (!all.isEmpty()) {
        throw new IllegalStateException(String.join("; ", all));
      }
      return new Gate(failUnder, Optional.ofNullable(baseline), tolerance == null ? 0 : tolerance,
          maxRegressions == null ? OptionalInt.empty() : OptionalInt.of(maxRegressions));
    }
  }
}
