package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.assertj.LlmsqlAssertions;
import dev.llmsql.compare.PairedComparison;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.ReportText;
import dev.llmsql.report.html.HtmlReport;
import dev.llmsql.report.html.Leaderboard;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One interval per score whatever the output: the demo's accuracy (27 of 50) prints the same 95% interval,
 * 40.40% to 67.03% (Wilson), in the text summary with or without per-question results, the full JSON report
 * (also read back), the HTML report, the leaderboard, {@code compare} and the AssertJ message, and the docs
 * state the method once.
 */
class DemoIntervalTest {

  private static final String INTERVAL = "40.40% to 67.03%";

  @Test
  void demoAccuracy_hasOneIntervalInEveryOutput() throws Exception {
    EvaluationReport kept = evaluate(true);
    EvaluationReport counted = evaluate(false);
    ByteArrayOutputStream json = new ByteArrayOutputStream();
    FullReportJson.write(kept, json);
    EvaluationReport readBack = FullReportJson.read(new ByteArrayInputStream(json.toByteArray()));

    assertThat(counted.hasResults()).isFalse();
    assertThat(ReportText.summary(kept)).contains("  95% CI:         " + INTERVAL + " (wilson)\n");
    assertThat(ReportText.summary(counted)).contains("  95% CI:         " + INTERVAL + " (wilson)\n");
    assertThat(new ObjectMapper().readTree(json.toByteArray()).at("/summary/accuracy_ci").toString())
        .isEqualTo("{\"low\":0.4039887139915748,\"high\":0.6703034780777566,\"method\":\"wilson\"}");
    assertThat(ReportText.summary(readBack)).contains(INTERVAL + " (wilson)");
    assertThat(HtmlReport.render(kept)).contains("<div class=\"ci\">95% CI " + INTERVAL + "</div>");
    assertThat(Leaderboard.render(List.of(new Leaderboard.Entry("kept", kept),
        new Leaderboard.Entry("counted", counted)))).contains("54.00% (95% CI " + INTERVAL + ")");
    assertThat(PairedComparison.of(kept, readBack).render("a", "b", 0.05))
        .contains("a   54.00%  95% CI " + INTERVAL + "\n", "b   54.00%  95% CI " + INTERVAL + "\n");
    assertThatThrownBy(() -> LlmsqlAssertions.assertThat(counted).hasAccuracyAtLeast(0.9))
        .hasMessageContaining("but was 54.00% (95% CI " + INTERVAL + ", 27 of 50 matched).");
  }

  @Test
  void theMethod_isStatedOnceInTheDocs() throws Exception {
    String readme = Files.readString(Path.of("..", "README.md"));
    String scoring = Files.readString(Path.of("..", "docs", "SCORING.md"));

    assertThat(readme.split("accuracy gets the Wilson score\ninterval of its counts, other scores a seeded "
        + "bootstrap over questions", -1)).hasSize(2);
    assertThat(scoring).contains("| accuracy | Wilson score interval of matches out of total | the counts only |");
    assertThat(readme).doesNotContain("(bootstrap (1000 resamples");
  }

  private static EvaluationReport evaluate(boolean keepResults) {
    return Evaluator.builder().questionsPath(DemoBenchmarkTest.DEMO.resolve("questions.jsonl"))
        .dbPath(DemoBenchmarkTest.DEMO.resolve("demo.sqlite")).noReportFile().showMismatches(false)
        .keepResults(keepResults).build().run(DemoBenchmarkTest.DEMO.resolve("predictions.jsonl"));
  }
}
