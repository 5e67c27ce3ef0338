package dev.llmsql.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.Evaluator;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.testsupport.DamagedPages;
import dev.llmsql.testsupport.SqliteFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * A database with damaged pages (issue 22.6): its header is valid, so it opens and passes the checks before
 * any work, but a statement reading a damaged page gets SQLite's "database disk image is malformed"
 * (SQLITE_CORRUPT). Whichever statement finds it, gold or predicted, on one thread or several, the run stops
 * with one line naming the file instead of scoring every affected gold as GOLD_ERROR in a report that looks
 * like a result.
 */
class CorruptDatabaseTest {

  @TempDir
  Path dir;

  Path db;
  Path questions;

  @BeforeEach
  void setUp() throws Exception {
    // "good" stays readable; "bad" spans many pages, and its b-tree root page is overwritten below
    StringBuilder rows = new StringBuilder("INSERT INTO bad VALUES ");
    for (int i = 1; i <= 2000; i++) {
      rows.append(i == 1 ? "" : ",").append("(").append(i).append(", 'row number ").append(i).append("')");
    }
    db = SqliteFiles.create(dir.resolve("bench.sqlite"), "CREATE TABLE good (n INTEGER)",
        "INSERT INTO good VALUES (1), (2), (3)", "CREATE TABLE bad (n INTEGER, s TEXT)", rows.toString());
    DamagedPages.overwriteRootPage(db, "bad");
    questions = Files.writeString(dir.resolve("questions.jsonl"),
        "{\"question_id\": 1, \"question\": \"How many bad?\", \"sql\": \"SELECT COUNT(*) FROM bad\", \"table_id\": \"bad\"}\n"
            + "{\"question_id\": 2, \"question\": \"How many good?\", \"sql\": \"SELECT COUNT(*) FROM good\", \"table_id\": \"good\"}\n");
  }

  static String expected(Path db) {
    return db + ": is corrupt (SQLite: database disk image is malformed; SQLITE_CORRUPT), so no result from it can "
        + "be trusted; download or copy it again (sqlite3 bench.sqlite 'PRAGMA integrity_check' shows the damage)";
  }

  @ParameterizedTest(name = "threads {0}")
  @ValueSource(ints = {1, 4})
  void goldReadingADamagedPage_stopsTheRunNamingTheFile(int threads) {
    Evaluator evaluator = Evaluator.builder().questionsPath(questions).dbPath(db).noGoldCache().noReportFile()
        .showMismatches(false).threads(threads).build();

    assertThatThrownBy(() -> evaluator.run(List.of(new Prediction(2, "SELECT COUNT(*) FROM good"),
        new Prediction(1, "SELECT COUNT(*) FROM bad"))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(expected(db));
  }

  @Test
  void onlyThePredictionReadsADamagedPage_stopsTheRunToo() {
    Evaluator evaluator = Evaluator.builder().questionsPath(questions).dbPath(db).noGoldCache().noReportFile()
        .showMismatches(false).build();

    assertThatThrownBy(() -> evaluator.run(List.of(new Prediction(2, "SELECT COUNT(*) FROM bad"))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(expected(db));
  }

  @Test
  void statementsThatReadNoDamagedPage_runAsBefore() {
    Evaluator evaluator = Evaluator.builder().questionsPath(questions).dbPath(db).noGoldCache().noReportFile()
        .showMismatches(false).build();

    assertThat(evaluator.run(List.of(new Prediction(2, "SELECT COUNT(*) FROM good"))).matches()).isEqualTo(1);
  }

  @Test
  void notADatabaseAndExtendedCorruptCodes_areDamageToo_otherErrorsAreNot() {
    Path file = dir.resolve("bench.sqlite");
    SQLiteException notADb = new SQLiteException("[SQLITE_NOTADB] File opened that is not a database file "
        + "(file is not a database)", SQLiteErrorCode.SQLITE_NOTADB);
    SQLiteException index = new SQLiteException("[SQLITE_CORRUPT_INDEX] (database disk image is malformed)",
        SQLiteErrorCode.SQLITE_CORRUPT_INDEX);
    SQLiteException syntax = new SQLiteException("[SQLITE_ERROR] SQL error or missing database (no such table: x)",
        SQLiteErrorCode.SQLITE_ERROR);

    assertThat(SqliteQueryExecutor.corruption(file, new java.sql.SQLException("pool", notADb)).getMessage())
        .isEqualTo("is damaged (SQLite: file is not a database; SQLITE_NOTADB), so no result from it can be trusted; "
            + "download or copy it again (sqlite3 bench.sqlite 'PRAGMA integrity_check' shows the damage)");
    assertThat(SqliteQueryExecutor.corruption(file, index).getMessage())
        .startsWith("is corrupt (SQLite: database disk image is malformed; SQLITE_CORRUPT)");
    assertThat(SqliteQueryExecutor.corruption(file, syntax)).isNull();
  }
}
