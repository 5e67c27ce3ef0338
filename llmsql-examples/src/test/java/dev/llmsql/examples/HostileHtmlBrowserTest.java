package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.html.HtmlReport;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile-input suite, HTML reports in a real browser (issue 12.9): the page's Content-Security-Policy
 * lets only our own script run, so script smuggled into the page, past escaping or through a question,
 * does not run. Runs in headless Chromium (skipped without it, failed on CI).
 */
@Requires(programs = Program.CHROMIUM)
class HostileHtmlBrowserTest {

  static final Path DEMO = Path.of("demo");
  static final Path OUT = Path.of("target", "html");

  static Chromium chromium;
  static EvaluationReport report;

  @BeforeAll
  static void evaluateDemo() {
    chromium = Chromium.require();
    report = Evaluator.builder().questionsPath(DEMO.resolve("questions.jsonl")).dbPath(DEMO.resolve("demo.sqlite"))
        .noReportFile().showMismatches(false).build().run(DEMO.resolve("predictions.jsonl"));
  }

  @Test
  void report_scriptInjectedPastEscaping_doesNotRunWhileOurScriptDoes() throws Exception {
    // GIVEN: the report with a <script> and an event handler spliced in raw, as if escaping had missed them
    String page = HtmlReport.render(report);
    String hostile = "<script>document.body.setAttribute('data-pwned','script')</script>"
        + "<img src=x onerror=\"document.body.setAttribute('data-pwned','handler')\">";
    Path html = OUT.resolve("demo-report-injected.html");
    Files.createDirectories(OUT);
    Files.writeString(html, page.replace("<main>", "<main>" + hostile));

    // WHEN
    Chromium.Page loaded = chromium.dumpDom(html, "?q=lukas");

    // THEN: the policy blocked both, and our own (hashed) script still filtered the table
    assertThat(loaded.dom()).doesNotContain("data-pwned=\"");
    assertThat(text(loaded.dom())).contains("showing 1 of 23");
  }

  @Test
  void report_questionCarryingScript_isShownAsText() throws Exception {
    // GIVEN: a questions file whose question text is a script
    Path dir = Files.createDirectories(OUT.resolve("hostile-question"));
    List<String> lines = Files.readAllLines(DEMO.resolve("questions.jsonl"));
    String first = lines.get(0).replaceFirst("\"question\": \"[^\"]*\"",
        "\"question\": \"</td><script>document.body.setAttribute('data-pwned','question')</script>\"");
    lines.set(0, first);
    Files.write(dir.resolve("questions.jsonl"), lines);
    EvaluationReport hostile = Evaluator.builder().questionsPath(dir.resolve("questions.jsonl"))
        .dbPath(DEMO.resolve("demo.sqlite")).noReportFile().showMismatches(false).build()
        .run(List.of(java.util.Map.of("question_id", 1, "completion", "SELECT 'wrong'")));
    Path html = dir.resolve("report.html");
    HtmlReport.write(hostile, html);

    Chromium.Page loaded = chromium.dumpDom(html, "");

    assertThat(loaded.dom()).doesNotContain("data-pwned=\"");
    assertThat(text(loaded.dom())).contains("</td><script>document.body.setAttribute('data-pwned','question')"
        + "</script>");
  }

  /** The DOM's text, tags dropped and whitespace collapsed, as a reader sees it. */
  private static String text(String dom) {
    return dom.replaceAll("(?s)<script.*?</script>|<style.*?</style>", " ").replaceAll("<[^>]+>", " ")
        .replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
        .replace("&#39;", "'").replaceAll("\\s+", " ");
  }
}
