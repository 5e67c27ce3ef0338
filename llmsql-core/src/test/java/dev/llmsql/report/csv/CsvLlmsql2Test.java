package dev.llmsql.report.csv;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.Reports;
import dev.llmsql.result.QuestionDetail;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LLMSQL 2.0 questions in the CSV report: category and family columns. */
class CsvLlmsql2Test {

  @TempDir
  Path dir;

  static EvaluationReport withCategories() {
    EvaluationReport base = Reports.of(new boolean[] {true, false});
    return base.withDetails(List.of(
        new QuestionDetail(1, "Question 1?", "SELECT 1", "SELECT 1", List.of(), null, "lookup", "wikisql"),
        new QuestionDetail(2, "Question 2?", "SELECT 2", "SELECT 3", List.of(), null, "convention", null)));
  }

  @Test
  void write_llmsql2Questions_categoryAndFamilyColumnsAtTheEnd() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    CsvReport.write(withCategories(), out);

    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(""
        + "\uFEFFserialNo,question,selfDefineTags,difficulty,standardAnswerSql,llmOutput,compareResult,reason,detail,"
        + "errorMsg,timeSeconds,category,family\r\n"
        + "1,Question 1?,,,SELECT 1,SELECT 1,RIGHT,EQUAL,,,0.001,lookup,wikisql\r\n"
        + "2,Question 2?,,,SELECT 2,SELECT 3,WRONG,VALUE_MISMATCH,\"row 1, column 1: gold 3, predicted 4\",,0.002,"
        + "convention,\r\n");
  }

  @Test
  void fullJson_keepsCategoryAndFamily_soLlmsqlReportWritesTheSameCsv() throws Exception {
    Path json = dir.resolve("r.json");
    FullReportJson.write(withCategories(), json);

    EvaluationReport back = FullReportJson.read(json);

    assertThat(back.details()).extracting(QuestionDetail::category, QuestionDetail::family).containsExactly(
        org.assertj.core.groups.Tuple.tuple("lookup", "wikisql"), org.assertj.core.groups.Tuple.tuple("convention", null));
  }
}
