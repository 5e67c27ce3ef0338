package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code llmsql evaluate --save-leaderboard-yaml} and {@code llmsql leaderboard} over upstream YAML entries. */
class LeaderboardYamlCliTest {

  static final Path DEMO = Path.of("..", "llmsql-examples", "demo");

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  String[] demo(String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("evaluate", "--outputs",
        DEMO.resolve("predictions.jsonl").toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report", "--threads", "1", "--quiet"));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void evaluate_saveLeaderboardYaml_upstreamEntryWithMetadataMerged() throws Exception {
    // given: the run metadata inference api writes, plus a hand-added type
    Path metadata = Files.writeString(dir.resolve("demo.run.json"), """
        {"model": {"name": "from-metadata"}, "type": "open-source",
         "inference": {"backend": "api", "arguments": {"num_fewshots": 5, "max_new_tokens": 256}}}
        """);
    Path yaml = dir.resolve("board/demo/run.yaml");

    // when
    int status = run(demo("--model-name", "demo-model", "--run-metadata", metadata.toString(),
        "--save-leaderboard-yaml", yaml.toString()));

    // then: --model-name is the default model.name, the metadata's own model.name is merged on top of it
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(status).isZero();
    String text = Files.readString(yaml).replaceFirst("(?m)^date: .*$", "date: DATE")
        .replaceFirst("(?m)^os_name: .*$", "os_name: OS");
    assertThat(text).isEqualTo("""
        date: DATE
        model:
          name: from-metadata
          revision: null
          commit_hash: null
          parameter_count: null
          dtype: null
          thinking: null
        type: open-source
        llmsql:
          version: 0.1.0-SNAPSHOT
          commit_hash: null
        version: null
        os_name: OS
        python_version: null
        pip_freeze: null
        device: null
        inference:
          backend: api
          arguments:
            num_fewshots: 5
            max_new_tokens: 256
        results:
          execution_accuracy: 0.54
          num_samples: 50
          answers_path: {answers}
        """.replace("{answers}", DEMO.resolve("predictions.jsonl").toString()));
    assertThat(Files.readString(yaml)).matches("(?s)date: \\d{4}-\\d{2}-\\d{2}\n.*");
  }

  @Test
  void evaluate_runMetadataNotAMapping_isBadInputBeforeTheRun() throws Exception {
    Path metadata = Files.writeString(dir.resolve("meta.yaml"), "- just\n- a list\n");

    int status = run(demo("--run-metadata", metadata.toString(), "--save-leaderboard-yaml",
        dir.resolve("run.yaml").toString()));

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql evaluate: --run-metadata " + metadata
        + ": run metadata must be one mapping (YAML or JSON object), e.g. {\"type\": \"open-source\", "
        + "\"inference\": {\"backend\": \"vllm\"}}\n");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(dir.resolve("run.yaml")).doesNotExist();
  }

  @Test
  void leaderboard_reportAndUpstreamDirectory_rankedTogether() throws Exception {
    // given: our report, and upstream's layout leaderboard/<model>/<setting>/run.yaml
    assertThat(run(demo("--format", "json", "--out", dir.toString(), "--name", "demo"))).isZero();
    Path board = dir.resolve("leaderboard");
    Files.createDirectories(board.resolve("strong/0fewshots"));
    Files.createDirectories(board.resolve("weak/0fewshots"));
    Files.writeString(board.resolve("strong/0fewshots/run.yaml"), "date: 2026-02-01\nmodel: {name: strong}\n"
        + "type: proprietary\ninference: {backend: api, arguments: {num_fewshots: 0}}\n"
        + "results: {execution_accuracy: 0.9, num_samples: 2000}\n");
    Files.writeString(board.resolve("weak/0fewshots/run.yaml"), "model: {name: weak}\n"
        + "results: {execution_accuracy: 0.1}\n");
    Path html = dir.resolve("board.html");

    // when
    int status = run("leaderboard", dir.resolve("demo.json").toString(), board.toString(), "--out", html.toString());

    // then
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(status).isZero();
    assertThat(Files.readString(html)).contains("1 report(s), ranked by accuracy; 2 upstream LLMSQL leaderboard "
        + "entries").containsSubsequence("<td>1</td><td>strong</td><td>proprietary</td><td>0</td><td>api</td>"
        + "<td>90.00%</td><td>2000</td>", "<td>2</td><td>demo</td>", "<td>54.00%</td><td>50</td>",
        "<td>3</td><td>weak</td>", "<td>10.00%</td>");
  }

  @Test
  void leaderboard_badUpstreamEntry_isBadInputNamingTheFile() throws Exception {
    Path entry = Files.writeString(dir.resolve("run.yaml"), "model: {name: m}\nresults: {execution_accuracy: high}\n");

    int status = run("leaderboard", entry.toString(), "--out", dir.resolve("b.html").toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql leaderboard: " + entry + ": "
        + "results.execution_accuracy must be a number from 0 to 1, but is high; write the accuracy as a fraction, "
        + "e.g. 0.4983\n");
  }

  @Test
  void evaluate_leaderboardYamlOnAnInput_isRefusedBeforeTheRun() throws Exception {
    Path metadata = Files.writeString(dir.resolve("meta.yaml"), "type: open-source\n");

    int status = run(demo("--run-metadata", metadata.toString(), "--save-leaderboard-yaml", metadata.toString()));

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).startsWith("llmsql evaluate: ").contains("--run-metadata");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(Files.readString(metadata)).isEqualTo("type: open-source\n");
  }
}
