package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.html.HtmlReport;
import dev.llmsql.report.html.Leaderboard;
import dev.llmsql.report.leaderboard.PublishedRun;
import dev.llmsql.sqlite.dataset.DatasetImport;
import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * LLMSQL 2.0 in the pages, opened in headless Chromium: the report's accuracy-by-category chart, and the
 * leaderboard's category table and upstream entries ranked with ours, with a clean console.
 */
@Requires(shared = Llmsql2Fixture.SHARED, programs = Program.CHROMIUM)
class Llmsql2BrowserTest {

  static final Path OUT = Path.of("target", "html");

  static Chromium chromium;
  static EvaluationReport report;

  @BeforeAll
  static void evaluateFixture() throws Exception {
    chromium = Chromium.require();
    Path fixture = Llmsql2Fixture.dir();
    Path db = Path.of("target", "llmsql2", "browser.sqlite").toAbsolutePath();
    Files.createDirectories(db.getParent());
    DatasetImport.builder().tablesJsonl(fixture.resolve("tables.jsonl")).overwrite(true).build().into(db);
    report = Evaluator.builder().questionsPath(fixture.resolve("questions.jsonl")).dbPath(db)
        .modelName("demo-model").noReportFile().showMismatches(false).build()
        .run(Path.of("llmsql2", "fixture-predictions.jsonl"));
  }

  @Test
  void report_showsAccuracyByCategory_withoutConsoleErrors() throws Exception {
    Path html = OUT.resolve("llmsql2-report.html");
    HtmlReport.write(report, html);

    Chromium.Page page = chromium.dumpDom(html, "");

    assertThat(page.console()).isEmpty();
    assertThat(HtmlText.of(page.dom())).contains("demo-model \u00b7 local", "66.67% Accuracy",
        "Accuracy by category convention 77.78% (7/9) lookup 66.67% (4/6) text_quantity 50.00% (3/6)");
    chromium.screenshot(html, OUT.resolve("llmsql2-report.png"), 1280, 1400);
    assertThat(OUT.resolve("llmsql2-report.png")).isNotEmptyFile();
  }

  @Test
  void leaderboard_categoriesAndUpstreamEntries_withoutConsoleErrors() throws Exception {
    Path html = OUT.resolve("llmsql2-leaderboard.html");
    Leaderboard.write(List.of(new Leaderboard.Entry("demo-model", report)), List.of(),
        List.of(new PublishedRun("Qwen/Qwen3-0.6B", "open-source", new PublishedRun.InferenceSetup(5, "vllm"),
            0.4983, null, "2026-02-24", "2.0",
            Path.of("leaderboard", "Qwen3-0.6B", "5fewshots", "run.yaml"))), html);

    Chromium.Page page = chromium.dumpDom(html, "");

    assertThat(page.console()).isEmpty();
    assertThat(HtmlText.of(page.dom())).contains(
        "Accuracy by category name convention lookup text_quantity demo-model 77.78% (7/9) 66.67% (4/6) "
            + "50.00% (3/6)",
        "LLMSQL leaderboard rank model type few-shot backend accuracy samples version date source "
            + "1 demo-model \u2013 \u2013 \u2013 66.67% 21 2.0",
        "2 Qwen/Qwen3-0.6B open-source 5 vllm 49.83% \u2013 2.0 2026-02-24");
    chromium.screenshot(html, OUT.resolve("llmsql2-leaderboard.png"), 1280, 1200);
    assertThat(OUT.resolve("llmsql2-leaderboard.png")).isNotEmptyFile();
  }

  /** The DOM's text as a reader sees it (same rule as HtmlReportBrowserTest). */
  static final class HtmlText {
    private HtmlText() {
    }

    static String of(String dom) {
      return dom.replaceAll("(?s)<script.*?</script>|<style.*?</style>", " ").replaceAll("<title>[^<]*</title>", " ")
          .replaceAll("<[^>]+>", " ").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">")
          .replace("&quot;", "\"").replace("&#39;", "'").replaceAll("\\s+", " ");
    }
  }
}
