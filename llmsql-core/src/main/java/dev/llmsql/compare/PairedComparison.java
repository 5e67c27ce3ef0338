package dev.llmsql.compare;

import static java.util.Objects.requireNonNull;

import dev.llmsql.report.Breakdown;
import dev.llmsql.report.Confidence;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.SpiderScores;
import dev.llmsql.report.SqlCharacteristics;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.stats.Interval;
import dev.llmsql.stats.McNemar;
import dev.llmsql.stats.Wilson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Two reports of the same questions compared question by question: those only the first matched, those only
 * the second matched, and the exact McNemar test on those discordant pairs.
 *
 * <pre>{@code
 * Path a = Path.of("gpt-4o.json");
 * Path b = Path.of("llama-3.json");
 * PairedComparison c = PairedComparison.of(FullReportJson.read(a), FullReportJson.read(b));
 * c.test().pValue();        // 0.0386 for 10 questions fixed against 2 broken
 * c.secondIsBetter(0.05);   // true when B matched more and p < 0.05
 * }</pre>
 *
 * @param questions questions both reports scored
 * @param bothMatched questions both matched
 * @param neitherMatched questions neither matched
 * @param onlyFirst ids of questions only the first report matched (B broke them), ascending
 * @param onlySecond ids of questions only the second report matched (B fixed them), ascending
 * @param test the exact McNemar test on {@code onlyFirst.size()} against {@code onlySecond.size()}
 * @param first the first report's accuracy and its 95% interval
 * @param second the second report's accuracy and its 95% interval
 */
