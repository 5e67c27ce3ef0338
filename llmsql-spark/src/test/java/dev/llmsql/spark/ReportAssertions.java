package dev.llmsql.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.ReportJson;
import dev.llmsql.result.QuestionResult;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Compares a Spark report with the single-machine one: equal in everything but timings. */
final class ReportAssertions {

  private static final ObjectMapper JSON = new ObjectMapper();
  /** Measures computed from run times (BIRD's VES), which differ between any two runs, Spark or not. */
  private static final Set<String> TIMED = Set.of("time_ratio", "ves_reward", "r_ves");

  private ReportAssertions() {
  }

  /** Asserts the two reports equal but for when they were made and how long they took. */
  static void assertSameReport(EvaluationReport spark, EvaluationReport local) throws Exception {
    assertThat(List.of(spark.total(), spark.matches(), spark.predNone(), spark.goldNone(), spark.sqlErrors(),
        spark.unanswered())).isEqualTo(List.of(local.total(), local.matches(), local.predNone(), local.goldNone(),
        local.sqlErrors(), local.unanswered()));
    assertThat(spark.accuracy()).isEqualTo(local.accuracy());
    assertThat(spark.judge()).isEqualTo(local.judge());
    assertThat(spark.benchmark()).isEqualTo(local.benchmark());
    assertThat(spark.inputMode()).isEqualTo(local.inputMode());
    assertThat(spark.results().stream().map(ReportAssertions::untimed).toList())
        .isEqualTo(local.results().stream().map(ReportAssertions::untimed).toList());
    assertThat(spark.inputProblems()).isEqualTo(local.inputProblems());
    assertThat(spark.scores()).isEqualTo(local.scores());
    assertThat(spark.tally()).isEqualTo(local.tally());
    assertThat(spark.llmsql2()).isEqualTo(local.llmsql2());
    assertThat(spark.details()).isEqualTo(local.details());
    assertThat(spark.mismatches().stream().map(m -> m.questionId() + " " + untimed(m.verdict()) + " "
        + m.modelOutput()).toList()).isEqualTo(local.mismatches().stream().map(m -> m.questionId() + " "
        + untimed(m.verdict()) + " " + m.modelOutput()).toList());
    // the files a user keeps: LLMSQL's report and the full one, byte for byte but for the timings
    assertThat(untimed(llmsqlJson(spark))).isEqualTo(untimed(llmsqlJson(local)));
    assertThat(untimed(fullJson(spark))).isEqualTo(untimed(fullJson(local)));
  }

  private static QuestionResult untimed(QuestionResult r) {
    return new QuestionResult(r.questionId(), untimed(r.verdict()), r.candidates(), r.executed(), r.predNone(), r.goldNone(), r.error(), 0).withQuestion(r.difficulty(), r.tags(), r.detail()).withKept(r.kept());
  }

  /** The verdict without the measures BIRD's VES takes from run times, which differ between any two runs. */
  private static Verdict untimed(Verdict v) {
    Map<String, Double> measures = new TreeMap<>(v.measures());
    measures.keySet().removeAll(TIMED);
    return new Verdict(v.outcome(), v.reason(), v.detail(), measures);
  }

  private static JsonNode llmsqlJson(EvaluationReport report) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ReportJson.write(report, out);
    return JSON.readTree(out.toByteArray());
  }

  private static JsonNode fullJson(EvaluationReport report) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    FullReportJson.write(report, out);
    return JSON.readTree(out.toByteArray());
  }

  /** The tree without its timestamp, duration and per-question nanos. */
  private static JsonNode untimed(JsonNode node) {
    if (node instanceof ObjectNode object) {
      object.remove(List.of("timestamp", "duration", "nanos"));
      object.remove(TIMED);
      object.forEach(ReportAssertions::untimed);
    } else if (node.isArray()) {
      node.forEach(ReportAssertions::untimed);
    }
    return node;
  }
}
