package dev.llmsql.report.html;

import static dev.llmsql.report.html.Html.esc;
import static dev.llmsql.report.html.Html.percent;

import dev.llmsql.compare.PairedComparison;
import dev.llmsql.report.Confidence;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.stats.Interval;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The comparison view of two reports of the same questions, as one self-contained HTML page: both accuracies
 * with their 95% intervals, the exact McNemar test and its verdict, the same per level where the reports have
 * levels ({@link PairedComparison#byLevel}: Spider's hardness, the difficulty, SQL characteristics), and a
 * table of every question that flipped (question, gold SQL, each side's SQL and verdict).
 *
 * <pre>{@code
 * Path a = Path.of("gpt-4o.json");
 * Path b = Path.of("llama-3.json");
 * ComparisonReport.write(FullReportJson.read(a), "gpt-4o", FullReportJson.read(b), "llama-3", 0.05,
 *     Path.of("compare.html"));
 * }</pre>
 */
public final class ComparisonReport {

  private ComparisonReport() {
  }

  /**
   * Writes the page to {@code file} atomically.
   *
   * @throws IllegalArgumentException when the reports are not of the same questions (see
   *     {@link PairedComparison#of})
   */
  public static void write(EvaluationReport first, String firstName, EvaluationReport second, String secondName,
                           double alpha, Path file) throws IOException {
    String page = render(first, firstName, second, secondName, alpha);
    ReportFiles.write(file, out -> out.write(page.getBytes(StandardCharsets.UTF_8)));
  }

  /** The page as a string. */
  public static String render(EvaluationReport first, String firstName, EvaluationReport second,
                              String secondName, double alpha) {
    PairedComparison c = PairedComparison.of(first, second);
    StringBuilder body = new StringBuilder(4096);
    body.append("<h2>Summary</h2>\n<div class=\"cards\">\n");
    body.append(Html.card(firstName, percent(c.firstAccuracy()), "accuracy-first", ci(c.firstInterval())));
    body.append(Html.card(secondName, percent(c.secondAccuracy()), "accuracy-second", ci(c.secondInterval())));
    body.append(Html.card("McNemar p", String.format(Locale.ROOT, "%.4f", c.test().pValue()), "p-value",
        "exact, two-sided, b=" + c.test().b() + " c=" + c.test().c()));
    body.append(Html.card("Fixed by " + secondName, Integer.toString(c.onlySecond().size()), "fixed", ""));
    body.append(Html.card("Broken by " + secondName, Integer.toString(c.onlyFirst().size()), "broken", ""));
    body.append("</div>\n<p id=\"verdict\"><b>").append(esc(c.verdict(firstName, secondName, alpha)))
        .append("</b> over ").append(c.questions()).append(" question(s); both matched ").append(c.bothMatched())
        .append(", neither ").append(c.neitherMatched()).append(".</p>\n");
    levels(body, PairedComparison.byLevel(first, second), firstName, secondName);
    flips(body, "fixed-table", "Fixed by " + secondName, c.onlySecond(), first, second, firstName, secondName);
    flips(body, "broken-table", "Broken by " + secondName, c.onlyFirst(), first, second, firstName, secondName);
    return Html.page(firstName + " vs " + secondName + ": " + c.verdict(firstName, secondName, alpha),
        first.benchmark() + " \u00b7 judges " + first.judge() + " / " + second.judge(), body.toString(), "");
  }

  /** Per level: questions, both accuracies, the difference in points, the flips and McNemar's p. */
  private static void levels(StringBuilder body, Map<String, PairedComparison> levels, String firstName,
                             String secondName) {
    if (levels.isEmpty()) {
      return;
    }
    body.append("<h2>By level</h2>\n<table class=\"data\" id=\"level-table\"><thead><tr><th>level</th>")
        .append("<th>questions</th><th>").append(esc(firstName)).append("</th><th>").append(esc(secondName))
        .append("</th><th>difference</th><th>broken / fixed</th><th>McNemar p</th></tr></thead><tbody>\n");
    levels.forEach((level, c) -> body.append("<tr><td>").append(esc(level)).append("</td><td>")
        .append(c.questions()).append("</td><td>").append(percent(c.firstAccuracy())).append("</td><td>")
        .append(percent(c.secondAccuracy())).append("</td><td>")
        .append(String.format(Locale.ROOT, "%+.2f", (c.secondAccuracy() - c.firstAccuracy()) * 100))
        .append("</td><td>").append(c.onlyFirst().size()).append(" / ").append(c.onlySecond().size())
        .append("</td><td>").append(String.format(Locale.ROOT, "%.4f", c.test().pValue())).append("</td></tr>\n"));
    body.append("</tbody></table>\n");
  }

  private static String ci(Optional<Interval> interval) {
    return "95% CI " + interval.map(Interval::formatPercent).orElse(Confidence.UNAVAILABLE);
  }

  private static void flips(StringBuilder body, String id, String title, List<Integer> ids, EvaluationReport first,
                            EvaluationReport second, String firstName, String secondName) {
    body.append("<h2>").append(esc(title)).append(" (").append(ids.size()).append(")</h2>\n");
    if (ids.isEmpty()) {
      body.append("<p>none</p>\n");
      return;
    }
    body.append("<table class=\"data\" id=\"").append(esc(id)).append("\"><thead><tr><th>id</th><th>question</th>")
        .append("<th>gold SQL</th><th>").append(esc(firstName)).append("</th><th>").append(esc(secondName))
        .append("</th></tr></thead><tbody>\n");
    for (int q : ids) {
      Optional<QuestionDetail> d = first.detail(q).or(() -> second.detail(q));
      body.append("<tr><td>").append(q).append("</td><td>").append(esc(d.map(QuestionDetail::question).orElse("")))
          .append("</td><td><code>").append(esc(d.map(QuestionDetail::goldSql).orElse(""))).append("</code></td>")
          .append(side(first, q)).append(side(second, q)).append("</tr>\n");
    }
    body.append("</tbody></table>\n");
  }

  private static String side(EvaluationReport r, int q) {
    String verdict = r.result(q).map(QuestionResult::outcome).map(Enum::name).orElse("");
    String sql = r.detail(q).map(QuestionDetail::predictedSql).orElse(null);
    return "<td><b>" + esc(verdict) + "</b><br><code>" + esc(sql == null ? "(none)" : sql) + "</code></td>";
  }
}
