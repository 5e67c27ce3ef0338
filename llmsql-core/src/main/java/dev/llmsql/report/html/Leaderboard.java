package dev.llmsql.report.html;

import static dev.llmsql.report.html.Html.esc;
import static dev.llmsql.report.html.Html.percent;
import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.report.Confidence;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.leaderboard.PublishedRun;
import dev.llmsql.scoring.Score;
import dev.llmsql.stats.Interval;
import dev.llmsql.stats.TieRanks;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Writes a self-contained HTML leaderboard from several reports (several models, or one model over time): a
 * sortable table, a bar chart of accuracy per entry, LLMSQL 2.0's accuracy per question category when the
 * reports carry it (a table and a chart per entry) and, when the reports carry capability scores besides
 * accuracy (three or more, SCALE style), a radar chart per entry. Upstream LLMSQL leaderboard entries
 * ({@link PublishedRun}, read from their {@code run.yaml} files) are ranked with the reports in one table of
 * the columns upstream's leaderboard shows. Capability-suite scores
 * ({@link SuiteEntry}, SCALE's 0 to 100 points per capability) add a table and a radar chart per model; a
 * page may hold reports, suite scores or both.
 *
 * <pre>{@code
 * EvaluationReport r1 = FullReportJson.read(Path.of("gpt-4o.json"));
 * EvaluationReport r2 = FullReportJson.read(Path.of("llama-3.json"));
 * Leaderboard.write(List.of(new Leaderboard.Entry("gpt-4o", r1), new Leaderboard.Entry("llama-3", r2)),
 *     Path.of("board.html"));
 * Leaderboard.write(List.of(new Leaderboard.Entry("mine", r1)), List.of(),
 *     PublishedRun.read(Path.of("llmsql-benchmark/leaderboard")), Path.of("with-upstream.html"));
 * Leaderboard.write(List.of(), List.of(new Leaderboard.SuiteEntry("gpt-4o",
 *     Map.of("sql_understanding", 80.0, "dialect_conversion", 65.5, "sql_optimization", 40.0))), Path.of("suite.html"));
 * }</pre>
 */
public final class Leaderboard {

  /** Fewer capability scores than this draw no radar (a radar of two axes is a line). */
  public static final int MIN_RADAR_AXES = 3;

  private Leaderboard() {
  }

  /**
   * One row of the leaderboard.
   *
   * @param name what is compared: a model, or a model at a date
   * @param report its evaluation
   */
  public record Entry(String name, EvaluationReport report) {
    public Entry {
      requireNonNull(name, "name");
      requireNonNull(report, "report");
    }
  }

  /**
   * One model's capability-suite scores.
   *
   * @param name the model
   * @param capabilities capability name to score in points (0 to 100), in display order
   */
  public record SuiteEntry(String name, Map<String, Double> capabilities) {
    public SuiteEntry {
      requireNonNull(name, "name");
      capabilities = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(capabilities,
          "capabilities")));
    }
  }

  /** Writes the page to {@code file} atomically. */
  public static void write(List<Entry> entries, Path file) throws IOException {
    ReportFiles.write(file, out -> write(entries, out));
  }

  /** Writes a page of reports and suite scores (either list may be empty, not both) to {@code file}. */
  public static void write(List<Entry> entries, List<SuiteEntry> suites, Path file) throws IOException {
    write(entries, suites, List.of(), file);
  }

  /**
   * Writes a page of reports, suite scores and upstream leaderboard entries (any list may be empty, not all)
   * to {@code file}.
   */
  public static void write(List<Entry> entries, List<SuiteEntry> suites, List<PublishedRun> published, Path file)
      throws IOException {
    String page = render(entries, suites, published);
    ReportFiles.write(file, out -> {
      Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
      writer.write(page);
      writer.flush();
    });
  }

  /** Writes the page to {@code out} (left open). */
  public static void write(List<Entry> entries, OutputStream out) throws IOException {
    Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    writer.write(render(entries));
    writer.flush();
  }

  /** The page as a string; entries ranked by accuracy, best first. */
  public static String render(List<Entry> entries) {
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("a leaderboard needs at least one report");
    }
    return render(entries, List.of());
  }

  /**
   * The page of reports (ranked by accuracy) and suite scores (ranked by their mean capability score).
   *
   * @throws IllegalArgumentException when both lists are empty
   */
  public static String render(List<Entry> entries, List<SuiteEntry> suites) {
    if (entries.isEmpty() && suites.isEmpty()) {
      throw new IllegalArgumentException("a leaderboard needs at least one report or suite entry");
    }
    return render(entries, suites, List.of());
  }

  /**
   * The page of reports (ranked by accuracy), suite scores (ranked by their mean capability score) and
   * upstream leaderboard entries (ranked with the reports by accuracy).
   *
   * @throws IllegalArgumentException when all lists are empty
   */
  public static String render(List<Entry> entries, List<SuiteEntry> suites, List<PublishedRun> published) {
    requireNonNull(entries, "entries");
    requireNonNull(suites, "suites");
    requireNonNull(published, "published");
    if (entries.isEmpty() && suites.isEmpty() && published.isEmpty()) {
      throw new IllegalArgumentException("a leaderboard needs at least one report, suite entry or published run");
    }
    StringBuilder body = new StringBuilder();
    Map<String, List<Entry>> groups = byBenchmark(entries);
    int group = 0;
    for (Map.Entry<String, List<Entry>> g : groups.entrySet()) {
      if (groups.size() > 1) {
        body.append("<h2 class=\"benchmark\">Benchmark: ").append(esc(g.getKey())).append("</h2>\n<p>")
            .append(g.getValue().size()).append(" report(s); ranks and charts compare only runs of this "
                + "benchmark</p>\n");
      }
      body.append(reports(g.getValue(), ++group));
      body.append(levels(g.getValue(), group));
      body.append(categories(g.getValue()));
    }
    if (!published.isEmpty()) {
      body.append(published(entries, published));
    }
    if (!suites.isEmpty()) {
      body.append(suites(suites));
    }
    List<String> parts = new ArrayList<>();
    if (!entries.isEmpty()) {
      long partial = entries.stream().filter(e -> partial(e.report())).count();
      parts.add(entries.size() + " report(s), ranked by accuracy" + (groups.size() > 1 ? " within each of "
          + groups.size() + " benchmarks" : "") + (partial > 0 ? ", " + partial + " partial (fewer predictions "
          + "than questions)" : ""));
    }
    if (!published.isEmpty()) {
      parts.add(published.size() + " upstream LLMSQL leaderboard entr" + (published.size() == 1 ? "y" : "ies"));
    }
    if (!suites.isEmpty()) {
      parts.add(suites.size() + " model(s) on capability suites, ranked by mean capability score");
    }
    String subtitle = String.join("; ", parts);
    return Html.page("LLM SQL leaderboard", subtitle, body.toString(), entries.isEmpty() ? "" : SCRIPT);
  }

  /**
   * Accuracy per level ({@link EvaluationReport#byLevel()}: Spider's hardness or the difficulty, BIRD's levels, the
   * SQL characteristics and databases of reports with breakdowns; tables left out), one sortable column per level,
   * for the reports that have any; nothing when none has.
   */
  private static String levels(List<Entry> entries, int group) {
    List<Entry> ranked = new ArrayList<>(entries);
    ranked.sort(Comparator.comparingDouble((Entry e) -> e.report().accuracy()).reversed());
    Set<String> levels = new LinkedHashSet<>();
    ranked.forEach(e -> e.report().byLevel().keySet().stream().filter(k -> !k.startsWith("table:"))
        .forEach(levels::add));
    if (levels.isEmpty()) {
      return "";
    }
    StringBuilder body = new StringBuilder("<h2>Accuracy by level</h2>\n<div class=\"scroll\"><table "
        + "class=\"data board\" id=\"levels" + (group == 1 ? "" : "-" + group) + "\"><thead><tr>"
        + "<th class=\"sortable\" data-type=\"s\">name</th>");
    levels.forEach(l -> body.append("<th class=\"sortable\" data-type=\"n\">").append(esc(l)).append("</th>"));
    body.append("</tr></thead><tbody>\n");
    for (Entry e : ranked) {
      Map<String, dev.llmsql.report.Breakdown> mine = e.report().byLevel();
      body.append("<tr>");
      td(body, e.name(), e.name());
      for (String l : levels) {
        dev.llmsql.report.Breakdown b = mine.get(l);
        if (b == null || b.total() == 0) {
          td(body, "", "\u2013");
        } else {
          td(body, b.accuracy(), percent(b.accuracy()) + " (" + b.matches() + "/" + b.total() + ")");
        }
      }
      body.append("</tr>\n");
    }
    return body.append("</tbody></table></div>\n").toString();
  }

  /** LLMSQL 2.0's accuracy per category, for the reports that carry it; nothing when none does. */
  private static String categories(List<Entry> entries) {
    List<Entry> ranked = new ArrayList<>(entries);
    ranked.removeIf(e -> e.report().categoryAccuracy().isEmpty());
    if (ranked.isEmpty()) {
      return "";
    }
    ranked.sort(Comparator.comparingDouble((Entry e) -> e.report().accuracy()).reversed());
    Set<String> categories = new java.util.TreeSet<>();
    ranked.forEach(e -> categories.addAll(e.report().categoryAccuracy().keySet()));
    StringBuilder body = new StringBuilder("<h2>Accuracy by category</h2>\n<div class=\"scroll\"><table "
        + "class=\"data\" id=\"categories\"><thead><tr><th>name</th>");
    categories.forEach(c -> body.append("<th>").append(esc(c)).append("</th>"));
    body.append("</tr></thead><tbody>\n");
    for (Entry e : ranked) {
      body.append("<tr><td>").append(esc(e.name())).append("</td>");
      for (String c : categories) {
        dev.llmsql.report.Breakdown b = e.report().categoryAccuracy().get(c);
        body.append("<td>").append(b == null ? "\u2013" : esc(percent(b.accuracy()) + " (" + b.matches() + "/"
            + b.total() + ")")).append("</td>");
      }
      body.append("</tr>\n");
    }
    body.append("</tbody></table></div>\n<div class=\"charts\">\n");
    int i = 0;
    for (Entry e : ranked) {
      body.append("<div class=\"chart\"><h3>").append(esc(e.name())).append("</h3>")
          .append(HtmlReport.categoryChart(e.report().categoryAccuracy(), "chart-categories-" + i++))
          .append("</div>\n");
    }
    return body.append("</div>\n").toString();
  }

  /** One row of the table that ranks upstream's entries with ours: what upstream's leaderboard shows. */
  private record BoardRow(String model, String type, String fewshots, String backend, double accuracy,
                          String samples, String version, String date, String source) {
  }

  private static String published(List<Entry> entries, List<PublishedRun> published) {
    List<BoardRow> rows = new ArrayList<>();
    for (Entry e : entries) {
      EvaluationReport r = e.report();
      rows.add(new BoardRow(r.modelName().orElse(e.name()), "\u2013", "\u2013", "\u2013", r.accuracy(),
          Integer.toString(r.total()), r.version().orElse(r.benchmark()),
          DateTimeFormatter.ISO_LOCAL_DATE.format(r.timestamp().atZone(java.time.ZoneOffset.UTC)),
          "report " + e.name()));
    }
    for (PublishedRun p : published) {
      rows.add(new BoardRow(p.modelName(), orDash(p.type()), orDash(p.numFewshots()), orDash(p.backend()),
          p.executionAccuracy(), orDash(p.numSamples()), orDash(p.version()), orDash(p.date()),
          p.source().toString()));
    }
    // Ties keep reports before upstream entries, each in the order given: the ranking is stable.
    rows.sort(Comparator.comparingDouble(BoardRow::accuracy).reversed());
    StringBuilder body = new StringBuilder("<h2>LLMSQL leaderboard</h2>\n<div class=\"scroll\"><table "
        + "class=\"data\" id=\"published\"><thead><tr><th>rank</th><th>model</th><th>type</th><th>few-shot</th>"
        + "<th>backend</th><th>accuracy</th><th>samples</th><th>version</th><th>date</th><th>source</th></tr>"
        + "</thead><tbody>\n");
    int rank = 0;
    for (BoardRow r : rows) {
      body.append("<tr><td>").append(++rank).append("</td>");
      for (String cell : List.of(r.model(), r.type(), r.fewshots(), r.backend(), percent(r.accuracy()),
          r.samples(), r.version(), r.date(), r.source())) {
        body.append("<td>").append(esc(cell)).append("</td>");
      }
      body.append("</tr>\n");
    }
    return body.append("</tbody></table></div>\n").toString();
  }

  private static String orDash(Object value) {
    return value == null ? "\u2013" : value.toString();
  }

  private static String suites(List<SuiteEntry> suites) {
    List<SuiteEntry> ranked = new ArrayList<>(suites);
    ranked.sort(Comparator.comparingDouble(Leaderboard::mean).reversed());
    Set<String> axes = new LinkedHashSet<>();
    ranked.forEach(e -> axes.addAll(e.capabilities().keySet()));
    StringBuilder body = new StringBuilder("<h2>Capability suites</h2>\n<div class=\"scroll\"><table class=\"data\" "
        + "id=\"suites\"><thead><tr><th>rank</th><th>model</th><th>mean</th>");
    axes.forEach(a -> body.append("<th>").append(esc(a)).append("</th>"));
    body.append("</tr></thead><tbody>\n");
    int rank = 0;
    for (SuiteEntry e : ranked) {
      body.append("<tr><td>").append(++rank).append("</td><td>").append(esc(e.name())).append("</td><td>")
          .append(String.format(Locale.ROOT, "%.1f", mean(e))).append("</td>");
      for (String axis : axes) {
        Double v = e.capabilities().get(axis);
        body.append("<td>").append(v == null ? "\u2013" : String.format(Locale.ROOT, "%.1f", v)).append("</td>");
      }
      body.append("</tr>\n");
    }
    body.append("</tbody></table></div>\n");
    if (axes.size() >= MIN_RADAR_AXES) {
      body.append("<h2>Capability radar</h2>\n<div class=\"charts\">\n");
      for (SuiteEntry e : ranked) {
        body.append("<div class=\"chart\"><h3>").append(esc(e.name())).append("</h3>")
            .append(radar(axis -> e.capabilities().containsKey(axis)
                    ? OptionalDouble.of(e.capabilities().get(axis) / 100.0) : OptionalDouble.empty(),
                new ArrayList<>(axes), axis -> 1.0, "%.1f", 100))
            .append("</div>\n");
      }
      body.append("</div>\n");
    }
    return body.toString();
  }

  private static double mean(SuiteEntry e) {
    return e.capabilities().values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
  }

  /**
   * Reports by benchmark (its description and LLMSQL version), in order of first appearance: runs over
   * different benchmarks are not comparable, so each gets its own ranking.
   */
  private static Map<String, List<Entry>> byBenchmark(List<Entry> entries) {
    Map<String, List<Entry>> groups = new LinkedHashMap<>();
    for (Entry e : entries) {
      String key = benchmarkKey(e.report());
      groups.computeIfAbsent(key, k -> new ArrayList<>()).add(e);
    }
    return groups;
  }

  /**
   * What makes runs comparable: LLMSQL and its version, wherever it was downloaded to and whoever evaluated it
   * ({@code LLMSQL 2.0 (llmsql_workdir)}, a Python report's {@code LLMSQL 2.0 (LLMSQL report)}), else the
   * benchmark's own description (local questions file and database).
   */
  static String benchmarkKey(EvaluationReport r) {
    String b = r.benchmark();
    java.util.regex.Matcher llmsql = java.util.regex.Pattern.compile("LLMSQL (\\d+\\.\\d+)( \\(.*\\))?").matcher(b);
    if (llmsql.matches()) {
      return "LLMSQL " + llmsql.group(1);
    }
    return r.version().map(v -> b + " (LLMSQL " + v + ")").orElse(b);
  }

  /** Fewer questions answered than the benchmark holds: its accuracy covers only part of the benchmark. */
  private static boolean partial(EvaluationReport r) {
    return r.missing() > 0;
  }

  private static String reports(List<Entry> entries, int group) {
    String suffix = group == 1 ? "" : "-" + group;
    List<Entry> ranked = new ArrayList<>(entries);
    ranked.sort(Comparator.comparingDouble((Entry e) -> e.report().accuracy()).reversed());
    Set<String> axes = new LinkedHashSet<>();
    ranked.forEach(e -> e.report().scores().stream().map(Score::name).filter(n -> !n.equals("accuracy"))
        .forEach(axes::add));

    StringBuilder body = new StringBuilder("<h2>Ranking</h2>\n<div class=\"scroll\"><table class=\"data board\" "
        + "id=\"board" + suffix + "\"><thead><tr>");
    String[] headers = {"rank", "name", "accuracy", "matches", "total", "SQL errors", "no SQL",
        "executable", "time (s)", "judge", "benchmark", "evaluated"};
    String[] types = {"n", "s", "n", "n", "n", "n", "n", "n", "n", "s", "s", "s"};
    // the column appears only when a report was scored with an audit, so other pages stay as they were
    boolean audited = ranked.stream().anyMatch(e -> e.report().unflagged().isPresent());
    for (int i = 0; i < headers.length; i++) {
      body.append("<th class=\"sortable\" data-type=\"").append(types[i]).append("\">").append(headers[i])
          .append("</th>");
      if (audited && headers[i].equals("accuracy")) {
        body.append("<th class=\"sortable\" data-type=\"n\" title=\"accuracy on the questions llmsql audit did "
            + "not flag\">accuracy without audit flags</th>");
      }
    }
    for (String axis : axes) {
      body.append("<th class=\"sortable\" data-type=\"n\">").append(esc(axis)).append("</th>");
    }
    body.append("</tr></thead><tbody>\n");
    List<Optional<Interval>> intervals = ranked.stream().map(e -> Confidence.accuracy(e.report())).toList();
    int[] ranks = TieRanks.of(intervals);
    for (int i = 0; i < ranked.size(); i++) {
      Entry e = ranked.get(i);
      EvaluationReport r = e.report();
      int noSql = r.outcomeCounts().get(Outcome.NO_SQL);
      double executable = r.total() == 0 ? 0 : (double) (r.total() - r.sqlErrors() - noSql) / r.total();
      body.append("<tr>");
      // "=2" marks a tie: the 95% intervals overlap, so the order within the group is not established
      td(body, ranks[i], (TieRanks.isTied(ranks, i) ? "=" : "") + ranks[i]);
      if (partial(r)) {
        body.append("<td data-sort=\"").append(esc(e.name())).append("\">").append(esc(e.name()))
            .append(" <span class=\"partial\" title=\"").append(r.missing()).append(" question(s) without a "
                + "prediction count as wrong in accuracy over the benchmark, not here\">partial: ")
            .append(r.answered()).append(" of ").append(r.expected()).append(" questions</span></td>");
      } else {
        td(body, e.name(), e.name());
      }
      td(body, r.accuracy(), percent(r.accuracy()) + " (95% CI "
          + intervals.get(i).map(Interval::formatPercent).orElse(Confidence.UNAVAILABLE) + ")");
      if (audited) {
        r.unflagged().ifPresentOrElse(u -> td(body, u.accuracy(), percent(u.accuracy()) + " (" + u.total()
            + " questions, " + u.leftOut() + " left out)"), () -> td(body, "", "\u2013"));
      }
      td(body, r.matches(), Integer.toString(r.matches()));
      td(body, r.total(), Integer.toString(r.total()));
      td(body, r.sqlErrors(), Integer.toString(r.sqlErrors()));
      td(body, noSql, Integer.toString(noSql));
      td(body, executable, percent(executable));
      double seconds = r.duration().toMillis() / 1000.0;
      td(body, seconds, String.format(Locale.ROOT, "%.2f", seconds));
      td(body, r.judge(), r.judge());
      td(body, r.benchmark(), r.benchmark());
      String when = DateTimeFormatter.ISO_INSTANT.format(r.timestamp());
      td(body, when, when);
      for (String axis : axes) {
        r.score(axis).ifPresentOrElse(s -> td(body, s.value(), String.format(Locale.ROOT, "%.4f", s.value())
                + " (95% CI " + Confidence.format(Confidence.of(r, axis)) + ")"),
            () -> td(body, "", "\u2013"));
      }
      body.append("</tr>\n");
    }
    body.append("</tbody></table></div>\n");
    boolean anyTie = false;
    for (int i = 0; i < ranks.length; i++) {
      anyTie |= TieRanks.isTied(ranks, i);
    }
    if (anyTie) {
      body.append("<p id=\"ties\">Ranks marked = are ties: their 95% accuracy intervals overlap, so these runs "
          + "are not told apart by this benchmark (Wilson score intervals; see docs/SCORING.md). Use "
          + "<code>llmsql compare A.json B.json</code> for a paired test.</p>\n");
    }

    body.append("<h2>Accuracy</h2>\n<div class=\"charts\"><div class=\"chart\">");
    List<Html.Bar> bars = new ArrayList<>();
    ranked.forEach(e -> bars.add(new Html.Bar(e.name(), e.report().accuracy(), percent(e.report().accuracy()),
        "#1f5fbf")));
    body.append(Html.barChart("chart-accuracy" + suffix, bars, 1)).append("</div></div>\n");

    if (axes.size() >= MIN_RADAR_AXES) {
      // each score on its own scale: rates end at 1, a score that goes past 1 (a weighted sum) at the next
      // round number above the largest value on this board, so no point is clipped at the rim
      Map<String, Double> full = new java.util.HashMap<>();
      for (String axis : axes) {
        double max = ranked.stream().flatMap(e -> e.report().score(axis).stream()).mapToDouble(Score::value)
            .max().orElse(1.0);
        full.put(axis, fullScale(max));
      }
      body.append("<h2>Capabilities</h2>\n<div class=\"charts\">\n");
      for (Entry e : ranked) {
        body.append("<div class=\"chart\"><h3>").append(esc(e.name())).append("</h3>")
            .append(radar(axis -> e.report().score(axis).map(sc -> OptionalDouble.of(sc.value()))
                    .orElse(OptionalDouble.empty()), new ArrayList<>(axes), full::get, "%.2f", 1))
            .append("</div>\n");
      }
      body.append("</div>\n");
    }
    return body.toString();
  }

  private static void td(StringBuilder body, Object sortKey, String text) {
    body.append("<td data-sort=\"").append(esc(sortKey)).append("\">").append(esc(text)).append("</td>");
  }

  /** The rim of an axis whose largest value is {@code max}: 1 for rates, else the next 1, 2 or 5 x 10^k. */
  static double fullScale(double max) {
    if (!(max > 1.0) || Double.isInfinite(max)) {
      return 1.0;
    }
    double power = Math.pow(10, Math.floor(Math.log10(max)));
    for (double step : new double[] {1, 2, 5, 10}) {
      if (step * power >= max) {
        return step * power;
      }
    }
    return 10 * power;
  }

  /**
   * A radar, one axis per name, each on its own scale: an axis runs from 0 at the centre to
   * {@code full.apply(axis)} at the rim (values below 0 sit at the centre). Labels show the value x
   * {@code labelScale} in {@code labelFormat}, followed by {@code of} and the rim when it is not 1. A missing
   * value is drawn as missing, not as 0: its label says "n/a", a hollow marker sits on its axis, and the shape
   * joins the values that exist.
   */
  private static String radar(java.util.function.Function<String, OptionalDouble> values, List<String> axes,
                              java.util.function.ToDoubleFunction<String> full, String labelFormat,
                              double labelScale) {
    // Wider than tall: axis labels sit left and right of the web and must not be clipped, so long labels
    // (capability names with their score) widen the picture.
    int longest = axes.stream().mapToInt(a -> Math.min(a.length(), 24)).max().orElse(0)
        + String.format(Locale.ROOT, labelFormat, labelScale).length() + 1
        + (axes.stream().anyMatch(a -> full.applyAsDouble(a) != 1.0) ? 8 : 0);
    int width = Math.max(480, 2 * (95 + 12 + (int) Math.ceil(longest * 7.5)) + 20);
    int height = 300;
    double cx = width / 2.0;
    double cy = height / 2.0;
    double radius = 95;
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
        "<svg class=\"radar\" role=\"img\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">", width, height,
        width, height));
    for (double ring : new double[] {0.25, 0.5, 0.75, 1.0}) {
      sb.append("<polygon fill=\"none\" stroke=\"#d9dee7\" points=\"");
      for (int i = 0; i < axes.size(); i++) {
        sb.append(point(cx, cy, radius * ring, i, axes.size())).append(' ');
      }
      sb.append("\"/>");
    }
    StringBuilder shape = new StringBuilder();
    StringBuilder missing = new StringBuilder();
    for (int i = 0; i < axes.size(); i++) {
      String axis = axes.get(i);
      OptionalDouble given = values.apply(axis);
      double rim = full.applyAsDouble(axis);
      double angle = angle(i, axes.size());
      double lx = cx + Math.cos(angle) * (radius + 12);
      double ly = cy + Math.sin(angle) * (radius + 12) + (Math.sin(angle) > 0.3 ? 10 : Math.sin(angle) < -0.3 ? -2 : 4);
      String anchor = Math.abs(Math.cos(angle)) < 0.3 ? "middle" : Math.cos(angle) > 0 ? "start" : "end";
      String[] end = point(cx, cy, radius, i, axes.size()).split(",");
      sb.append(String.format(Locale.ROOT,
          "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%s\" y2=\"%s\" stroke=\"#d9dee7\"/>", cx, cy, end[0], end[1]));
      String name = esc(axis.length() > 24 ? axis.substring(0, 23) + "\u2026" : axis);
      if (given.isEmpty()) {
        String[] mid = point(cx, cy, radius / 2, i, axes.size()).split(",");
        missing.append(String.format(Locale.ROOT, "<circle class=\"missing\" cx=\"%s\" cy=\"%s\" r=\"4\" "
            + "fill=\"#fff\" stroke=\"#8a94a6\" stroke-dasharray=\"2 2\"><title>%s: no score</title></circle>", mid[0],
            mid[1], name));
        sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" fill=\"#8a94a6\">"
            + "%s n/a</text>", lx, ly, anchor, name));
        continue;
      }
      double value = given.getAsDouble();
      shape.append(point(cx, cy, radius * Math.max(0, Math.min(1, value / rim)), i, axes.size())).append(' ');
      sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\">%s " + labelFormat
          + "%s</text>", lx, ly, anchor, name, value * labelScale,
          rim == 1.0 ? "" : String.format(Locale.ROOT, " of %s", trimmed(rim * labelScale))));
    }
    if (!shape.isEmpty()) {
      sb.append("<polygon fill=\"rgba(31,95,191,.25)\" stroke=\"#1f5fbf\" stroke-width=\"2\" points=\"")
          .append(shape.toString().strip()).append("\"/>");
    }
    return sb.append(missing).append("</svg>").toString();
  }

  private static String trimmed(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  private static double angle(int i, int n) {
    return -Math.PI / 2 + 2 * Math.PI * i / n;
  }

  private static String point(double cx, double cy, double r, int i, int n) {
    double a = angle(i, n);
    return String.format(Locale.ROOT, "%.1f,%.1f", cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  }

  private static final String SCRIPT = """
      Array.prototype.forEach.call(document.querySelectorAll('table.board'), function (table, index) {
        var body = table.tBodies[0];
        var headers = table.tHead.rows[0].cells;
        Array.prototype.forEach.call(headers, function (th, col) {
          th.addEventListener('click', function () {
            var numeric = th.getAttribute('data-type') === 'n';
            var descending = th.getAttribute('aria-sort') !== 'descending';
            Array.prototype.forEach.call(headers, function (h) { h.removeAttribute('aria-sort'); });
            th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
            var rows = Array.prototype.slice.call(body.rows);
            rows.sort(function (a, b) {
              var x = a.cells[col].getAttribute('data-sort');
              var y = b.cells[col].getAttribute('data-sort');
              var d = numeric ? (parseFloat(x || '-1') - parseFloat(y || '-1')) : x.localeCompare(y);
              return descending ? -d : d;
            });
            rows.forEach(function (r) { body.appendChild(r); });
          });
        });
        var params = new URLSearchParams(location.search);
        if (params.has('sort')) {
          var th = headers[parseInt(params.get('sort'), 10)];
          if (th) { th.click(); if (params.get('dir') === 'asc') { th.click(); } }
        }
      });
      """;
}
