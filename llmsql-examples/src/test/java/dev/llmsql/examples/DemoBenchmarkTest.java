package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.cli.Cli;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The bundled demo benchmark, end to end: the numbers the README's first command prints. */
class DemoBenchmarkTest {

  static final Path DEMO = Path.of("demo");

  @TempDir
  Path dir;

  @Test
  void evaluate_demo_matchesEveryLabel() throws Exception {
    String before = sha256(DEMO.resolve("demo.sqlite"));
    Set<String> cwdBefore = list(Path.of(""));

    EvaluationReport report = Evaluator.builder().noGoldCache()
        .questionsPath(DEMO.resolve("questions.jsonl"))
        .dbPath(DEMO.resolve("demo.sqlite"))
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(DEMO.resolve("predictions.jsonl"));

    Map<Integer, Integer> labels = labels();
    assertThat(report.total()).isEqualTo(50);
    assertThat(report.matches()).isEqualTo(27);
    for (QuestionResult r : report.results()) {
      assertThat(r.outcome().isMatch() ? 1 : 0).as("question %d: %s", r.questionId(), r.verdict())
          .isEqualTo(labels.get(r.questionId()));
    }
    assertThat(sha256(DEMO.resolve("demo.sqlite"))).isEqualTo(before);
    assertThat(list(Path.of(""))).isEqualTo(cwdBefore);
  }

  @Test
  void cli_demo_printsSummaryAndSavesReport() throws Exception {
    Path report = dir.resolve("demo-report.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {
            "evaluate", "--outputs", "demo/predictions.jsonl", "--questions-path", "demo/questions.jsonl",
            "--db-path", "demo/demo.sqlite", "--save-report", report.toString(), "--max-mismatches", "2", "--gold-cache",
            dir.resolve("gold").toString()});

    String printed = out.toString(StandardCharsets.UTF_8);
    assertThat(status).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(printed).contains("Mismatch #1: ", "Mismatch #2: ").doesNotContain("Mismatch #3: ");
    assertThat(printed).contains("  Total:          50\n", "  Matches:        27\n",
        "  Accuracy:       54.00%\n");
    JsonNode json = new ObjectMapper().readTree(report.toFile());
    assertThat(json.get("matches").asInt()).isEqualTo(27);
    assertThat(json.get("mismatches").size()).isEqualTo(23);
  }

  private static Map<Integer, Integer> labels() throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    Map<Integer, Integer> labels = new HashMap<>();
    try (BufferedReader reader = Files.newBufferedReader(DEMO.resolve("labels.jsonl"))) {
      for (String line; (line = reader.readLine()) != null; ) {
        JsonNode node = mapper.readTree(line);
        labels.put(node.get("question_id").asInt(), node.get("expected_match").asInt());
      }
    }
    return labels;
  }

  static String sha256(Path file) throws Exception {
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    try (InputStream in = Files.newInputStream(file)) {
      digest.update(in.readAllBytes());
    }
    return HexFormat.of().formatHex(digest.digest());
  }

  static Set<String> list(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir.toAbsolutePath())) {
      return files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
    }
  }

}
