package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spider 2.0 end to end: {@code dataset import --spider2} on a folder of its shape, then {@code evaluate} of a
 * submission directory of SQL files (run on the local SQLite database, compared with the stored gold results),
 * of result CSV files (nothing runs), and of a predictions JSONL naming result files.
 */
class CliSpider2Test extends CliHarness {

  @TempDir
  Path dir;
  Path questions;
  Path databases;

  @BeforeEach
  void importSpider2() throws IOException, SQLException {
    Path lite = dir.resolve("spider2-lite");
    Path gold = lite.resolve("evaluation_suite/gold");
    Path exec = gold.resolve("exec_result");
    Path dbs = lite.resolve("resource/databases/spider2-localdb");
    Files.createDirectories(exec);
    Files.createDirectories(dbs);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dbs.resolve("shop.sqlite"));
         Statement s = c.createStatement()) {
      s.execute("CREATE TABLE sales (id INTEGER, item TEXT, price REAL)");
      s.execute("INSERT INTO sales VALUES (1, 'apple', 1.5), (2, 'pear', 2.25), (3, 'fig', NULL)");
    }
    write(lite.resolve("spider2-lite.jsonl"), """
        {"instance_id": "local001", "db": "shop", "question": "Total price of all sales?"}
        {"instance_id": "local002", "db": "shop", "question": "Items and prices, in id order"}
        {"instance_id": "local003", "db": "shop", "question": "Prices, any order"}
        {"instance_id": "bq001", "db": "cloud", "question": "Rows on BigQuery?"}
        """);
    write(gold.resolve("spider2lite_eval.jsonl"), """
        {"instance_id": "local001", "condition_cols": [], "ignore_order": true}
        {"instance_id": "local002", "condition_cols": [[0, 1], [1]], "ignore_order": false}
        {"instance_id": "local003", "condition_cols": [1], "ignore_order": true}
        {"instance_id": "bq001", "condition_cols": [], "ignore_order": true}
        """);
    write(exec.resolve("local001.csv"), "total\n3.75\n");
    write(exec.resolve("local002_a.csv"), "item,price\napple,1.5\npear,2.25\nfig,\n");
    write(exec.resolve("local002_b.csv"), "id,price\n1,1.50\n2,2.25\n3,\n");
    write(exec.resolve("local003.csv"), "id,price\n1,2.25\n2,\n3,1.5\n");
    write(exec.resolve("bq001.csv"), "n\n42\n");
    Path out = dir.resolve("imported");

    int status = run("dataset", "import", "--spider2", lite.toString(), "--out", out.toString());

    assertThat(err()).isEmpty();
    assertThat(status).isZero();
    questions = out.resolve("questions.jsonl");
    databases = out.resolve("databases");
    assertThat(out()).isEqualTo("4 question(s) with their gold results written to " + questions + "; 1 local "
        + "database(s) in " + databases + "\n"
        + "Next: llmsql evaluate --outputs SUBMISSION_DIR --questions-path " + questions + " --databases-dir "
        + databases + " --judge spider2\n");
    this.out.reset();
  }

  static void write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  int evaluate(Path outputs, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("evaluate", "--outputs", outputs.toString(),
        "--questions-path", questions.toString(), "--databases-dir", databases.toString(), "--judge", "spider2",
        "--no-save-report", "--no-show-mismatches"));
    args.addAll(List.of(more));
    return run(args.toArray(String[]::new));
  }

  @Test
  void sqlSubmission_runsOnTheLocalDatabase_againstTheStoredGoldResults() throws IOException {
    // given: one file per instance_id, as Spider 2.0 submissions are laid out
    Path sub = Files.createDirectory(dir.resolve("submission"));
    write(sub.resolve("local001.sql"), "SELECT SUM(price) AS s FROM sales");                    // 3.75
    write(sub.resolve("local002.sql"), "SELECT item, price, id FROM sales ORDER BY id");         // gold a
    write(sub.resolve("local003.sql"), "SELECT price FROM sales ORDER BY price");                // only column 1
    write(sub.resolve("bq001.sql"), "SELECT 42");                                                // no database

    // when
    int status = evaluate(sub);

    // then
    assertThat(err()).isEmpty();
    assertThat(status).isZero();
    assertThat(out()).contains("  Total:          4\n", "  Matches:        3\n",
        "  Outcomes:       match 3, mismatch 0, error 1, no SQL 0, gold error 0\n");
  }

  @Test
  void sqlSubmission_inAnotherOrder_failsWhereOrderCounts() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("submission"));
    write(sub.resolve("local002.sql"), "SELECT item, price FROM sales ORDER BY id DESC");
    write(sub.resolve("local003.sql"), "SELECT price FROM sales ORDER BY id DESC");

    int status = evaluate(sub);

    assertThat(status).isZero();
    assertThat(out()).contains("  Total:          2\n", "  Matches:        1\n", "  Reasons:        ROW_ORDER=1\n");
  }

  @Test
  void csvSubmission_isComparedAsGiven_nothingRuns() throws IOException {
    // given: Spider 2.0's exec_result mode, a result CSV per instance_id (bq001 has no database here at all)
    Path sub = Files.createDirectory(dir.resolve("results"));
    write(sub.resolve("local001.csv"), "total\n3.754\n");                  // within 1e-2
    write(sub.resolve("local002.csv"), "x,price\n9,1.5\n8,2.25\n7,\n");    // gold b's column 1 only
    write(sub.resolve("local003.csv"), "price\n\n1.5\n2.25\n");            // blank line skipped: 2 rows, not 3
    write(sub.resolve("bq001.csv"), "n\n42.0\n");
    write(sub.resolve("local999.csv"), "n\n1\n");

    // when
    int status = evaluate(sub);

    // then
    assertThat(err()).isEmpty();
    assertThat(status).isZero();
    assertThat(out()).contains("  Total:          4\n", "  Matches:        3\n", "  Reasons:        MISSING_ROWS=1\n",
        "Input problems (1):\n  " + sub.resolve("local999.csv") + ": INVALID_QUESTION_ID: question_id must be an "
            + "integer or a string holding one, but was \"local999\" (no question has this instance_id)\n");
  }

  @Test
  void bothSqlAndCsvForOneTask_theCsvCounts_theSqlIsADuplicate() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("submission"));
    write(sub.resolve("local001.csv"), "total\n3.75\n");
    write(sub.resolve("local001.sql"), "SELECT 0");

    int status = evaluate(sub);

    assertThat(status).isZero();
    assertThat(out()).contains("  Matches:        1\n", "Input problems (1):\n  " + sub.resolve("local001.sql")
        + ": DUPLICATE_QUESTION_ID: question_id 1 was answered before; the first prediction counts, this one is "
        + "ignored\n");
  }

  @Test
  void resultFileThatIsNotCsv_isAnInputProblem_withThreads() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("results"));
    Path bad = sub.resolve("local001.csv");
    write(bad, "total\n3.75,extra\n");
    write(sub.resolve("bq001.csv"), "n\n42\n");

    int status = evaluate(sub, "--threads", "2");

    assertThat(status).isZero();
    assertThat(out()).contains("  Outcomes:       match 1, mismatch 0, error 0, no SQL 1, gold error 0\n",
        "Input problems (1):\n  " + bad + ": RESULT_FILE: result file cannot be used: " + bad.toRealPath()
            + " line 2 has 2 fields, but the header names 1 columns; scored as an answer without SQL\n");
  }

  @Test
  void sqlFileLinkedFromOutside_isAnInputProblem_andNothingOfItRuns() throws IOException {
    Path sub = Files.createDirectory(dir.resolve("submission"));
    Path outside = Files.createDirectory(dir.resolve("elsewhere")).resolve("local001.sql");
    write(outside, "SELECT SUM(price) FROM sales");
    Files.createSymbolicLink(sub.resolve("local001.sql"), outside);

    int status = evaluate(sub);

    assertThat(status).isZero();
    assertThat(out()).contains("  Outcomes:       match 0, mismatch 0, error 0, no SQL 1, gold error 0\n",
        "Input problems (1):\n  " + sub.resolve("local001.sql") + ": RESULT_FILE: SQL file \"local001.sql\" is a "
            + "link leading out of the submission directory " + sub.toAbsolutePath() + "; copy the file in "
            + "instead; scored as an answer without SQL\n");
  }

  @Test
  void resultFilesOutsideTheSubmission_areInputProblems_oneLineEach() throws IOException {
    // given
    Path sub = Files.createDirectory(dir.resolve("results"));
    Path outside = Files.createDirectory(dir.resolve("elsewhere")).resolve("bq001.csv");
    write(outside, "n\n42\n");
    Files.createSymbolicLink(sub.resolve("bq001.csv"), outside);
    write(sub.resolve("local001.csv"), "total\n3.75\n");
    Path preds = sub.resolve("preds.jsonl");
    write(preds, """
        {"question_id": 1, "result_csv": "local001.csv"}
        {"question_id": 2, "result_csv": "../elsewhere/bq001.csv"}
        {"question_id": 3, "result_csv": "%s"}
        {"question_id": 4, "result_csv": "bq001.csv"}
        """.formatted(outside));

    // when
    int status = evaluate(preds);

    // then
    assertThat(status).isZero();
    assertThat(out()).contains("  Total:          4\n", "  Matches:        1\n",
        "  Outcomes:       match 1, mismatch 0, error 0, no SQL 3, gold error 0\n",
        "Input problems (3):\n"
            + "  " + preds + ":2: RESULT_FILE: result file \"../elsewhere/bq001.csv\" leaves the submission directory "
            + sub.toAbsolutePath() + " (..); give a path inside it; scored as an answer without SQL\n"
            + "  " + preds + ":3: RESULT_FILE: result file \"" + outside + "\" is an absolute path; give a path "
            + "relative to " + sub.toAbsolutePath() + "; scored as an answer without SQL\n"
            + "  " + preds + ":4: RESULT_FILE: result file \"bq001.csv\" is a link leading out of the submission "
            + "directory " + sub.toAbsolutePath() + "; copy the file in instead; scored as an answer without SQL\n");
  }

  @Test
  void importAgain_questionsFileOnAFifo_isRefusedEvenWithOverwriteAndStaysAFifo() throws Exception {
    // given: the import's questions.jsonl replaced by a FIFO (the rename into place would replace it with a file)
    Files.delete(questions);
    Path fifo = DatasetCommandTest.fifo(questions);

    // when
    int status = run("dataset", "import", "--spider2", dir.resolve("spider2-lite").toString(), "--out",
        dir.resolve("imported").toString(), "--overwrite");

    // then
    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + DatasetCommandTest.notRegular(fifo) + "\n");
    assertThat(DatasetCommandTest.isFifo(fifo)).isTrue();
  }
}
