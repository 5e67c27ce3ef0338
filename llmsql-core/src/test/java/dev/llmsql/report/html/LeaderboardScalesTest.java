package dev.llmsql.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Reports;
import dev.llmsql.scoring.Score;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The leaderboard draws each score on its own scale (a weighted score past 1 is not clipped), shows a missing
 * score as missing (not as 0), ranks runs of different benchmarks apart and flags partial runs.
 */
class LeaderboardScalesTest {

  @Test
  void radar_weightedPastOneAndMissingSoftF1_ownScaleAndNoZero() {
    // given: "weighted" reaches 1.37 (its rim becomes 2); model-b has no soft-f1 (its judge gives none)
    EvaluationReport a = with(Reports.of(new boolean[] {true, true, false}), "demo",
        new Score("weighted", 1.37, ""), new Score("soft-f1", 0.5, ""), new Score("exec", 0.75, ""));
    EvaluationReport b = with(Reports.of(new boolean[] {true, false, false}), "demo",
        new Score("weighted", 0.4, ""), new Score("exec", 0.25, ""));

    // when
    String html = Leaderboard.render(List.of(new Leaderboard.Entry("model-a", a), new Leaderboard.Entry("model-b", b)));

    // then: labels carry the value and, for weighted, its rim
    String radarA = html.substring(html.indexOf("<h3>model-a</h3>"), html.indexOf("<h3>model-b</h3>"));
    String radarB = html.substring(html.indexOf("<h3>model-b</h3>"));
    assertThat(radarA).contains(">weighted 1.37 of 2</text>", ">soft-f1 0.50</text>", ">exec 0.75</text>")
        .doesNotContain("n/a", "class=\"missing\"");
    assertThat(radarB).contains(">weighted 0.40 of 2</text>", ">soft-f1 n/a</text>", ">exec 0.25</text>",
        "<title>soft-f1: no score</title>").doesNotContain("soft-f1 0.00");
    // the shape of model-b joins its two scores only: weighted at 0.4/2 of the radius (19.0 of 95) straight up
    String shapeB = radarB.substring(radarB.indexOf("<polygon fill=\"rgba"));
    assertThat(shapeB).startsWith("<polygon fill=\"rgba(31,95,191,.25)\" stroke=\"#1f5fbf\" stroke-width=\"2\" "
        + "points=\"" + x(radarB) + ",131.0 ");
    // four attribute words, then two points (weighted, exec): no third point at the centre for soft-f1
    assertThat(shapeB.substring(0, shapeB.indexOf("/>")).split(" ")).hasSize(4 + 2);
    // the ranking table shows the missing score as a dash, not 0
    assertThat(html).contains("<td data-sort=\"\">\u2013</td>");
  }

  @Test
  void render_twoBenchmarksAndAPartialRun_ranksEachBenchmarkApartAndFlagsThePartialRun() {
    // given: two runs of "demo", one of them partial (2 of 5 questions unanswered), and one run of "spider"
    EvaluationReport full = with(Reports.of(new boolean[] {true, false, false}), "demo");
    EvaluationReport partial = unanswered(with(Reports.of(new boolean[] {true, true, false}), "demo"), 2);
    EvaluationReport other = with(Reports.of(new boolean[] {true}), "spider");

    // when
    String html = Leaderboard.render(List.of(new Leaderboard.Entry("full", full),
        new Leaderboard.Entry("spider-run", other), new Leaderboard.Entry("partial", partial)));

    // then
    assertThat(html).contains("<p>3 report(s), ranked by accuracy within each of 2 benchmarks, 1 partial (fewer "
        + "predictions than questions)</p>")
        .containsSubsequence("<h2 class=\"benchmark\">Benchmark: demo</h2>", "id=\"board\"",
            // 2 of 3 and 1 of 3 cannot be told apart (their 95% intervals overlap): a tie, both ranked =1
            "<td data-sort=\"1\">=1</td><td data-sort=\"partial\">partial <span class=\"partial\" title=\"2 "
                + "question(s) without a prediction count as wrong in accuracy over the benchmark, not here\">"
                + "partial: 3 of 5 questions</span></td>",
            "<td data-sort=\"1\">=1</td><td data-sort=\"full\">full</td>",
            "<h2 class=\"benchmark\">Benchmark: spider</h2>", "id=\"board-2\"",
            "<td data-sort=\"1\">1</td><td data-sort=\"spider-run\">spider-run</td>");
  }

  /** Rounds the centre x of the radar in {@code svg}'s view box. */
  private static String x(String svg) {
    int w = svg.indexOf("width=\"");
    int width = Integer.parseInt(svg.substring(w + 7, svg.indexOf('"', w + 7)));
    return String.format(java.util.Locale.ROOT, "%.1f", width / 2.0);
  }

  private static EvaluationReport with(EvaluationReport r, String benchmark, Score... extra) {
    List<Score> scores = new java.util.ArrayList<>(r.scores());
    scores.addAll(List.of(extra));
    return r.toBuilder().scores(scores).benchmark(benchmark).build();
  }

  private static EvaluationReport unanswered(EvaluationReport r, int unanswered) {
    return r.toBuilder().unanswered(unanswered).build();
  }
}
