package dev.llmsql.assertj;

import dev.llmsql.compare.PairedComparison;
import dev.llmsql.gate.Gate;
import dev.llmsql.gate.GateResult;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.report.Confidence;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Mismatch;
import dev.llmsql.report.ReportText;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.stats.Interval;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on an {@link EvaluationReport}, for gating a model in a JUnit test. Failure messages
 * show the worst mismatches (SQL errors first, then missing SQL, then wrong answers; gold errors last, as
 * they are the benchmark's fault) with question, gold SQL, predicted SQL, both result sets and the reason.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * EvaluationReport baseline = FullReportJson.read(Path.of("baseline.json"));
 * LlmsqlAssertions.assertThat(report).hasAccuracyAtLeast(0.8).hasAtMostMismatches(10).isNoWorseThan(baseline);
 * }</pre>
 */
public class ReportAssert extends AbstractAssert<ReportAssert, EvaluationReport> {

  /** How many mismatches a failure message shows at most. */
  public static final int SHOWN_MISMATCHES = 3;
  /** How many SQL errors, input problems or regressions a failure message lists at most. */
  public static final int SHOWN_ITEMS = 10;

  public ReportAssert(EvaluationReport actual) {
    super(actual, ReportAssert.class);
  }

  /**
   * Refuses a bound that is no rate. Written so NaN fails too: every comparison with NaN is false, so
   * {@code min < 0 || min > 1} let it through and {@code accuracy < NaN} never failed the assertion.
   */
  private static void requireRate(double min) {
    if (!(min >= 0 && min <= 1)) {
      throw new IllegalArgumentException("min is a rate in [0, 1] (0.8 for 80%), but was " + min);
    }
  }

  /** Accuracy (matches / total) is at least {@code min}, a rate in [0, 1]. */
  public ReportAssert hasAccuracyAtLeast(double min) {
    isNotNull();
    requireRate(min);
    if (actual.accuracy() < min) {
      failWithMessage("%nExpecting accuracy >= %s%nbut was %s (95%% CI %s, %d of %d matched).%s", percent(min),
          percent(actual.accuracy()), Confidence.accuracy(actual).map(Interval::formatPercent)
              .orElse(Confidence.UNAVAILABLE),
          actual.matches(), actual.total(), worstMismatches());
    }
    return this;
  }

  /**
   * LLMSQL 2.0's accuracy for one question category ({@code lookup}, {@code convention},
   * {@code text_quantity}) is at least {@code min}, a rate in [0, 1]. Fails when the report has no such
   * category, naming the ones it has.
   *
   * <pre>{@code
   * assertThat(report).hasCategoryAccuracyAtLeast("lookup", 0.5);
   * }</pre>
   */
  public ReportAssert hasCategoryAccuracyAtLeast(String category, double min) {
    isNotNull();
    requireRate(min);
    dev.llmsql.report.Breakdown b = actual.categoryAccuracy().get(category);
    if (b == null) {
      failWithMessage("%nExpecting accuracy of category '%s' >= %s%nbut the report has %s.", category,
          percent(min), actual.categoryAccuracy().isEmpty() ? "no categories (not LLMSQL 2.0 questions)"
              : "only the categories " + actual.categoryAccuracy().keySet());
    } else if (b.accuracy() < min) {
      failWithMessage("%nExpecting accuracy of category '%s' >= %s%nbut was %s (%d of %d matched).", category,
          percent(min), percent(b.accuracy()), b.matches(), b.total());
    }
    return this;
  }

