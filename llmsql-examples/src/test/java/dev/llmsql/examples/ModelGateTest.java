package dev.llmsql.examples;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How a team gates a model in CI: evaluate the model's predictions file and compare it, question by question,
 * with a baseline report committed beside the tests ({@code demo/baseline-report.json}, written by
 * {@code llmsql evaluate ... --format json}). A new model version that breaks a question the old one got
 * right fails the build, listing that question.
 */
class ModelGateTest {

  static final Path DEMO = Path.of("demo");

  static final Evaluator EVALUATOR = Evaluator.builder()
      .questionsPath(DEMO.resolve("questions.jsonl"))
      .dbPath(DEMO.resolve("demo.sqlite"))
      .noReportFile()
      .showMismatches(false)
      .build();

  @Test
  void predictions_areNoWorseThanBaseline() throws Exception {
    EvaluationReport baseline = FullReportJson.read(DEMO.resolve("baseline-report.json"));

    EvaluationReport report = EVALUATOR.run(DEMO.resolve("predictions.jsonl"));

    assertThat(report)
        .hasNoInputProblems()
        .hasAccuracyAtLeast(0.5)
        .isNoWorseThan(baseline);
  }

  @Test
  void regressedPrediction_failsTheGateNamingTheQuestion() throws Exception {
    // GIVEN: the same predictions, but question 1 (right in the baseline) now answered with a wrong column
    EvaluationReport baseline = FullReportJson.read(DEMO.resolve("baseline-report.json"));
    List<Prediction> predictions = new ArrayList<>();
    for (String line : Files.readAllLines(DEMO.resolve("predictions.jsonl"))) {
      JsonNode json = new ObjectMapper().readTree(line);
      predictions.add(new Prediction(json.get("question_id").asInt(), json.get("completion").asText()));
    }
    predictions.set(0, new Prediction(1, "SELECT COUNT(*) FROM Table WHERE \"Department\" = 'sales'"));

    // WHEN
    EvaluationReport report = EVALUATOR.run(predictions);

    // THEN
    assertThatThrownBy(() -> assertThat(report).isNoWorseThan(baseline)).hasMessage("""

        Expecting no regression against the baseline (accuracy 54.00%, 27 of 50 matched)
        but 1 question(s) that matched in the baseline do not match now (accuracy 52.00%, 26 of 50): 1

        Mismatch #1: question 1 [MISMATCH VALUE_MISMATCH]
          Question:   How many employees work in the Sales department?
          Gold SQL:   SELECT COUNT(*) FROM "employees" WHERE "Department" = 'Sales'
          Pred SQL:   SELECT COUNT(*) FROM "employees" WHERE "Department" = 'sales'
          Gold rows:  [(7)]
          Pred rows:  [(0)]
          Why:        predicted row (0) is not in the gold result; e.g. gold row (7) is missing
        """);
  }
}
