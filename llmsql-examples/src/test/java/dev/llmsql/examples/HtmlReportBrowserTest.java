package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.html.HtmlReport;
import dev.llmsql.report.html.Leaderboard;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import dev.llmsql.scoring.Scoring;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Opens the HTML report and leaderboard of the demo benchmark in headless Chromium: the rendered text holds
 * the expected figures, the filters work, the console stays clean, and screenshots land in target/.
 */
@Requires(programs = Program.CHROMIUM)
class HtmlReportBrowserTest {

  static final Path DEMO = Path.of("demo");
  static final Path OUT = Path.of("target", "html");

  static Chromium chromium;
  static EvaluationReport report;

  @BeforeAll
  static void evaluateDemo() {
    chromium = Chromium.require();
    report = Evaluator.builder()
        .questionsPath(DEMO.resolve("questions.jsonl"))
        .dbPath(DEMO.resolve("demo.sqlite"))
        .noReportFile()
        .showMismatches(false)
        .scoring(rate("executability", r -> r.outcome() != Outcome.ERROR && r.outcome() != Outcome.NO_SQL))
        .scoring(rate("sql_found", r -> r.outcome() != Outcome.NO_SQL))
        .scoring(rate("single_candidate", r -> r.candidates() == 1))
        .build()
        .run(DEMO.resolve("predictions.jsonl"));
  }

  @Test
  void report_rendersFiguresChartsAndMismatches_withoutConsoleErrors() throws Exception {
    Path html = OUT.resolve("demo-report.html");
    HtmlReport.write(report, html);

    Chromium.Page page = chromium.dumpDom(html, "");

    assertThat(page.console()).isEmpty();
    assertThat(text(page.dom())).contains("LLM SQL evaluation: 54.00% accuracy", "54.00% Accuracy",
        "27 of 50 Matches", "6 SQL errors", "6 No SQL", "0.7600 executability", "Verdicts", "match 27 (54.00%)",
        "mismatch 11 (22.00%)", "SQL error 6 (12.00%)", "VALUE_MISMATCH 10", "Mismatches (23)",
        "showing 23 of 23", "The questions have no difficulty.");
    chromium.screenshot(html, OUT.resolve("demo-report.png"), 1280, 1600);
    assertThat(OUT.resolve("demo-report.png")).isNotEmptyFile();
  }

  @Test
  void report_searchAndOutcomeFilter_narrowTheTable() throws Exception {
    Path html = OUT.resolve("demo-report-filter.html");
    HtmlReport.write(report, html);

    assertThat(text(chromium.dumpDom(html, "?q=lukas").dom())).contains("showing 1 of 23");
    assertThat(text(chromium.dumpDom(html, "?outcome=ERROR").dom())).contains("showing 6 of 23");
    assertThat(text(chromium.dumpDom(html, "?outcome=MISMATCH&reason=EXTRA_ROWS").dom()))
        .contains("showing 1 of 23");
  }

  @Test
  void leaderboard_sortsAndDrawsRadar_withoutConsoleErrors() throws Exception {
    EvaluationReport worse = Evaluator.builder()
        .questionsPath(DEMO.resolve("questions.jsonl")).dbPath(DEMO.resolve("demo.sqlite"))
        .noReportFile().showMismatches(false)
        .scoring(rate("executability", r -> r.outcome() != Outcome.ERROR))
        .scoring(rate("sql_found", r -> r.outcome() != Outcome.NO_SQL))
        .scoring(rate("single_candidate", r -> r.candidates() == 1))
        .build()
        .run(List.of(java.util.Map.of("question_id", 1, "completion", "SELECT COUNT(*) FROM Table WHERE \"Department\" = 'Sales'"),
            java.util.Map.of("question_id", 2, "completion", "no idea")));
    Path html = OUT.resolve("leaderboard.html");
    Leaderboard.write(List.of(new Leaderboard.Entry("model-b", worse), new Leaderboard.Entry("model-a", report)),
        html);

    Chromium.Page ranked = chromium.dumpDom(html, "");
    Chromium.Page byAccuracyAscending = chromium.dumpDom(html, "?sort=2&dir=asc");

    assertThat(ranked.console()).isEmpty();
    assertThat(text(ranked.dom())).contains("LLM SQL leaderboard", "Capabilities")
        // 1 of 2 (95% CI 9.45% to 90.55%) is not told apart from 27 of 50: a tie, both ranked =1, best first
        .containsSubsequence("=1 model-a 54.00% (95% CI 40.40% to 67.03%) 27 50",
            "=1 model-b partial: 2 of 50 questions 50.00% (95% CI 9.45% to 90.55%) 1 2", "Ranks marked = are ties");
    assertThat(text(byAccuracyAscending.dom())).containsSubsequence(
        "=1 model-b partial: 2 of 50 questions 50.00%", "=1 model-a 54.00%");
    chromium.screenshot(html, OUT.resolve("leaderboard.png"), 1280, 1000);
    assertThat(OUT.resolve("leaderboard.png")).isNotEmptyFile();
  }

  @Test
  void leaderboard_missingScoreAndTwoBenchmarks_showsNaAndSortsEachTable() throws Exception {
    EvaluationReport partialScores = Evaluator.builder()
        .questionsPath(DEMO.resolve("questions.jsonl")).dbPath(DEMO.resolve("demo.sqlite"))
        .noReportFile().showMismatches(false)
        .scoring(rate("executability", r -> r.outcome() != Outcome.ERROR))
        .scoring(rate("sql_found", r -> r.outcome() != Outcome.NO_SQL))
        .build()
        .run(List.of(java.util.Map.of("question_id", 1, "completion", "no idea")));
    EvaluationReport elsewhere = EvaluationReport.builder().total(1).matches(1).predNone(0).goldNone(0).sqlErrors(0)
        .accuracy(1.0).timestamp(java.time.Instant.EPOCH).inputMode(dev.llmsql.prediction.InputMode.JSONL_PATH)
        .judge("llmsql").benchmark("other benchmark").details(List.of()).build();
    Path html = OUT.resolve("leaderboard-groups.html");
    Leaderboard.write(List.of(new Leaderboard.Entry("model-a", report), new Leaderboard.Entry("model-c", partialScores),
        new Leaderboard.Entry("other-run", elsewhere)), html);

    Chromium.Page page = chromium.dumpDom(html, "?sort=2&dir=asc");

    assertThat(page.console()).isEmpty();
    assertThat(text(page.dom())).contains("single_candidate n/a", "Benchmark: other benchmark")
        // 0 of 1 (Wilson 0% to 79.35%) overlaps 27 of 50 (40.40% to 67.03%): a tie, worst accuracy first
        .containsSubsequence("=1 model-c partial: 1 of 50 questions 0.00% (95% CI 0.00% to 79.35%)",
            "=1 model-a 54.00%", "(Wilson score intervals; see docs/SCORING.md)", "1 other-run 100.00%");
  }

  private static Scoring rate(String name, Predicate<QuestionResult> counts) {
    return results -> {
      long n = results.stream().filter(counts).count();
      return new Score(name, results.isEmpty() ? 0 : (double) n / results.size(), n + " / " + results.size());
    };
  }

  /** The DOM's text, tags dropped and whitespace collapsed, as a reader sees it. */
  private static String text(String dom) {
    return dom.replaceAll("(?s)<script.*?</script>|<style.*?</style>", " ").replaceAll("<[^>]+>", " ")
        .replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&#39;", "'").replaceAll("\\s+", " ");
  }
}
