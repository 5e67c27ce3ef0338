package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Audit;
import dev.llmsql.audit.AuditFlag;
import dev.llmsql.audit.AuditReport;
import dev.llmsql.audit.QuestionAudit;
import dev.llmsql.report.html.AuditPage;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The audit's HTML page in headless Chromium: the demo's audit renders its counts and flagged question, the
 * {@code ?flag=} filter narrows the table, a hostile detail stays text, and the console stays clean.
 */
@Requires(programs = Program.CHROMIUM)
class AuditPageBrowserTest {

  static final Path OUT = Path.of("target", "html");

  @Test
  void demoAudit_rendersCountsAndTheFlaggedQuestion_withoutConsoleErrors() throws Exception {
    Chromium chromium = Chromium.require();
    AuditReport report = Audit.builder().questionsPath(DemoBenchmarkTest.DEMO.resolve("questions.jsonl"))
        .dbPath(DemoBenchmarkTest.DEMO.resolve("demo.sqlite")).threads(2).build().run();
    Path html = OUT.resolve("demo-audit.html");
    AuditPage.write(report, html);

    Chromium.Page page = chromium.dumpDom(html, "");

    assertThat(page.console()).isEmpty();
    assertThat(text(page.dom())).contains("Benchmark audit", "50 Questions", "1 Flagged 49 without flags",
        "1 gold_empty", "0 limit_tie", "1 of 1 flagged question(s)",
        "36 gold_empty gold_empty : the gold returns only NULL (1 row)");
    chromium.screenshot(html, OUT.resolve("demo-audit.png"), 1280, 1000);
    assertThat(OUT.resolve("demo-audit.png")).isNotEmptyFile();
  }

  @Test
  void flagFilter_andHostileDetails() throws Exception {
    Chromium chromium = Chromium.require();
    AuditReport report = new AuditReport("crafted", "llmsql",
        new AuditReport.Limits(Duration.ofSeconds(10), Duration.ofSeconds(5)),
        List.of(new QuestionAudit(1, "shop", Map.of(AuditFlag.LIMIT_TIE, "<script>alert(1)</script> tie"), 1000L),
            new QuestionAudit(2, "shop", Map.of(AuditFlag.GOLD_EMPTY, "no rows"), 1000L),
            new QuestionAudit(3, "shop", Map.of(), 1000L)),
        List.of(), Map.of(), Instant.EPOCH, Duration.ofMillis(5));
    Path html = OUT.resolve("crafted-audit.html");
    AuditPage.write(report, html);

    Chromium.Page all = chromium.dumpDom(html, "");
    Chromium.Page ties = chromium.dumpDom(html, "?flag=limit_tie");

    assertThat(all.console()).isEmpty();
    assertThat(text(all.dom())).contains("2 of 2 flagged question(s)", "<script>alert(1)</script> tie");
    assertThat(all.dom()).doesNotContain("<script>alert(1)</script>");
    assertThat(text(ties.dom())).contains("1 of 2 flagged question(s) with limit_tie");
  }

  private static String text(String dom) {
    return dom.replaceAll("(?s)<script.*?</script>|<style.*?</style>", " ").replaceAll("<[^>]+>", " ")
        .replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&#39;", "'").replaceAll("\\s+", " ");
  }
}
