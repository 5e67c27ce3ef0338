package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetCommandTest {

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  @Test
  void datasetImport_csvThenEvaluate_scoresAgainstImportedTables() throws Exception {
    // given: a CSV directory, questions with gold SQL, and predictions (one right, one wrong)
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.writeString(data.resolve("cities.csv"), "City,Country,Population\nOslo,Norway,709037\n"
        + "Bergen,Norway,291940\n\"Zürich\",Switzerland,\n");
    Path questions = Files.writeString(dir.resolve("questions.jsonl"), """
        {"question_id": 1, "question": "How many cities are in Norway?", "sql": "SELECT COUNT(*) FROM \\"cities\\" WHERE \\"Country\\" = 'Norway'", "table_id": "cities"}
        {"question_id": 2, "question": "Which city has no population figure?", "sql": "SELECT \\"City\\" FROM \\"cities\\" WHERE \\"Population\\" IS NULL", "table_id": "cities"}
        """);
    Path predictions = Files.writeString(dir.resolve("predictions.jsonl"), """
        {"question_id": 1, "completion": "SELECT COUNT(*) FROM cities WHERE Country = 'Norway'"}
        {"question_id": 2, "completion": "SELECT City FROM cities WHERE Population > 0"}
        """);
    Path db = dir.resolve("cities.sqlite");

    // when
    int imported = run("dataset", "import", "--csv", data.toString(), "--out", db.toString());
    int evaluated = run("evaluate", "--outputs", predictions.toString(), "--questions-path", questions.toString(),
        "--db-path", db.toString(), "--no-save-report", "--quiet");

    // then
    assertThat(imported).isZero();
    assertThat(evaluated).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(
        "  cities                              3 rows  [TEXT, TEXT, INTEGER]\n"
            + "1 table(s) written to " + db + "\n"
            + "50.00% accuracy (1 of 2 matched)\n");
  }

  @Test
  void datasetImport_csvWithQuestions_checksCopiesAndPrintsNextCommandsThatWork() throws Exception {
    // given: one question with gold SQL, one with gold results only; predictions right, right, wrong
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.writeString(data.resolve("cities.csv"), "City,Country,Population\nOslo,Norway,709037\n"
        + "Bergen,Norway,291940\n\"Zürich\",Switzerland,\n");
    Path questions = Files.writeString(dir.resolve("my-questions.jsonl"), """
        {"question_id": 1, "question": "How many cities are in Norway?", "sql": "SELECT COUNT(*) FROM cities WHERE Country = 'Norway'", "table_id": "cities"}
        {"question_id": 2, "question": "Which city has no population figure?", "gold_results": {"City": ["Zürich"]}, "table_id": "cities"}
        {"question_id": 3, "question": "Which is the biggest city?", "sql": "SELECT City FROM cities ORDER BY Population DESC LIMIT 1", "table_id": "cities"}
        """);
    Path predictions = Files.writeString(dir.resolve("predictions.jsonl"), """
        {"question_id": 1, "completion": "SELECT COUNT(*) FROM cities WHERE Country = 'Norway'"}
        {"question_id": 2, "completion": "SELECT City FROM cities WHERE Population IS NULL"}
        {"question_id": 3, "completion": "SELECT City FROM cities ORDER BY Population ASC LIMIT 1"}
        """);
    Path db = dir.resolve("cities.sqlite");
    Path copied = dir.resolve("cities.questions.jsonl");

    // when
    int imported = run("dataset", "import", "--csv", data.toString(), "--questions", questions.toString(), "--out",
        db.toString());
    int evaluated = run("evaluate", "--outputs", predictions.toString(), "--questions-path", copied.toString(),
        "--db-path", db.toString(), "--no-save-report", "--quiet");

    // then
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(imported).isZero();
    assertThat(evaluated).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo(
        "  cities                              3 rows  [TEXT, TEXT, INTEGER]\n"
            + "1 table(s) written to " + db + "\n"
            + "3 question(s) checked (they read, their tables exist, their gold SQL runs) and written to " + copied
            + "; table descriptions for prompts in " + dir.resolve("cities.tables.jsonl") + "\n"
            + "Next: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path " + copied + " --db-path " + db
            + "\n"
            + "  or: llmsql falcon run --model M --base-url U --out DIR --questions-path " + copied
            + " --tables-path " + dir.resolve("cities.tables.jsonl") + " --db-path " + db + "\n"
            + "66.67% accuracy (2 of 3 matched)\n");
    assertThat(Files.readString(copied)).isEqualTo(Files.readString(questions));
  }

  @Test
  void datasetImport_questionWithFailingSql_isBadInputNamingLineAndFix() throws Exception {
    // given
    Path csv = Files.writeString(dir.resolve("t.csv"), "a\n1\n");
    Path questions = Files.writeString(dir.resolve("q.jsonl"),
        "{\"question_id\": 1, \"question\": \"x\", \"sql\": \"SELECT b FROM t\", \"table_id\": \"t\"}\n");
    Path db = dir.resolve("t.sqlite");

    // when
    int status = run("dataset", "import", "--csv", csv.toString(), "--questions", questions.toString(), "--out",
        db.toString());

    // then
    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql dataset import: " + questions + ": 1 problem "
        + "with the questions; nothing was written, fix it and import again:\n  " + questions + ":1: question 1: "
        + "gold SQL fails on the imported tables (no such column: b): SELECT b FROM t; fix the SQL (columns of t: "
        + "a), or give \"gold_results\" instead\n");
    assertThat(db).doesNotExist();
  }

  @Test
  void datasetImport_existingOut_failsWithFix() throws Exception {
    // given
    Path csv = Files.writeString(dir.resolve("t.csv"), "a\n1\n");
    Path db = Files.writeString(dir.resolve("t.sqlite"), "");

    // when
    int status = run("dataset", "import", "--csv", csv.toString(), "--out", db.toString());

    // then
    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql dataset import: " + db.toAbsolutePath()
        + " already exists; choose another --out file, delete it, or allow replacing it with --overwrite\n");
  }

  @Test
  void datasetImport_builderMessage_namesTheOption() throws Exception {
    Path empty = Files.createDirectories(dir.resolve("empty"));

    int status = run("dataset", "import", "--csv", empty.toString(), "--out", dir.resolve("t.sqlite").toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql dataset import: " + empty + " holds no .csv "
        + "files; point --csv at the directory with your CSV files or at one file\n");
  }

  @Test
  void datasetImport_tablesLineNotJson_saysColumnAndWhatWasExpected() throws Exception {
    Path tables = Files.writeString(dir.resolve("tables.jsonl"), "{\"table_id\": \"t\", \"header\": [\"a\"],}\n");

    int status = run("dataset", "import", "--tables-jsonl", tables.toString(), "--out",
        dir.resolve("t.sqlite").toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql dataset import: " + tables + " line 1: not "
        + "valid JSON at column 35: unexpected '}'; expected a field name in double quotes after ','; each line must "
        + "be {\"table_id\": ..., \"header\": [...], \"types\": [...], \"rows\": [[...]]}\n");
  }

  @Test
  void datasetImport_withoutOut_isUsageError() throws Exception {
    Path csv = Files.writeString(dir.resolve("t.csv"), "a\n1\n");

    assertThat(run("dataset", "import", "--csv", csv.toString())).isEqualTo(Cli.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql dataset import: --out FILE is required "
        + "(the new SQLite file) (see llmsql dataset --help)\n");
  }

  @Test
  void datasetImport_oneCsvFileTwice_isUsageErrorNamingIt() throws Exception {
    Path csvDir = Files.createDirectory(dir.resolve("csv"));
    Path csv = Files.writeString(csvDir.resolve("t.csv"), "a\n1\n");

    int status = run("dataset", "import", "--csv", csvDir.toString(), "--csv", csv.toString(), "--out",
        dir.resolve("t.sqlite").toString());

    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql dataset import: DatasetImport.Builder: " + csv
        + " was given twice (as a file and within its directory, or as one path twice); give each file once (see "
        + "llmsql dataset --help)\n");
    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(dir.resolve("t.sqlite")).doesNotExist();
  }

  // --- output targets: a FIFO or an input is refused before any work (exit 2, one line), and left as it was ---

  static final String QUESTION = "{\"question_id\": 1, \"question\": \"x\", \"sql\": \"SELECT a FROM t\", "
      + "\"table_id\": \"t\"}\n";

  /** {@link #run} bounded: an output opened on a FIFO blocks until a reader comes, which none does here. */
  int runWithin(String... args) {
    return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> run(args));
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  /** A FIFO at {@code path}; the test is skipped where there is no mkfifo. */
  static Path fifo(Path path) throws Exception {
    Process mkfifo;
    try {
      mkfifo = new ProcessBuilder("mkfifo", path.toString()).start();
    } catch (IOException e) {
      assumeTrue(false, "mkfifo is missing: " + e.getMessage());
      throw e;
    }
    assertThat(mkfifo.waitFor()).isZero();
    return path;
  }

  static boolean isFifo(Path path) throws IOException {
    return Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther();
  }

  static String notRegular(Path path) {
    return path + ": exists and is not a regular file (a device, FIFO or socket); choose another path";
  }

  static Path devJson(Path dir) throws IOException {
    return Files.writeString(dir.resolve("dev.json"), "[{\"database_id\": \"shop\", \"interaction\": "
        + "[{\"utterance\": \"How many?\", \"query\": \"SELECT count(*) FROM items\"}]}]\n");
  }

  @Test
  void multiTurn_outOnAFifo_isRefusedEvenWithOverwriteAndStaysAFifo() throws Exception {
    Path dev = devJson(dir);
    Path fifo = fifo(dir.resolve("questions.jsonl"));

    int status = runWithin("dataset", "import", "--multi-turn", dev.toString(), "--out", fifo.toString(),
        "--overwrite");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + notRegular(fifo) + "\n");
    assertThat(isFifo(fifo)).isTrue();
  }

  @Test
  void multiTurn_outIsTheInput_isRefusedEvenWithOverwriteAndTheInputIsUnchanged() throws Exception {
    Path dev = devJson(dir);
    String before = Files.readString(dev);

    int status = runWithin("dataset", "import", "--multi-turn", dev.toString(), "--out", dev.toString(),
        "--overwrite");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + dev + ": is the --multi-turn file of this run ("
        + dev + "), an input that must not be overwritten; choose another path\n");
    assertThat(Files.readString(dev)).isEqualTo(before);
  }

  @Test
  void csvWithQuestions_questionsInputIsTheTablesCopy_isRefusedAndNothingIsWritten() throws Exception {
    // given: the questions file is named as the tables copy of --out (d.tables.jsonl beside d.sqlite)
    Path csv = Files.writeString(dir.resolve("t.csv"), "a\n1\n");
    Path questions = Files.writeString(dir.resolve("d.tables.jsonl"), QUESTION);
    Path db = dir.resolve("d.sqlite");

    // when
    int status = runWithin("dataset", "import", "--csv", csv.toString(), "--questions", questions.toString(),
        "--out", db.toString());

    // then
    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + db + ": the tables copy written beside it, "
        + questions + ", is the questions file of this run (" + questions + "), an input that must not be "
        + "overwritten; choose another path\n");
    assertThat(Files.readString(questions)).isEqualTo(QUESTION);
    assertThat(db).doesNotExist();
    assertThat(dir.resolve("d.questions.jsonl")).doesNotExist();
  }

  @Test
  void csvWithQuestions_csvInputIsTheQuestionsCopy_isRefusedEvenWithOverwrite() throws Exception {
    // given: a CSV file named as the questions copy of --out
    Path csv = Files.writeString(dir.resolve("d.questions.jsonl"), "a\n1\n");
    Path questions = Files.writeString(dir.resolve("q.jsonl"), QUESTION);
    Path db = dir.resolve("d.sqlite");

    // when
    int status = runWithin("dataset", "import", "--csv", csv.toString(), "--questions", questions.toString(),
        "--out", db.toString(), "--overwrite");

    // then
    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + db + ": the questions copy written beside it, "
        + csv + ", is the CSV file d.questions.jsonl of this run (" + csv + "), an input that must not be "
        + "overwritten; choose another path\n");
    assertThat(Files.readString(csv)).isEqualTo("a\n1\n");
    assertThat(db).doesNotExist();
    assertThat(dir.resolve("d.tables.jsonl")).doesNotExist();
  }

  @Test
  void csvWithQuestions_tablesCopyOnAFifo_isRefusedBeforeTheDatabaseIsWritten() throws Exception {
    // given: a FIFO where the tables copy goes; writing it would block for ever after the database is in place
    Path csv = Files.writeString(dir.resolve("t.csv"), "a\n1\n");
    Path questions = Files.writeString(dir.resolve("q.jsonl"), QUESTION);
    Path db = dir.resolve("d.sqlite");
    Path fifo = fifo(dir.resolve("d.tables.jsonl"));

    // when
    int status = runWithin("dataset", "import", "--csv", csv.toString(), "--questions", questions.toString(),
        "--out", db.toString(), "--overwrite");

    // then
    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + db + ": the tables copy written beside it, "
        + fifo + ", exists and is not a regular file (a device, FIFO or socket); choose another path\n");
    assertThat(isFifo(fifo)).isTrue();
    assertThat(db).doesNotExist();
    assertThat(dir.resolve("d.questions.jsonl")).doesNotExist();
  }

  @Test
  void csvWithQuestions_twoCsvFilesOfOneName_theCopyMayReplaceNeither() throws Exception {
    // given: a/d.questions.jsonl and b/d.questions.jsonl, both CSV inputs; the copy of a/d.sqlite is the first
    // (inputs once keyed by file name alone kept only the last of the two)
    Path a = Files.writeString(Files.createDirectory(dir.resolve("a")).resolve("d.questions.jsonl"), "x\n1\n");
    Path b = Files.writeString(Files.createDirectory(dir.resolve("b")).resolve("d.questions.jsonl"), "y\n2\n");
    Path questions = Files.writeString(dir.resolve("q.jsonl"), QUESTION);
    Path db = dir.resolve("a").resolve("d.sqlite");

    // when
    int status = runWithin("dataset", "import", "--csv", a.toString(), "--csv", b.toString(), "--questions",
        questions.toString(), "--out", db.toString(), "--overwrite");

    // then
    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + db + ": the questions copy written beside it, "
        + a + ", is the CSV file d.questions.jsonl of this run (" + a + "), an input that must not be overwritten; "
        + "choose another path\n");
    assertThat(Files.readString(a)).isEqualTo("x\n1\n");
    assertThat(db).doesNotExist();
  }

  @Test
  void tablesAndQuestionsAlreadyNamedAsTheCopies_areLeftInPlaceAndTheImportSucceeds() throws Exception {
    // given: an LLMSQL-shaped dataset whose files already sit where the copies of d.sqlite go
    String tablesLine = "{\"table_id\": \"t\", \"header\": [\"a\"], \"types\": [\"integer\"], \"rows\": [[1]]}\n";
    Path tables = Files.writeString(dir.resolve("d.tables.jsonl"), tablesLine);
    Path questions = Files.writeString(dir.resolve("d.questions.jsonl"), QUESTION);
    Path db = dir.resolve("d.sqlite");

    // when
    int status = runWithin("dataset", "import", "--tables-jsonl", tables.toString(), "--questions",
        questions.toString(), "--out", db.toString());

    // then: nothing to copy, and neither input is rewritten
    assertThat(err()).isEmpty();
    assertThat(status).isZero();
    assertThat(Files.readString(tables)).isEqualTo(tablesLine);
    assertThat(Files.readString(questions)).isEqualTo(QUESTION);
    assertThat(db).isRegularFile();
  }
}