  /**
   * The accuracy at one level of {@link EvaluationReport#byLevel()} is at least {@code min}, a rate in [0, 1]: Spider's
   * hardness ({@code "hard"}, with the {@code spider} judge) or the questions' difficulty, BIRD's
   * {@code "challenging"}, or a breakdown slice ({@code "sql:nested"}, {@code "db:car_1"}). Fails when the report has
   * no question at that level.
   *
   * <pre>{@code
   * assertThat(report).hasLevelAccuracyAtLeast("hard", 0.5).hasLevelAccuracyAtLeast("extra", 0.3);
   * }</pre>
   */
  public ReportAssert hasLevelAccuracyAtLeast(String level, double min) {
    isNotNull();
    requireRate(min);
    dev.llmsql.report.Breakdown b = actual.byLevel().get(level);
    if (b == null || b.total() == 0) {
      failWithMessage("%nExpecting accuracy at level '%s' >= %s%nbut the report has no question there; its levels: %s.",
          level, percent(min), actual.byLevel().keySet());
    } else if (b.accuracy() < min) {
      failWithMessage("%nExpecting accuracy at level '%s' >= %s%nbut was %s (%d of %d matched).", level,
          percent(min), percent(b.accuracy()), b.matches(), b.total());
    }
    return this;
  }

  /**
   * No predicted SQL failed (outcome ERROR: syntax error, timeout, row cap, refused). Decided by the report's
   * counter, so it holds whatever results were kept; the failing questions are named where the report still
   * holds them (its results, else its kept mismatches).
   */
  public ReportAssert hasNoSqlErrors() {
    isNotNull();
    if (actual.sqlErrors() > 0) {
      List<Integer> known = new ArrayList<>();
      List<String> lines = new ArrayList<>();
      if (actual.hasResults()) {
        actual.results().stream().filter(r -> r.outcome() == Outcome.ERROR).forEach(r -> {
          known.add(r.questionId());
          lines.add(String.format(Locale.ROOT, "%n  question %d [%s]: %s%n    SQL: %s", r.questionId(), r.reason(),
              oneLine(r.error()), oneLine(predictedSql(r.questionId()))));
        });
      } else {
        actual.mismatches().stream().filter(m -> m.verdict().outcome() == Outcome.ERROR).forEach(m -> {
          known.add(m.questionId());
          lines.add(String.format(Locale.ROOT, "%n  question %d [%s]: %s%n    SQL: %s", m.questionId(),
              m.verdict().reason(), oneLine(m.verdict().detail()), oneLine(predictedSql(m.questionId()))));
        });
      }
      StringBuilder sb = new StringBuilder();
      lines.stream().limit(SHOWN_ITEMS).forEach(sb::append);
      failWithMessage("%nExpecting no SQL errors%nbut %d prediction(s) failed to run:%s%s%s", actual.sqlErrors(),
          sb, more(known.size()), unnamed(actual.sqlErrors() - known.size()));
    }
    return this;
  }

  /** At most {@code max} predictions did not match (counted as total - matches, whatever mismatches were kept). */
  public ReportAssert hasAtMostMismatches(int max) {
    isNotNull();
    if (max < 0) {
      throw new IllegalArgumentException("max must not be negative, but was " + max);
    }
    int mismatches = actual.total() - actual.matches();
    if (mismatches > max) {
      failWithMessage("%nExpecting at most %d mismatch(es)%nbut there were %d (accuracy %s).%s%s", max,
          mismatches, percent(actual.accuracy()), worstMismatches(),
          unnamed(mismatches - actual.mismatches().size()));
    }
    return this;
  }

  /** Every prediction could be scored as given (no unknown, duplicate or invalid ids, no missing completions). */
  public ReportAssert hasNoInputProblems() {
    isNotNull();
    List<InputProblem> problems = actual.inputProblems();
    if (!problems.isEmpty()) {
      StringBuilder sb = new StringBuilder();
      problems.stream().limit(SHOWN_ITEMS).forEach(p ->
          sb.append(String.format("%n  %s: %s: %s", p.location(), p.kind(), p.message())));
      failWithMessage("%nExpecting no input problems%nbut there were %d:%s%s", problems.size(), sb,
          more(problems.size()));
    }
    return this;
  }

