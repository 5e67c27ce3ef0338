package dev.llmsql.examples;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.Evaluator;
import dev.llmsql.gate.Gate;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The README's CI gate example from Java: the derived second run {@code demo/predictions-b.jsonl} (ten wrong
 * answers fixed, two right ones broken) passes the gate against the committed baseline and is significantly
 * better than it (exact McNemar, b=2, c=10, p = 0.0386); the baseline is not better than itself.
 */
class CiGateExampleTest {

  static final Path DEMO = Path.of("demo");

  static final Evaluator EVALUATOR = Evaluator.builder()
      .questionsPath(DEMO.resolve("questions.jsonl"))
      .dbPath(DEMO.resolve("demo.sqlite"))
      .noReportFile()
      .showMismatches(false)
      .build();

  @Test
  void secondRun_passesTheGateAndIsSignificantlyBetter() throws Exception {
    EvaluationReport baseline = FullReportJson.read(DEMO.resolve("baseline-report.json"));
    EvaluationReport report = EVALUATOR.run(DEMO.resolve("predictions-b.jsonl"));

    assertThat(report)
        .passesGate(Gate.builder().failUnder(0.7).baseline(baseline).tolerance(0.02).build())
        .isSignificantlyBetterThan(baseline);
    assertThatThrownBy(() -> assertThat(report).isSignificantlyBetterThan(baseline, 0.01))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("but no significant difference (p = 0.0386 >= 0.01)");
  }

  @Test
  void baselineRun_failsAGateAtTheSecondRunsLevel() throws Exception {
    EvaluationReport second = EVALUATOR.run(DEMO.resolve("predictions-b.jsonl"));
    EvaluationReport first = EVALUATOR.run(DEMO.resolve("predictions.jsonl"));

    assertThatThrownBy(() -> assertThat(first).passesGate(Gate.builder().baseline(second).build()))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("llmsql gate: FAILED: accuracy 0.5400 < 0.7000 (baseline 0.7000 - tolerance 0.0000); "
            + "10 question(s) regressed: 3, 5, 10, 12, 14, 18, 20, 22, 23, 25");
  }
}
