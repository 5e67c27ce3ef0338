package dev.llmsql.report;

import dev.llmsql.execution.Cells;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.scoring.Score;
import dev.llmsql.stats.Interval;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Plain-text rendering of reports and mismatches, shared by {@link EvaluationReport#toString()}, the
 * {@link MismatchPrinter} and the CLI so they read the same everywhere.
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * System.out.print(ReportText.summary(report));
 * }</pre>
 */
public final class ReportText {

  /** Result sets longer than this are cut in printed mismatches. */
  static final int MAX_PRINTED_ROWS = 10;

  private ReportText() {
  }

  /** The headline figures, one per line. */
  public static String summary(EvaluationReport r) {
    StringBuilder sb = new StringBuilder();
    sb.append("Evaluation summary (judge ").append(r.judge()).append(", ").append(r.benchmark())
        .append(")\n");
    line(sb, "Total", Integer.toString(r.total()));
    line(sb, "Matches", Integer.toString(r.matches()));
    line(sb, "Accuracy", String.format(Locale.ROOT, "%.2f%%", r.accuracy() * 100) + r.unflagged().map(u ->
        String.format(Locale.ROOT, " (all %d); %.2f%% (%d without audit flags, %d left out)", r.total(),
            u.accuracy() * 100, u.total(), u.leftOut())).orElse(""));
    if (r.total() > 0) {
      Optional<Interval> ci = Confidence.accuracy(r);
      line(sb, "95% CI", ci.map(i -> i.formatPercent() + " (" + i.method() + ")").orElse(Confidence.UNAVAILABLE));
    }
    line(sb, "SQL errors", Integer.toString(r.sqlErrors()));
    int mismatchCount = r.total() - r.matches();
    line(sb, "Mismatches", mismatchCount == r.mismatches().size() ? Integer.toString(mismatchCount)
        : mismatchCount + " (the first " + r.mismatches().size() + " kept in the report)");
    line(sb, "Predicted NULL", Integer.toString(r.predNone()));
    line(sb, "Gold NULL", Integer.toString(r.goldNone()));
    Map<Outcome, Integer> outcomes = r.outcomeCounts();
    line(sb, "Outcomes", String.format(Locale.ROOT, "match %d, mismatch %d, error %d, no SQL %d, gold error %d",
        outcomes.get(Outcome.MATCH), outcomes.get(Outcome.MISMATCH), outcomes.get(Outcome.ERROR),
        outcomes.get(Outcome.NO_SQL), outcomes.get(Outcome.GOLD_ERROR)));
    Map<Reason, Integer> reasons = r.reasonCounts();
    reasons.remove(Reason.EQUAL);
    if (!reasons.isEmpty()) {
      line(sb, "Reasons", reasons.toString().replaceAll("[{}]", ""));
    }
    breakdown(sb, "By difficulty", r.byDifficulty());
    breakdown(sb, "By tag", r.byTag());
    line(sb, "Input problems", Integer.toString(r.inputProblems().size()));
    if (r.unanswered() > 0) {
      line(sb, "Unanswered", r.unanswered() + " benchmark question(s) had no prediction");
    }
    r.scores().stream().filter(s -> !s.name().equals("accuracy"))
        .forEach(s -> line(sb, s.name(), String.format(Locale.ROOT, "%.4f (%s), 95%% CI %s", s.value(),
            s.explanation(), Confidence.format(Confidence.of(r, s.name())))));
    line(sb, "Time", String.format(Locale.ROOT, "%.2f s", r.duration().toMillis() / 1000.0));
    r.savedTo().ifPresent(p -> line(sb, "Report", p.toString()));
    r.spider().ifPresent(spider -> sb.append('\n').append(spider(spider)));
    r.bird().ifPresent(bird -> sb.append('\n').append(bird(bird)));
    r.breakdowns().ifPresent(b -> sb.append('\n').append(breakdowns(b)));
    return Cells.printable(sb.toString());   // the benchmark is named after the user's files
  }

