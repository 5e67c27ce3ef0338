package dev.llmsql.examples;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.csv.CsvCells;
import dev.llmsql.report.csv.CsvReport;
import dev.llmsql.report.html.HtmlReport;
import dev.llmsql.report.html.Leaderboard;
import dev.llmsql.result.QuestionDetail;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Javadoc examples of the report types, compiled and run so they stay true. */
class ReportJavadocExamplesTest {

  static EvaluationReport report;

  @TempDir
  Path dir;

  @BeforeAll
  static void evaluate() {
    report = Evaluator.builder().questionsPath(Path.of("demo/questions.jsonl")).dbPath(Path.of("demo/demo.sqlite"))
        .noReportFile().showMismatches(false).build().run(Path.of("demo/predictions.jsonl"));
  }

  @Test
  void llmsqlAssertions_example() throws Exception {
    EvaluationReport baseline = FullReportJson.read(Path.of("demo/baseline-report.json"));

    assertThat(report).hasAccuracyAtLeast(0.5).hasAtMostMismatches(23).isNoWorseThan(baseline);
  }

  @Test
  void fullReportJson_example() throws Exception {
    FullReportJson.write(report, dir.resolve("baseline.json"));
    EvaluationReport baseline = FullReportJson.read(dir.resolve("baseline.json"));

    assertThat(baseline.results()).isEqualTo(report.results());
    assertThat(baseline.details()).isEqualTo(report.details());
  }

  @Test
  void csvCells_example() throws Exception {
    assertThat(CsvCells.text("=HYPERLINK(\"http://x\")")).isEqualTo("'=HYPERLINK(\"http://x\")");
    assertThat(CsvCells.text("-3")).isEqualTo("-3");
    java.io.StringWriter out = new java.io.StringWriter();
    try (org.apache.commons.csv.CSVPrinter csv = org.apache.commons.csv.CSVFormat.RFC4180.print(out)) {
      csv.printRecord(CsvCells.row(42, "@SUM(A1)", "0.5"));
    }
    assertThat(out).hasToString("42,'@SUM(A1),0.5\r\n");
  }

  @Test
  void questionDetail_example() {
    String sql = report.detail(7).map(QuestionDetail::predictedSql).orElse("(unknown)");

    assertThat(sql).isEqualTo("SELECT \"Bonus %\"\nFROM \"employees\"\nWHERE \"Department\" = 'Engineering'\n"
        + "ORDER BY \"Bonus %\" DESC");
  }

  @Test
  void csvHtmlLeaderboardAndReportFiles_examples() throws Exception {
    CsvReport.write(report, dir.resolve("results.csv"));
    HtmlReport.write(report, dir.resolve("report.html"));
    Leaderboard.write(List.of(new Leaderboard.Entry("gpt-4o", report), new Leaderboard.Entry("llama-3", report)),
        dir.resolve("board.html"));
    ReportFiles.write(dir.resolve("summary.txt"), out -> out.write(report.toString().getBytes(StandardCharsets.UTF_8)));

    assertThat(Files.readString(dir.resolve("results.csv"))).startsWith("\uFEFFserialNo,question,");
    assertThat(Files.readString(dir.resolve("report.html"))).contains("54.00% accuracy");
    assertThat(Files.readString(dir.resolve("board.html"))).contains(">gpt-4o<", ">llama-3<");
    assertThat(Files.readString(dir.resolve("summary.txt"))).startsWith("Evaluation summary");
  }
}
