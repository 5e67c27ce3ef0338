package dev.llmsql.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.report.Breakdown;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Llmsql2Figures;
import dev.llmsql.report.Reports;
import dev.llmsql.report.leaderboard.PublishedRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** LLMSQL 2.0 in the HTML pages: accuracy per category, and upstream's leaderboard entries beside ours. */
class Llmsql2HtmlTest {

  /** 3 of 4 right, with categories lookup 2/2 and convention 1/2. */
  static EvaluationReport v2(String model) {
    return Reports.of(new boolean[] {true, false, true, true}).withLlmsql2(new Llmsql2Figures(model, "2.0", 1,
        Map.of("lookup", new Breakdown("lookup", 2, 2), "convention", new Breakdown("convention", 2, 1)),
        4, 4, 0, 0));
  }

  @Test
  void report_withCategories_drawsTheCategoryChartSortedByName() {
    String html = HtmlReport.render(v2("qwen3"));

    assertThat(html).contains("<h3>Accuracy by category</h3><svg id=\"chart-categories\"",
        "<p>qwen3 \u00b7 local questions.jsonl \u00b7 judge llmsql")
        .containsSubsequence("<title>convention: 50.00% (1/2)</title>", "<title>lookup: 100.00% (2/2)</title>");
  }

  @Test
  void report_withoutCategories_hasNoCategoryChart() {
    String html = HtmlReport.render(Reports.of(new boolean[] {true}));

    assertThat(html).doesNotContain("Accuracy by category", "chart-categories");
  }

  @Test
  void leaderboard_categoryAccuracyPerModel_tableAndChartForReportsThatHaveIt() {
    String html = Leaderboard.render(List.of(new Leaderboard.Entry("old", Reports.of(new boolean[] {true})),
        new Leaderboard.Entry("new", v2("qwen3"))));

    assertThat(html).contains("<h2>Accuracy by category</h2>", "<table class=\"data\" id=\"categories\"><thead>"
            + "<tr><th>name</th><th>convention</th><th>lookup</th></tr></thead><tbody>\n"
            + "<tr><td>new</td><td>50.00% (1/2)</td><td>100.00% (2/2)</td></tr>\n</tbody></table>",
        "<div class=\"chart\"><h3>new</h3><svg id=\"chart-categories-0\"")
        .doesNotContain("<td>old</td>", "chart-categories-1");
  }

  @Test
  void leaderboard_publishedRuns_rankedWithOursByAccuracy() {
    PublishedRun qwen = new PublishedRun("Qwen/Qwen3-0.6B", "open-source", new PublishedRun.InferenceSetup(5, "vllm"),
        0.4983, null, "2026-02-24", "2.0", Path.of("lb", "Qwen3-0.6B", "run.yaml"));
    PublishedRun gpt = new PublishedRun("openai/gpt-oss-20b", null, new PublishedRun.InferenceSetup(0, "vllm"),
        0.8512, 2000, "2026-01-10", "2.0",
        Path.of("lb", "gpt", "run.yaml"));

    String html = Leaderboard.render(List.of(new Leaderboard.Entry("mine", v2("qwen3"))), List.of(),
        List.of(gpt, qwen));

    assertThat(html).contains("1 report(s), ranked by accuracy; 2 upstream LLMSQL leaderboard entries",
        "<h2>LLMSQL leaderboard</h2>", "<th>rank</th><th>model</th><th>type</th><th>few-shot</th><th>backend</th>"
            + "<th>accuracy</th><th>samples</th><th>version</th><th>date</th><th>source</th>")
        .containsSubsequence(
            "<tr><td>1</td><td>openai/gpt-oss-20b</td><td>\u2013</td><td>0</td><td>vllm</td><td>85.12%</td>"
                + "<td>2000</td><td>2.0</td><td>2026-01-10</td><td>" + Path.of("lb", "gpt", "run.yaml") + "</td></tr>",
            "<tr><td>2</td><td>qwen3</td><td>\u2013</td><td>\u2013</td><td>\u2013</td><td>75.00%</td><td>4</td>"
                + "<td>2.0</td><td>2026-01-02</td><td>report mine</td></tr>",
            "<tr><td>3</td><td>Qwen/Qwen3-0.6B</td><td>open-source</td><td>5</td><td>vllm</td><td>49.83%</td>"
                + "<td>\u2013</td><td>2.0</td><td>2026-02-24</td>");
  }

  @Test
  void leaderboard_publishedOnly_isAPageWithoutScript() {
    String html = Leaderboard.render(List.of(), List.of(), List.of(new PublishedRun("m", null,
        new PublishedRun.InferenceSetup(null, null), 0.5, null, null, null, Path.of("run.yaml"))));

    assertThat(html).contains("<h2>LLMSQL leaderboard</h2>", "<p>1 upstream LLMSQL leaderboard entry</p>",
        "<script>\n\n</script>").doesNotContain("id=\"board\"");
  }
}
