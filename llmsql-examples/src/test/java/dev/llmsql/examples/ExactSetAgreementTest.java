package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.SharedFiles;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Spider's exact-set match on the real Spider dev sample: {@code exact-set} must give the verdict of Spider's
 * own {@code evaluation.py} (column {@code exact_set} of {@code peer_verdicts.jsonl}) on every one of the 748
 * pairs.
 */
@Requires(shared = "data/spider-dev-sample")
class ExactSetAgreementTest {

  @ParameterizedTest(name = "exact-set on {0}")
  @ValueSource(strings = {"din-sql-gpt4-few-shot", "dail-sql-gpt4"})
  void exactSet_onSpiderDevSample_agreesWithSpidersEvaluator(String predictions) throws Exception {
    // given
    Path sample = SharedFiles.path("data/spider-dev-sample");
    Map<Integer, Integer> expected = peerVerdicts(sample.resolve("peer_verdicts.jsonl"), predictions, "exact_set");

    // when
    EvaluationReport report = Evaluator.builder().noGoldCache()
        .questionsPath(sample.resolve("questions.jsonl"))
        .databasesDir(sample.resolve("database"))
        .judge(Judges.named("exact-set"))
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(sample.resolve("predictions").resolve(predictions + ".jsonl"));

    // then
    Map<Integer, String> disagreements = new TreeMap<>();
    for (QuestionResult r : report.results()) {
      int ours = r.outcome().isMatch() ? 1 : 0;
      if (ours != expected.get(r.questionId())) {
        disagreements.put(r.questionId(), "ours " + ours + " " + r.verdict().reason() + " " + r.verdict().detail());
      }
    }
    assertThat(report.total()).isEqualTo(374);
    assertThat(report.inputProblems()).isEmpty();
    assertThat(disagreements).isEqualTo(KNOWN.getOrDefault(predictions, Map.of()));
  }

  /** Pairs where we still differ from Spider's evaluator, each with the reason; empty when all agree. */
  static final Map<String, Map<Integer, String>> KNOWN = Map.of();

  static Map<Integer, Integer> peerVerdicts(Path file, String predictions, String key) throws Exception {
    return VerdictColumns.read(file, "set", predictions, key, JsonNode::asInt);
  }
}