public record PairedComparison(int questions, int bothMatched, int neitherMatched, List<Integer> onlyFirst,
                               List<Integer> onlySecond, McNemar test, Side first, Side second) {

  /** The significance level used when none is given. */
  public static final double DEFAULT_ALPHA = 0.05;
  /** How many flipped question ids {@link #render} lists per direction. */
  public static final int SHOWN_IDS = 20;

  public PairedComparison {
    onlyFirst = List.copyOf(onlyFirst);
    onlySecond = List.copyOf(onlySecond);
    requireNonNull(test, "test");
    requireNonNull(first, "first");
    requireNonNull(second, "second");
  }

  /**
   * One report's accuracy in the comparison.
   *
   * @param accuracy the report's accuracy
   * @param interval its 95% accuracy interval, if any
   */
  public record Side(double accuracy, Optional<Interval> interval) {

    public Side {
      requireNonNull(interval, "interval");
    }
  }

  /** The first report's accuracy. */
  public double firstAccuracy() {
    return first.accuracy();
  }

  /** The second report's accuracy. */
  public double secondAccuracy() {
    return second.accuracy();
  }

  /** The first report's 95% accuracy interval, if any. */
  public Optional<Interval> firstInterval() {
    return first.interval();
  }

  /** The second report's 95% accuracy interval, if any. */
  public Optional<Interval> secondInterval() {
    return second.interval();
  }

  /**
   * Compares two reports that scored the same questions of the same benchmark.
   *
   * @throws IllegalArgumentException when a report lacks per-question results, the two scored different
   *     questions, or a question has different text or gold SQL in the two (different benchmarks); the
   *     message says which
   */
  public static PairedComparison of(EvaluationReport first, EvaluationReport second) {
    requireComparable(first, second);
    Map<Integer, QuestionResult> b = byId(second);
    List<Integer> onlyFirst = new ArrayList<>();
    List<Integer> onlySecond = new ArrayList<>();
    int both = 0;
    int neither = 0;
    for (QuestionResult ra : byId(first).values()) {
      boolean ma = ra.outcome().isMatch();
      boolean mb = b.get(ra.questionId()).outcome().isMatch();
      if (ma && mb) {
        both++;
      } else if (!ma && !mb) {
        neither++;
      } else if (ma) {
        onlyFirst.add(ra.questionId());
      } else {
        onlySecond.add(ra.questionId());
      }
    }
    return new PairedComparison(b.size(), both, neither, onlyFirst, onlySecond,
        McNemar.exact(onlyFirst.size(), onlySecond.size()), new Side(first.accuracy(), Confidence.accuracy(first)),
        new Side(second.accuracy(), Confidence.accuracy(second)));
  }

  /**
   * The same comparison within each level: Spider's hardness (when the first report's verdicts carry it, as with
   * the {@code spider} judge) or else the questions' difficulty, and, when the first report has breakdowns, each
   * SQL characteristic of the gold ({@code sql:nested}, ...). Levels in that order; a question counts in each of its
   * levels. Intervals are Wilson's.
   *
   * <pre>{@code
   * PairedComparison.byLevel(a, b).get("hard").test().pValue();
   * }</pre>
   *
   * @throws IllegalArgumentException as {@link #of}
   */
  public static Map<String, PairedComparison> byLevel(EvaluationReport first, EvaluationReport second) {
    requireComparable(first, second);
    Map<Integer, QuestionResult> a = byId(first);
    Map<Integer, QuestionResult> b = byId(second);
    Map<Integer, QuestionDetail> details = new TreeMap<>();
    first.details().forEach(d -> details.put(d.questionId(), d));
    Map<String, List<Integer>> members = new java.util.LinkedHashMap<>();
    boolean hardness = a.values().stream().anyMatch(r -> SpiderScores.hardness(r.verdict()).isPresent());
    if (hardness) {
      SpiderScores.HARDNESS.forEach(h -> members.put(h, new ArrayList<>()));
    }
    for (QuestionResult r : a.values()) {
      String level = hardness ? SpiderScores.hardness(r.verdict()).orElse(null)
          : r.difficulty() == 0 ? null : Breakdown.difficultyName(r.difficulty());
      if (level != null) {
        members.computeIfAbsent(level, k -> new ArrayList<>()).add(r.questionId());
      }
    }
    if (first.breakdowns().isPresent()) {
      SqlCharacteristics.LABELS.forEach(l -> members.put("sql:" + l, new ArrayList<>()));
      for (QuestionResult r : a.values()) {
        QuestionDetail d = details.get(r.questionId());
        if (d != null) {
          SqlCharacteristics.of(d.goldSql()).labels().forEach(l -> members.get("sql:" + l).add(r.questionId()));
        }
      }
    }
    Map<String, PairedComparison> out = new java.util.LinkedHashMap<>();
    members.forEach((level, ids) -> {
      if (!ids.isEmpty()) {
        out.put(level, within(a, b, ids));
      }
    });
    return out;
  }

  private static PairedComparison within(Map<Integer, QuestionResult> a, Map<Integer, QuestionResult> b,
                                         List<Integer> ids) {
    List<Integer> onlyFirst = new ArrayList<>();
    List<Integer> onlySecond = new ArrayList<>();
    int both = 0;
    int neither = 0;
    for (int id : ids) {
      boolean ma = a.get(id).outcome().isMatch();
      boolean mb = b.get(id).outcome().isMatch();
      if (ma && mb) {
        both++;
      } else if (!ma && !mb) {
        neither++;
      } else if (ma) {
        onlyFirst.add(id);
      } else {
        onlySecond.add(id);
      }
    }
    int n = ids.size();
    int firstMatches = both + onlyFirst.size();
    int secondMatches = both + onlySecond.size();
    return new PairedComparison(n, both, neither, onlyFirst, onlySecond,
        McNemar.exact(onlyFirst.size(), onlySecond.size()),
        new Side((double) firstMatches / n, Optional.of(Wilson.interval(firstMatches, n))),
        new Side((double) secondMatches / n, Optional.of(Wilson.interval(secondMatches, n))));
  }

  /**
   * {@link #byLevel} as a table: per level the questions, both accuracies, the difference (second minus first, in
   * points), the flips and McNemar's p.
   */
  public static String renderLevels(Map<String, PairedComparison> levels, String firstName, String secondName) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
        "By level (%s vs %s): questions, accuracies, difference, only-first/only-second, McNemar p%n", firstName,
        secondName));
    levels.forEach((level, c) -> sb.append(String.format(Locale.ROOT,
        "  %-20s %5d  %6.2f%%  %6.2f%%  %+7.2f  %d/%d  p = %.4f%n", level, c.questions(), c.firstAccuracy() * 100,
        c.secondAccuracy() * 100, (c.secondAccuracy() - c.firstAccuracy()) * 100, c.onlyFirst().size(),
        c.onlySecond().size(), c.test().pValue())));
    return sb.toString();
  }

  /**
   * Checks that {@code baseline} and {@code current} judge the same benchmark: every question both have
   * details for has the same text and gold SQL (or, lacking details, the benchmark descriptions are equal).
   *
   * @throws IllegalArgumentException naming the first question that differs
   */
  public static void requireSameBenchmark(EvaluationReport first, EvaluationReport second) {
    Map<Integer, QuestionDetail> details = new TreeMap<>();
    first.details().forEach(d -> details.put(d.questionId(), d));
    if (details.isEmpty() || second.details().isEmpty()) {
      if (!first.benchmark().equals(second.benchmark())) {
        throw new IllegalArgumentException("the reports are of different benchmarks ('" + first.benchmark()
            + "' and '" + second.benchmark() + "'); compare runs of the same benchmark");
      }
      return;
    }
    for (QuestionDetail d2 : second.details()) {
      QuestionDetail d1 = details.get(d2.questionId());
      if (d1 != null && (!d1.goldSql().equals(d2.goldSql()) || !d1.question().equals(d2.question()))) {
        throw new IllegalArgumentException("the reports are of different benchmarks: question " + d2.questionId()
            + " has different " + (d1.goldSql().equals(d2.goldSql()) ? "text" : "gold SQL") + " ('"
            + first.benchmark() + "' and '" + second.benchmark() + "'); compare runs of the same benchmark");
      }
    }
  }

  private static void requireComparable(EvaluationReport first, EvaluationReport second) {
    requireNonNull(first, "first");
    requireNonNull(second, "second");
    first.requireResults("A paired comparison");
    second.requireResults("A paired comparison");
    requireSameBenchmark(first, second);
    TreeSet<Integer> a = new TreeSet<>(byId(first).keySet());
    TreeSet<Integer> b = new TreeSet<>(byId(second).keySet());
    if (!a.equals(b)) {
      TreeSet<Integer> onlyA = new TreeSet<>(a);
      onlyA.removeAll(b);
      TreeSet<Integer> onlyB = new TreeSet<>(b);
      onlyB.removeAll(a);
      throw new IllegalArgumentException("the reports scored different questions (" + onlyA.size()
          + " only in the first" + ids(onlyA) + ", " + onlyB.size() + " only in the second" + ids(onlyB)
          + "); compare runs over the same questions");
    }
  }

  private static String ids(TreeSet<Integer> ids) {
    if (ids.isEmpty()) {
      return "";
    }
    String shown = ids.stream().limit(5).map(String::valueOf).collect(Collectors.joining(", "));
    return ": " + shown + (ids.size() > 5 ? ", ..." : "");
  }

  private static Map<Integer, QuestionResult> byId(EvaluationReport r) {
    Map<Integer, QuestionResult> m = new TreeMap<>();
    r.results().forEach(q -> m.putIfAbsent(q.questionId(), q));
    return m;
  }

  /** Whether the second report matched more questions and the difference is significant at {@code alpha}. */
  public boolean secondIsBetter(double alpha) {
    requireAlpha(alpha);
    return onlySecond.size() > onlyFirst.size() && test.significant(alpha);
  }

  /** Whether the first report matched more questions and the difference is significant at {@code alpha}. */
  public boolean firstIsBetter(double alpha) {
    requireAlpha(alpha);
    return onlyFirst.size() > onlySecond.size() && test.significant(alpha);
  }

  static void requireAlpha(double alpha) {
    if (!(alpha > 0 && alpha < 1)) {
      throw new IllegalArgumentException("alpha is a significance level in (0, 1), e.g. 0.05, but was " + alpha);
    }
  }

  /** The verdict in words at {@code alpha}, e.g. {@code B is better (p = 0.0386 < 0.05)}. */
  public String verdict(String firstName, String secondName, double alpha) {
    requireAlpha(alpha);
    String p = String.format(Locale.ROOT, "p = %.4f", test.pValue());
    String level = String.format(Locale.ROOT, "%s", alpha);
    if (secondIsBetter(alpha)) {
      return secondName + " is better (" + p + " < " + level + ")";
    }
    if (firstIsBetter(alpha)) {
      return firstName + " is better (" + p + " < " + level + ")";
    }
    return "no significant difference (" + p + " >= " + level + ")";
  }

  /** One screen of text: both accuracies with intervals, the flip counts, the test and the flipped ids. */
  public String render(String firstName, String secondName, double alpha) {
    StringBuilder sb = new StringBuilder();
    int width = Math.max(firstName.length(), secondName.length());
    String row = "  %-" + width + "s  %6.2f%%  95%% CI %s%n";
    sb.append(String.format(Locale.ROOT, "Paired comparison over %d question(s)%n", questions));
    sb.append(String.format(Locale.ROOT, row, firstName, first.accuracy() * 100,
        first.interval().map(Interval::formatPercent).orElse(Confidence.UNAVAILABLE)));
    sb.append(String.format(Locale.ROOT, row, secondName, second.accuracy() * 100,
        second.interval().map(Interval::formatPercent).orElse(Confidence.UNAVAILABLE)));
    sb.append(String.format(Locale.ROOT, "  both matched %d, neither matched %d, only %s %d, only %s %d%n",
        bothMatched, neitherMatched, firstName, onlyFirst.size(), secondName, onlySecond.size()));
    sb.append(String.format(Locale.ROOT, "  exact McNemar: b=%d, c=%d, two-sided p = %.4f%n", test.b(), test.c(),
        test.pValue()));
    sb.append(String.format(Locale.ROOT, "  fixed by %s (%d): %s%n", secondName, onlySecond.size(),
        list(onlySecond)));
    sb.append(String.format(Locale.ROOT, "  broken by %s (%d): %s%n", secondName, onlyFirst.size(),
        list(onlyFirst)));
    sb.append("Verdict: ").append(verdict(firstName, secondName, alpha)).append('\n');
    return sb.toString();
  }

  private static String list(List<Integer> ids) {
    if (ids.isEmpty()) {
      return "none";
    }
    String shown = ids.stream().limit(SHOWN_IDS).map(String::valueOf).collect(Collectors.joining(", "));
    return ids.size() > SHOWN_IDS ? shown + ", ... (" + (ids.size() - SHOWN_IDS) + " more)" : shown;
  }
}
