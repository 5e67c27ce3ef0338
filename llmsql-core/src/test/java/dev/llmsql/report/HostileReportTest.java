package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.report.csv.CsvCells;
import dev.llmsql.report.csv.CsvReport;
import dev.llmsql.report.html.HtmlReport;
import dev.llmsql.report.html.Leaderboard;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;

/**
 * Hostile-input suite, reports (issue 12.9): formula injection in every CSV text cell, and a page policy
 * that lets only our own script run. Corpus: {@code hostile/csv-cells.json} (input and the exact cell).
 */
class HostileReportTest {

  private static final Pattern CSP = Pattern.compile(
      "<meta http-equiv=\"Content-Security-Policy\" content=\"([^\"]*)\">");
  private static final Pattern SCRIPT = Pattern.compile("(?s)<script>(.*?)</script>");

  @Test
  void csvCells_corpus_everyCellExact() throws Exception {
    for (JsonNode c : corpus()) {
      assertThat(CsvCells.text(c.path("input").asText())).as(c.path("input").asText())
          .isEqualTo(c.path("cell").asText());
    }
  }

  @Test
  void csvReport_hostileTextInEveryColumn_isNeutralisedWhileNumbersStayNumeric() throws Exception {
    for (JsonNode c : corpus()) {
      String hostile = c.path("input").asText();
      String cell = c.path("cell").asText();
      // GIVEN: question, tag, difficulty, gold, prediction, detail and error all carrying the hostile text
      EvaluationReport report = reportWith(hostile);
      ByteArrayOutputStream out = new ByteArrayOutputStream();

      // WHEN
      CsvReport.write(report, out);

      // THEN: every text cell is the corpus's exact cell; the id and time stay plain numbers
      List<CSVRecord> rows = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get()
          .parse(new StringReader(out.toString(StandardCharsets.UTF_8))).getRecords();
      assertThat(rows).hasSize(1);
      assertThat(rows.get(0).toList()).as(hostile).containsExactly("7", cell, cell, cell, cell,
          cell, "WRONG", "OTHER", cell, cell, "0.002");
    }
  }

  @Test
  void csvReport_tabEqualsInQuestion_exactLine() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    CsvReport.write(reportWith("\t=1+1"), out);

    assertThat(out.toString(StandardCharsets.UTF_8).lines().skip(1).findFirst()).hasValue(
        "7,'\t=1+1,'\t=1+1,'\t=1+1,'\t=1+1,'\t=1+1,WRONG,OTHER,'\t=1+1,'\t=1+1,0.002");
  }

  @Test
  void htmlReport_policy_allowsExactlyOurScriptByHash() throws Exception {
    String html = HtmlReport.render(reportWith("</td><script>document.body.dataset.pwned='yes'</script>"));

    assertOnlyOwnScriptAllowed(html);
    assertThat(html).doesNotContain("<script>document.body").contains(
        "&lt;/td&gt;&lt;script&gt;document.body.dataset.pwned=&#39;yes&#39;&lt;/script&gt;");
  }

  @Test
  void leaderboard_policy_allowsExactlyOurScriptByHash() throws Exception {
    EvaluationReport r = Reports.of(new boolean[] {true, false});
    String html = Leaderboard.render(List.of(new Leaderboard.Entry("<script>alert(1)</script>", r)));

    assertOnlyOwnScriptAllowed(html);
    assertThat(html).doesNotContain("<script>alert");
  }

  private static void assertOnlyOwnScriptAllowed(String html) throws Exception {
    Matcher csp = CSP.matcher(html);
    assertThat(csp.find()).isTrue();
    String policy = csp.group(1);
    List<String> scripts = new ArrayList<>();
    Matcher m = SCRIPT.matcher(html);
    while (m.find()) {
      scripts.add(m.group(1));
    }
    assertThat(scripts).hasSize(1);
    String hash = Base64.getEncoder().encodeToString(
        MessageDigest.getInstance("SHA-256").digest(scripts.get(0).getBytes(StandardCharsets.UTF_8)));
    assertThat(policy).isEqualTo("default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-" + hash
        + "'; img-src data:; base-uri 'none'; form-action 'none'");
    String scriptSrc = policy.substring(policy.indexOf("script-src"), policy.indexOf(';', policy.indexOf("script-src")));
    assertThat(scriptSrc).doesNotContain("unsafe-inline", "unsafe-eval", "*", "data:");
  }

  private static EvaluationReport reportWith(String hostile) {
    EvaluationReport base = Reports.of(new boolean[] {false});
    Verdict verdict = Verdict.mismatch(Reason.OTHER, hostile);
    QuestionResult result = new QuestionResult(7, verdict, 1, 1, false, false, hostile, 2_000_000L);
    QuestionDetail detail = new QuestionDetail(7, hostile, hostile, hostile, List.of(hostile), hostile);
    Mismatch mismatch = new Mismatch(7, hostile, hostile, hostile, List.of(List.of(hostile)),
        List.of(List.of(hostile)), verdict);
    return EvaluationReport.builder().total(1).matches(0).predNone(0).goldNone(0).sqlErrors(0).accuracy(0)
        .mismatches(List.of(mismatch)).timestamp(base.timestamp()).inputMode(base.inputMode()).results(List.of(result))
        .judge("llmsql").scores(base.scores()).benchmark(hostile).duration(base.duration()).details(List.of(detail))
        .build();
  }

  private static JsonNode corpus() throws Exception {
    try (InputStream in = HostileReportTest.class.getResourceAsStream("/hostile/csv-cells.json")) {
      return new ObjectMapper().readTree(in);
    }
  }
}
