package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Endless, empty, special and over-long input files (issues 12.8 and 18.6): each ends quickly with the input
 * error exit code and one line naming the file (and line), or, for one over-long prediction line, is an input
 * problem of that line while the rest of the run goes on.
 */
class HostileInputFilesTest {

  static final Path DEMO = CliTest.DEMO;
  static final String LINE_BOUND = "16777216";

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int evaluate(Path outputs, Path questions, String... more) {
    List<String> args = new ArrayList<>(List.of("evaluate", "--outputs", outputs.toString(), "--questions-path",
        questions.toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report",
        "--no-gold-cache", "--threads", "1", "--no-show-mismatches"));
    args.addAll(List.of(more));
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
        StandardCharsets.UTF_8)).run(args.toArray(String[]::new));
  }

  int evaluate(Path outputs, String... more) {
    return evaluate(outputs, DEMO.resolve("questions.jsonl"), more);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void outputs_devZero_endsAtOnceWithInputError() {
    // before: the line buffer grew until the JVM was killed at 2 GiB
    int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> evaluate(Path.of("/dev/zero")));

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: /dev/zero: not a regular file (a device, pipe or socket), not a "
        + "predictions file; give --outputs a JSONL file\n");
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void outputs_fifo_isInputErrorWithoutWaitingForAWriter() throws Exception {
    Path fifo = dir.resolve("preds.fifo");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();

    int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> evaluate(fifo));

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + fifo + ": not a regular file (a device, pipe or socket), not "
        + "a predictions file; give --outputs a JSONL file\n");
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void sideInputs_aFifoOrALinkToDevZero_areRefusedWithoutWaitingOrReading() throws Exception {
    // --audit and a leaderboard's report waited for a writer for ever; --run-metadata behind a link to /dev/zero
    // has size 0, passed the 1 MiB check and was read until memory ran out
    Path fifo = dir.resolve("side.json");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    Path zero = Files.createSymbolicLink(dir.resolve("zero.yaml"), Path.of("/dev/zero"));
    Path predictions = DEMO.resolve("predictions.jsonl");

    assertThat(assertTimeoutPreemptively(Duration.ofSeconds(60), () -> evaluate(predictions, "--audit",
        fifo.toString()))).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: --audit " + fifo + " is not a regular file (a directory, device or "
        + "pipe); give the JSON that llmsql audit --save wrote\n");
    err.reset();
    assertThat(assertTimeoutPreemptively(Duration.ofSeconds(60), () -> evaluate(predictions, "--run-metadata",
        zero.toString()))).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: --run-metadata " + zero + ": not a regular file (a directory, "
        + "device or pipe); give a YAML or JSON file\n");
    err.reset();
    int leaderboard = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> new Cli(new PrintStream(out, true,
        StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {
            "leaderboard", fifo.toString(), "--out", dir.resolve("board.html").toString()}));
    assertThat(leaderboard).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql leaderboard: " + fifo + ": not a regular file (a directory, device or pipe); "
        + "give a report JSON file\n");
  }

  @Test
  void outputs_directoryWithoutSubmissionFiles_isInputError() {
    // before: exit 1 with "Is a directory"; a directory is a Spider 2.0 submission now, and this one holds none
    int status = evaluate(dir);

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + dir + ": no predictions: the directory holds no "
        + "<instance_id>.sql or <instance_id>.csv file; give --outputs a predictions JSONL file or a Spider 2.0 "
        + "submission directory, or allow an empty run with --allow-empty\n");
  }

  @Test
  void outputs_empty_isInputErrorUnlessAllowed() throws Exception {
    Path empty = Files.createFile(dir.resolve("empty.jsonl"));

    assertThat(evaluate(empty)).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + empty + ": no predictions: the file is empty or holds only "
        + "blank lines; check what wrote it, or allow an empty run with --allow-empty\n");
    assertThat(out()).isEmpty();
  }

  @Test
  void outputs_onlyBlankLines_isInputError() throws Exception {
    Path blank = Files.writeString(dir.resolve("blank.jsonl"), "\n  \n\t\r\n\n");

    assertThat(evaluate(blank)).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + blank + ": no predictions: the file is empty or holds only "
        + "blank lines; check what wrote it, or allow an empty run with --allow-empty\n");
  }

  @Test
  void outputs_empty_withAllowEmpty_evaluatesNothing() throws Exception {
    Path empty = Files.createFile(dir.resolve("empty.jsonl"));

    assertThat(evaluate(empty, "--allow-empty")).isEqualTo(Cli.OK);
    assertThat(out()).contains("  Total:          0\n");
    assertThat(err()).isEmpty();
  }

  @Test
  void questions_onlyBlankLines_isInputErrorUnlessAllowed() throws Exception {
    Path questions = Files.writeString(dir.resolve("q.jsonl"), "\n\n");
    Path outputs = Files.writeString(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"SELECT 1\"}\n");

    assertThat(evaluate(outputs, questions)).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + questions + ": no questions: the file is empty or holds only "
        + "blank lines; check the questions file, or allow an empty run with --allow-empty\n");
  }

  @Test
  void outputs_oneLineOverTheBound_isAnInputProblemOfThatLineAndTheRunGoesOn() throws Exception {
    // line 2 is a 20 MB prediction; before, it aborted the run
    Path outputs = dir.resolve("p.jsonl");
    try (OutputStream o = Files.newOutputStream(outputs)) {
      o.write("{\"question_id\": 1, \"completion\": \"SELECT COUNT(*) FROM Table WHERE \\\"Department\\\" = 'Sales'\"}\n"
          .getBytes(StandardCharsets.UTF_8));
      o.write("{\"question_id\": 2, \"completion\": \"".getBytes(StandardCharsets.UTF_8));
      byte[] chunk = "x".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
      for (int i = 0; i < 20; i++) {
        o.write(chunk);
      }
      o.write("\"}\n".getBytes(StandardCharsets.UTF_8));
      o.write("{\"question_id\": 3, \"completion\": \"SELECT 1\"}\n".getBytes(StandardCharsets.UTF_8));
    }

    int status = evaluate(outputs, "--verbose");

    assertThat(status).isEqualTo(Cli.OK);
    assertThat(out()).contains("  Total:          2\n", "  Matches:        1\n")
        .contains("Input problems (1):\n  " + outputs + ":2: LINE_TOO_LONG: line longer than " + LINE_BOUND
            + " bytes; skipped unread and not scored (no real prediction is that long: check what wrote it)\n");
  }

  @Test
  void questions_lineOverTheBound_isInputErrorNamingTheLine() throws Exception {
    Path questions = dir.resolve("q.jsonl");
    try (OutputStream o = Files.newOutputStream(questions)) {
      o.write(Files.readAllBytes(DEMO.resolve("questions.jsonl")));
      o.write("{\"question_id\": 999, \"question\": \"".getBytes(StandardCharsets.UTF_8));
      o.write("q".repeat(17 << 20).getBytes(StandardCharsets.US_ASCII));
      o.write("\"}\n".getBytes(StandardCharsets.UTF_8));
    }
    long lines = Files.readAllLines(DEMO.resolve("questions.jsonl")).size();

    int status = evaluate(DEMO.resolve("predictions.jsonl"), questions);

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + questions + ":" + (lines + 1) + ": line longer than "
        + LINE_BOUND + " bytes; no line of a JSONL input may be that long (is this the right file?)\n");
  }

  int cli(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
        StandardCharsets.UTF_8)).run(args);
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void inference_questionsFromDevZero_isInputErrorBeforeAnyRequest() throws Exception {
    Path tables = Files.writeString(dir.resolve("tables.jsonl"), "");

    int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> cli("inference", "api", "--model", "m",
        "--base-url", "http://127.0.0.1:9/v1", "--questions-path", "/dev/zero", "--tables-path", tables.toString(),
        "--output-file", dir.resolve("p.jsonl").toString()));

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql inference api: /dev/zero: not a regular file (a directory, device, pipe or "
        + "socket); give a JSONL file\n");
  }

  @Test
  void inference_tablesLineOverTheBound_isInputErrorNamingTheLine() throws Exception {
    Path tables = dir.resolve("tables.jsonl");
    try (OutputStream o = Files.newOutputStream(tables)) {
      o.write("{\"table_id\": \"t\", \"header\": [\"".getBytes(StandardCharsets.UTF_8));
      o.write("h".repeat(17 << 20).getBytes(StandardCharsets.US_ASCII));
      o.write("\"]}\n".getBytes(StandardCharsets.UTF_8));
    }
    Path questions = Files.writeString(dir.resolve("q.jsonl"), "{\"question_id\": 1, \"question\": \"q\", "
        + "\"table_id\": \"t\"}\n");

    int status = cli("inference", "api", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--questions-path",
        questions.toString(), "--tables-path", tables.toString(), "--output-file", dir.resolve("p.jsonl").toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql inference api: " + tables + ":1: line longer than " + LINE_BOUND
        + " bytes; no line of a JSONL input may be that long (is this the right file?)\n");
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void datasetImport_tablesFromDevZero_isInputError() {
    int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> cli("dataset", "import", "--tables-jsonl",
        "/dev/zero", "--out", dir.resolve("d.sqlite").toString()));

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql dataset import: /dev/zero is not a regular file (a directory, device or "
        + "pipe); give the path of a tables.jsonl file\n");
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void reportAndLeaderboard_readingDevZero_endWithInputError() {
    int report = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> cli("report", "/dev/zero", "--out",
        dir.resolve("r.html").toString()));
    int board = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> cli("leaderboard", "/dev/zero", "--out",
        dir.resolve("b.html").toString()));

    assertThat(report).isEqualTo(Cli.BAD_INPUT);
    assertThat(board).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql report: /dev/zero: not a regular file (a directory, device or pipe); give "
        + "a report JSON file\nllmsql leaderboard: /dev/zero: not a regular file (a directory, device or pipe); "
        + "give a report JSON file\n");
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void suite_configFromDevZero_isInputErrorNotAnEndlessRead() throws Exception {
    Path suite = Files.createDirectories(dir.resolve("suite"));

    int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> cli("suite", "run", "--suite",
        suite.toString(), "--config", "/dev/zero", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--out",
        dir.resolve("out").toString()));

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql suite run: /dev/zero: not a regular file (a device, pipe or socket); give "
        + "the path of a file\n");
  }
}