  /**
   * No question that matched in {@code baseline} fails now (per question, not just overall accuracy: a model
   * that fixes five questions and breaks three is reported). A baseline question with no scored prediction
   * now counts as a regression too. When either report was made with {@code keepResults(false)}, the
   * questions are compared where both reports still tell (the baseline's results against this report's
   * complete mismatch list), and in any case fewer matches than the baseline's fail, naming the questions
   * known to fail now.
   */
  public ReportAssert isNoWorseThan(EvaluationReport baseline) {
    isNotNull();
    if (baseline == null) {
      throw new IllegalArgumentException("baseline must not be null; read one with FullReportJson.read(path)");
    }
    if (actual.hasResults() && baseline.hasResults()) {
      Map<Integer, QuestionResult> now = actual.results().stream()
          .collect(Collectors.toMap(QuestionResult::questionId, Function.identity(), (a, b) -> a));
      List<Integer> regressed = new ArrayList<>();
      for (QuestionResult before : baseline.results()) {
        QuestionResult after = now.get(before.questionId());
        if (before.outcome().isMatch() && (after == null || !after.outcome().isMatch())) {
          regressed.add(before.questionId());
        }
      }
      failOnRegressions(baseline, regressed, regressed.size(), "");
      return this;
    }
    // not every result was kept: compare what both reports still tell, and the counts
    boolean completeMismatches = actual.mismatches().size() == actual.total() - actual.matches();
    List<Integer> regressed = new ArrayList<>();
    if (baseline.hasResults()) {
      Set<Integer> matchedBefore = baseline.results().stream().filter(r -> r.outcome().isMatch())
          .map(QuestionResult::questionId).collect(Collectors.toSet());
      actual.mismatches().stream().map(Mismatch::questionId).filter(matchedBefore::contains)
          .forEach(regressed::add);
    }
    boolean fewer = actual.matches() < baseline.matches();
    if (!regressed.isEmpty() || fewer) {
      int count = regressed.isEmpty() ? baseline.matches() - actual.matches()
          : Math.max(regressed.size(), baseline.matches() - actual.matches());
      if (regressed.isEmpty()) {
        actual.mismatches().stream().map(Mismatch::questionId).forEach(regressed::add);
      }
      String why = String.format(Locale.ROOT, "%n(%s kept no per-question results (keepResults(false)), so %s)",
          actual.hasResults() ? "the baseline" : baseline.hasResults() ? "this report" : "neither report",
          baseline.hasResults() && completeMismatches
              ? "questions are compared with this report's mismatches, and the numbers of matches"
              : "the numbers of matches are compared; the questions named are this report's kept mismatches");
      failOnRegressions(baseline, regressed, count, why);
    }
    return this;
  }

  private void failOnRegressions(EvaluationReport baseline, List<Integer> regressed, int count, String why) {
    if (count == 0) {
      return;
    }
    StringBuilder sb = new StringBuilder();
    int ordinal = 0;
    for (int id : regressed) {
      if (++ordinal > SHOWN_ITEMS) {
        break;
      }
      Optional<Mismatch> m = actual.mismatch(id);
      if (m.isPresent()) {
        sb.append('\n').append(ReportText.mismatch(m.get(), ordinal, predictedSql(id)));
      } else {
        sb.append(String.format("%nRegression #%d: question %d has no scored prediction now%n", ordinal, id));
      }
    }
    failWithMessage("%nExpecting no regression against the baseline (accuracy %s, %d of %d matched)"
            + "%nbut %d question(s) that matched in the baseline do not match now (accuracy %s, %d of %d): %s%s%n%s%s",
        percent(baseline.accuracy()), baseline.matches(), baseline.total(), count,
        percent(actual.accuracy()), actual.matches(), actual.total(),
        regressed.stream().map(String::valueOf).collect(Collectors.joining(", ")), why, sb, more(regressed.size()));
  }

