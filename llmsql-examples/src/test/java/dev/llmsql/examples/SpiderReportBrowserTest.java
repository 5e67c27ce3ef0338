package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.html.HtmlReport;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.SharedFiles;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The HTML report of {@code --judge spider --breakdowns} on the real Spider sample, opened in headless Chromium:
 * Spider's table by hardness, the breakdown charts and table, and the mismatch list with gold and predicted SQL
 * side by side, the differing clauses marked, each SQL column wide enough to read (it used to wrap one character
 * per line beside wide result tables). Screenshots land in target/html.
 */
@Requires(shared = "data/spider-dev-sample", programs = Program.CHROMIUM)
class SpiderReportBrowserTest {

  static final Path OUT = Path.of("target", "html");

  @Test
  void spiderReportWithBreakdowns_rendersTablesChartsAndReadableSql() throws Exception {
    // given
    Chromium chromium = Chromium.require();
    Path sample = SharedFiles.path("data/spider-dev-sample");
    EvaluationReport report = Evaluator.builder().noGoldCache()
        .questionsPath(sample.resolve("questions.jsonl"))
        .databasesDir(sample.resolve("database"))
        .judge(Judges.named("spider"))
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(sample.resolve("predictions").resolve("din-sql-gpt4-few-shot.jsonl"))
        .withBreakdowns();
    Path html = OUT.resolve("spider-report.html");

    // when
    HtmlReport.write(report, html);
    Chromium.Page page = chromium.dumpDom(html, "");

    // then
    assertThat(page.console()).isEmpty();
    String text = page.dom().replaceAll("<[^>]+>", " ").replaceAll("\\s+", " ");
    assertThat(text).contains("Spider's report by hardness", "easy 78 0.936 0.923", "all 374 0.703 0.463",
        "Execution accuracy by hardness", "Where it fails", "Accuracy by SQL characteristic", "sql:nested 26 44 59.09%",
        "db:car_1 44 92 47.83%", "0.9214 QVT");
    // question 89's gold and prediction differ in their SELECT clause only; both are marked, FROM is not
    assertThat(page.dom()).contains("<mark class=\"clause\">");
    chromium.screenshot(html, OUT.resolve("spider-report.png"), 1400, 2600);
    assertThat(OUT.resolve("spider-report.png")).isNotEmptyFile();

    // the mismatch list of the first twelve questions alone, to look at (target/html/spider-mismatches.png)
    EvaluationReport few = EvaluationReport.builder().judge(report.judge()).benchmark(report.benchmark())
        .inputMode(report.inputMode()).timestamp(report.timestamp()).results(report.results().subList(0, 12))
        .build();
    Path small = OUT.resolve("spider-mismatches.html");
    HtmlReport.write(few, small);
    Chromium.Page smallPage = chromium.dumpDom(small, "");
    assertThat(smallPage.console()).isEmpty();
    chromium.screenshot(small, OUT.resolve("spider-mismatches.png"), 1400, 1700);
    assertThat(OUT.resolve("spider-mismatches.png")).isNotEmptyFile();
  }
}