  /**
   * Spider's tables as its {@code evaluation.py} prints them ({@code print_scores} with {@code etype=all}): count,
   * execution and exact-match accuracy, then partial-match accuracy, recall and F1 per component, one column per
   * hardness level, and for a multi-turn evaluation {@code joint_all} and the table per turn position.
   */
  public static String spider(SpiderScores spider) {
    StringBuilder sb = new StringBuilder();
    List<String> levels = new java.util.ArrayList<>(SpiderScores.HARDNESS);
    levels.add("all");
    boolean turns = spider.levels().containsKey("joint_all");
    if (turns) {
      levels.add("joint_all");
    }
    List<SpiderScores.Level> rows = levels.stream().map(spider.levels()::get).toList();
    spiderRow(sb, "", levels);
    spiderRow(sb, "count", rows.stream().map(l -> Integer.toString(l.count())).toList());
    sb.append("=====================   EXECUTION ACCURACY     =====================\n");
    spiderRow(sb, "execution", rows.stream().map(l -> python3f(l.exec())).toList());
    sb.append("\n====================== EXACT MATCHING ACCURACY =====================\n");
    spiderRow(sb, "exact match", rows.stream().map(l -> python3f(l.exact())).toList());
    sb.append("\n---------------------PARTIAL MATCHING ACCURACY----------------------\n");
    partialRows(sb, rows, SpiderScores.Partial::acc);
    sb.append("---------------------- PARTIAL MATCHING RECALL ----------------------\n");
    partialRows(sb, rows, SpiderScores.Partial::rec);
    sb.append("---------------------- PARTIAL MATCHING F1 --------------------------\n");
    partialRows(sb, rows, SpiderScores.Partial::f1);
    if (turns) {
      sb.append("\n\n");
      List<SpiderScores.Level> byTurn = SpiderScores.TURNS.stream().map(spider.levels()::get).toList();
      spiderRow(sb, "", SpiderScores.TURNS);
      spiderRow(sb, "count", byTurn.stream().map(l -> Integer.toString(l.count())).toList());
      sb.append("=====================   TURN EXECUTION ACCURACY     =====================\n");
      spiderRow(sb, "execution", byTurn.stream().map(l -> python3f(l.exec())).toList());
      sb.append("\n====================== TURN EXACT MATCHING ACCURACY =====================\n");
      spiderRow(sb, "exact match", byTurn.stream().map(l -> python3f(l.exact())).toList());
    }
    return sb.toString();
  }

  private static void partialRows(StringBuilder sb, List<SpiderScores.Level> rows,
                                  java.util.function.ToDoubleFunction<SpiderScores.Partial> figure) {
    for (String component : SpiderScores.COMPONENTS) {
      spiderRow(sb, component, rows.stream().map(l -> {
        SpiderScores.Partial p = l.partial().get(component);
        return p == null ? "" : python3f(figure.applyAsDouble(p));
      }).toList());
    }
  }

  /** {@code "{:20} " + " ".join(["{:<20}"] * n)}: each cell left-aligned in 20 columns. */
  private static void spiderRow(StringBuilder sb, String name, List<String> cells) {
    sb.append(String.format(Locale.ROOT, "%-20s ", name));
    for (int i = 0; i < cells.size(); i++) {
      sb.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%-20s", cells.get(i)));
    }
    sb.append('\n');
  }

  /**
   * The breakdowns as a compact table: one line per slice (SQL characteristic, database, table) with matches,
   * total, accuracy and its 95% Wilson interval, then each other score of the report with its 95% bootstrap
   * interval, then QVT.
   */
  public static String breakdowns(Breakdowns b) {
    List<String> names = b.scoreNames();
    StringBuilder sb = new StringBuilder("Breakdowns (matches/total, accuracy, 95% CI");
    names.forEach(n -> sb.append("; ").append(n).append(", 95% CI"));
    sb.append(")\n");
    for (Breakdown slice : b.all()) {
      String line = String.format(Locale.ROOT, "  %-28s %7s  %7.2f%%  %s", slice.key(),
          slice.matches() + "/" + slice.total(), slice.accuracy() * 100,
          Breakdowns.interval(slice).map(Interval::formatPercent).orElse(""));
      StringBuilder scores = new StringBuilder();
      for (String n : names) {
        Score s = slice.scores().get(n);
        scores.append(String.format(Locale.ROOT, "  %7.4f %s", s == null ? Double.NaN : s.value(),
            Confidence.format(Optional.ofNullable(slice.intervals().get(n)))));
      }
      sb.append(line).append(scores).append(String.format(Locale.ROOT, "%n"));
    }
    sb.append(String.format(Locale.ROOT, "  %-28s %.4f over %d group(s) of equal gold SQL%n", "QVT", b.qvt(),
        b.qvtGroups()));
    return sb.toString();
  }

