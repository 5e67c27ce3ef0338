package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.QuestionResult;
import java.io.BufferedReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Real Spider databases and published GPT-4 predictions: the default judge must agree with LLMSQL's own
 * verdicts ({@code llmsql_match}) on every pair, except the deliberate differences in docs/COMPATIBILITY.md.
 */
class SpiderDevSampleTest {

  @ParameterizedTest
  @ValueSource(strings = {"din-sql-gpt4-few-shot", "dail-sql-gpt4"})
  void defaultJudge_agreesWithLlmsqlMatch(String predictions) throws Exception {
    Path sample = SharedData.require("data/spider-dev-sample");
    Map<Integer, Integer> expected = expectedVerdicts(sample.resolve("expected_verdicts.jsonl"), predictions);

    EvaluationReport report = Evaluator.builder().noGoldCache()
        .questionsPath(sample.resolve("questions.jsonl"))
        .databasesDir(sample.resolve("database"))
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(sample.resolve("predictions").resolve(predictions + ".jsonl"));

    Map<Integer, String> disagreements = new TreeMap<>();
    for (QuestionResult r : report.results()) {
      int ours = r.outcome().isMatch() ? 1 : 0;
      if (ours != expected.get(r.questionId())) {
        disagreements.put(r.questionId(), "ours " + ours + " " + r.verdict());
      }
    }
    assertThat(report.total()).isEqualTo(374);
    assertThat(report.inputProblems()).isEmpty();
    assertThat(disagreements).isEqualTo(DELIBERATE.getOrDefault(predictions, Map.of()));
  }

  /** Deliberate differences from LLMSQL, each explained in docs/COMPATIBILITY.md. */
  static final Map<String, Map<Integer, String>> DELIBERATE = Map.of();

  private static Map<Integer, Integer> expectedVerdicts(Path file, String predictions) throws Exception {
    ObjectMapper mapper = new ObjectMapper();
    Map<Integer, Integer> verdicts = new TreeMap<>();
    try (BufferedReader reader = Files.newBufferedReader(file)) {
      for (String line; (line = reader.readLine()) != null; ) {
        JsonNode node = mapper.readTree(line);
        if (node.get("predictions").asText().equals(predictions)) {
          verdicts.put(node.get("question_id").asInt(), node.get("llmsql_match").asInt());
        }
      }
    }
    return verdicts;
  }
}
