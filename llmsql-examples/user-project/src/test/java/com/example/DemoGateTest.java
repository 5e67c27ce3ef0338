package com.example;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DemoGateTest {

  // The project's own small benchmark (six questions on shop.sqlite) and its committed baseline report.
  private static final Path SHOP = Path.of("src", "test", "resources", "shop");

  @Test
  void shopPredictions_areNoWorseThanBaseline() throws Exception {
    EvaluationReport report = Evaluator.builder()
        .questionsPath(SHOP.resolve("questions.jsonl"))
        .dbPath(SHOP.resolve("shop.sqlite"))
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(SHOP.resolve("predictions.jsonl"));

    assertThat(report).hasNoInputProblems().hasAccuracyAtLeast(0.5)
        .isNoWorseThan(FullReportJson.read(SHOP.resolve("baseline-report.json")));
  }
}
