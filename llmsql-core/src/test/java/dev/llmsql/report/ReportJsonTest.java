package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.judge.Reason;
import dev.llmsql.judge.Verdict;
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
    EvaluationReport report = new EvaluationReport(1, 0, 0, 0, 1, 0.0, List.of(mismatch),
        Instant.parse("2026-11-22T03:11:09.123Z"), InputMode.DICT_LIST, List.of(), List.of(), 0, "llmsql",
        List.of(), "test", Duration.ZERO, Optional.empty());
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
}
