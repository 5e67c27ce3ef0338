package dev.llmsql.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.llmsql.Evaluator;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.testsupport.SqliteFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A database file that cannot serve (not SQLite, empty, truncated, a directory, locked by a writer in another
 * process, a hot journal, WAL content not checkpointed) fails the run before any work, with one message naming
 * the file and the fix; a usable WAL-mode database is read without creating anything beside it. Every case:
 * the file's bytes and the directory's listing stay as they were.
 */
class UnusableDatabaseTest {

  @TempDir
  Path dir;

  Path questions;

  @BeforeEach
  void setUp() throws Exception {
    questions = dir.resolve("questions.jsonl");
    Files.writeString(questions, "{\"question_id\": 1, \"question\": \"How many?\", \"sql\": \"SELECT COUNT(*) FROM nums\","
        + " \"table_id\": \"nums\"}\n");
  }

  @Test
  void notSqlite_failsBeforeAnyWork() throws Exception {
    Path db = Files.writeString(dir.resolve("bench.sqlite"), "id,name\n1,a\n");

    assertUnusable(db, "is not a SQLite database (it does not start with \"SQLite format 3\"); pass the "
        + "benchmark's .sqlite/.db file");
  }

  @Test
  void empty_failsBeforeAnyWork() throws Exception {
    Path db = Files.createFile(dir.resolve("bench.sqlite"));

    assertUnusable(db, "is empty (0 bytes), not a SQLite database; pass the benchmark's .sqlite/.db file");
  }

  @Test
  void truncated_failsNamingPromisedAndActualSize() throws Exception {
    Path db = TestDatabases.players(Files.createDirectories(dir.resolve("db")));
    long size = Files.size(db);
    byte[] head = java.util.Arrays.copyOf(Files.readAllBytes(db), 4096);
    Files.write(db, head);

    assertUnusable(db, "is truncated: its header promises " + size + " bytes (" + size / 4096 + " pages of 4096), "
        + "but the file has 4096; download or copy it again");
  }

  @Test
  void directory_failsBeforeAnyWork() throws Exception {
    Path db = Files.createDirectories(dir.resolve("bench.sqlite"));

    assertUnusable(db, "is a directory, not a database file; pass the benchmark's .sqlite/.db file");
  }

  @Test
  void hotJournal_failsNamingTheJournal() throws Exception {
    Path db = TestDatabases.players(Files.createDirectories(dir.resolve("db")));
    byte[] journal = new byte[512];
    System.arraycopy(new byte[] {(byte) 0xd9, (byte) 0xd5, 0x05, (byte) 0xf9, 0x20, (byte) 0xa1, 0x63, (byte) 0xd7},
        0, journal, 0, 8);
    Files.write(db.resolveSibling("players.db-journal"), journal);

    assertUnusable(db, "has a hot journal (players.db-journal: a writer stopped mid-transaction); open it once "
        + "with a writable sqlite3 (e.g. sqlite3 players.db 'PRAGMA quick_check') to roll it back, then run again");
  }

