package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input in the user's words (a review's findings): bytes that are not UTF-8, a path that is no file, a missing
 * file, a second file, an empty path, "-" and a JSON file that is no report each end with one line naming the file
 * (and where in it), the option by its command-line name and the fix, with the exit status README documents;
 * before, Java's own words ("Input length = 1", MalformedInputException, "cannot read X: X") or the wrong status.
 */
class HostileInputWordingTest {

  static final Path DEMO = CliTest.DEMO;

  /** A report whose third line holds 'é' in Latin-1: 0xE9 before '"' is no UTF-8 sequence. */
  static final byte[] LATIN1_REPORT = "{\n  \"format\": \"llmsql-java-report\",\n  \"note\": \"caf\u00e9\"\n}\n"
      .getBytes(StandardCharsets.ISO_8859_1);
  static final String LATIN1_REPORT_WHERE = "not valid UTF-8 at line 3, column 15 (byte offset 50); save it as "
      + "UTF-8";

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int cli(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
        StandardCharsets.UTF_8)).run(args);
  }

  int evaluate(String... more) {
    String[] args = {"evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--no-gold-cache", "--threads", "1", "--quiet"};
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return cli(all);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  Path latin1Report() throws Exception {
    return Files.write(dir.resolve("latin1.json"), LATIN1_REPORT);
  }

  @Test
  void reportLeaderboardCompareAndBaseline_notUtf8_sayWhereAndTheFix() throws Exception {
    // before: leaderboard printed "Input length = 1", the others "not valid JSON at line 3, column 16"
    Path report = latin1Report();

    assertThat(cli("leaderboard", report.toString(), "--out", dir.resolve("b.html").toString()))
        .isEqualTo(Cli.BAD_INPUT);
    assertThat(cli("report", report.toString(), "--out", dir.resolve("r.html").toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(cli("compare", report.toString(), report.toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(evaluate("--baseline", report.toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql leaderboard: " + report + ": " + LATIN1_REPORT_WHERE + "\n"
        + "llmsql report: " + report + ": " + LATIN1_REPORT_WHERE + "\n"
        + "llmsql compare: " + report + ": " + LATIN1_REPORT_WHERE + "\n"
        + "llmsql evaluate: --baseline " + report + ": " + LATIN1_REPORT_WHERE + "\n");
  }

  @Test
  void datasetImportCsv_notUtf8_saysWhereAndTheFix() throws Exception {
    // before: "cannot read CSV x.csv: Input length = 1; save it as UTF-8 CSV with a header row"
    Path csv = Files.write(dir.resolve("latin1.csv"), "a,b\n1,caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));

    int status = cli("dataset", "import", "--csv", csv.toString(), "--out", dir.resolve("d.sqlite").toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql dataset import: " + csv + ": not valid UTF-8 at line 2, column 6 (byte "
        + "offset 9); save it as UTF-8\n");
  }

  @Test
  void suiteImportScale_notUtf8_saysWhereAndTheFix() throws Exception {
    // before: "cannot read x.py: Input length = 1"
    Path config = Files.write(dir.resolve("dataset_config.py"), "# SCALE\nDATASET_CONFIG = {'a\u00e9': {}}\n"
        .getBytes(StandardCharsets.ISO_8859_1));

    int status = cli("suite", "import-scale", config.toString(), "--out", dir.resolve("c.json").toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql suite import-scale: " + config + ": not valid UTF-8 at line 2, column 21 "
        + "(byte offset 28); save it as UTF-8\n");
  }

  @Test
  void inferenceResume_outputNotUtf8_isBadInputBeforeAnyRequest() throws Exception {
    // before: exit 1 with "java.nio.charset.MalformedInputException: Input length = 1"
    Path questions = Files.writeString(dir.resolve("q.jsonl"),
        "{\"question_id\": 1, \"question\": \"how many\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}\n"
            + "{\"question_id\": 2, \"question\": \"how many\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}\n");
    Path tables = Files.writeString(dir.resolve("tables.jsonl"),
        "{\"table_id\": \"t\", \"header\": [\"a\"], \"types\": [\"text\"], \"rows\": [[\"x\"]]}\n");
    Path output = Files.write(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"caf\u00e9\"}\n"
        .getBytes(StandardCharsets.ISO_8859_1));

    int status = cli("inference", "api", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--questions-path",
        questions.toString(), "--tables-path", tables.toString(), "--output-file", output.toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql inference api: " + output + ": not valid UTF-8 at line 1, column 38 (byte "
        + "offset 37); save it as UTF-8\n");
  }

  @Test
  void runMetadata_notUtf8_isRefusedNotReplacedByU_FFFD() throws Exception {
    // before: accepted, and run.yaml carried "caf\uFFFD"
    Path metadata = Files.write(dir.resolve("meta.yaml"), "type: open-source\nnote: caf\u00e9\n"
        .getBytes(StandardCharsets.ISO_8859_1));
    Path runYaml = dir.resolve("run.yaml");

    int status = evaluate("--run-metadata", metadata.toString(), "--save-leaderboard-yaml", runYaml.toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: --run-metadata " + metadata + ": not valid UTF-8 at line 2, "
        + "column 10 (byte offset 27); save it as UTF-8\n");
    assertThat(runYaml).doesNotExist();
  }

  @Test
  void outputsAndQuestionsPath_notUtf8_sayLineColumnAndByteOffset() throws Exception {
    // before: "FILE:2: not UTF-8 text; save the file as UTF-8 JSONL", without the column and offset the others give
    Path outputs = Files.write(dir.resolve("latin1-preds.jsonl"), ("{\"question_id\": 1, \"completion\": "
        + "\"SELECT 1\"}\n{\"question_id\": 2, \"completion\": \"SELECT 'caf\u00e9'\"}\n")
        .getBytes(StandardCharsets.ISO_8859_1));
    Path questions = Files.write(dir.resolve("latin1-questions.jsonl"), ("{\"question_id\": 1, \"question\": "
        + "\"How many?\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}\n{\"question_id\": 2, \"question\": "
        + "\"Caf\u00e9?\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}\n").getBytes(StandardCharsets.ISO_8859_1));
    Path utf8Outputs = Files.writeString(dir.resolve("preds.jsonl"), "{\"question_id\": 1, \"completion\": "
        + "\"SELECT 1\"}\n{\"question_id\": 2, \"completion\": \"SELECT 2\"}\n");
    String db = DEMO.resolve("demo.sqlite").toString();

    assertThat(cli("evaluate", "--outputs", outputs.toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", db, "--no-save-report", "--quiet"))
        .isEqualTo(Cli.BAD_INPUT);
    assertThat(cli("evaluate", "--outputs", utf8Outputs.toString(), "--questions-path", questions.toString(),
        "--db-path", db, "--no-save-report", "--quiet")).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + outputs + ": not valid UTF-8 at line 2, column 46 (byte "
        + "offset 90); save it as UTF-8\n"
        + "llmsql evaluate: " + questions + ": not valid UTF-8 at line 2, column 36 (byte offset 115); save it as "
        + "UTF-8\n");
  }

  @Test
  void outputs_overlongSlashInACompletion_isBadInputNotASlash() throws Exception {
    // before: exit 0, the completion read "SELECT 1 /" (Jackson decoded C0 AF as '/'); Python refuses the file
    byte[] head = "{\"question_id\": 1, \"completion\": \"SELECT 1 ".getBytes(StandardCharsets.UTF_8);
    byte[] line = java.util.Arrays.copyOf(head, head.length + 5);
    line[head.length] = (byte) 0xC0;
    line[head.length + 1] = (byte) 0xAF;
    System.arraycopy("\"}\n".getBytes(StandardCharsets.UTF_8), 0, line, head.length + 2, 3);
    Path outputs = Files.write(dir.resolve("overlong-preds.jsonl"), line);

    assertThat(cli("evaluate", "--outputs", outputs.toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--quiet")).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + outputs + ": not valid UTF-8 at line 1, column 44 (byte "
        + "offset 43); save it as UTF-8\n");
  }

  @Test
  void runMetadata_missing_saysFileNotFound() {
    // before: "not a regular file (a directory, device or pipe)"
    Path missing = dir.resolve("missing.yaml");

    assertThat(evaluate("--run-metadata", missing.toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: --run-metadata " + missing + ": file not found; check the path\n");
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void questionsPath_directoryFifoOrDevice_isInputErrorNotBenchmarkUnavailable() throws Exception {
    // before: "questions file not found: DIR; check the path given to --questions-path", exit 4
    Path fifo = dir.resolve("q.fifo");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    String db = DEMO.resolve("demo.sqlite").toString();

    for (String command : new String[] {"evaluate", "audit"}) {
      for (Path questions : new Path[] {dir, fifo, Path.of("/dev/zero")}) {
        err.reset();
        int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> command.equals("audit")
            ? cli("audit", "--questions-path", questions.toString(), "--db-path", db, "--quiet")
            : cli("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
                questions.toString(), "--db-path", db, "--no-save-report", "--quiet"));

        assertThat(status).as(command + " " + questions).isEqualTo(Cli.BAD_INPUT);
        assertThat(err()).isEqualTo("llmsql " + command + ": " + questions + ": "
            + (questions.equals(dir) ? "a directory" : "not a regular file (a device, pipe or socket)")
            + ", not a questions file; give --questions-path a JSONL file\n");
      }
    }
  }

  @Test
  void suiteRunConfigAndImportScale_missing_sayFileNotFound() throws Exception {
    // before: "cannot read suite config X: X" and "cannot read X: X"
    Path suite = Files.createDirectories(dir.resolve("suite"));
    Path config = dir.resolve("missing.json");
    Path py = dir.resolve("missing.py");

    assertThat(cli("suite", "run", "--suite", suite.toString(), "--config", config.toString(), "--model", "m",
        "--base-url", "http://127.0.0.1:9/v1", "--out", dir.resolve("out").toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(cli("suite", "import-scale", py.toString(), "--out", dir.resolve("c.json").toString()))
        .isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql suite run: suite config " + config + ": file not found; check the path\n"
        + "llmsql suite import-scale: " + py + ": file not found; check the path\n");
  }

  @Test
  void suiteImportScale_twoFiles_saysItTakesOne() throws Exception {
    // before: "unknown option b.py"
    Path a = Files.writeString(dir.resolve("a.py"), "");
    Path b = Files.writeString(dir.resolve("b.py"), "");

    int status = cli("suite", "import-scale", a.toString(), b.toString(), "--out", dir.resolve("c.json").toString());

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql suite import-scale: takes one dataset_config.py, but was given 2 files; "
        + "import one at a time (see llmsql suite --help)\n");
  }

  @Test
  @EnabledOnOs({OS.LINUX, OS.MAC})
  void datasetImportCsv_fifo_isNotAFileRatherThanMissing() throws Exception {
    // before: "FIFO does not exist"
    Path fifo = dir.resolve("t.csv");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();

    int status = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> cli("dataset", "import", "--csv",
        fifo.toString(), "--out", dir.resolve("d.sqlite").toString()));

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql dataset import: " + fifo + " is not a regular file (a device or pipe); give "
        + "a CSV file or a directory of CSV files\n");
  }

  @Test
  void outputs_emptyPath_isUsageErrorNamingTheOption() {
    // before: Path.of("") is the working directory, read as a Spider 2.0 submission
    int status = cli("evaluate", "--outputs", "", "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --outputs is empty (an unset variable?); give the path of a file "
        + "or directory (see llmsql evaluate --help)\n");
  }

  @Test
  void emptyPositionalPath_saysItIsEmpty_notAnUnknownOption() {
    // picocli reads "" as no parameter: "unknown option ''"
    assertThat(cli("report", "")).isEqualTo(Cli.USAGE);
    assertThat(cli("leaderboard", "")).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql report: an argument is empty (an unset variable?); give the path of a file "
        + "(see llmsql report --help)\nllmsql leaderboard: an argument is empty (an unset variable?); give the path "
        + "of a file (see llmsql leaderboard --help)\n");
  }

  @Test
  void outputs_dash_isUsageErrorSayingStandardInputIsNotRead() {
    // before: "-: predictions file not found (/abs/-); check the path given to --outputs"
    int status = cli("evaluate", "--outputs", "-", "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --outputs -: predictions are not read from standard input (they "
        + "are read twice); save them to a file and give its path (see llmsql evaluate --help)\n");
  }

  @Test
  void reportLeaderboardCompare_jsonThatIsNoReport_sayHowToMakeOneOnTheCommandLine() throws Exception {
    // before: "write one with FullReportJson.write or ...", a Java method to a command-line user
    Path json = Files.writeString(dir.resolve("other.json"), "{\"a\": 1}\n");
    String why = json + " is not an llmsql-java full report (no \"format\": \"llmsql-java-report\"); make one with "
        + "'llmsql evaluate --format json'\n";

    assertThat(cli("report", json.toString(), "--out", dir.resolve("r.html").toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(cli("leaderboard", json.toString(), "--out", dir.resolve("b.html").toString()))
        .isEqualTo(Cli.BAD_INPUT);
    assertThat(cli("compare", json.toString(), json.toString())).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql report: " + why + "llmsql leaderboard: " + why + "llmsql compare: " + why);
  }
}
