package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteCommandTest {

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.PLAIN, name -> null).run(args);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void suite_help_listsOptionsAndExitCodes() {
    assertThat(run("suite", "--help")).isZero();
    assertThat(out()).startsWith("Usage: llmsql suite run --suite DIR --config F --model M --base-url U "
        + "--judge-model J --out DIR [options]\n").contains("--judge-base-url U", "--concurrency N",
        "Exit status: 0 every case ran, 1 some cases failed to run");
  }

  @Test
  void main_help_listsSuiteCommand() {
    assertThat(run("--help")).isZero();
    assertThat(out()).contains("  llmsql suite run --suite DIR --config F --model M --base-url U --judge-model J "
        + "--out DIR\n");
  }

  @Test
  void importScale_datasetConfig_writesConfigAndPromptsAndListsWhatToCheck(@TempDir Path tmp) throws Exception {
    Path py = Files.writeString(tmp.resolve("dataset_config.py"), """
        def prompt_for_syntax(case: dict) -> str:
            query = case.get("sql", "")
            return f\"\"\"Syntax error in {query}? Reply {{"has_syntax_error": "yes|no"}}\"\"\"


        def prompt_for_plan(case: dict) -> str:
            plan = build(case)
            return f\"\"\"Plan: {plan}\"\"\"


        DATASET_CONFIG = {
            "sql_understanding": {
                'syntax_error_detection.jsonl': {'target_model_prompt': prompt_for_syntax,
                                                 'evaluation_type': "objective", 'indicator_ability_weights': 1},
                'explain_detection.jsonl': {'target_model_prompt': prompt_for_plan,
                                            'evaluation_type': "objective", 'indicator_ability_weights': 2}
            }
        }
        """);
    Path config = tmp.resolve("out").resolve("suite.json");

    int status = run("suite", "import-scale", py.toString(), "--out", config.toString());

    assertThat(status).isEqualTo(Cli.OK);
    assertThat(out()).isEqualTo(config + " (2 prompt file(s) in " + config.toAbsolutePath().resolveSibling("prompts")
        + ")\n");
    assertThat(err()).isEqualTo("check: sql_understanding/explain_detection.jsonl target_model_prompt: "
        + "prompt_for_plan computes its prompt in Python (plan); check the prompt file\n");
    assertThat(Files.readString(config.resolveSibling("prompts/sql_understanding/syntax_error_detection.txt")))
        .isEqualTo("Syntax error in {{sql}}? Reply {\"has_syntax_error\": \"yes|no\"}\n");
    JsonNode capabilities = new ObjectMapper().readTree(config.toFile()).get("capabilities");
    assertThat(capabilities.get("sql_understanding").size()).isEqualTo(2);
  }

  @Test
  void suite_unknownSubcommand_isUsageError() {
    assertThat(run("suite", "start")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql suite: unknown subcommand 'start'; known: run, import-scale (see llmsql "
        + "suite --help)\n");
  }

  @Test
  void suiteRun_withoutRequiredOptions_namesThem() {
    assertThat(run("suite", "run", "--model", "m")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql suite run: --suite, --config, --model, --base-url and --out are required "
        + "(see llmsql suite --help)\n");
  }

  @Test
  void suiteRun_badConcurrency_isUsageError() {
    assertThat(run("suite", "run", "--concurrency", "0")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql suite run: --concurrency takes a whole number between 1 and 256, but was '0' "
        + "(see llmsql suite --help)\n");
  }

  @Test
  void suiteRun_malformedConfig_isBadInputNamingFile() throws Exception {
    // given
    Path config = Files.writeString(dir.resolve("suite.json"), "{\"capabilities\": {}}");
    Files.createDirectories(dir.resolve("data"));

    // when
    int status = run("suite", "run", "--suite", dir.resolve("data").toString(), "--config", config.toString(),
        "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--out", dir.resolve("out").toString());

    // then
    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql suite run: " + config + ": \"capabilities\" is missing or empty; give e.g. "
        + "{\"capabilities\": {\"sql_understanding\": {\"execution_accuracy\": {\"weight\": 4, ...}}}}\n");
  }

  @Test
  void suiteRun_subjectiveWithoutJudge_namesOption() throws Exception {
    // given
    Path data = Files.createDirectories(dir.resolve("data/sql_understanding"));
    Files.writeString(data.resolve("explain_detection.jsonl"), "{\"id\": \"e\", \"difficulty\": \"1\", \"sql\": "
        + "\"SELECT 1\"}\n");
    Path config = Files.writeString(dir.resolve("suite.json"), "{\"capabilities\": {\"sql_understanding\": "
        + "{\"explain_detection\": {\"weight\": 2, \"evaluation\": \"subjective\", \"prompt\": \"{{sql}}\"}}}}");

    // when
    int status = run("suite", "run", "--suite", dir.resolve("data").toString(), "--config", config.toString(),
        "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--out", dir.resolve("out").toString());

    // then
    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql suite run: the suite has subjective or hybrid metrics, so it needs at least "
        + "one --judge-model J (see llmsql suite --help)\n");
  }

  @Test
  void leaderboard_suiteScoreReports_drawsRadarPerModel() throws Exception {
    // given: two score reports as 'llmsql suite run' writes them
    Path a = Files.writeString(dir.resolve("model-a.json"), """
        {
          "model" : "model-a",
          "suite" : "s",
          "capabilities" : [ {"capability" : "sql_understanding", "score" : 41.9},
                             {"capability" : "dialect_conversion", "score" : 88.2},
                             {"capability" : "sql_optimization", "score" : 57.6} ]
        }
        """);
    Path b = Files.writeString(dir.resolve("model-b.json"), "{\"model\": \"model-b\", \"capabilities\": [{\"capability\": "
        + "\"sql_understanding\", \"score\": 10.0}]}");
    Path board = dir.resolve("board.html");

    // when
    int status = run("leaderboard", b.toString(), a.toString(), "--out", board.toString());

    // then
    assertThat(status).isZero();
    assertThat(out()).isEqualTo(board + "\n");
    String html = Files.readString(board);
    assertThat(html).containsSubsequence("<tr><td>1</td><td>model-a</td><td>62.6</td><td>41.9</td><td>88.2</td>",
        "<tr><td>2</td><td>model-b</td><td>10.0</td><td>10.0</td><td>\u2013</td><td>\u2013</td></tr>");
    assertThat(html.split("class=\"radar\"", -1)).hasSize(3);
  }

  @Test
  void leaderboard_brokenSuiteScoreReport_isBadInput() throws Exception {
    // given
    Path broken = Files.writeString(dir.resolve("m.json"), "{\"model\": \"m\", \"capabilities\": [{\"score\": 1}]}");

    // when
    int status = run("leaderboard", broken.toString(), "--out", dir.resolve("b.html").toString());

    // then
    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql leaderboard: " + broken + " is not a suite score report (it needs \"model\" "
        + "and \"capabilities\" [{\"capability\", \"score\"}], as in eval_reports/<model>.json)\n");
  }

  @Test
  void leaderboard_suiteScoreReportNotJson_saysLineColumnAndWhatWasExpected() throws Exception {
    Path cut = Files.writeString(dir.resolve("m.json"), "{\"model\": \"m\",\n \"capabilities\": [{\"score\": 1}\n");

    int status = run("leaderboard", cut.toString(), "--out", dir.resolve("b.html").toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql leaderboard: " + cut + ": not valid JSON at line 2, column 31: expected ',' "
        + "or ']' (the text ends early; was it cut off?); give a score report the suite wrote "
        + "(eval_reports/<model>.json)\n");
  }

  /**
   * An answer over the response cap: the case report (what a command line user reads) names
   * {@code --max-response-bytes}, not the builder call, for the target model's failure and a judge's.
   */
  @Test
  void suiteRun_answerOverTheResponseCap_caseReportsNameTheOption() throws Exception {
    // given: one subjective case; model "big" and judge "j" answer 2,000 characters, model "small" a few
    Path data = Files.createDirectories(dir.resolve("data/sql_understanding"));
    Files.writeString(data.resolve("explain_detection.jsonl"), "{\"id\": \"e\", \"difficulty\": \"1\", \"sql\": "
        + "\"SELECT 1\"}\n");
    Path config = Files.writeString(dir.resolve("suite.json"), "{\"capabilities\": {\"sql_understanding\": "
        + "{\"explain_detection\": {\"weight\": 2, \"evaluation\": \"subjective\", \"prompt\": "
        + "\"Question: {{sql}}\"}}}}");
    Path outDir = dir.resolve("out");
    try (dev.llmsql.models.inference.ModelServer server = new dev.llmsql.models.inference.ModelServer(
        (model, question, attempt) -> dev.llmsql.models.inference.ModelServer.Reply.ok(
            model.equals("small") ? "It returns 1." : "x".repeat(2_000)))) {
      String cap = "answer larger than 1024 bytes (the cap) from " + server.baseUrl() + "/chat/completions; raise "
          + "--max-response-bytes if the model really answers at such length";

      // when
      int status = run("suite", "run", "--suite", dir.resolve("data").toString(), "--config", config.toString(),
          "--model", "big", "--model", "small", "--judge-model", "j", "--base-url", server.baseUrl(), "--out",
          outDir.toString(), "--max-response-bytes", "1024", "--quiet");

      // then
      assertThat(status).isEqualTo(Cli.FAILED);
      assertThat(err()).isEmpty();
      JsonNode big = new ObjectMapper().readTree(outDir.resolve("evaluation_case_reports/big/sql_understanding.json")
          .toFile()).at("/metrics/0/cases/0");
      assertThat(big.get("verdict").asText()).isEqualTo("FAILED");
      assertThat(big.get("detail").asText()).isEqualTo("the target model did not answer: " + cap);
      JsonNode small = new ObjectMapper().readTree(outDir.resolve(
          "evaluation_case_reports/small/sql_understanding.json").toFile()).at("/metrics/0/cases/0");
      assertThat(small.get("detail").asText()).isEqualTo("every judge failed: j: " + cap);
      assertThat(small.at("/judges/0/reason").asText()).isEqualTo(cap);
      assertThat(Files.readString(outDir.resolve("model_pages/small.html"))).contains(cap)
          .doesNotContain("maxResponseBytes");
    }
  }

  @Test
  void suiteLibraryMessages_inCliTerms_nameTheSuiteOptions() {
    picocli.CommandLine.Model.CommandSpec spec = new Cli(System.out, System.err).commands().getSubcommands()
        .get("suite").getSubcommands().get("run").getCommandSpec();

    assertThat(CliTerms.inCliTerms("dataset is required; call dataset(directory, configFile) with maxRows(5) and "
        + "queryTimeout(...)", spec))
        .isEqualTo("dataset is required; call dataset(directory, configFile) with --max-rows 5 and --query-timeout");
  }
}
