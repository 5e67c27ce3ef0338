package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI gate and {@code llmsql compare} end to end on the bundled demo: A is the demo's predictions
 * (27 of 50), B fixes ten of A's wrong answers (the gold SQL) and breaks two right ones (35 of 50).
 */
class GateCliTest {

  static final Path DEMO = CliTest.DEMO;
  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  static Path dir;
  static Path predsA;
  static Path predsB;
  static Path reportA;
  static Path reportB;
  static List<Integer> fixed = new ArrayList<>();
  static List<Integer> broken = new ArrayList<>();

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  static int run(ByteArrayOutputStream out, ByteArrayOutputStream err, String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  int run(String... args) {
    return run(out, err, args);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  static List<String> demo(Path predictions, String... more) {
    List<String> args = new ArrayList<>(List.of("evaluate", "--outputs", predictions.toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--threads", "1", "--quiet"));
    args.addAll(List.of(more));
    return args;
  }

  @BeforeAll
  static void twoRuns() throws IOException {
    predsA = Files.copy(DEMO.resolve("predictions.jsonl"), dir.resolve("a.jsonl"));
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    assertThat(run(o, e, demo(predsA, "--format", "json", "--out", dir.toString()).toArray(String[]::new)))
        .as(e.toString(StandardCharsets.UTF_8)).isZero();
    reportA = dir.resolve("a.json");
    Map<Integer, String> gold = new HashMap<>();
    for (String line : Files.readAllLines(DEMO.resolve("questions.jsonl"))) {
      JsonNode q = JSON.readTree(line);
      gold.put(q.get("question_id").asInt(), q.get("sql").asText());
    }
    for (JsonNode r : JSON.readTree(reportA.toFile()).get("results")) {
      String outcome = r.get("outcome").asText();
      int id = r.get("question_id").asInt();
      if (outcome.equals("MATCH") && broken.size() < 2) {
        broken.add(id);
      } else if ((outcome.equals("MISMATCH") || outcome.equals("ERROR")) && fixed.size() < 10) {
        fixed.add(id);
      }
    }
    List<String> lines = new ArrayList<>();
    for (String line : Files.readAllLines(predsA)) {
      JsonNode p = JSON.readTree(line);
      int id = p.get("question_id").asInt();
      String completion = fixed.contains(id) ? gold.get(id) : broken.contains(id) ? "SELECT 0 WHERE 0"
          : p.get("completion").asText();
      lines.add(JSON.writeValueAsString(Map.of("question_id", id, "completion", completion)));
    }
    predsB = Files.write(dir.resolve("b.jsonl"), lines);
    assertThat(run(o, e, demo(predsB, "--format", "json", "--out", dir.toString()).toArray(String[]::new)))
        .as(e.toString(StandardCharsets.UTF_8)).isZero();
    reportB = dir.resolve("b.json");
  }

  @Test
  void compare_demoRuns_printsOneScreenWithExactMcNemar() {
    assertThat(fixed).containsExactly(3, 5, 10, 12, 14, 18, 20, 22, 23, 25);
    assertThat(broken).containsExactly(1, 2);
    assertThat(run("compare", reportA.toString(), reportB.toString())).as(err()).isZero();
    assertThat(out()).isEqualTo("""
        Paired comparison over 50 question(s)
          a.json   54.00%  95% CI 40.40% to 67.03%
          b.json   70.00%  95% CI 56.25% to 80.90%
          both matched 25, neither matched 13, only a.json 2, only b.json 10
          exact McNemar: b=2, c=10, two-sided p = 0.0386
          fixed by b.json (10): 3, 5, 10, 12, 14, 18, 20, 22, 23, 25
          broken by b.json (2): 1, 2
        Verdict: b.json is better (p = 0.0386 < 0.05)
        """);
    assertThat(err()).isEmpty();
  }

  @Test
  void compare_failUnlessBetter_exitsSixTheOtherWayRound() {
    assertThat(run("compare", reportB.toString(), reportA.toString(), "--fail-unless-better"))
        .isEqualTo(Cli.GATE_FAILED);
    assertThat(out()).endsWith("Verdict: b.json is better (p = 0.0386 < 0.05)\n");
    assertThat(run("compare", reportA.toString(), reportB.toString(), "--fail-unless-better", "--alpha", "0.01"))
        .isEqualTo(Cli.GATE_FAILED);
    assertThat(run("compare", reportA.toString(), reportB.toString(), "--fail-unless-better")).isZero();
  }

  @Test
  void compare_html_writesTheComparisonView() throws IOException {
    Path html = dir.resolve("compare.html");
    assertThat(run("compare", reportA.toString(), reportB.toString(), "--html", html.toString())).as(err()).isZero();
    String page = Files.readString(html);
    assertThat(page).contains("<title>a.json vs b.json: b.json is better (p = 0.0386 &lt; 0.05)</title>",
        "<div class=\"card\" id=\"p-value\"><div class=\"v\">0.0386</div>",
        "<div class=\"ci\">95% CI 40.40% to 67.03%</div>", "<h2>Fixed by b.json (10)</h2>",
        "<h2>Broken by b.json (2)</h2>");
    assertThat(page.split("<tr><td>", -1)).hasSize(13);   // 10 fixed + 2 broken rows
  }

  @Test
  void compare_differentQuestions_isRefusedWithExit3() throws IOException {
    List<String> lines = Files.readAllLines(predsA).subList(0, 40);
    Path partial = Files.write(dir.resolve("partial.jsonl"), lines);
    Path out2 = Files.createDirectories(dir.resolve("partial"));
    assertThat(run(demo(partial, "--format", "json", "--out", out2.toString()).toArray(String[]::new))).isZero();
    err.reset();
    assertThat(run("compare", reportA.toString(), out2.resolve("partial.json").toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql compare: cannot compare a.json with partial.json: the reports scored "
        + "different questions (10 only in the first: 41, 42, 43, 44, 45, ..., 0 only in the second); compare runs "
        + "over the same questions\n");
  }

  @Test
  void compare_usage_isExit2() {
    assertThat(run("compare", reportA.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql compare: give exactly two REPORT.json files (written by llmsql evaluate "
        + "--format json), but got 1 (see llmsql compare --help)\n");
  }

  @Test
  void failUnder_belowThreshold_exits6WithOneLine() {
    assertThat(run(demo(predsA, "--fail-under", "0.6").toArray(String[]::new))).isEqualTo(Cli.GATE_FAILED);
    assertThat(out()).isEqualTo("54.00% accuracy (27 of 50 matched)\n"
        + "llmsql gate: FAILED: accuracy 0.5400 < 0.6000 (fail-under)\n");
    assertThat(err()).isEmpty();
  }

  @Test
  void baselineAndFailUnder_betterRun_passesListingRegressions() {
    assertThat(run(demo(predsB, "--fail-under", "accuracy=0.7", "--baseline", reportA.toString())
        .toArray(String[]::new))).as(err()).isZero();
    assertThat(out()).isEqualTo("70.00% accuracy (35 of 50 matched)\n"
        + "llmsql gate: passed: accuracy 0.7000 >= 0.7000 (fail-under), accuracy 0.7000 >= 0.5400 (baseline "
        + "0.5400 - tolerance 0.0000); 2 question(s) regressed: 1, 2\n");
  }

  @Test
  void baseline_worseRun_exits6WithJunitXmlAndGithubAnnotations() throws IOException {
    Path xml = dir.resolve("gate.xml");
    assertThat(run(demo(predsA, "--baseline", reportB.toString(), "--tolerance", "0.1", "--gate-format",
        "junit-xml=" + xml, "--gate-format", "github").toArray(String[]::new))).isEqualTo(Cli.GATE_FAILED);
    String file = predsA.toString().replace(",", "%2C").replace(":", "%3A");
    String printed = out();
    assertThat(printed).startsWith("54.00% accuracy (27 of 50 matched)\n::error file=" + file
        + ",title=llmsql gate%3A accuracy >= 0.6000 (baseline)::accuracy 0.5400 < 0.6000 (baseline 0.7000 - "
        + "tolerance 0.1000)\n");
    List<String> warnings = printed.lines().filter(l -> l.startsWith("::warning")).toList();
    assertThat(warnings).hasSize(10);
    for (int i = 0; i < 10; i++) {
      int id = fixed.get(i);
      assertThat(warnings.get(i)).matches(java.util.regex.Pattern.quote("::warning file=" + file
          + ",title=regressed question " + id + "::question " + id + ": matched in the baseline, now ")
          + "(MISMATCH|ERROR) [A-Z_]+");
    }
    assertThat(printed).endsWith("::error title=llmsql gate::llmsql gate: FAILED: accuracy 0.5400 < 0.6000 "
        + "(baseline 0.7000 - tolerance 0.1000); 10 question(s) regressed: 3, 5, 10, 12, 14, 18, 20, 22, 23, 25\n"
        + "llmsql gate: FAILED: accuracy 0.5400 < 0.6000 (baseline 0.7000 - tolerance 0.1000); 10 question(s) "
        + "regressed: 3, 5, 10, 12, 14, 18, 20, 22, 23, 25\n");
    String junit = Files.readString(xml);
    assertThat(junit).startsWith("""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="llmsql gate" tests="1" failures="1">
          <testsuite name="llmsql gate" tests="1" failures="1" errors="0" skipped="0">
            <testcase classname="llmsql.gate.baseline" name="accuracy &gt;= 0.6000 (baseline)">
              <failure type="baseline" message="accuracy 0.5400 &lt; 0.6000 (baseline 0.7000 - tolerance 0.1000)"/>
              <system-out>question 3: matched in the baseline, now""");
    assertThat(junit).endsWith("</system-out>\n    </testcase>\n  </testsuite>\n</testsuites>\n");
  }

  @Test
  void gateOptions_badValues_areUsageErrors() {
    assertThat(run(demo(predsA, "--fail-under", "1.5").toArray(String[]::new))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --fail-under accuracy takes a rate between 0 and 1 (0.7 for "
        + "70%), but was '1.5' (see llmsql evaluate --help)\n");
    err.reset();
    assertThat(run(demo(predsA, "--tolerance", "0.1").toArray(String[]::new))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --tolerance needs --baseline REPORT.json to compare against "
        + "(see llmsql evaluate --help)\n");
    err.reset();
    assertThat(run(demo(predsA, "--fail-under", "soft-f1=0.5").toArray(String[]::new))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --fail-under soft-f1 needs that score: add --scoring soft-f1 "
        + "(or gate on accuracy)\n");
    err.reset();
    assertThat(run(demo(predsA, "--gate-format", "github").toArray(String[]::new))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --gate-format needs a gate: --fail-under or --baseline "
        + "(see llmsql evaluate --help)\n");
    err.reset();
    assertThat(run(demo(predsA, "--fail-under", "0.5", "--gate-format", "xml").toArray(String[]::new)))
        .isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --gate-format takes junit-xml=FILE or github, but was 'xml' "
        + "(see llmsql evaluate --help)\n");
    err.reset();
    // a breakdown slice exists only with --breakdowns: known before the run, which then failed it as missing
    assertThat(run(demo(predsA, "--fail-under", "sql:joins=0.5").toArray(String[]::new))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --fail-under sql:joins gates on a breakdown slice: add "
        + "--breakdowns\n");
    assertThat(out()).isEmpty();
    // an empty entry: "," gave no gate at all, and the run passed whatever its accuracy
    for (String value : List.of(",", "0.5,", " ")) {
      err.reset();
      assertThat(run(demo(predsA, "--fail-under", value).toArray(String[]::new))).isEqualTo(Cli.USAGE);
      assertThat(err()).isEqualTo("llmsql evaluate: --fail-under takes SCORE=MIN[,SCORE=MIN] or MIN for accuracy, "
          + "e.g. accuracy=0.7,soft-f1=0.5, but was '" + value + "' (see llmsql evaluate --help)\n");
    }
  }

  @Test
  void baseline_missingOrNotAFullReport_isExit3BeforeTheRun() throws IOException {
    assertThat(run(demo(predsA, "--baseline", dir.resolve("nope.json").toString()).toArray(String[]::new)))
        .isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: --baseline " + dir.resolve("nope.json")
        + ": file not found; check the path\n");
    assertThat(out()).isEmpty();
  }

  @Test
  void baseline_ofAnotherBenchmark_isExit3BeforeTheRun() throws IOException {
    // the same ids, one gold changed: found only after the whole evaluation before
    List<String> questions = new ArrayList<>(Files.readAllLines(DEMO.resolve("questions.jsonl")));
    JsonNode third = JSON.readTree(questions.get(2));
    ((com.fasterxml.jackson.databind.node.ObjectNode) third).put("sql", "SELECT 3");
    questions.set(2, JSON.writeValueAsString(third));
    Path other = Files.write(dir.resolve("other-questions.jsonl"), questions);
    List<String> args = demo(predsA, "--baseline", reportA.toString());
    args.set(args.indexOf("--questions-path") + 1, other.toString());

    assertThat(run(args.toArray(String[]::new))).isEqualTo(Cli.BAD_INPUT);

    assertThat(err()).isEqualTo("llmsql evaluate: --baseline " + reportA + ": is a run of another benchmark: "
        + "question " + third.get("question_id").asInt() + " has different gold SQL in " + other + " ('local "
        + DEMO.resolve("questions.jsonl") + " on " + DEMO.resolve("demo.sqlite") + "' before); give a baseline "
        + "of the same benchmark\n");
    assertThat(out()).isEmpty();
  }

  @Test
  void readme_gateAndCompareOutputs_areWhatTheCommandsPrint() throws IOException {
    String readme = Files.readString(Path.of("..", "README.md"));
    Path reports = Files.createDirectories(dir.resolve("readme"));
    Path bundledB = DEMO.resolve("predictions-b.jsonl");
    assertThat(run(demo(bundledB, "--fail-under", "0.7", "--baseline", DEMO.resolve("baseline-report.json")
        .toString()).toArray(String[]::new))).as(err()).isZero();
    assertThat(readme).contains("```\n" + out() + "```\n");
    out.reset();
    for (Path predictions : List.of(DEMO.resolve("predictions.jsonl"), bundledB)) {
      assertThat(run(demo(predictions, "--format", "json", "--out", reports.toString()).toArray(String[]::new)))
          .as(err()).isZero();
    }
    out.reset();
    assertThat(run("compare", reports.resolve("predictions.json").toString(),
        reports.resolve("predictions-b.json").toString())).as(err()).isZero();
    // after the two evaluate runs' accuracy lines (ReadmeCommandsTest runs the whole block as pasted)
    assertThat(readme).contains("matched)\n" + out() + "```\n");
  }

  @Test
  void outputs_mayNotOverwriteTheBaseline() throws IOException {
    Path baseline = Files.copy(reportA, dir.resolve("keep.json"));
    byte[] before = Files.readAllBytes(baseline);
    assertThat(run(demo(predsB, "--baseline", baseline.toString(), "--gate-format", "junit-xml=" + baseline)
        .toArray(String[]::new))).isEqualTo(Cli.USAGE);
    assertThat(run(demo(predsB, "--baseline", baseline.toString(), "--format", "json", "--out", dir.toString(),
        "--name", "keep").toArray(String[]::new))).isEqualTo(Cli.USAGE);
    assertThat(err()).contains("--baseline report");
    assertThat(Files.readAllBytes(baseline)).isEqualTo(before);
  }
}
