package dev.llmsql.report.csv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Reports;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CsvReportTest {

  @Test
  void write_results_oneRowPerQuestionWithDbGptColumns() throws Exception {
    // GIVEN
    EvaluationReport report = Reports.of(new boolean[] {true, false, true, false}, 4);
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    // WHEN
    CsvReport.write(report, out);

    // THEN
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(""
        + "\uFEFFserialNo,question,selfDefineTags,difficulty,standardAnswerSql,llmOutput,compareResult,reason,detail,"
        + "errorMsg,timeSeconds\r\n"
        + "1,Question 1?,odd,easy,SELECT n FROM t WHERE id = 1,SELECT n FROM t WHERE id = 1,RIGHT,EQUAL,,,0.001\r\n"
        + "2,Question 2?,\"even, lookup\",easy,SELECT n FROM t WHERE id = 2,SELECT n FROM t WHERE id = 2,WRONG,"
        + "VALUE_MISMATCH,\"row 1, column 1: gold 3, predicted 4\",,0.002\r\n"
        + "3,Question 3?,odd,hard,SELECT n FROM t WHERE id = 3,SELECT n FROM t WHERE id = 3,RIGHT,EQUAL,,,0.003\r\n"
        + "4,Question 4?,\"even, lookup\",hard,SELECT n FROM t WHERE id = 4,SELECT nme FROM t WHERE id = 4,FAILED,"
        + "PRED_ERROR,no such column: nme,no such column: nme,0.004\r\n");
  }

  @Test
  void write_formulaLikeModelOutput_isDefused() throws Exception {
    // GIVEN: a report without details, so llmOutput falls back to the raw completion
    EvaluationReport base = Reports.of(new boolean[] {false});
    EvaluationReport report = EvaluationReport.builder().total(1).matches(0).predNone(0).goldNone(0).sqlErrors(0)
        .accuracy(0).mismatches(java.util.List.of(new dev.llmsql.report.Mismatch(1, "q", "SELECT 1",
            "=HYPERLINK(\"http://x\")", null, null, base.mismatches().get(0).verdict())))
        .timestamp(base.timestamp()).inputMode(base.inputMode()).results(Reports.withoutKeptRows(base))
        .judge("llmsql")
        .scores(base.scores()).benchmark("b").duration(base.duration()).details(java.util.List.of()).build();
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    // WHEN
    CsvReport.write(report, out);

    // THEN
    assertThat(out.toString(StandardCharsets.UTF_8).lines().skip(1).findFirst()).hasValue(
        "1,q,,,SELECT 1,\"'=HYPERLINK(\"\"http://x\"\")\",WRONG,VALUE_MISMATCH,\"row 1, column 1: gold 3, "
            + "predicted 4\",,0.001");
  }
}