  /**
   * BIRD's tables as its evaluation scripts print them ({@code print_data}): EX, then Soft-F1, then R-VES when it
   * was measured, each with the count row, one column per difficulty and the total, two decimals.
   */
  public static String bird(BirdScores bird) {
    StringBuilder sb = new StringBuilder();
    List<BirdScores.Level> levels = BirdScores.LEVELS.stream().map(bird.levels()::get).toList();
    List<String> metrics = bird.timed() ? List.of("EX", "Soft-F1", "R-VES") : List.of("EX", "Soft-F1");
    for (String metric : metrics) {
      sb.append(String.format(Locale.ROOT, "%-20s", ""));
      BirdScores.LEVELS.forEach(l -> sb.append(' ').append(String.format(Locale.ROOT, "%-20s", l)));
      sb.append('\n').append(String.format(Locale.ROOT, "%-20s", "count"));
      levels.forEach(l -> sb.append(' ').append(String.format(Locale.ROOT, "%-20d", l.count())));
      sb.append("\n======================================    ").append(metric)
          .append("    =====================================\n").append(String.format(Locale.ROOT, "%-20s", metric));
      for (BirdScores.Level l : levels) {
        double v = metric.equals("EX") ? l.ex() : metric.equals("Soft-F1") ? l.softF1() : l.rves();
        sb.append(' ').append(String.format(Locale.ROOT, "%-20s", pythonFixed(v, 2)));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** Python's {@code '{:.3f}'}: the double's exact value rounded half to even, as Python rounds it. */
  static String python3f(double value) {
    return pythonFixed(value, 3);
  }

  /** Python's {@code '{:.Nf}'}: the double's exact binary value rounded half to even to {@code digits}. */
  static String pythonFixed(double value, int digits) {
    if (!Double.isFinite(value)) {
      return Double.isNaN(value) ? "nan" : value > 0 ? "inf" : "-inf";
    }
    return new java.math.BigDecimal(value).setScale(digits, java.math.RoundingMode.HALF_EVEN).toPlainString();
  }

  private static void breakdown(StringBuilder sb, String label, Map<String, Breakdown> slices) {
    if (slices.isEmpty()) {
      return;
    }
    StringBuilder text = new StringBuilder();
    slices.values().forEach(b -> text.append(text.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT,
        "%s %d/%d (%.2f%%)", b.key(), b.matches(), b.total(), b.accuracy() * 100)));
    line(sb, label, text.toString());
  }

  /** The first {@code max} mismatches, then how many more there are. */
  public static String mismatches(List<Mismatch> mismatches, int max) {
    StringBuilder sb = new StringBuilder();
    int shown = Math.min(max, mismatches.size());
    for (int i = 0; i < shown; i++) {
      sb.append('\n').append(mismatch(mismatches.get(i), i + 1));
    }
    if (mismatches.size() > shown) {
      sb.append("\n... and ").append(mismatches.size() - shown).append(" more mismatch(es)\n");
    }
    return sb.toString();
  }

  /**
   * The first {@code max} mismatches as a table, one line each (id, outcome, reason, question, both result
   * sets), then how to see one in full: what a JShell user reads after the summary.
   */
  public static String mismatchTable(List<Mismatch> mismatches, int max) {
    if (mismatches.isEmpty()) {
      return "";
    }
    int shown = Math.min(max, mismatches.size());
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%nFirst %d of %d mismatch(es) (mismatches().get(i) shows one in full):%n",
        shown, mismatches.size()));
    String format = "  %5s  %-10s  %-14s  %-40s  %-18s  %-18s";
    sb.append(String.format(Locale.ROOT, format, "id", "outcome", "reason", "question", "gold rows", "pred rows")
        .stripTrailing()).append('\n');
    for (int i = 0; i < shown; i++) {
      Mismatch m = mismatches.get(i);
      sb.append(String.format(Locale.ROOT, format, m.questionId(), cut(m.verdict().outcome().name(), 10),
          cut(m.verdict().reason().name(), 14), cut(oneLine(m.question()), 40), cut(rows(m.goldResults()), 18),
          cut(rows(m.predictionResults()), 18)).stripTrailing()).append('\n');
    }
    return Cells.printable(sb.toString());
  }

  private static String cut(String text, int width) {
    return text.length() <= width ? text : text.substring(0, width - 3) + "...";
  }

  /** One mismatch, numbered. */
  public static String mismatch(Mismatch m, int ordinal) {
    return mismatch(m, ordinal, null);
  }

  /**
   * One mismatch, numbered, showing {@code predictedSql} (the SQL the verdict rests on) instead of the raw
   * model output when it is known.
   */
  public static String mismatch(Mismatch m, int ordinal, String predictedSql) {
    StringBuilder sb = new StringBuilder();
    sb.append(ordinal > 0 ? "Mismatch #" + ordinal : "Mismatch").append(": question ").append(m.questionId())
        .append(" [").append(m.verdict().outcome()).append(' ').append(m.verdict().reason()).append("]\n");
    sb.append("  Question:   ").append(m.question()).append('\n');
    sb.append("  Gold SQL:   ").append(m.goldSql()).append('\n');
    if (predictedSql != null) {
      sb.append("  Pred SQL:   ").append(oneLine(predictedSql)).append('\n');
    } else {
      sb.append("  Model:      ").append(oneLine(m.modelOutput())).append('\n');
    }
    sb.append("  Gold rows:  ").append(rows(m.goldResults())).append('\n');
    sb.append("  Pred rows:  ").append(rows(m.predictionResults())).append('\n');
    if (!m.verdict().detail().isEmpty()) {
      sb.append("  Why:        ").append(oneLine(m.verdict().detail())).append('\n');
    }
    return Cells.printable(sb.toString());   // the question, SQL and model output are the input's, for a terminal
  }

  private static void line(StringBuilder sb, String label, String value) {
    sb.append(String.format(Locale.ROOT, "  %-15s %s%n", label + ":", value));
  }

  private static String oneLine(String text) {
    if (text == null) {
      return "(none)";
    }
    String flat = text.replaceAll("\\s+", " ").strip();
    return flat.length() > 300 ? flat.substring(0, 297) + "..." : flat;
  }

  private static String rows(List<List<Object>> rows) {
    return rows == null ? "(none)" : Cells.rows(rows, MAX_PRINTED_ROWS);
  }
}
