package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.SharedFiles;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Real Spider databases and published GPT-4 predictions: each named judge must agree with the peer's own
 * verdicts on all 748 pairs, except the deliberate differences listed (and explained in docs/JUDGES.md).
 */
@Requires(shared = "data/spider-dev-sample")
class SpiderExecAgreementTest {

  @ParameterizedTest(name = "{0} vs {2} on {1}")
  @CsvSource({
      "spider-exec, din-sql-gpt4-few-shot, spider_exec_match",
      "spider-exec, dail-sql-gpt4, spider_exec_match",
      "spider-exec:keep-distinct, din-sql-gpt4-few-shot, spider_exec_match_keep_distinct",
      "spider-exec:keep-distinct, dail-sql-gpt4, spider_exec_match_keep_distinct",
      "llmsql, din-sql-gpt4-few-shot, llmsql_match",
      "llmsql, dail-sql-gpt4, llmsql_match",
      "llmsql-rs, din-sql-gpt4-few-shot, llmsql_match",
      "llmsql-rs, dail-sql-gpt4, llmsql_match",
  })
  void namedJudge_onSpiderDevSample_agreesWithPeerVerdicts(String judgeName, String predictions, String peerKey)
      throws Exception {
    // given
    Path sample = SharedFiles.path("data/spider-dev-sample");
    Map<Integer, Integer> expected = expectedVerdicts(sample.resolve("expected_verdicts.jsonl"), predictions,
        peerKey);
    Judge judge = Judges.named(judgeName);

    // when
    EvaluationReport report = Evaluator.builder().noGoldCache()
        .questionsPath(sample.resolve("questions.jsonl"))
        .databasesDir(sample.resolve("database"))
        .judge(judge)
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(sample.resolve("predictions").resolve(predictions + ".jsonl"));

    // then
    Map<Integer, String> disagreements = new TreeMap<>();
    for (QuestionResult r : report.results()) {
      int ours = r.outcome().isMatch() ? 1 : 0;
      if (ours != expected.get(r.questionId())) {
        disagreements.put(r.questionId(), "ours " + ours + " " + r.verdict().reason());
      }
    }
    assertThat(report.total()).isEqualTo(374);
    assertThat(report.inputProblems()).isEmpty();
    assertThat(disagreements).isEqualTo(DELIBERATE.getOrDefault(judgeName + "/" + predictions, Map.of()));
  }

  @ParameterizedTest(name = "llmsql-rs counts as llmsql on {0}")
  @org.junit.jupiter.params.provider.ValueSource(strings = {"din-sql-gpt4-few-shot", "dail-sql-gpt4"})
  void llmsqlRs_onSpiderDevSample_countsAsLlmsql(String predictions) throws Exception {
    // given
    Path sample = SharedFiles.path("data/spider-dev-sample");

    // when: the configurable engine's verdict may be about another candidate than the last, its counts not
    EvaluationReport llmsql = run(sample, predictions, Judges.named("llmsql"));
    EvaluationReport rs = run(sample, predictions, Judges.named("llmsql-rs"));

    // then
    assertThat(java.util.List.of(rs.total(), rs.matches(), rs.sqlErrors(), rs.predNone(), rs.goldNone()))
        .isEqualTo(java.util.List.of(llmsql.total(), llmsql.matches(), llmsql.sqlErrors(), llmsql.predNone(),
            llmsql.goldNone()));
  }

  static EvaluationReport run(Path sample, String predictions, Judge judge) throws Exception {
    return Evaluator.builder().noGoldCache()
        .questionsPath(sample.resolve("questions.jsonl"))
        .databasesDir(sample.resolve("database"))
        .judge(judge)
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(sample.resolve("predictions").resolve(predictions + ".jsonl"));
  }

  /** Deliberate differences, each explained in docs/JUDGES.md. */
  static final Map<String, Map<Integer, String>> DELIBERATE = Map.of();

  static Map<Integer, Integer> expectedVerdicts(Path file, String predictions, String key) throws Exception {
    return VerdictColumns.read(file, "predictions", predictions, key, JsonNode::asInt);
  }
}
