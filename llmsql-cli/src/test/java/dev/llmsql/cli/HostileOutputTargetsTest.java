package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.llmsql.Evaluator;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files we write (issue 18.3): a target that exists and is not a regular file, or that is an input of the same
 * run, is refused before any work with the usage exit code and one line, and is left exactly as it was.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class HostileOutputTargetsTest {

  static final Path DEMO = CliTest.DEMO;

  @TempDir
  Path dir;

  Path db;
  Path questions;
  Path predictions;
  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeEach
  void copyDemo() throws Exception {
    db = Files.copy(DEMO.resolve("demo.sqlite"), dir.resolve("demo.sqlite"));
    questions = Files.copy(DEMO.resolve("questions.jsonl"), dir.resolve("questions.jsonl"));
    predictions = Files.copy(DEMO.resolve("predictions.jsonl"), dir.resolve("predictions.jsonl"));
  }

  int run(String... args) {
    return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> new Cli(new PrintStream(out, true,
        StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8)).run(args));
  }

  int evaluate(String... more) {
    List<String> args = new ArrayList<>(List.of("evaluate", "--outputs", predictions.toString(), "--questions-path",
        questions.toString(), "--db-path", db.toString(), "--no-gold-cache", "--threads", "1",
        "--no-show-mismatches"));
    args.addAll(List.of(more));
    return run(args.toArray(String[]::new));
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  Path fifo(String name) throws Exception {
    Path fifo = dir.resolve(name);
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    return fifo;
  }

  static boolean isSpecial(Path p) throws Exception {
    return Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther();
  }

  static String sha256(Path p) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
  }

  static String special(Path p) {
    return p + ": exists and is not a regular file (a device, FIFO or socket); choose another path";
  }

  int withJudgeLog(Path log, String... args) {
    java.util.Map<String, String> env = java.util.Map.of("LLMSQL_JUDGE_MODEL", "j", "LLMSQL_JUDGE_BASE_URL",
        "http://127.0.0.1:9/v1", "LLMSQL_JUDGE_LOG", log.toString());
    return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> new Cli(new PrintStream(out, true,
        StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.PLAIN, env::get)
        .run(args));
  }

  @Test
  void judgeLog_theRunsDatabaseOrPredictions_isRefusedAndTheInputsUnchanged() throws Exception {
    String dbBefore = sha256(db);
    String predictionsBefore = sha256(predictions);
    String[] evaluate = {"evaluate", "--outputs", predictions.toString(), "--questions-path", questions.toString(),
        "--db-path", db.toString(), "--no-save-report", "--judge", "llm:hybrid"};

    assertThat(withJudgeLog(db, evaluate)).isEqualTo(Cli.USAGE);
    assertThat(withJudgeLog(predictions, evaluate)).isEqualTo(Cli.USAGE);
    assertThat(withJudgeLog(db, "audit", "--questions-path", questions.toString(), "--db-path", db.toString(),
        "--judge", "llm")).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql evaluate: LLMSQL_JUDGE_LOG " + db + ": is the --db-path file of this run ("
        + db + "), an input that must not be overwritten; choose another path\n"
        + "llmsql evaluate: LLMSQL_JUDGE_LOG " + predictions + ": is the --outputs file of this run (" + predictions
        + "), an input that must not be overwritten; choose another path\n"
        + "llmsql audit: LLMSQL_JUDGE_LOG " + db + ": is the --db-path file of this run (" + db
        + "), an input that must not be overwritten; choose another path\n");
    assertThat(sha256(db)).isEqualTo(dbBefore);
    assertThat(sha256(predictions)).isEqualTo(predictionsBefore);
  }

  @Test
  void judgeLog_oneOfTheRunsOutputs_isRefusedBeforeAnyWork() throws Exception {
    // the report, written at the end, replaced the log (or the log's lines went into the report)
    Path report = dir.resolve("report.json");
    Path csv = dir.resolve("audit.csv");

    assertThat(withJudgeLog(report, "evaluate", "--outputs", predictions.toString(), "--questions-path",
        questions.toString(), "--db-path", db.toString(), "--save-report", report.toString(), "--judge", "llm"))
        .isEqualTo(Cli.USAGE);
    assertThat(withJudgeLog(dir.resolve("out/predictions.csv"), "evaluate", "--outputs", predictions.toString(),
        "--questions-path", questions.toString(), "--db-path", db.toString(), "--no-save-report", "--judge",
        "llm", "--format", "csv", "--out", dir.resolve("out").toString())).isEqualTo(Cli.USAGE);
    assertThat(withJudgeLog(csv, "audit", "--questions-path", questions.toString(), "--db-path", db.toString(),
        "--judge", "llm", "--csv", csv.toString())).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql evaluate: LLMSQL_JUDGE_LOG " + report + ": is also the --save-report file "
        + "of this run, which would replace the log; give each output its own path\n"
        + "llmsql evaluate: LLMSQL_JUDGE_LOG " + dir.resolve("out/predictions.csv") + ": is also the --format csv file "
        + "of this run, which would replace the log; give each output its own path\n"
        + "llmsql audit: LLMSQL_JUDGE_LOG " + csv + ": is also the --csv file of this run, which would replace the "
        + "log; give each output its own path\n");
    assertThat(report).doesNotExist();
    assertThat(csv).doesNotExist();
  }

  @Test
  void judgeLog_aFifo_isRefusedWithTheLlmJudgeOnly() throws Exception {
    Path fifo = fifo("judge-log.jsonl");

    assertThat(withJudgeLog(fifo, "evaluate", "--outputs", predictions.toString(), "--questions-path",
        questions.toString(), "--db-path", db.toString(), "--no-save-report", "--compare-judges", "llmsql,llm"))
        .isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: LLMSQL_JUDGE_LOG " + special(fifo) + "\n");
    assertThat(isSpecial(fifo)).isTrue();
    err.reset();
    // a run without the llm judge writes no judge log: the variable is not its business
    assertThat(withJudgeLog(fifo, "evaluate", "--outputs", predictions.toString(), "--questions-path",
        questions.toString(), "--db-path", db.toString(), "--no-save-report", "--no-gold-cache", "--threads", "1"))
        .as(err()).isZero();
  }

  @Test
  void saveReport_fifo_isRefusedAndStaysAFifo() throws Exception {
    Path fifo = fifo("report.json");

    assertThat(evaluate("--save-report", fifo.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-report " + special(fifo) + "\n");
    assertThat(isSpecial(fifo)).isTrue();
  }

  @Test
  void saveReport_devNullAndDevFull_areRefusedAndUntouched() throws Exception {
    for (String device : List.of("/dev/null", "/dev/full")) {
      err.reset();
      assertThat(evaluate("--save-report", device)).isEqualTo(Cli.USAGE);
      assertThat(err()).isEqualTo("llmsql evaluate: --save-report " + special(Path.of(device)) + "\n");
      assertThat(isSpecial(Path.of(device))).isTrue();
    }
  }

  @Test
  void saveReport_directory_isRefused() {
    assertThat(evaluate("--save-report", dir.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-report " + dir + ": exists and is not a regular file (a "
        + "directory); choose another path\n");
  }

  @Test
  void saveReport_theRunsOwnDatabase_isRefusedAndTheDatabaseUnchanged() throws Exception {
    String before = sha256(db);

    assertThat(evaluate("--save-report", db.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-report " + db + ": is the --db-path file of this run (" + db
        + "), an input that must not be overwritten; choose another path\n");
    assertThat(sha256(db)).isEqualTo(before);
  }

  @Test
  void saveReport_aLinkToTheDatabaseOrAnotherSpellingOfIt_isRefused() throws Exception {
    Path link = Files.createSymbolicLink(dir.resolve("report.json"), db);
    Path otherSpelling = dir.resolve("sub").resolve("..").resolve("demo.sqlite");
    Files.createDirectory(dir.resolve("sub"));

    assertThat(evaluate("--save-report", link.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-report " + link + ": is the --db-path file of this run (" + db
        + "), an input that must not be overwritten; choose another path\n");
    err.reset();
    assertThat(evaluate("--save-report", otherSpelling.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).startsWith("llmsql evaluate: --save-report " + otherSpelling + ": is the --db-path file of this "
        + "run");
    assertThat(Files.isSymbolicLink(link)).isTrue();
  }

  @Test
  void saveReport_thePredictionsOrQuestions_isRefusedNamingWhich() throws Exception {
    assertThat(evaluate("--save-report", predictions.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-report " + predictions + ": is the --outputs file of this "
        + "run ("
        + predictions + "), an input that must not be overwritten; choose another path\n");
    err.reset();
    assertThat(evaluate("--save-report", questions.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-report " + questions + ": is the --questions-path file of "
        + "this run ("
        + questions + "), an input that must not be overwritten; choose another path\n");
  }

  @Test
  void formatFiles_onAnInputOrAFifo_areRefusedBeforeTheRun() throws Exception {
    // --out DIR --name demo writes DIR/demo.json, DIR/demo.csv, DIR/demo.html; demo.csv is a FIFO here
    Path csv = fifo("demo.csv");

    assertThat(evaluate("--no-save-report", "--out", dir.toString(), "--name", "demo")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --out " + special(csv) + "\n");
    assertThat(dir.resolve("demo.json")).doesNotExist();
  }

  @Test
  void twoOutputsNamingOneFile_areRefusedBeforeTheRun() throws Exception {
    // the last one written replaced the other: the JUnit XML took the place of the report, silently
    Path same = dir.resolve("same.out");

    assertThat(evaluate("--save-report", same.toString(), "--fail-under", "0.1", "--gate-format",
        "junit-xml=" + same, "--save-leaderboard-yaml", same.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-leaderboard-yaml " + same + ": is also the --save-report "
        + "file of this run, which it would replace; give each output its own path\n");
    assertThat(same).doesNotExist();
    err.reset();
    assertThat(evaluate("--no-save-report", "--out", dir.toString(), "--name", "demo", "--format", "json",
        "--save-leaderboard-yaml", dir.resolve("x/../demo.json").toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-leaderboard-yaml " + dir.resolve("x/../demo.json")
        + ": is also the --format json file of this run, which it would replace; give each output its own path\n");
  }

  @Test
  void saveReport_namedAsAnotherFormat_isRefusedNamingTheOptionThatWritesIt() throws Exception {
    // the JSON report under a page's name: a browser showed it as text, and a question's <script> ran
    Path page = dir.resolve("Report.HTML");

    assertThat(evaluate("--save-report", page.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-report " + page + ": writes LLMSQL's JSON report, not "
        + ".html; name it .json (for the HTML page use --format html --out DIR) (see llmsql evaluate --help)\n");
    err.reset();
    assertThat(evaluate("--save-report", dir.resolve("r.csv").toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).endsWith("not .csv; name it .json (for the CSV table use --format csv --out DIR) "
        + "(see llmsql evaluate --help)\n");
    err.reset();
    assertThat(evaluate("--save-report", dir.resolve("r.yml").toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).endsWith("(for a leaderboard entry use --save-leaderboard-yaml FILE) "
        + "(see llmsql evaluate --help)\n");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    try (var files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString()).sorted())
          .containsExactly("demo.sqlite", "predictions.jsonl", "questions.jsonl");
    }
    // other names, and no extension, are the user's choice
    assertThat(evaluate("--save-report", dir.resolve("evaluation_results").toString(), "-q")).isEqualTo(Cli.OK);
    assertThat(Files.readString(dir.resolve("evaluation_results"))).startsWith("{");
  }

  @Test
  void out_aRegularFile_isRefusedAtOnceNamingTheOption_andNothingIsEvaluated() throws Exception {
    Path readme = Files.writeString(dir.resolve("README.md"), "# notes\n");
    List<Path> before;
    try (var files = Files.list(dir)) {
      before = files.sorted().toList();
    }

    assertThat(evaluate("--no-save-report", "--out", readme.toString())).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql evaluate: --out " + readme + ": exists and is not a directory; --out takes "
        + "the directory the --format files go into\n");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();   // no summary, no mismatch: nothing was evaluated
    assertThat(Files.readString(readme)).isEqualTo("# notes\n");
    try (var files = Files.list(dir)) {
      assertThat(files.sorted().toList()).isEqualTo(before);
    }
  }

  @Test
  void fileTargets_underAFile_orADirectoryWhereAFileGoes_areRefusedBeforeTheRunNamingTheOption() throws Exception {
    Path notADir = Files.writeString(dir.resolve("notes.txt"), "x");
    Path report = notADir.resolve("r.json");

    assertThat(evaluate("--save-report", report.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-report " + report + ": " + notADir + " is a file, not a "
        + "directory; choose another path\n");
    err.reset();
    Path yamlDir = Files.createDirectory(dir.resolve("run.yaml"));
    assertThat(evaluate("--no-save-report", "--save-leaderboard-yaml", yamlDir.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --save-leaderboard-yaml " + yamlDir + ": exists and is not a "
        + "regular file (a directory); choose another path\n");
    err.reset();
    assertThat(evaluate("--no-save-report", "--fail-under", "0", "--gate-format", "junit-xml=" + db))
        .isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --gate-format junit-xml=" + db + ": is the --db-path file of this "
        + "run (" + db + "), an input that must not be overwritten; choose another path\n");
    err.reset();
    Path nested = notADir.resolve("reports");
    assertThat(evaluate("--no-save-report", "--out", nested.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --out " + nested + ": " + notADir + " is a file, not a "
        + "directory; choose another path\n");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void report_outOnTheDevice_orOnItsInput_isRefused() throws Exception {
    Path report = dir.resolve("r.json");
    assertThat(evaluate("--no-save-report", "--format", "json", "--out", dir.toString(), "--name", "r"))
        .isEqualTo(Cli.OK);
    err.reset();

    assertThat(run("report", report.toString(), "--out", "/dev/full")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql report: --out " + special(Path.of("/dev/full")) + "\n");
    err.reset();
    assertThat(run("report", report.toString(), "--format", "csv", "--out", report.toString()))
        .isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql report: --out " + report + ": is the report of this run (" + report
        + "), an input that must not be overwritten; choose another path\n");
  }

  @Test
  void leaderboard_outOnAFifo_orOnOneOfItsReports_isRefused() throws Exception {
    Path report = dir.resolve("r.json");
    assertThat(evaluate("--no-save-report", "--format", "json", "--out", dir.toString(), "--name", "r"))
        .isEqualTo(Cli.OK);
    Path fifo = fifo("board.html");
    err.reset();

    assertThat(run("leaderboard", report.toString(), "--out", fifo.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql leaderboard: --out " + special(fifo) + "\n");
    err.reset();
    assertThat(run("leaderboard", report.toString(), "--out", report.toString())).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql leaderboard: --out " + report + ": is the report " + report + " of this run ("
        + report + "), an input that must not be overwritten; choose another path\n");
  }

  @Test
  void inference_outputOnADevice_orOnTheQuestions_isRefusedBeforeAnyRequest() throws Exception {
    Path tables = Files.writeString(dir.resolve("tables.jsonl"), "");
    String[] common = {"inference", "api", "--model", "m", "--base-url", "http://127.0.0.1:9/v1",
        "--questions-path", questions.toString(), "--tables-path", tables.toString()};
    List<String> devNull = new ArrayList<>(List.of(common));
    devNull.addAll(List.of("--output-file", "/dev/null"));

    assertThat(run(devNull.toArray(String[]::new))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql inference api: --output-file " + special(Path.of("/dev/null")) + "\n");
    err.reset();
    List<String> onQuestions = new ArrayList<>(List.of(common));
    onQuestions.addAll(List.of("--output-file", questions.toString()));
    assertThat(run(onQuestions.toArray(String[]::new))).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql inference api: --output-file " + questions + ": is the --questions-path "
        + "file of this run (" + questions + "), an input that must not be overwritten; choose another path\n");
  }

  @Test
  void datasetImport_outOnDevNull_isRefusedEvenWithOverwrite() throws Exception {
    Path csv = Files.writeString(dir.resolve("t.csv"), "a,b\n1,2\n");

    assertThat(run("dataset", "import", "--csv", csv.toString(), "--out", "/dev/null", "--overwrite"))
        .isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + special(Path.of("/dev/null")) + "\n");
    assertThat(isSpecial(Path.of("/dev/null"))).isTrue();
  }

  @Test
  void library_reportFilesAndEvaluator_refuseTheSameTargets() throws Exception {
    Path fifo = fifo("x.html");
    assertThatThrownBy(() -> ReportFiles.write(fifo, o -> o.write(1)))
        .isInstanceOf(OutputTargetException.class).hasMessage(special(fifo));
    String before = sha256(db);

    assertThatThrownBy(() -> Evaluator.builder().questionsPath(questions).dbPath(db).saveReport(db)
        .noGoldCache().showMismatches(false).build().run(predictions))
        .isInstanceOf(OutputTargetException.class)
        .hasMessage(db + ": is the database of this run (" + db + "), an input that must not be overwritten; "
            + "choose another path");
    assertThat(sha256(db)).isEqualTo(before);
  }

  @Test
  void falcon_tableOnAFifo_isRefusedBeforeAnyModelCall() throws Exception {
    Path out = Files.createDirectories(dir.resolve("falcon"));
    Path fifo = out.resolve("execution-results.csv");
    assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
    Path tables = Files.writeString(dir.resolve("tables.jsonl"), "{\"table_id\": \"employees\", \"header\": "
        + "[\"Name\"], \"types\": [\"text\"], \"rows\": []}\n");

    int status = run("falcon", "run", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--out", out.toString(),
        "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path", db.toString(),
        "--limit", "1");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql falcon run: " + special(fifo) + "\n");
    assertThat(isSpecial(fifo)).isTrue();
  }

  @Test
  void falcon_judgeLogOnTheTablesFile_isRefusedBeforeAnyModelCall() throws Exception {
    Path out = dir.resolve("falcon");
    Path tables = Files.writeString(dir.resolve("tables.jsonl"), "{\"table_id\": \"employees\", \"header\": "
        + "[\"Name\"], \"types\": [\"text\"], \"rows\": []}\n");
    String before = sha256(tables);

    int status = withJudgeLog(tables, "falcon", "run", "--model", "m", "--base-url", "http://127.0.0.1:9/v1",
        "--out", out.toString(), "--questions-path", questions.toString(), "--tables-path", tables.toString(),
        "--db-path", db.toString(), "--limit", "1", "--judge", "llm");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql falcon run: LLMSQL_JUDGE_LOG " + tables + ": is the --tables-path file of "
        + "this run (" + tables + "), an input that must not be overwritten; choose another path\n");
    assertThat(sha256(tables)).isEqualTo(before);
    assertThat(out).doesNotExist();
  }

  @Test
  void saveReport_throughALinkToARegularFile_writesThatFileAndKeepsTheLink() throws Exception {
    Path real = Files.writeString(dir.resolve("real.json"), "old");
    Path link = Files.createSymbolicLink(dir.resolve("link.json"), real);

    assertThat(evaluate("--save-report", link.toString())).isEqualTo(Cli.OK);
    assertThat(Files.isSymbolicLink(link)).isTrue();
    assertThat(Files.readString(real)).startsWith("{").contains("\"total\" : 50,");
  }
}
