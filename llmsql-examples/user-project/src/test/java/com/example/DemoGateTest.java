package com.example;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class DemoGateTest {

  @Test
  void demoPredictions_areNoWorseThanBaseline() throws Exception {
    Path demo = Path.of("..", "demo");
    EvaluationReport report = Evaluator.builder()
        .questionsPath(demo.resolve("questions.jsonl"))
        .dbPath(demo.resolve("demo.sqlite"))
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(demo.resolve("predictions.jsonl"));

    assertThat(report).hasAccuracyAtLeast(0.5)
        .isNoWorseThan(FullReportJson.read(demo.resolve("baseline-report.json")));
  }
}
