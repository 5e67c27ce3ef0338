package dev.llmsql.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Mismatch;
import dev.llmsql.report.Reports;
import dev.llmsql.scoring.Score;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class HtmlReportTest {

  @Test
  void render_report_hasFiguresChartsAndMismatchRows() {
    String html = HtmlReport.render(Reports.of(new boolean[] {true, false, true, false}, 4));

    assertThat(html).contains("<div class=\"card\" id=\"accuracy\"><div class=\"v\">50.00%</div>",
        "<div class=\"card\" id=\"matches\"><div class=\"v\">2 of 4</div>", "id=\"chart-verdicts\"",
        "id=\"chart-difficulty\"", "id=\"chart-tags\"", "id=\"chart-failures\"", "showing 2 of 2",
        "<tr data-outcome=\"MISMATCH\" data-reason=\"VALUE_MISMATCH\"><td>2</td>",
        "<td class=\"diff\" title=\"first difference; integer\">3</td>",
        "<td class=\"diff\" title=\"first difference; integer\">4</td>");
  }

  @Test
  void render_anything_loadsNothingFromElsewhere() {
    String html = HtmlReport.render(Reports.of(new boolean[] {true, false}));

    assertThat(html).doesNotContain(" src=", " href=", "url(", "@import", "http://", "https://");
  }

  @Test
  void render_hostilePrediction_isEscaped() {
    // GIVEN: model output and result cells that would run script if pasted as HTML
    EvaluationReport base = Reports.of(new boolean[] {false});
    Mismatch hostile = new Mismatch(1, "q <b>", "SELECT 1", "</pre><script>alert(1)</script>",
        List.of(List.of("<img src=x onerror=alert(2)>")), null, Verdict.mismatch(Reason.OTHER, "\"'&"));
    EvaluationReport report = EvaluationReport.builder().total(1).matches(0).predNone(0).goldNone(0).sqlErrors(0)
        .accuracy(0).mismatches(List.of(hostile)).timestamp(base.timestamp()).inputMode(base.inputMode())
        .results(Reports.withoutKeptRows(base)).judge("llmsql").scores(base.scores()).benchmark("b").duration(base.duration())
        .details(List.of()).build();

    // WHEN
    String html = HtmlReport.render(report);

    // THEN
    assertThat(html).contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;",
        "&lt;img src=x onerror=alert(2)&gt;", "q &lt;b&gt;", "&quot;&#39;&amp;")
        .doesNotContain("<script>alert", "<img");
  }

  @Test
  void render_hostileScoreName_isEscapedInTheCardsIdToo() {
    // a report read back from JSON names its scores; one name went into id="..." as it was, and a meta refresh
    // after it navigated the page elsewhere despite the policy
    String name = "x\"><meta http-equiv=\"refresh\" content=\"0;url=https://example.invalid/\">";
    EvaluationReport base = Reports.of(new boolean[] {true});
    EvaluationReport report = base.toBuilder().scores(List.of(base.scores().get(0), new Score(name, 0.5, "")))
        .build();

    String html = HtmlReport.render(report);

    assertThat(html).contains("<div class=\"card\" id=\"score-x&quot;&gt;&lt;meta http-equiv=&quot;refresh&quot; "
        + "content=&quot;0;url=https://example.invalid/&quot;&gt;\"><div class=\"v\">0.5000</div>")
        .doesNotContain("<meta http-equiv=\"refresh\"");
  }

  @Test
  void render_megabyteQuestionAndSql_areCut_soThePageStaysSmall() {
    // 40 such questions (each within the line bound) ran the writer out of memory once escaped
    EvaluationReport base = Reports.of(new boolean[] {false});
    Mismatch huge = new Mismatch(1, "<".repeat(2_000_000), "SELECT '" + "x".repeat(2_000_000) + "'", "SELECT 2",
        List.of(List.of(1L)), List.of(List.of(2L)), Verdict.mismatch(Reason.VALUE_MISMATCH, ""));
    EvaluationReport report = base.toBuilder().results(Reports.withoutKeptRows(base)).mismatches(List.of(huge))
        .build();

    String html = HtmlReport.render(report);

    assertThat(html).contains("<td>" + "&lt;".repeat(1_999) + "\u2026<div", "x".repeat(9_991) + "\u2026</mark></pre>")
        .doesNotContain("x".repeat(9_992));
    assertThat(html.length()).isLessThan(60_000);
  }

  @Test
  void write_aLongMismatchTable_inAJvmOf32Mb_isWrittenWhole(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    // the page was built whole in memory, then copied twice: 2,000 kept mismatches at the caps (a 22 MB page)
    // needed over 60 MB; it reaches its file in pieces now
    Path page = dir.resolve("report.html");
    Process writer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx32m", "-XX:+ExitOnOutOfMemoryError", "-cp", System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path")), LongTableWriter.class.getName(), page.toString())
        .redirectErrorStream(true).start();

    assertThat(writer.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    String output = new String(writer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(writer.exitValue()).as(output).isZero();
    assertThat(Files.size(page)).isGreaterThan(20_000_000);
    assertThat(Files.readString(page)).startsWith("<!DOCTYPE html>").endsWith("</html>\n")
        .contains("<h2>Mismatches (2000)</h2>");
  }

  /** Writes the page of a report with 2,000 wide mismatches (one shared object: the report itself is small). */
  public static final class LongTableWriter {
    public static void main(String[] args) throws Exception {
      EvaluationReport base = Reports.of(new boolean[] {false});
      Mismatch wide = new Mismatch(1, "q".repeat(1_900), "SELECT '" + "g".repeat(9_900) + "'",
          "p".repeat(1_900), List.of(List.of(1L)), List.of(List.of(2L)), Verdict.mismatch(Reason.VALUE_MISMATCH,
              ""));
      HtmlReport.write(base.toBuilder().results(Reports.withoutKeptRows(base))
          .mismatches(java.util.Collections.nCopies(2_000, wide)).build(), Path.of(args[0]));
    }
  }

  @Test
  void firstDifference_sameRowsOtherOrder_isFirstDifferingCell() {
    assertThat(HtmlReport.firstDifference(List.of(List.of(1L, "a"), List.of(2L, "b")),
        List.of(List.of(1.0, "a"), List.of(2L, "c")))).containsExactly(1, 1);
    assertThat(HtmlReport.firstDifference(List.of(List.of(1L)), List.of(List.of(1L), List.of(2L))))
        .containsExactly(1, 0);
    assertThat(HtmlReport.firstDifference(List.of(Arrays.asList((Object) null)),
        List.of(Arrays.asList((Object) null)))).isNull();
    assertThat(HtmlReport.firstDifference(null, List.of())).isNull();
  }

  @Test
  void leaderboard_threeCapabilityScores_drawsRadarPerEntry() {
    EvaluationReport a = withScores(Reports.of(new boolean[] {true, true, false}));
    EvaluationReport b = withScores(Reports.of(new boolean[] {true, false, false}));

    String html = Leaderboard.render(List.of(new Leaderboard.Entry("model-b", b), new Leaderboard.Entry("model-a", a)));

    assertThat(html).contains("<h2>Capabilities</h2>", "id=\"chart-accuracy\"")
        // 2 of 3 against 1 of 3: the 95% intervals overlap, so both share rank 1 (a tie), best first
        .containsSubsequence("<td data-sort=\"1\">=1</td><td data-sort=\"model-a\">model-a</td>",
            "<td data-sort=\"1\">=1</td><td data-sort=\"model-b\">model-b</td>", "<p id=\"ties\">Ranks marked = "
                + "are ties: their 95% accuracy intervals overlap");
    assertThat(html.split("class=\"radar\"", -1)).hasSize(3);
  }

  @Test
  void leaderboard_overlappingIntervals_areTiesAndSeparateOnesAreRanked() {
    boolean[] best = new boolean[40];
    boolean[] close = new boolean[40];
    boolean[] worst = new boolean[40];
    Arrays.fill(best, 0, 38, true);    // 95%, Wilson 95% CI 83.50% to 98.62%
    Arrays.fill(close, 0, 36, true);   // 90%, 76.95% to 96.04%: overlaps the best
    Arrays.fill(worst, 0, 8, true);    // 20%, 10.50% to 34.76%: apart
    String html = Leaderboard.render(List.of(new Leaderboard.Entry("worst", Reports.of(worst)),
        new Leaderboard.Entry("close", Reports.of(close)), new Leaderboard.Entry("best", Reports.of(best))));

    assertThat(html).containsSubsequence(
        "<td data-sort=\"1\">=1</td><td data-sort=\"best\">best</td><td data-sort=\"0.95\">95.00% (95% CI "
            + "83.50% to 98.62%)</td>",
        "<td data-sort=\"1\">=1</td><td data-sort=\"close\">close</td><td data-sort=\"0.9\">90.00% (95% CI "
            + "76.95% to 96.04%)</td>",
        "<td data-sort=\"3\">3</td><td data-sort=\"worst\">worst</td><td data-sort=\"0.2\">20.00% (95% CI "
            + "10.50% to 34.76%)</td>");
  }

  @Test
  void leaderboard_accuracyOnly_drawsNoRadar() {
    String html = Leaderboard.render(List.of(new Leaderboard.Entry("m", Reports.of(new boolean[] {true}))));

    assertThat(html).doesNotContain("Capabilities", "class=\"radar\"");
  }

  @Test
  void leaderboard_suiteScoresOnly_ranksByMeanAndDrawsRadarPerModel() {
    // given
    Map<String, Double> weak = new LinkedHashMap<>();
    weak.put("sql_understanding", 21.1);
    weak.put("dialect_conversion", 14.3);
    weak.put("sql_optimization", 52.9);
    Map<String, Double> strong = new LinkedHashMap<>();
    strong.put("sql_understanding", 41.9);
    strong.put("dialect_conversion", 88.2);
    strong.put("sql_optimization", 57.6);

    // when
    String html = Leaderboard.render(List.of(), List.of(new Leaderboard.SuiteEntry("weak", weak),
        new Leaderboard.SuiteEntry("strong", strong)));

    // then
    assertThat(html).contains("<p>2 model(s) on capability suites, ranked by mean capability score</p>",
        "<text x=\"297.0\" y=\"41.0\" text-anchor=\"middle\">sql_understanding 41.9</text>")
        .containsSubsequence("<tr><td>1</td><td>strong</td><td>62.6</td><td>41.9</td><td>88.2</td><td>57.6</td></tr>",
            "<tr><td>2</td><td>weak</td><td>29.4</td><td>21.1</td><td>14.3</td><td>52.9</td></tr>")
        .doesNotContain("id=\"board\"");
    assertThat(html.split("class=\"radar\"", -1)).hasSize(3);
  }

  @Test
  void leaderboard_reportsAndSuites_showsBoth() {
    // given
    Leaderboard.Entry report = new Leaderboard.Entry("m", Reports.of(new boolean[] {true}));
    Leaderboard.SuiteEntry suite = new Leaderboard.SuiteEntry("m", Map.of("sql_understanding", 50.0));

    // when
    String html = Leaderboard.render(List.of(report), List.of(suite));

    // then: one capability draws a table but no radar
    assertThat(html).contains("id=\"board\"", "<h2>Capability suites</h2>",
        "<p>1 report(s), ranked by accuracy; 1 model(s) on capability suites, ranked by mean capability score</p>")
        .doesNotContain("class=\"radar\"");
  }

  @Test
  void leaderboard_nothing_isRejected() {
    assertThatThrownBy(() -> Leaderboard.render(List.of(), List.of())).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a leaderboard needs at least one report or suite entry");
  }

  private static EvaluationReport withScores(EvaluationReport r) {
    List<Score> scores = List.of(r.scores().get(0), new Score("joins", 0.5, ""), new Score("aggregation", 0.8, ""),
        new Score("filtering", 0.9, ""));
    return r.toBuilder().scores(scores).build();
  }
}