  private String worstMismatches() {
    List<Mismatch> worst = actual.mismatches().stream()
        .sorted(Comparator.comparingInt(ReportAssert::severity)).limit(SHOWN_MISMATCHES).toList();
    if (worst.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder(String.format("%nWorst mismatches (%d of %d):%n", worst.size(),
        actual.mismatches().size()));
    for (int i = 0; i < worst.size(); i++) {
      sb.append('\n').append(ReportText.mismatch(worst.get(i), i + 1, predictedSql(worst.get(i).questionId())));
    }
    return sb.toString();
  }

  private String predictedSql(int questionId) {
    return actual.detail(questionId).map(QuestionDetail::predictedSql).orElse(null);
  }

  /**
   * The report passes {@code gate}: the same check as {@code llmsql evaluate --fail-under/--baseline}. The
   * failure message is the gate's one-line summary, then each failed condition and each regressed question.
   *
   * <pre>{@code
   * assertThat(report).passesGate(Gate.builder().failUnder(0.7).baseline(baseline).tolerance(0.02).build());
   * }</pre>
   */
  public ReportAssert passesGate(Gate gate) {
    isNotNull();
    if (gate == null) {
      throw new IllegalArgumentException("gate must not be null; build one with Gate.builder()");
    }
    GateResult result = gate.check(actual);
    if (!result.passed()) {
      StringBuilder sb = new StringBuilder();
      result.failures().forEach(c -> sb.append(String.format("%n  failed: %s", c.describe())));
      result.regressions().stream().limit(SHOWN_ITEMS).forEach(r -> sb.append(String.format("%n  %s",
          r.describe())));
      failWithMessage("%n%s%s%s", result.summary(), sb, more(result.regressions().size()));
    }
    return this;
  }

  /**
   * The report matched significantly more questions than {@code other}, a report of the same questions: exact
   * McNemar test on the per-question verdicts, two-sided p below 0.05.
   *
   * <pre>{@code
   * assertThat(candidate).isSignificantlyBetterThan(FullReportJson.read(Path.of("baseline.json")));
   * }</pre>
   *
   * @throws IllegalArgumentException when the reports are not of the same questions of one benchmark
   */
  public ReportAssert isSignificantlyBetterThan(EvaluationReport other) {
    return isSignificantlyBetterThan(other, PairedComparison.DEFAULT_ALPHA);
  }

  /** {@link #isSignificantlyBetterThan(EvaluationReport)} at significance level {@code alpha}, in (0, 1). */
  public ReportAssert isSignificantlyBetterThan(EvaluationReport other, double alpha) {
    isNotNull();
    if (other == null) {
      throw new IllegalArgumentException("other must not be null; read one with FullReportJson.read(path)");
    }
    PairedComparison c = PairedComparison.of(other, actual);
    if (!c.secondIsBetter(alpha)) {
      failWithMessage("%nExpecting the report to be significantly better than the other (alpha %s)%nbut %s:%n%s",
          alpha, c.verdict("the other", "this report", alpha), c.render("other", "this", alpha));
    }
    return this;
  }

  /** Lower is worse: failing SQL, then no SQL, then a wrong answer; a broken gold is not the model's fault. */
  private static int severity(Mismatch m) {
    return switch (m.verdict().outcome()) {
      case ERROR -> 0;
      case NO_SQL -> 1;
      case MISMATCH -> 2;
      case GOLD_ERROR -> 3;
      case MATCH -> 4;
    };
  }

  private static String more(int count) {
    return count > SHOWN_ITEMS ? String.format("%n  ... and %d more", count - SHOWN_ITEMS) : "";
  }

  private static String unnamed(int count) {
    return count > 0 ? String.format("%n  (%d more not named: the report does not keep them)", count) : "";
  }

  private static String percent(double rate) {
    return String.format(Locale.ROOT, "%.2f%%", rate * 100);
  }

  private static String oneLine(String text) {
    return text == null ? "(none)" : text.replaceAll("\\s+", " ").strip();
  }
}