  @Test
  void lockedByAnotherProcess_failsAtOnceInsteadOfWaiting() throws Exception {
    Path db = TestDatabases.players(Files.createDirectories(dir.resolve("db")));
    Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), LockHolder.class.getName(), db.toString())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      assertThat(assertTimeoutPreemptively(Duration.ofMinutes(2), out::readLine)).isEqualTo("locked");

      assertTimeoutPreemptively(Duration.ofMinutes(2), () -> assertUnusable(db, "is locked by another process that "
          + "is writing to it; wait until that process finishes (or stop it), then run again"));
    } finally {
      holder.getOutputStream().close();
      holder.waitFor();
    }
  }

  @Test
  void walWithChangesNotCheckpointed_failsNamingTheWalFile() throws Exception {
    Path db = SqliteFiles.create(Files.createDirectories(dir.resolve("db")).resolve("wal.db"),
        "PRAGMA journal_mode=WAL", "CREATE TABLE nums (n INTEGER)");
    try (Connection writer = DriverManager.getConnection("jdbc:sqlite:" + db);
         Statement s = writer.createStatement()) {
      s.execute("INSERT INTO nums VALUES (1), (2)");   // committed into wal.db-wal, kept there while open

      assertUnusable(db, "has changes in wal.db-wal that are not in the main file yet; checkpoint it (sqlite3 "
          + "wal.db 'PRAGMA wal_checkpoint(TRUNCATE)') once no other process uses it, then run again");
    }
  }

  @Test
  void walModeDatabase_isReadWithoutCreatingWalOrShmFiles() throws Exception {
    Path db = SqliteFiles.create(Files.createDirectories(dir.resolve("db")).resolve("wal.db"),
        "PRAGMA journal_mode=WAL", "CREATE TABLE nums (n INTEGER)", "INSERT INTO nums VALUES (1), (2), (3)");
    String sha = TestDatabases.sha256(db);
    Set<String> before = list(db.getParent());
    assertThat(before).containsExactly("wal.db");

    EvaluationReport report = evaluator(db).run(List.of(new Prediction(1, "SELECT COUNT(n) FROM nums")));

    assertThat(report.matches()).isEqualTo(1);
    assertThat(list(db.getParent())).isEqualTo(before);
    assertThat(TestDatabases.sha256(db)).isEqualTo(sha);
  }

  @Test
  void pathWithUriCharacters_isOpenedAsThatFile() throws Exception {
    Path db = TestDatabases.players(Files.createDirectories(dir.resolve("a b%20#?ü")));

    EvaluationReport report = evaluator(db).run(List.of(new Prediction(1, "SELECT COUNT(n) FROM nums")));

    assertThat(report.matches()).isEqualTo(1);
    assertThat(list(db.getParent())).containsExactly("players.db");
  }

  @Test
  void databasesDir_oneDatabaseNotSqlite_failsBeforeAnyWorkNamingIt() throws Exception {
    // GIVEN {dir}/{db_id}/{db_id}.sqlite: "good" is a database, "bad" a CSV file under a database's name
    Path root = Files.createDirectories(dir.resolve("databases"));
    Path good = Files.createDirectories(root.resolve("good"));
    Files.move(TestDatabases.players(good), good.resolve("good.sqlite"));
    Path bad = Files.writeString(Files.createDirectories(root.resolve("bad")).resolve("bad.sqlite"), "a,b\n1,2\n");
    Path multi = dir.resolve("multi.jsonl");
    Files.writeString(multi, "{\"question_id\": 1, \"question\": \"n?\", \"sql\": \"SELECT COUNT(*) FROM nums\", "
        + "\"db_id\": \"good\"}\n{\"question_id\": 2, \"question\": \"n?\", \"sql\": \"SELECT 1\", "
        + "\"db_id\": \"bad\"}\n");

    // WHEN / THEN
    assertThatThrownBy(() -> Evaluator.builder().questionsPath(multi).databasesDir(root).noGoldCache()
        .noReportFile().showMismatches(false).build()
        .run(List.of(new Prediction(1, "SELECT COUNT(*) FROM nums"), new Prediction(2, "SELECT 1"))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(bad + ": is not a SQLite database (it does not start with \"SQLite format 3\"); pass the "
            + "benchmark's .sqlite/.db file");
  }

  private void assertUnusable(Path db, String problem) throws IOException {
    String sha = Files.isRegularFile(db) ? TestDatabases.sha256(db) : null;
    Set<String> before = list(db.getParent());

    assertThatThrownBy(() -> evaluator(db).run(List.of(new Prediction(1, "SELECT COUNT(*) FROM nums"))))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(db + ": " + problem);

    assertThat(list(db.getParent())).isEqualTo(before);
    if (sha != null) {
      assertThat(TestDatabases.sha256(db)).isEqualTo(sha);
    }
  }

  private Evaluator evaluator(Path db) {
    return Evaluator.builder().questionsPath(questions).dbPath(db).noGoldCache().noReportFile()
        .showMismatches(false).build();
  }

  private static Set<String> list(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
    }
  }
}
