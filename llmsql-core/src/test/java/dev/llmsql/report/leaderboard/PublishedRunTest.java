package dev.llmsql.report.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PublishedRunTest {

  @TempDir
  Path dir;

  /** Shaped like upstream's leaderboard/Qwen3-0.6B/5fewshots/run.yaml: comments, a float version, no num_samples. */
  static final String QWEN = """
      date: 2026-02-24
      # =====================
      # Model Information
      # =====================
      model:
        name: Qwen/Qwen3-0.6B
        revision: main
        thinking: true

      type: open-source  # open-source | proprietary
      version: 2.0
      inference:
        backend: vllm  # vllm | transformers
        arguments:
          max_new_tokens: 1024
          num_fewshots: 5
      results:
        execution_accuracy: 0.4983
        answers_path: https://example.org/Qwen3-0.6B_outputs.jsonl
      """;

  @Test
  void read_directoryOfRunFiles_sortedByAccuracy() throws Exception {
    Path qwen = dir.resolve("Qwen3-0.6B/5fewshots/run.yaml");
    Files.createDirectories(qwen.getParent());
    Files.writeString(qwen, QWEN);
    Path gpt = dir.resolve("gpt-oss-20b/5fewshots/run.yml");
    Files.createDirectories(gpt.getParent());
    Files.writeString(gpt, """
        date: 2026-01-10
        model: {name: openai/gpt-oss-20b}
        type: open-source
        inference: {backend: vllm, arguments: {num_fewshots: 5}}
        results: {execution_accuracy: 0.8512, num_samples: 2000}
        """);
    Files.writeString(dir.resolve("Qwen3-0.6B/5fewshots/inference_script.py"), "print('not yaml')\n");

    List<PublishedRun> runs = PublishedRun.read(dir);

    assertThat(runs).containsExactly(
        new PublishedRun("openai/gpt-oss-20b", "open-source", new PublishedRun.InferenceSetup(5, "vllm"),
            0.8512, 2000, "2026-01-10", null, gpt),
        new PublishedRun("Qwen/Qwen3-0.6B", "open-source", new PublishedRun.InferenceSetup(5, "vllm"),
            0.4983, null, "2026-02-24", "2.0", qwen));
  }

  @Test
  void read_fileWithAListOfEntries() throws Exception {
    Path file = Files.writeString(dir.resolve("board.yaml"), """
        - {model: {name: a}, results: {execution_accuracy: 0.1}}
        - {model: {name: b}, results: {execution_accuracy: 0.9}, date: 2026-03-01}
        """);

    assertThat(PublishedRun.read(file)).extracting(PublishedRun::modelName, PublishedRun::executionAccuracy,
        PublishedRun::date).containsExactly(org.assertj.core.groups.Tuple.tuple("b", 0.9, "2026-03-01"),
        org.assertj.core.groups.Tuple.tuple("a", 0.1, null));
  }

  @Test
  void read_entryWithoutAccuracy_namesFileEntryAndFix() throws Exception {
    Path file = Files.writeString(dir.resolve("board.yaml"), """
        - {model: {name: a}, results: {execution_accuracy: 0.1}}
        - {model: {name: b}, results: {execution_accuracy: 49.8}}
        """);
    Path noName = Files.writeString(dir.resolve("run.yaml"), "results: {execution_accuracy: 0.5}\n");
    Path notYaml = Files.writeString(dir.resolve("bad.yaml"), "model: [unclosed\n");

    assertThatThrownBy(() -> PublishedRun.read(file)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(file + " (entry 2): results.execution_accuracy must be a number from 0 to 1, but is 49.8; "
            + "write the accuracy as a fraction, e.g. 0.4983");
    assertThatThrownBy(() -> PublishedRun.read(noName)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(noName + ": model.name is missing; add model: {name: ...}");
    assertThatThrownBy(() -> PublishedRun.read(notYaml)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(notYaml + ": not valid YAML at line 2, column 1: expected ',' or ']', but got the end of the "
            + "file (while parsing a flow sequence); fix the file");
  }

  @Test
  void read_aliasBomb_isNotExpanded() throws Exception {
    StringBuilder bomb = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for (char c = 'b'; c <= 'z'; c++) {
      char p = (char) (c - 1);
      bomb.append(c).append(": &").append(c).append(" [*").append(p).append(", *").append(p).append(", *")
          .append(p).append(", *").append(p).append(", *").append(p).append(", *").append(p).append("]\n");
    }
    Path file = Files.writeString(dir.resolve("bomb.yaml"), bomb);

    // 6^25 elements if aliases were expanded; Jackson reads an alias as a reference and never expands it
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () ->
        assertThatThrownBy(() -> PublishedRun.read(file)).isInstanceOf(IllegalArgumentException.class)
            .hasMessage(file + ": model.name is missing; add model: {name: ...}"));
  }

  @Test
  void yamlFilesUnder_stopsAtItsBounds_beforeWalkingOn() throws Exception {
    // `leaderboard /` walked the whole disk before counting its YAML files
    Path many = Files.createDirectories(dir.resolve("many"));
    for (int i = 0; i < 6; i++) {
      Files.writeString(many.resolve("run" + i + ".yaml"), "x: 1\n");
    }
    Path wide = Files.createDirectories(dir.resolve("wide/a/b"));
    for (int i = 0; i < 50; i++) {
      Files.createDirectory(wide.resolve("d" + i));
    }

    assertThat(PublishedRun.yamlFilesUnder(many, 6)).hasSize(6);
    assertThatThrownBy(() -> PublishedRun.yamlFilesUnder(many, 5)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(many + ": more than 5 YAML files; point at the leaderboard directory itself");
    assertThatThrownBy(() -> PublishedRun.yamlFilesUnder(dir.resolve("wide"), 5))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(dir.resolve("wide") + ": more than 50 files and folders; point at the leaderboard directory "
            + "itself");
  }
}
