package dev.llmsql.report.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.report.Breakdown;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Llmsql2Figures;
import dev.llmsql.report.Reports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LeaderboardYamlTest {

  @TempDir
  Path dir;

  /** 2 of 3 right: accuracy 0.6666..., LLMSQL 2.0 figures with a model name. */
  static EvaluationReport report() {
    return Reports.of(new boolean[] {true, false, true}).withLlmsql2(new Llmsql2Figures("from-report", "2.0", 1,
        Map.of("lookup", new Breakdown("lookup", 3, 2)), 3, 3, 0, 0));
  }

  static LeaderboardYaml.Builder fixed() {
    return LeaderboardYaml.builder().report(report()).date(LocalDate.of(2026, 11, 24)).osName("Debian GNU/Linux 12 (bookworm)")
        .toolVersion("0.1.0");
  }

  @Test
  void toYaml_reportOnly_upstreamKeysInOrderUnknownsNull() {
    assertThat(fixed().build().toYaml()).isEqualTo("""
        date: 2026-11-24
        model:
          name: from-report
          revision: null
          commit_hash: null
          parameter_count: null
          dtype: null
          thinking: null
        type: null
        llmsql:
          version: 0.1.0
          commit_hash: null
        version: "2.0"
        os_name: Debian GNU/Linux 12 (bookworm)
        python_version: null
        pip_freeze: null
        device: null
        inference:
          backend: null
          arguments: {}
        results:
          execution_accuracy: 0.6667
          num_samples: 3
          answers_path: null
        """);
  }

  @Test
  void toYaml_modelNameAnswersPathAndMetadata_deepMergedOnTop() {
    // given: metadata as a caller holds it, nested and with keys the entry does not have
    Map<String, Object> arguments = new LinkedHashMap<>(Map.of("num_fewshots", 0));
    Map<String, Object> inference = new LinkedHashMap<>();
    inference.put("backend", "vllm");
    inference.put("arguments", arguments);
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("dtype", "bfloat16");
    model.put("thinking", true);
    Map<String, Object> metadata = new LinkedHashMap<>();
    metadata.put("type", "open-source");
    metadata.put("model", model);
    metadata.put("inference", inference);
    metadata.put("device", List.of("H200", "H200"));

    // when
    LeaderboardYaml entry = fixed().modelName("Qwen/Qwen3-0.6B").answersPath("out/qwen3 outputs.jsonl")
        .runMetadata(metadata).build();
    arguments.put("num_fewshots", 5);   // the caller's mapping changes later: the entry does not
    entry.record().put("type", "changed");

    // then
    assertThat(entry.toYaml()).isEqualTo("""
        date: 2026-11-24
        model:
          name: Qwen/Qwen3-0.6B
          revision: null
          commit_hash: null
          parameter_count: null
          dtype: bfloat16
          thinking: true
        type: open-source
        llmsql:
          version: 0.1.0
          commit_hash: null
        version: "2.0"
        os_name: Debian GNU/Linux 12 (bookworm)
        python_version: null
        pip_freeze: null
        device:
        - H200
        - H200
        inference:
          backend: vllm
          arguments:
            num_fewshots: 0
        results:
          execution_accuracy: 0.6667
          num_samples: 3
          answers_path: out/qwen3 outputs.jsonl
        """);
    assertThat(metadata).containsOnlyKeys("type", "model", "inference", "device");
    assertThat(model).containsOnlyKeys("dtype", "thinking");
    assertThat(inference.get("arguments")).isSameAs(arguments);
  }

  @Test
  void fourDecimals_likePythonRoundThenRepr() {
    assertThat(LeaderboardYaml.fourDecimals(2.0 / 3).toPlainString()).isEqualTo("0.6667");
    assertThat(LeaderboardYaml.fourDecimals(1.0).toPlainString()).isEqualTo("1.0");
    assertThat(LeaderboardYaml.fourDecimals(0.0).toPlainString()).isEqualTo("0.0");
    assertThat(LeaderboardYaml.fourDecimals(0.5).toPlainString()).isEqualTo("0.5");
    assertThat(LeaderboardYaml.fourDecimals(0.0005).toPlainString()).isEqualTo("0.0005");
    assertThat(LeaderboardYaml.fourDecimals(0.00005).toPlainString()).isEqualTo("0.0001");   // 5e-05 is just above
    assertThat(LeaderboardYaml.fourDecimals(0.12345).toPlainString()).isEqualTo("0.1235");   // ...4500000000000007
    assertThat(LeaderboardYaml.fourDecimals(1004.0 / 2000).toPlainString()).isEqualTo("0.502");
  }

  @Test
  void readMetadata_yamlAndJson_mappingsOnly() throws Exception {
    Path yaml = Files.writeString(dir.resolve("meta.yaml"), "type: proprietary\ninference:\n  backend: api\n");
    Path json = Files.writeString(dir.resolve("meta.json"), "{\"model\": {\"name\": \"gpt\"}}");
    Path list = Files.writeString(dir.resolve("list.yaml"), "- a\n- b\n");
    Path broken = Files.writeString(dir.resolve("broken.json"), "{\"model\": ");

    assertThat(LeaderboardYaml.readMetadata(yaml)).isEqualTo(Map.of("type", "proprietary", "inference",
        Map.of("backend", "api")));
    assertThat(LeaderboardYaml.readMetadata(json)).isEqualTo(Map.of("model", Map.of("name", "gpt")));
    assertThatThrownBy(() -> LeaderboardYaml.readMetadata(list)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(list + ": run metadata must be one mapping (YAML or JSON object), e.g. {\"type\": "
            + "\"open-source\", \"inference\": {\"backend\": \"vllm\"}}");
    assertThatThrownBy(() -> LeaderboardYaml.readMetadata(broken)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(broken + ": not valid JSON at column 10: expected a value after ':' (the line ends early); "
            + "fix the file");
  }

  @Test
  void readMetadata_malformedYaml_saysLineColumnAndWhatWasExpected() throws Exception {
    Path colon = Files.writeString(dir.resolve("colon.yaml"), "type: open-source\nmodel: name: gpt\n");
    Path flow = Files.writeString(dir.resolve("flow.yaml"), "type: open-source\ntags: [a, b\n");
    Path tab = Files.writeString(dir.resolve("tab.yaml"), "inference:\n\tbackend: api\n");

    assertThatThrownBy(() -> LeaderboardYaml.readMetadata(colon)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(colon + ": not valid YAML at line 2, column 12: a ':' where no 'key: value' can start (indent "
            + "nested keys under their parent, or quote a value that holds ': '); fix the file");
    assertThatThrownBy(() -> LeaderboardYaml.readMetadata(flow)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(flow + ": not valid YAML at line 3, column 1: expected ',' or ']', but got the end of the file "
            + "(while parsing a flow sequence); fix the file");
    assertThatThrownBy(() -> LeaderboardYaml.readMetadata(tab)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(tab + ": not valid YAML at line 2, column 1: a tab; YAML indents with spaces only; fix the "
            + "file");
  }

  @Test
  void readMetadata_tooLarge_isRefusedUnread() throws Exception {
    Path big = dir.resolve("big.yaml");
    Files.write(big, new byte[(int) LeaderboardYaml.MAX_FILE_BYTES + 1]);

    assertThatThrownBy(() -> LeaderboardYaml.readMetadata(big)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(big + ": more than the 1048576 bytes a leaderboard entry or run metadata may have; "
            + "give the entry alone");
  }

  @Test
  void readMetadata_aDeviceOrPipe_isRefusedUnread() throws Exception {
    // a link to /dev/zero has size 0 and reads for ever (it ran the JVM out of memory); a FIFO waited for ever
    Path zero = Files.createSymbolicLink(dir.resolve("zero.yaml"), Path.of("/dev/zero"));
    Path folder = Files.createDirectory(dir.resolve("folder.yaml"));
    for (Path file : List.of(zero, folder)) {
      assertThatThrownBy(() -> LeaderboardYaml.readMetadata(file)).isInstanceOf(IllegalArgumentException.class)
          .hasMessage(file + ": not a regular file (a directory, device or pipe); give a YAML or JSON file");
    }
  }

  @Test
  void build_answersPathForInMemoryPredictions_isAConflict() {
    EvaluationReport inMemory = Reports.of(new boolean[] {true});
    EvaluationReport dictList = EvaluationReport.builder().total(inMemory.total()).matches(inMemory.matches())
        .predNone(0).goldNone(0).sqlErrors(0).accuracy(1.0).timestamp(inMemory.timestamp())
        .inputMode(dev.llmsql.prediction.InputMode.DICT_LIST).results(inMemory.results()).judge("llmsql")
        .benchmark("b").duration(inMemory.duration()).details(List.of()).build();

    assertThatThrownBy(() -> LeaderboardYaml.builder().report(dictList).answersPath("x.jsonl").build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("answersPath(...) was given, but the report's predictions were in memory (input_mode "
            + "dict_list); upstream writes null there, so leave it unset");
    assertThat(LeaderboardYaml.builder().report(dictList).build().record().get("results"))
        .isEqualTo(new LinkedHashMap<>(Map.of("execution_accuracy", new java.math.BigDecimal("1.0"),
            "num_samples", 1, "answers_path", "null").entrySet().stream().collect(LinkedHashMap::new,
                (m, e) -> m.put(e.getKey(), e.getValue().equals("null") ? null : e.getValue()), Map::putAll)));
  }

  @Test
  void write_thenRead_roundTripsThroughPublishedRun() throws Exception {
    Path file = dir.resolve("board/mine/0fewshots/run.yaml");
    fixed().modelName("mine").runMetadata(Map.of("inference", Map.of("backend", "api", "arguments",
        Map.of("num_fewshots", 0)))).build().write(file);

    List<PublishedRun> runs = PublishedRun.read(dir.resolve("board"));

    assertThat(runs).containsExactly(new PublishedRun("mine", null, new PublishedRun.InferenceSetup(0, "api"),
        0.6667, 3, "2026-11-24", "2.0", file));
  }

  @Test
  void defaults_toolVersionFromTheBuildAndAnOsName() {
    assertThat(LeaderboardYaml.detectToolVersion()).matches("\\d+\\.\\d+\\.\\d+.*");
    assertThat(LeaderboardYaml.detectOsName()).isNotBlank();
  }

  @Test
  void build_aSettingGivenTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> LeaderboardYaml.builder().report(report()).modelName("a").modelName("b")
        .date(LocalDate.of(2026, 1, 2)).date(LocalDate.of(2026, 1, 3)).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("modelName(a) and modelName(b) conflict; set modelName once; "
            + "date(2026-01-02) and date(2026-01-03) conflict; set date once");
  }
}
