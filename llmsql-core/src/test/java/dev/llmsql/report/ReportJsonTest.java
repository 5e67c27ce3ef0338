package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.InputMode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ReportJsonTest {

  @Test
  void write_blobsNullsAndTimestamp_areWrittenAsLlmsqlToolingReadsThem() throws Exception {
    // GIVEN
    Mismatch mismatch = new Mismatch(3, "q?", "SELECT x", "SELECT y",
        List.of(Arrays.asList(new byte[] {1, 2, 3}, null, 1.5, 7L)), null,
        Verdict.error(Reason.PRED_ERROR, "no such column: y"));
    EvaluationReport report = EvaluationReport.builder().total(1).matches(0).predNone(0).goldNone(0).sqlErrors(1)
        .accuracy(0.0).mismatches(List.of(mismatch)).timestamp(Instant.parse("2026-11-22T03:11:09.123Z"))
        .inputMode(InputMode.DICT_LIST).judge("llmsql").benchmark("test").build();
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    // WHEN
    ReportJson.write(report, out);

    // THEN
    assertThat(out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", "")).isEqualTo(
        "{\"total\":1,\"matches\":0,\"pred_none\":0,\"gold_none\":0,\"sql_errors\":1,\"accuracy\":0.0,"
            + "\"mismatches\":[{\"question_id\":3,\"question\":\"q?\",\"gold_sql\":\"SELECTx\","
            + "\"model_output\":\"SELECTy\",\"gold_results\":[[\"AQID\",null,1.5,7]],"
            + "\"prediction_results\":null}],\"timestamp\":\"2026-11-22T03:11:09.123Z\","
            + "\"input_mode\":\"dict_list\"}");
  }

  @Test
  void write_llmsql2Report_upstreamsKeyOrderThenCoverage() throws Exception {
    Mismatch mismatch = new Mismatch(2, "q?", "SELECT 1", "nothing", List.of(Arrays.asList("Hurts", true)), null,
        Verdict.noSql());
    EvaluationReport report = EvaluationReport.builder().total(4).matches(3).predNone(0).goldNone(0).sqlErrors(1)
        .accuracy(0.75).mismatches(List.of(mismatch)).timestamp(Instant.parse("2026-11-22T03:11:09.123Z"))
        .inputMode(InputMode.JSONL_PATH).unanswered(17).judge("llmsql2").benchmark("test")
        .llmsql2(new Llmsql2Figures(null, "2.0", 2, java.util.Map.of("lookup", new Breakdown("lookup", 4, 3)), 20, 3,
            17, 1))
        .build();
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    ReportJson.write(report, out);

    assertThat(out.toString(StandardCharsets.UTF_8).replaceAll("\\s+", "")).isEqualTo(
        "{\"model_name\":null,\"version\":\"2.0\",\"total\":4,\"matches\":3,\"exact_string_matches\":2,"
            + "\"pred_none\":0,\"gold_none\":0,\"sql_errors\":1,\"accuracy\":0.75,\"exact_string_match_accuracy\":0.5,"
            + "\"category_accuracy\":{\"lookup\":{\"total\":4,\"matches\":3,\"accuracy\":0.75}},"
            + "\"mismatches\":[{\"question_id\":2,\"question\":\"q?\",\"gold_sql\":\"SELECT1\","
            + "\"model_output\":\"nothing\",\"gold_results\":[[\"Hurts\",true]],\"prediction_results\":null}],"
            + "\"timestamp\":\"2026-11-22T03:11:09.123Z\",\"input_mode\":\"jsonl_path\",\"expected\":20,"
            + "\"answered\":3,\"missing\":17,\"duplicates\":1,\"accuracy_over_benchmark\":0.15}");
  }

  @Test
  void typedCoverage_withoutFigures_isDerivedFromTheReport() {
    EvaluationReport report = EvaluationReport.builder().total(4).matches(3).predNone(0).goldNone(0).sqlErrors(1)
        .accuracy(0.75).timestamp(Instant.parse("2026-11-22T03:11:09.123Z")).inputMode(InputMode.JSONL_PATH)
        .results(List.of()).unanswered(6).judge("llmsql").benchmark("test").build();

    assertThat(List.of(report.expected(), report.answered(), report.missing(), report.duplicates()))
        .containsExactly(10, 4, 6, 0);
    assertThat(report.accuracyOverBenchmark()).isEqualTo(0.3);
    assertThat(report.categoryAccuracy()).isEmpty();
    assertThat(report.modelName()).isEmpty();
    assertThat(report.version()).isEmpty();
    assertThat(report.exactStringMatches()).isZero();
  }
}
