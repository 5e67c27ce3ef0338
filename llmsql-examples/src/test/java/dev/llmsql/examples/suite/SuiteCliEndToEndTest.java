package dev.llmsql.examples.suite;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.cli.Cli;
import dev.llmsql.examples.inference.GoldModelServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code llmsql suite run} on the demo suite against the scripted loopback models of {@link DemoSuiteModels}.
 *
 * <p>Hand computation for "sloppy" (W = weight, d = difficulty; "careful" gets every case right: 100.0 each):
 * <pre>
 * sql_understanding: execution_accuracy W4 u-ea-1 d1 WRONG (DROP refused), u-ea-2 d2 WRONG (4500.0 not 5500.00)
 *                    0/3; explain_detection W2 u-ex-1 d2 PASS 2/2; syntax_error_detection W3 u-se-1 d1 WRONG 0/1
 *                    (4*0 + 2*2 + 3*0) / (4*3 + 2*2 + 3*1) = 4/19 = 21.05 -> 21.1
 * dialect_conversion: logical_equivalence W3 d-le-1 d2 WRONG (judge: no) 0/2; syntax_error_detection W1 d-se-1
 *                    d1 PASS 1/1 -> (0 + 1) / (6 + 1) = 1/7 = 14.29 -> 14.3
 * sql_optimization:  logical_equivalence W2 o-le-1 d2 PASS (judge: yes) 2/2; optimization_depth W4 o-od-1 rule
 *                    columns d1 matched, sargable d2 not -> 1/3; syntax_error_detection W1 o-se-1 d1 PASS 1/1
 *                    (2*2 + 4*1 + 1*1) / (2*2 + 4*3 + 1*1) = 9/17 = 52.94 -> 52.9
 * </pre>
 */
class SuiteCliEndToEndTest {

  @TempDir
  Path tmp;

  @Test
  void suiteRun_demoSuiteTwoModels_printsScoresAndWritesReports() throws Exception {
    // given
    Path demo = Path.of("demo");
    Path out = tmp.resolve("reports");
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int status;

    // when
    try (GoldModelServer models = GoldModelServer.scripted(0, DemoSuiteModels::reply)) {
      status = new Cli(new PrintStream(stdout, true, StandardCharsets.UTF_8),
          new PrintStream(stderr, true, StandardCharsets.UTF_8)).run(new String[] {"suite", "run",
          "--suite", demo.resolve("suite").toString(), "--config", demo.resolve("suite.json").toString(),
          "--model", "careful", "--model", "sloppy", "--base-url", models.baseUrl(),
          "--judge-model", "judge", "--api-key-env", "LLMSQL_SUITE_TEST_KEY_UNSET", "--out", out.toString()});
    }

    // then
    assertThat(stderr.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(status).isEqualTo(Cli.OK);
    String printed = stdout.toString(StandardCharsets.UTF_8).replaceAll("\\d+\\.\\d s\\)", "T s)");
    assertThat(printed).isEqualTo("careful: sql_understanding 100.0, dialect_conversion 100.0, sql_optimization "
        + "100.0 (9 case(s), 0 failed to run, T s)\n"
        + "sloppy: sql_understanding 21.1, dialect_conversion 14.3, sql_optimization 52.9 (9 case(s), 0 failed to "
        + "run, T s)\n"
        + "reports: " + out.resolve("eval_reports") + ", " + out.resolve("evaluation_case_reports") + ", "
        + out.resolve("evaluation_process_detail_logs/process.jsonl") + ", " + out.resolve("model_pages") + ", "
        + out.resolve("leaderboard.html") + "\n");
    JsonNode cases = new ObjectMapper().readTree(out.resolve("evaluation_case_reports/sloppy/sql_understanding.json")
        .toFile());
    assertThat(cases.path("metrics").path(0).path("cases").path(0).path("detail").asText())
        .isEqualTo("the answer's SQL did not run: refused: only one statement may run, but more follows ';'");
    // 9 target requests per model, judge: careful 2 (u-ex-1, o-od-1; its hybrid answers pass objectively) and
    // sloppy 4 (u-ex-1, d-le-1, o-le-1, o-od-1)
    assertThat(Files.readAllLines(out.resolve("evaluation_process_detail_logs/process.jsonl"))).hasSize(24);
    String html = Files.readString(out.resolve("leaderboard.html"));
    assertThat(html.split("class=\"radar\"", -1)).hasSize(3);
    assertThat(html).contains("<td>sloppy</td><td>29.4</td><td>21.1</td><td>14.3</td><td>52.9</td>");
  }

  @Test
  void suiteRun_maxRows_capsExecutionCasesOfTheRun() throws Exception {
    // given: one execution case whose right answer has two rows
    Path suite = Files.createDirectories(tmp.resolve("suite/sql_understanding"));
    Files.writeString(suite.resolve("execution_accuracy.jsonl"), "{\"id\": \"two\", \"difficulty\": \"1\", "
        + "\"question\": \"Both ids?\", \"setup\": [\"CREATE TABLE t(id INTEGER)\", \"INSERT INTO t VALUES (1), (2)\"], "
        + "\"expected\": [[1], [2]]}\n");
    Path config = Files.writeString(tmp.resolve("suite.json"), "{\"name\": \"caps\", \"capabilities\": "
        + "{\"sql_understanding\": {\"execution_accuracy\": {\"weight\": 1, \"evaluation\": \"objective\", "
        + "\"prompt\": \"{{question}} Reply {\\\"sql\\\": \\\"...\\\"}.\"}}}}");

    // when: the same right answer, with the default row cap and with --max-rows 1
    String uncapped;
    String capped;
    try (GoldModelServer model = GoldModelServer.scripted(0,
        (name, prompt) -> "{\"sql\": \"SELECT id FROM t ORDER BY id\"}")) {
      uncapped = runSuite(model, config, tmp.resolve("out-default"), "--query-timeout", "2");
      capped = runSuite(model, config, tmp.resolve("out-capped"), "--max-rows", "1");
    }

    // then
    assertThat(uncapped).startsWith("m: sql_understanding 100.0 (1 case(s), 0 failed to run");
    assertThat(capped).startsWith("m: sql_understanding 0.0 (1 case(s), 0 failed to run");
    JsonNode cases = new ObjectMapper().readTree(tmp.resolve("out-capped/evaluation_case_reports/m/sql_understanding.json")
        .toFile());
    assertThat(cases.path("metrics").path(0).path("cases").path(0).path("detail").asText()).isEqualTo("the answer's SQL did not run: more than 1 rows");
  }

  private String runSuite(GoldModelServer model, Path config, Path out, String... extra) {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("suite", "run",
        "--suite", tmp.resolve("suite").toString(), "--config", config.toString(), "--model", "m",
        "--base-url", model.baseUrl(), "--api-key-env", "LLMSQL_SUITE_TEST_KEY_UNSET", "--out", out.toString()));
    args.addAll(java.util.List.of(extra));
    int status = new Cli(new PrintStream(stdout, true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8)).run(args.toArray(String[]::new));
    assertThat(stderr.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(status).isEqualTo(Cli.OK);
    return stdout.toString(StandardCharsets.UTF_8);
  }
}
