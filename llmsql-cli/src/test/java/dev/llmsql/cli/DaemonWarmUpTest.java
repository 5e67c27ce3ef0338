package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon's own small benchmark: what one cold and one cached round print, and that nothing stays. */
class DaemonWarmUpTest {

  @TempDir
  Path dir;

  /** A predictions file whose first line (no newline anywhere) is longer than the warm-up reads of a line. */
  private Path oneHostileLine() throws java.io.IOException {
    Path file = dir.resolve("hostile.jsonl");
    byte[] line = new byte[DaemonWarmUp.PREDICTION_BYTES + 1];
    java.util.Arrays.fill(line, (byte) 'x');
    return Files.write(file, line);
  }

  @Test
  void coldAndCachedRounds_giveTheSameVerdicts_andDeleteLeavesNothing() throws Exception {
    DaemonWarmUp warmUp = DaemonWarmUp.create(dir, "sock.warm-up-", List.of());
    ByteArrayOutputStream cold = new ByteArrayOutputStream();
    ByteArrayOutputStream cached = new ByteArrayOutputStream();

    int coldStatus = warmUp.round(0, new PrintStream(cold, true, StandardCharsets.UTF_8));
    int cachedStatus = warmUp.round(1, new PrintStream(cached, true, StandardCharsets.UTF_8));

    assertThat(coldStatus).isZero();
    assertThat(cachedStatus).isZero();
    assertThat(cold.toString(StandardCharsets.UTF_8)).contains("  Total:          600\n  Matches:        420\n",
        "  Outcomes:       match 420, mismatch 60, error 60, no SQL 60, gold error 0\n");
    assertThat(EvaluateDaemonTest.untimed(cached)).as("the same from the gold cache")
        .isEqualTo(EvaluateDaemonTest.untimed(cold));
    assertThat(Files.exists(warmUp.directory().resolve("work-0/gold-cache"))).isTrue();
    warmUp.delete();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void launchingRunsInputs_areWhatItEvaluates_uptoTheFirstPredictions() throws Exception {
    Path demo = CliTest.DEMO.toAbsolutePath().normalize();
    List<String> launching = List.of("evaluate", "--outputs=" + demo.resolve("predictions.jsonl"),
        "--questions-path", demo.resolve("questions.jsonl").toString(), "--db-path",
        demo.resolve("demo.sqlite").toString(), "--save-report", "elsewhere.json");
    DaemonWarmUp warmUp = DaemonWarmUp.create(dir, "sock.warm-up-", launching);
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int status = warmUp.round(0, new PrintStream(out, true, StandardCharsets.UTF_8));

    assertThat(status).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("  Total:          50\n  Matches:        27\n",
        "  Report:         " + warmUp.directory().resolve("work-0/report.json") + "\n");
    assertThat(Path.of("elsewhere.json")).doesNotExist();
    warmUp.delete();
  }

  @Test
  void launchingRunsSlowPredictions_areCutAtTheWarmUpsOwnStatementLimit_andTheLastOutputsCounts()
      throws Exception {
    Path demo = CliTest.DEMO.toAbsolutePath().normalize();
    // a second or more each: within the launching run's limit (10 s), far beyond the warm-up's (0.1 s)
    String slow = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 20000000) "
        + "SELECT COUNT(*) FROM c";
    Path outputs = Files.write(dir.resolve("slow.jsonl"), List.of(
        "{\"question_id\": 1, \"completion\": \"" + slow + "\"}",
        "{\"question_id\": 2, \"completion\": \"" + slow + "\"}"));
    // the launching run's own limit (here the default, 10 s a statement) is not the warm-up's
    List<String> launching = List.of("evaluate", "--outputs", demo.resolve("predictions.jsonl").toString(),
        "--questions-path", demo.resolve("questions.jsonl").toString(), "--db-path",
        demo.resolve("demo.sqlite").toString(), "--outputs", outputs.toString());
    DaemonWarmUp warmUp = DaemonWarmUp.create(dir, "sock.warm-up-", launching);
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int status = warmUp.round(0, new PrintStream(out, true, StandardCharsets.UTF_8));

    assertThat(status).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("  Total:          2\n  Matches:        0\n",
        "  Reasons:        TIMEOUT=2\n");
    warmUp.delete();
  }

  @Test
  void launchingRunWithoutAllThreeFiles_getsTheBuiltInBenchmark() throws Exception {
    Path demo = CliTest.DEMO.toAbsolutePath().normalize();
    for (List<String> launching : List.of(List.of("evaluate", "--outputs", demo.resolve("predictions.jsonl")
        .toString(), "--questions-path", demo.resolve("questions.jsonl").toString()), List.of("evaluate",
        "--outputs", demo.resolve("predictions.jsonl").toString(), "--questions-path",
        demo.resolve("questions.jsonl").toString(), "--db-path", demo.resolve("none.sqlite").toString()),
        List.of("evaluate", "--outputs", "/dev/stdin", "--questions-path", demo.resolve("questions.jsonl")
        .toString(), "--db-path", demo.resolve("demo.sqlite").toString()), List.of("evaluate", "--outputs",
        oneHostileLine().toString(), "--questions-path", demo.resolve("questions.jsonl").toString(), "--db-path",
        demo.resolve("demo.sqlite").toString()))) {
      DaemonWarmUp warmUp = DaemonWarmUp.create(dir, "sock.warm-up-", launching);
      ByteArrayOutputStream out = new ByteArrayOutputStream();

      assertThat(warmUp.round(0, new PrintStream(out, true, StandardCharsets.UTF_8))).isZero();
      assertThat(out.toString(StandardCharsets.UTF_8)).as(launching.toString())
          .contains("  Total:          600\n  Matches:        420\n");
      warmUp.delete();
    }
  }
}
