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
}
