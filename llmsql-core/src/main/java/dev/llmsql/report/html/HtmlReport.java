package dev.llmsql.report.html;

import static dev.llmsql.report.html.Html.esc;
import static dev.llmsql.report.html.Html.percent;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.report.BirdScores;
import dev.llmsql.report.Breakdown;
import dev.llmsql.report.Breakdowns;
import dev.llmsql.report.Confidence;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Mismatch;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.SpiderScores;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import dev.llmsql.stats.Interval;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Writes a report as one self-contained HTML page (inline CSS, JavaScript and SVG; nothing loaded from the
 * network, so it opens from disk offline and can be mailed or archived as CI output): headline figures,
 * charts of the verdict breakdown, accuracy by difficulty and by tag and failure kinds, and a searchable,
 * filterable mismatch table with gold and predicted SQL and both result sets side by side, the first
 * differing cell highlighted.
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * HtmlReport.write(report, Path.of("report.html"));
 * }</pre>
 *
 * <p>Result sets show at most {@value #MAX_ROWS} rows each, and charts at most {@value #MAX_TAGS} tags, so the
 * page stays small for large benchmarks.
 */
public final class HtmlReport {

  /** Rows shown per result set in the mismatch table. */
  public static final int MAX_ROWS = 20;
  /** Tags shown in the accuracy-by-tag chart (the most frequent ones). */
  public static final int MAX_TAGS = 20;

  /** The page goes to its file in pieces of about this many characters: a long mismatch table is never whole. */
  private static final int FLUSH_AT = 1 << 16;

  private HtmlReport() {
  }

  /** Writes the page to {@code file} atomically. */
  public static void write(EvaluationReport report, Path file) throws IOException {
    ReportFiles.write(file, out -> write(report, out));
  }

  /** Writes the page to {@code out} (left open). */
  public static void write(EvaluationReport report, OutputStream out) throws IOException {
    Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), FLUSH_AT);
    write(report, writer);
    writer.flush();
  }

  /** The page as a string. */
  public static String render(EvaluationReport r) {
    StringWriter page = new StringWriter();
    try {
      write(r, page);
    } catch (IOException e) {
      throw new UncheckedIOException("a StringWriter does not fail", e);
    }
    return page.toString();
  }

  private static void write(EvaluationReport r, Writer page) throws IOException {
    r.requireResults("An HTML report");
    Map<Integer, QuestionDetail> details = new HashMap<>();
    r.details().forEach(d -> details.put(d.questionId(), d));
    String subtitle = r.modelName().map(m -> m + " \u00b7 ").orElse("") + r.benchmark() + " \u00b7 judge "
        + r.judge() + " \u00b7 " + DateTimeFormatter.ISO_INSTANT.format(r.timestamp());
    page.write(Html.pageStart("LLM SQL evaluation: " + percent(r.accuracy()) + " accuracy", subtitle, SCRIPT));
    StringBuilder body = new StringBuilder(FLUSH_AT + 4096);
    body.append("<h2>Summary</h2>\n<div class=\"cards\">\n");
    body.append(Html.card("Accuracy", percent(r.accuracy()), "accuracy", "95% CI " + Confidence.accuracy(r)
        .map(Interval::formatPercent).orElse(Confidence.UNAVAILABLE)));
    body.append(Html.card("Matches", r.matches() + " of " + r.total(), "matches"));
    Map<Outcome, Integer> outcomes = r.outcomeCounts();
    body.append(Html.card("SQL errors", Integer.toString(r.sqlErrors()), "sql-errors"));
    body.append(Html.card("No SQL", Integer.toString(outcomes.get(Outcome.NO_SQL)), "no-sql"));
    body.append(Html.card("Gold errors", Integer.toString(outcomes.get(Outcome.GOLD_ERROR)), "gold-errors"));
    body.append(Html.card("Input problems", Integer.toString(r.inputProblems().size()), "input-problems"));
    if (r.unanswered() > 0) {
      body.append(Html.card("Unanswered", Integer.toString(r.unanswered()), "unanswered"));
    }
    for (Score s : r.scores()) {
      if (!s.name().equals("accuracy")) {
        body.append(Html.card(s.name(), String.format(Locale.ROOT, "%.4f", s.value()), "score-" + s.name(),
            "95% CI " + Confidence.format(Confidence.of(r, s.name()))));
      }
    }
    body.append(Html.card("Time", String.format(Locale.ROOT, "%.2f s", r.duration().toMillis() / 1000.0),
        "time"));
    body.append("</div>\n");

    body.append("<h2>Charts</h2>\n<div class=\"charts\">\n");
    body.append(chart("Verdicts", verdictChart(r)));
    body.append(chart("Accuracy by difficulty", accuracyBy(r, details, true)));
    body.append(chart("Accuracy by tag", accuracyBy(r, details, false)));
    body.append(chart("Failure kinds", failureChart(r)));
    if (!r.categoryAccuracy().isEmpty()) {
      body.append(chart("Accuracy by category", categoryChart(r.categoryAccuracy(), "chart-categories")));
    }
    body.append("</div>\n");
    r.spider().ifPresent(spider -> spiderTable(spider, body));
    r.bird().ifPresent(bird -> birdTable(bird, body));
    r.breakdowns().ifPresent(b -> breakdowns(b, body));

    mismatchTable(r, details, body, page);
    inputProblems(r, body, page);
    page.append(body);
    page.write(Html.pageEnd(SCRIPT));
  }

  /** Hands what {@code body} holds to {@code page} once it holds {@link #FLUSH_AT} characters. */
  private static void drain(StringBuilder body, Writer page) throws IOException {
    if (body.length() >= FLUSH_AT) {
      page.append(body);
      body.setLength(0);
    }
  }

  /** Spider's table: per hardness (and turn) the count, execution and exact-set accuracy and the partial F1s. */
  private static void spiderTable(SpiderScores spider, StringBuilder body) {
    body.append("<h2>Spider's report by hardness</h2>\n<div class=\"scroll\"><table class=\"data levels\" "
        + "id=\"spider-levels\"><thead><tr><th>level</th><th>count</th><th>execution</th><th>exact match</th>");
    SpiderScores.COMPONENTS.forEach(c -> body.append("<th>").append(esc(c)).append(" F1</th>"));
    body.append("</tr></thead><tbody>\n");
    spider.levels().forEach((name, l) -> {
      body.append("<tr><td>").append(esc(name)).append("</td><td class=\"n\">").append(l.count())
          .append("</td><td class=\"n\">").append(fixed(l.exec())).append("</td><td class=\"n\">")
          .append(fixed(l.exact())).append("</td>");
      SpiderScores.COMPONENTS.forEach(c -> body.append("<td class=\"n\">")
          .append(l.partial().containsKey(c) ? fixed(l.partial().get(c).f1()) : "").append("</td>"));
      body.append("</tr>\n");
    });
    body.append("</tbody></table></div>\n<div class=\"charts\">");
    List<Html.Bar> bars = new ArrayList<>();
    SpiderScores.HARDNESS.forEach(h -> {
      SpiderScores.Level l = spider.levels().get(h);
      bars.add(new Html.Bar(h, l.exec(), percent(l.exec()) + " (" + l.count() + ")", "#1f5fbf"));
    });
    body.append(chart("Execution accuracy by hardness", Html.barChart("chart-hardness", bars, 1)))
        .append("</div>\n");
  }

  /** BIRD's table: per difficulty the count, EX, Soft-F1 and R-VES in points. */
  private static void birdTable(BirdScores bird, StringBuilder body) {
    body.append("<h2>BIRD by difficulty</h2>\n<table class=\"data levels\" id=\"bird-levels\"><thead><tr>"
        + "<th>level</th><th>count</th><th>EX</th><th>Soft-F1</th>").append(bird.timed() ? "<th>R-VES</th>" : "")
        .append("</tr></thead><tbody>\n");
    bird.levels().forEach((name, l) -> body.append("<tr><td>").append(esc(name)).append("</td><td class=\"n\">")
        .append(l.count()).append("</td><td class=\"n\">").append(String.format(Locale.ROOT, "%.2f", l.ex()))
        .append("</td><td class=\"n\">").append(String.format(Locale.ROOT, "%.2f", l.softF1())).append("</td>")
        .append(bird.timed() ? "<td class=\"n\">" + String.format(Locale.ROOT, "%.2f", l.rves()) + "</td>" : "")
        .append("</tr>\n"));
    body.append("</tbody></table>\n");
  }

  /** Charts of accuracy per SQL characteristic, database and table, and a table with intervals. */
  private static void breakdowns(Breakdowns b, StringBuilder body) {
    body.append("<h2>Where it fails</h2>\n<div class=\"cards\">").append(Html.card("QVT",
        String.format(Locale.ROOT, "%.4f", b.qvt()), "qvt", b.qvtGroups() + " group(s) of equal gold SQL"))
        .append("</div>\n<div class=\"charts\">\n");
    body.append(chart("Accuracy by SQL characteristic", sliceChart(b.byCharacteristic(), "chart-characteristics")));
    if (!b.byDatabase().isEmpty()) {
      body.append(chart("Accuracy by database", sliceChart(b.byDatabase(), "chart-databases")));
    }
    List<Map.Entry<String, Breakdown>> tables = new ArrayList<>(b.byTable().entrySet());
    tables.sort((x, y) -> Integer.compare(y.getValue().total(), x.getValue().total()));
    Map<String, Breakdown> top = new LinkedHashMap<>();
    tables.stream().limit(MAX_TAGS).forEach(e -> top.put(e.getKey(), e.getValue()));
    body.append(chart("Accuracy by table (most asked first)", sliceChart(top, "chart-tables")));
    // one column per other score of the report: its value on the slice and its 95% bootstrap interval
    List<String> names = b.scoreNames();
    body.append("</div>\n<div class=\"scroll\"><table class=\"data levels\" id=\"breakdowns\"><thead><tr>"
        + "<th>slice</th><th>matches</th><th>total</th><th>accuracy</th><th>95% CI</th>");
    names.forEach(n -> body.append("<th>").append(esc(n)).append(" (95% CI)</th>"));
    body.append("</tr></thead><tbody>\n");
    for (Breakdown slice : b.all()) {
      body.append("<tr><td>").append(esc(slice.key())).append("</td><td class=\"n\">").append(slice.matches())
          .append("</td><td class=\"n\">").append(slice.total()).append("</td><td class=\"n\">")
          .append(percent(slice.accuracy())).append("</td><td>")
          .append(Breakdowns.interval(slice).map(Interval::formatPercent).orElse("")).append("</td>");
      for (String n : names) {
        Score score = slice.scores().get(n);
        body.append("<td class=\"n\">")
            .append(score == null ? "" : String.format(Locale.ROOT, "%.4f", score.value())).append(' ')
            .append(Confidence.format(Optional.ofNullable(slice.intervals().get(n)))).append("</td>");
      }
      body.append("</tr>\n");
    }
    body.append("</tbody></table></div>\n");
  }

  private static String sliceChart(Map<String, Breakdown> slices, String id) {
    if (slices.isEmpty()) {
      return "<p class=\"none\">None.</p>";
    }
    List<Html.Bar> bars = new ArrayList<>();
    slices.forEach((name, s) -> bars.add(new Html.Bar(name, s.accuracy(),
        percent(s.accuracy()) + " (" + s.matches() + "/" + s.total() + ")", "#1f5fbf")));
    return Html.barChart(id, bars, 1, 130);
  }

  private static String fixed(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  /** Clause keywords a query is split at for the side-by-side view, longest first. */
  private static final java.util.regex.Pattern CLAUSE = java.util.regex.Pattern.compile(
      "(?i)\\b(select|from|where|group\\s+by|having|order\\s+by|limit|union(?:\\s+all)?|intersect|except)\\b");

  /**
   * The query split at its top-level clause keywords (outside strings, quotes and parentheses): each part with its
   * clause's name (the keyword lower-cased, spaces collapsed; "" before the first).
   */
  static List<String[]> clauses(String sql) {
    List<Integer> cuts = new ArrayList<>();
    List<String> names = new ArrayList<>();
    int depth = 0;
    char quote = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote;
        continue;
      }
      if (c == '\'' || c == '"' || c == '`') {
        quote = c;
      } else if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (depth == 0 && Character.isLetter(c) && (i == 0 || !Character.isLetterOrDigit(sql.charAt(i - 1))
          && sql.charAt(i - 1) != '_')) {
        java.util.regex.Matcher m = CLAUSE.matcher(sql).region(i, sql.length());
        if (m.lookingAt()) {
          cuts.add(i);
          names.add(m.group(1).toLowerCase(Locale.ROOT).replaceAll("\\s+", " "));
          i = m.end() - 1;
        }
      }
    }
    List<String[]> parts = new ArrayList<>();
    int from = 0;
    String name = "";
    for (int k = 0; k < cuts.size(); k++) {
      if (cuts.get(k) > from) {
        parts.add(new String[] {name, sql.substring(from, cuts.get(k))});
      }
      from = cuts.get(k);
      name = names.get(k);
    }
    parts.add(new String[] {name, sql.substring(from)});
    return parts;
  }

  /**
   * {@code sql} escaped, with each clause whose text (case and spacing aside) is not among {@code other}'s clauses of
   * the same name marked: the clause that differs, side by side with the other query.
   */
  static String highlighted(String sql, String other) {
    java.util.Set<String> theirs = new java.util.HashSet<>();
    for (String[] c : clauses(other)) {
      theirs.add(c[0] + "\u0000" + normal(c[1]));
    }
    StringBuilder sb = new StringBuilder();
    for (String[] c : clauses(sql)) {
      boolean same = c[1].isBlank() || theirs.contains(c[0] + "\u0000" + normal(c[1]));
      sb.append(same ? esc(c[1]) : "<mark class=\"clause\">" + esc(c[1]) + "</mark>");
    }
    return sb.toString();
  }

  private static String normal(String clause) {
    // spacing around punctuation, a trailing semicolon and case do not make a clause differ
    return clause.strip().replaceAll(";$", "").replaceAll("\\s*([,()=<>!+*/-])\\s*", "$1").replaceAll("\\s+", " ")
        .strip().toLowerCase(Locale.ROOT);
  }

  private static String chart(String title, String svgOrNone) {
    return "<div class=\"chart\"><h3>" + esc(title) + "</h3>" + svgOrNone + "</div>\n";
  }

  private static String verdictChart(EvaluationReport r) {
    Map<Outcome, Integer> counts = r.outcomeCounts();
    List<Html.Bar> bars = new ArrayList<>();
    int max = Math.max(1, r.total());
    for (Outcome o : Outcome.values()) {
      int n = counts.get(o);
      bars.add(new Html.Bar(label(o), n, n + " (" + percent(r.total() == 0 ? 0 : (double) n / r.total()) + ")",
          Html.OUTCOME_COLOURS[o.ordinal()]));
    }
    return Html.barChart("chart-verdicts", bars, max);
  }

  /** LLMSQL 2.0's accuracy per question category, categories sorted by name as upstream's report has them. */
  static String categoryChart(Map<String, Breakdown> categories, String id) {
    List<Html.Bar> bars = new ArrayList<>();
    categories.forEach((name, b) -> bars.add(new Html.Bar(name, b.accuracy(),
        percent(b.accuracy()) + " (" + b.matches() + "/" + b.total() + ")", "#1f5fbf")));
    return Html.barChart(id, bars, 1);
  }

  private static String failureChart(EvaluationReport r) {
    Map<Reason, Integer> reasons = r.reasonCounts();
    reasons.remove(Reason.EQUAL);
    if (reasons.isEmpty()) {
      return "<p class=\"none\">No failures.</p>";
    }
    int max = reasons.values().stream().mapToInt(Integer::intValue).max().orElse(1);
    List<Html.Bar> bars = new ArrayList<>();
    reasons.entrySet().stream().sorted(Map.Entry.<Reason, Integer>comparingByValue().reversed())
        .forEach(e -> bars.add(new Html.Bar(e.getKey().name(), e.getValue(), e.getValue().toString(), "#c62828")));
    return Html.barChart("chart-failures", bars, max);
  }

  /** Accuracy per difficulty (in first-seen order) or per tag (most frequent first). */
  private static String accuracyBy(EvaluationReport r, Map<Integer, QuestionDetail> details, boolean difficulty) {
    Map<String, int[]> groups = new LinkedHashMap<>();
    for (QuestionResult q : r.results()) {
      Optional<QuestionDetail> d = Optional.ofNullable(details.get(q.questionId()));
      List<String> keys = d.isEmpty() ? List.of() : difficulty
          ? (d.get().difficulty() == null ? List.of() : List.of(d.get().difficulty())) : d.get().tags();
      for (String key : keys) {
        int[] c = groups.computeIfAbsent(key, k -> new int[2]);
        c[0] += q.outcome().isMatch() ? 1 : 0;
        c[1]++;
      }
    }
    if (groups.isEmpty()) {
      return "<p class=\"none\">The questions have no " + (difficulty ? "difficulty" : "tags") + ".</p>";
    }
    List<Map.Entry<String, int[]>> entries = new ArrayList<>(groups.entrySet());
    if (difficulty) {
      entries.sort(Map.Entry.comparingByKey(HtmlReport::compareDifficulty));
    } else {
      entries.sort((a, b) -> Integer.compare(b.getValue()[1], a.getValue()[1]));
    }
    List<Html.Bar> bars = new ArrayList<>();
    for (Map.Entry<String, int[]> e : entries.subList(0, Math.min(MAX_TAGS, entries.size()))) {
      int[] c = e.getValue();
      double rate = (double) c[0] / c[1];
      bars.add(new Html.Bar(e.getKey(), rate, percent(rate) + " (" + c[0] + "/" + c[1] + ")", "#1f5fbf"));
    }
    return Html.barChart(difficulty ? "chart-difficulty" : "chart-tags", bars, 1);
  }

  /** easy, medium, hard, extra first; numbers by value; the rest alphabetically. */
  private static int compareDifficulty(String a, String b) {
    List<String> known = List.of("simple", "easy", "moderate", "medium", "hard", "challenging", "extra");
    int ia = known.indexOf(a.toLowerCase(Locale.ROOT));
    int ib = known.indexOf(b.toLowerCase(Locale.ROOT));
    if (ia >= 0 || ib >= 0) {
      return Integer.compare(ia < 0 ? 99 : ia, ib < 0 ? 99 : ib);
    }
    return a.compareTo(b);
  }

  private static String label(Outcome o) {
    return switch (o) {
      case MATCH -> "match";
      case MISMATCH -> "mismatch";
      case ERROR -> "SQL error";
      case NO_SQL -> "no SQL";
      case GOLD_ERROR -> "gold error";
    };
  }

  private static void mismatchTable(EvaluationReport r, Map<Integer, QuestionDetail> details, StringBuilder body,
      Writer page) throws IOException {
    List<Mismatch> mismatches = r.mismatches();
    body.append("<h2>Mismatches (").append(mismatches.size()).append(")</h2>\n");
    if (mismatches.isEmpty()) {
      body.append("<p>Every prediction matched.</p>\n");
      return;
    }
    body.append("<div class=\"controls\"><input id=\"search\" type=\"search\" "
        + "placeholder=\"Search question, SQL, reason\u2026\" aria-label=\"Search mismatches\">"
        + "<select id=\"outcome\" aria-label=\"Outcome\"><option value=\"\">all outcomes</option>");
    TreeMap<String, Integer> outcomeNames = new TreeMap<>();
    TreeMap<String, Integer> reasonNames = new TreeMap<>();
    mismatches.forEach(m -> {
      outcomeNames.merge(m.verdict().outcome().name(), 1, Integer::sum);
      reasonNames.merge(m.verdict().reason().name(), 1, Integer::sum);
    });
    outcomeNames.forEach((name, n) -> body.append("<option value=\"").append(name).append("\">").append(name)
        .append(" (").append(n).append(")</option>"));
    body.append("</select><select id=\"reason\" aria-label=\"Reason\"><option value=\"\">all reasons</option>");
    reasonNames.forEach((name, n) -> body.append("<option value=\"").append(name).append("\">").append(name)
        .append(" (").append(n).append(")</option>"));
    body.append("</select><span id=\"shown\" class=\"muted\">showing ").append(mismatches.size()).append(" of ")
        .append(mismatches.size()).append("</span></div>\n");
    body.append("<table class=\"data\" id=\"mismatches\"><thead><tr><th>id</th><th>verdict</th><th>question</th>"
        + "<th>gold SQL</th><th>predicted SQL</th><th>results (gold | predicted)</th></tr></thead><tbody>\n");
    for (Mismatch m : mismatches) {
      Optional<QuestionDetail> d = Optional.ofNullable(details.get(m.questionId()));
      String predicted = d.map(QuestionDetail::predictedSql).orElse(null);
      int[] diff = firstDifference(m.goldResults(), m.predictionResults());
      body.append("<tr data-outcome=\"").append(m.verdict().outcome().name()).append("\" data-reason=\"")
          .append(m.verdict().reason().name()).append("\"><td>").append(m.questionId()).append("</td><td>")
          .append("<span class=\"badge\" style=\"background:")
          .append(Html.OUTCOME_COLOURS[m.verdict().outcome().ordinal()]).append("\">")
          .append(m.verdict().outcome().name()).append("</span><br>").append(m.verdict().reason().name());
      if (!m.verdict().detail().isEmpty()) {
        body.append("<div class=\"muted\">").append(esc(m.verdict().detail())).append("</div>");
      }
      body.append("</td><td>").append(esc(cut(m.question(), MAX_TEXT)));
      d.filter(x -> !x.tags().isEmpty() || x.difficulty() != null).ifPresent(x -> body.append(
          "<div class=\"muted\">").append(esc(String.join(", ", x.tags())
              + (x.difficulty() == null ? "" : (x.tags().isEmpty() ? "" : " \u00b7 ") + x.difficulty())))
          .append("</div>"));
      // gold and prediction side by side, each clause the other lacks marked
      String gold = cut(m.goldSql(), MAX_SQL);
      String shown = predicted == null ? null : cut(predicted, MAX_SQL);
      body.append("</td><td class=\"sql\"><pre>").append(shown != null ? highlighted(gold, shown) : esc(gold))
          .append("</pre></td><td class=\"sql\">");
      if (shown != null) {
        body.append("<pre>").append(highlighted(shown, gold)).append("</pre>");
      } else {
        body.append("<span class=\"muted\">model output:</span><pre>")
            .append(esc(m.modelOutput() == null ? "(none)" : cut(m.modelOutput(), 2000))).append("</pre>");
      }
      body.append("</td><td><div class=\"side\"><div><div class=\"cap\">gold</div>")
          .append(rows(m.goldResults(), diff)).append("</div><div><div class=\"cap\">predicted</div>")
          .append(rows(m.predictionResults(), diff)).append("</div></div></td></tr>\n");
      drain(body, page);
    }
    body.append("</tbody></table>\n");
  }

  private static void inputProblems(EvaluationReport r, StringBuilder body, Writer page) throws IOException {
    List<InputProblem> problems = r.inputProblems();
    if (problems.isEmpty()) {
      return;
    }
    body.append("<h2>Input problems (").append(problems.size()).append(")</h2>\n<table class=\"data\" "
        + "id=\"problems\"><thead><tr><th>where</th><th>kind</th><th>message</th></tr></thead><tbody>\n");
    for (InputProblem p : problems) {
      body.append("<tr><td>").append(esc(p.location())).append("</td><td>").append(p.kind()).append("</td><td>")
          .append(esc(p.message())).append("</td></tr>\n");
      drain(body, page);
    }
    body.append("</tbody></table>\n");
  }

  /**
   * The first cell (row, column) where the two result sets differ in order, or null when one is missing or
   * they agree cell by cell (e.g. the same rows in another order).
   */
  static int[] firstDifference(List<List<Object>> gold, List<List<Object>> pred) {
    if (gold == null || pred == null) {
      return null;
    }
    int rows = Math.max(gold.size(), pred.size());
    for (int i = 0; i < rows; i++) {
      List<Object> g = i < gold.size() ? gold.get(i) : List.of();
      List<Object> p = i < pred.size() ? pred.get(i) : List.of();
      int cols = Math.max(g.size(), p.size());
      for (int j = 0; j < cols; j++) {
        if (j >= g.size() || j >= p.size() || !sameCell(g.get(j), p.get(j))) {
          return new int[] {i, j};
        }
      }
    }
    return null;
  }

  private static boolean sameCell(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      return x.doubleValue() == y.doubleValue();
    }
    return a == null ? b == null : a.equals(b);
  }

  private static String rows(List<List<Object>> rows, int[] diff) {
    if (rows == null) {
      return "<span class=\"muted\">(none)</span>";
    }
    if (rows.isEmpty()) {
      return "<span class=\"muted\">(no rows)</span>";
    }
    StringBuilder sb = new StringBuilder("<table class=\"rows\">");
    int shown = Math.min(MAX_ROWS, rows.size());
    for (int i = 0; i < shown; i++) {
      sb.append("<tr>");
      List<Object> row = rows.get(i);
      for (int j = 0; j < row.size(); j++) {
        boolean hit = diff != null && diff[0] == i && diff[1] == j;
        // The type tells "1" (text) from 1 (integer), which print alike but do not match.
        sb.append(hit ? "<td class=\"diff\" title=\"first difference; " + type(row.get(j)) + "\">" : "<td>")
            .append(cell(row.get(j))).append("</td>");
      }
      sb.append("</tr>");
    }
    sb.append("</table>");
    if (rows.size() > shown) {
      sb.append("<div class=\"muted\">\u2026 ").append(rows.size() - shown).append(" more rows</div>");
    }
    return sb.toString();
  }

  private static String type(Object value) {
    return value == null ? "NULL" : value instanceof Long || value instanceof Integer ? "integer"
        : value instanceof Number ? "real" : value instanceof byte[] ? "blob" : "text";
  }

  private static String cell(Object value) {
    if (value == null) {
      return "<span class=\"muted\">NULL</span>";
    }
    if (value instanceof byte[] bytes) {
      return "<span class=\"muted\">blob " + bytes.length + " bytes</span>";
    }
    return esc(cut(value.toString(), 200));
  }

  /**
   * The most of a question, and of a query, a mismatch row shows: a page is built whole, and 40 questions of 2
   * MiB each (within the line bound) ran out of memory once escaped, losing the other reports of the run.
   */
  private static final int MAX_TEXT = 2_000;
  private static final int MAX_SQL = 10_000;

  private static String cut(String s, int max) {
    return s.length() <= max ? s : s.substring(0, max - 1) + "\u2026";
  }

  private static final String SCRIPT = """
      (function () {
        var table = document.getElementById('mismatches');
        if (!table) { return; }
        var rows = Array.prototype.slice.call(table.tBodies[0].rows);
        var texts = rows.map(function (r) { return r.textContent.toLowerCase(); });
        var search = document.getElementById('search');
        var outcome = document.getElementById('outcome');
        var reason = document.getElementById('reason');
        var shown = document.getElementById('shown');
        function filter() {
          var q = search.value.trim().toLowerCase();
          var n = 0;
          rows.forEach(function (r, i) {
            var ok = (!q || texts[i].indexOf(q) >= 0)
                && (!outcome.value || r.getAttribute('data-outcome') === outcome.value)
                && (!reason.value || r.getAttribute('data-reason') === reason.value);
            r.hidden = !ok;
            if (ok) { n++; }
          });
          shown.textContent = 'showing ' + n + ' of ' + rows.length;
        }
        search.addEventListener('input', filter);
        outcome.addEventListener('change', filter);
        reason.addEventListener('change', filter);
        var params = new URLSearchParams(location.search);
        if (params.has('q')) { search.value = params.get('q'); }
        if (params.has('outcome')) { outcome.value = params.get('outcome'); }
        if (params.has('reason')) { reason.value = params.get('reason'); }
        filter();
      })();
      """;
}
