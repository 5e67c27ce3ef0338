package dev.llmsql.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.testsupport.SqliteFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SqliteQueryExecutorTest {

  @TempDir
  Path dir;

  Path db;
  SqliteDatabases executor;

  @BeforeEach
  void setUp() throws Exception {
    db = TestDatabases.players(dir);
    executor = new SqliteDatabases(new ExecutionLimits(Duration.ofSeconds(10), 1000, 2));
  }

  @AfterEach
  void tearDown() {
    executor.close();
  }

  @Test
  void fileReplacedByOneOfTheSameSizeAndTime_isReadAfresh() throws Exception {
    Path replacement = Files.createDirectories(dir.resolve("new")).resolve("db.sqlite");
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + replacement);
        var s = c.createStatement()) {
      s.execute("CREATE TABLE t (v TEXT)");
      s.execute("INSERT INTO t VALUES ('before')");
    }
    Path live = dir.resolve("live.sqlite");
    Files.copy(replacement, live);
    assertThat(rows(executor.execute(live, "SELECT v FROM t"))).isEqualTo("[[before]]");
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + replacement);
        var s = c.createStatement()) {
      s.execute("UPDATE t SET v = 'after!'");   // same length: the file keeps its size
    }
    assertThat(Files.size(replacement)).isEqualTo(Files.size(live));
    Files.setLastModifiedTime(replacement, Files.getLastModifiedTime(live));
    Files.move(replacement, live, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

    // the next run (a new executor; a daemon serves many) finds the pool of the file it replaced
    try (SqliteDatabases next = new SqliteDatabases(new ExecutionLimits(Duration.ofSeconds(10), 1000, 2))) {
      assertThat(rows(next.execute(live, "SELECT v FROM t"))).isEqualTo("[[after!]]");
    }
  }

  @Test
  void fileReplaced_givesANewPool_andClosesTheOldOneBesideIt() throws Exception {
    ReadOnlyPools pools = new ReadOnlyPools();
    var old = pools.pool(db, 1);
    try (var c = old.getConnection()) {
      ReadOnlyPools.readSchema(c.unwrap(org.sqlite.SQLiteConnection.class));
    }
    Path copy = dir.resolve("copy.sqlite");
    Files.copy(db, copy);
    Files.move(copy, db, java.nio.file.StandardCopyOption.REPLACE_EXISTING);   // a new inode: a new file

    var replaced = pools.pool(db, 1);

    assertThat(replaced).isNotSameAs(old);
    assertThat(replaced.isClosed()).isFalse();
    // closed on a thread of its own (freeing a large parsed schema takes a while): bounded wait, not a pause
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!old.isClosed() && System.nanoTime() < deadline) {
      Thread.onSpinWait();
    }
    assertThat(old.isClosed()).isTrue();
    try (var c = replaced.getConnection(); var s = c.createStatement();
        var rs = s.executeQuery("SELECT COUNT(*) FROM \"1-10015132-9\"")) {
      assertThat(rs.next()).isTrue();
    }
    replaced.close();
  }

  @Test
  void closeUnused_closesThePoolsNotAskedForSinceThePreviousCall_andKeepsTheOthers() throws Exception {
    Path a = TestDatabases.players(Files.createDirectories(dir.resolve("a")));
    Path b = TestDatabases.players(Files.createDirectories(dir.resolve("b")));
    ReadOnlyPools pools = new ReadOnlyPools();
    var poolA = pools.pool(a, 1);
    var poolB = pools.pool(b, 1);

    assertThat(pools.closeUnused()).as("both asked for since the start").isZero();
    assertThat(pools.pool(a, 1)).isSameAs(poolA);   // the next run reads a only
    assertThat(pools.closeUnused()).isEqualTo(1);
    assertThat(poolB.isClosed()).isTrue();
    assertThat(poolA.isClosed()).isFalse();
    assertThat(pools.closeUnused()).as("nothing asked for since: a run that failed first").isZero();
    assertThat(poolA.isClosed()).isFalse();

    var again = pools.pool(b, 1);
    assertThat(again).isNotSameAs(poolB);
    try (var c = again.getConnection(); var s = c.createStatement();
        var rs = s.executeQuery("SELECT COUNT(*) FROM \"1-10015132-9\"")) {
      assertThat(rs.next()).isTrue();
    }
    assertThat(pools.closeUnused()).as("a, not asked for since").isEqualTo(1);
    assertThat(poolA.isClosed()).isTrue();

    // a run on another engine asks for no pool, yet a deleted file's pool is closed all the same
    Files.delete(b);
    assertThat(pools.closeUnused()).as("b, whose file is gone").isEqualTo(1);
    assertThat(again.isClosed()).isTrue();
  }

  @Test
  void fileRewrittenInPlace_withItsSizeAndTimeKept_isReadAfresh() throws Exception {
    Path first = Files.createDirectories(dir.resolve("v1")).resolve("db.sqlite");
    Path second = Files.createDirectories(dir.resolve("v2")).resolve("db.sqlite");
    for (Path version : List.of(first, second)) {
      try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + version);
          var s = c.createStatement()) {
        s.execute("CREATE TABLE t (v TEXT)");
        s.execute("INSERT INTO t VALUES ('" + (version == first ? "before" : "after!") + "')");
      }
    }
    assertThat(Files.size(second)).isEqualTo(Files.size(first));
    Path live = dir.resolve("in-place.sqlite");
    Files.copy(first, live);
    java.nio.file.attribute.FileTime time = Files.getLastModifiedTime(live);
    Object inode = Files.readAttributes(live, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
    assertThat(rows(executor.execute(live, "SELECT v FROM t"))).isEqualTo("[[before]]");
    Thread.sleep(20);   // a change time the file system can tell from the first
    // cp -p over an existing file: the same inode, written in place, its time set back
    try (var out = Files.newOutputStream(live, java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
      out.write(Files.readAllBytes(second));
    }
    Files.setLastModifiedTime(live, time);
    assertThat(Files.readAttributes(live, java.nio.file.attribute.BasicFileAttributes.class).fileKey())
        .isEqualTo(inode);

    try (SqliteDatabases next = new SqliteDatabases(new ExecutionLimits(Duration.ofSeconds(10), 1000, 2))) {
      assertThat(rows(next.execute(live, "SELECT v FROM t"))).isEqualTo("[[after!]]");
    }
  }

  private static String rows(QueryOutcome outcome) {
    return String.valueOf(((QueryOutcome.Success) outcome).result().rows());
  }

  @Test
  void warmUp_freshDatabase_opensOneConnectionPerThreadAndQueriesStillRun() throws Exception {
    Path other = TestDatabases.players(Files.createDirectories(dir.resolve("warm")));
    try (SqliteDatabases three = new SqliteDatabases(new ExecutionLimits(Duration.ofSeconds(10), 100, 3))) {
      three.warmUp(other);
      var pool = ReadOnlyPools.shared().pool(other, 3).getHikariPoolMXBean();
      for (int i = 0; i < 200 && pool.getTotalConnections() < 3; i++) {
        Thread.sleep(50);
      }

      assertThat(pool.getTotalConnections()).isEqualTo(3);
      assertThat(three.execute(other, "SELECT COUNT(*) FROM \"1-10015132-9\"")).isInstanceOf(QueryOutcome.Success.class);
      three.warmUp(other);   // already open: returns without holding anything
      assertThat(three.execute(other, "SELECT 1")).isInstanceOf(QueryOutcome.Success.class);
    }
  }

  @Test
  void execute_afterTheFileChangedAndTheSharedPoolWasReplaced_usesTheNewPool() throws Exception {
    // GIVEN: this executor holds the pool of the file as it was
    assertThat(executor.execute(db, "SELECT 1")).isInstanceOf(QueryOutcome.Success.class);
    SqliteFiles.create(db, "CREATE TABLE extra AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
        + "FROM n WHERE i < 2000) SELECT i, printf('%0100d', i) AS pad FROM n");
    // another evaluation in this JVM sees the change: the shared registry closes the old pool and opens a new one
    try (SqliteDatabases other = new SqliteDatabases(new ExecutionLimits(Duration.ofSeconds(10), 1000, 2))) {
      assertThat(other.execute(db, "SELECT COUNT(*) FROM extra")).isInstanceOf(QueryOutcome.Success.class);
    }

    // WHEN
    QueryOutcome outcome = executor.execute(db, "SELECT COUNT(*) FROM extra");

    // THEN
    assertThat(outcome).isInstanceOf(QueryOutcome.Success.class);
    assertThat(((QueryOutcome.Success) outcome).result().rows()).isEqualTo(List.of(List.of(2000L)));
  }

  /**
   * SQLite 3.54 (ours) resolves a column of the outer query in a subquery's GROUP BY; SQLite 3.40, which
   * the Python peers run, fails with "no such column: a.name" (docs/COMPATIBILITY.md, spider-exec).
   */
  @Test
  void execute_outerColumnInSubqueryGroupBy_runsOnThisSqlite() throws Exception {
    Path other = SqliteFiles.create(dir.resolve("outer.sqlite"), "CREATE TABLE t (id INTEGER, name TEXT)",
        "CREATE TABLE u (id INTEGER, x INTEGER)", "INSERT INTO t VALUES (1, 'a'), (2, 'b')",
        "INSERT INTO u VALUES (1, 10), (1, 11), (2, 12)");

    QueryOutcome outcome = executor.execute(other,
        "SELECT name FROM t AS a WHERE id IN (SELECT id FROM u GROUP BY a.name) ORDER BY name");

    assertThat(outcome).isInstanceOf(QueryOutcome.Success.class);
    // the outer column is one value per outer row, so the subquery forms one group and yields one id
    assertThat(((QueryOutcome.Success) outcome).result().rowCount()).isEqualTo(1);
  }

  @Test
  void execute_select_returnsTypedCells() {
    QueryOutcome outcome = executor.execute(db,
        "SELECT \"Player\", \"No.\", COUNT(*) FROM \"1-10015132-9\" WHERE \"No.\" = 5 GROUP BY 1, 2");

    assertThat(outcome).isInstanceOf(QueryOutcome.Success.class);
    QueryOutcome.Success success = (QueryOutcome.Success) outcome;
    assertThat(success.result().rows()).containsExactly(List.of("Jalen Rose", 5.0, 1L));
    assertThat(success.result().columns()).containsExactly("Player", "No.", "COUNT(*)");
  }

  @Test
  void execute_doubleQuotedStringLiteral_keepsWorkingAsInLlmsqlExamples() {
    QueryOutcome outcome = executor.execute(db,
        "SELECT \"Position\" FROM \"1-10015132-9\" WHERE \"Player\" = \"Jalen Rose\"");

    assertThat(((QueryOutcome.Success) outcome).result().rows()).containsExactly(List.of("Guard"));
  }

  @Test
  void execute_unknownColumn_isSqlErrorWithSqliteMessage() {
    QueryOutcome outcome = executor.execute(db, "SELECT nope FROM nums");

    assertThat(outcome).isEqualTo(new QueryOutcome.Failure(FailureKind.SQL_ERROR, "no such column: nope",
        outcome.nanos()));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "DROP TABLE nums",
      "DELETE FROM nums",
      "UPDATE nums SET n = 0",
      "INSERT INTO nums VALUES (1000)",
      "CREATE TABLE evil (x)",
      "ATTACH DATABASE 'x.db' AS x",
      "PRAGMA writable_schema=1",
      "VACUUM INTO 'y.db'",
      "SELECT load_extension('z')",
      "SELECT 1; DROP TABLE nums",
      "SELECT 1;\n-- harmless comment\n; DELETE FROM nums",
      "WITH x AS (SELECT 1) DELETE FROM nums",
      "WITH x AS (SELECT 1) INSERT INTO nums SELECT * FROM x",
      "REPLACE INTO nums VALUES (1)",
      "SELECT writefile('w.txt', 'x')",
      "SELECT * FROM nums; ATTACH 'x.db' AS x; CREATE TABLE x.t AS SELECT 1",
      "CREATE TEMP TABLE t AS SELECT 1",
      "BEGIN; DELETE FROM nums; COMMIT",
      "/* comment */ DROP TABLE nums",
      "(SELECT 1); DROP TABLE nums"
  })
  void execute_hostileStatement_failsAndLeavesNoTrace(String sql) throws IOException {
    // GIVEN
    String before = TestDatabases.sha256(db);
    Path cwd = Path.of("").toAbsolutePath();
    Set<String> cwdBefore = list(cwd);
    Set<String> dirBefore = list(dir);

    // WHEN
    QueryOutcome outcome = executor.execute(db, sql);

    // THEN
    assertThat(outcome).isInstanceOf(QueryOutcome.Failure.class);
    assertThat(((QueryOutcome.Failure) outcome).kind()).isIn(FailureKind.REJECTED, FailureKind.SQL_ERROR);
    assertThat(TestDatabases.sha256(db)).isEqualTo(before);
    assertThat(list(cwd)).isEqualTo(cwdBefore);
    assertThat(list(dir)).isEqualTo(dirBefore);
    QueryOutcome after = executor.execute(db, "SELECT COUNT(*) FROM nums");
    assertThat(((QueryOutcome.Success) after).result().rows()).containsExactly(List.of(100L));
  }

  @Test
  void execute_multipleStatements_rejectedBeforeReachingSqlite() {
    QueryOutcome outcome = executor.execute(db, "SELECT 1; DROP TABLE nums");

    assertThat(outcome).isEqualTo(new QueryOutcome.Failure(FailureKind.REJECTED,
        "refused: only one statement may run, but more follows ';' at offset 8", outcome.nanos()));
  }

  @Test
  void execute_postgresQuotesAndComments_areNoneOnSqlite() {
    // PostgreSQL's and DuckDB's guard reads dollar quotes, E'...' strings and nested comments; SQLite has none of
    // them ('$' starts a parameter name), so here they are read as before
    QueryOutcome dollar = executor.execute(db, "SELECT $$a;b$$");
    QueryOutcome escape = executor.execute(db, "SELECT E'it\\'s; fine'");
    QueryOutcome nested = executor.execute(db, "/* /* */ DELETE FROM nums */ SELECT 1");

    assertThat(dollar).isEqualTo(new QueryOutcome.Failure(FailureKind.REJECTED,
        "refused: only one statement may run, but more follows ';' at offset 10", dollar.nanos()));
    assertThat(escape).isEqualTo(new QueryOutcome.Failure(FailureKind.REJECTED,
        "refused: only one statement may run, but more follows ';' at offset 14", escape.nanos()));
    assertThat(nested).isEqualTo(new QueryOutcome.Failure(FailureKind.REJECTED, "refused: DELETE statements may "
        + "not run (only SELECT, WITH ... SELECT and VALUES; benchmark databases are read-only)", nested.nanos()));
  }

  @Test
  void execute_trailingSemicolonAndComment_allowed() {
    QueryOutcome outcome = executor.execute(db, "SELECT COUNT(*) FROM nums; -- done\n;");

    assertThat(((QueryOutcome.Success) outcome).result().rows()).containsExactly(List.of(100L));
  }

  @Test
  void execute_semicolonInsideLiteral_isOneStatement() {
    QueryOutcome outcome = executor.execute(db, "SELECT 'a;b', \"Player\" FROM \"1-10015132-9\" WHERE 0");

    assertThat(outcome.succeeded()).isTrue();
  }

  @Test
  void execute_runawayCrossJoin_isInterruptedAsTimeoutAndNextQueryRuns() {
    try (SqliteDatabases fast =
             new SqliteDatabases(new ExecutionLimits(Duration.ofMillis(300), 1000, 1))) {
      QueryOutcome outcome = fast.execute(db,
          "SELECT COUNT(*) FROM nums a, nums b, nums c, nums d, nums e, nums f");

      assertThat(outcome).isEqualTo(new QueryOutcome.Failure(FailureKind.TIMEOUT,
          "timeout: the query ran longer than 300 ms and was interrupted", outcome.nanos()));
      QueryOutcome next = fast.execute(db, "SELECT COUNT(*) FROM nums");
      assertThat(((QueryOutcome.Success) next).result().rows()).containsExactly(List.of(100L));
    }
  }

  @Test
  void execute_moreRowsThanCap_isRowLimitError() {
    try (SqliteDatabases capped =
             new SqliteDatabases(new ExecutionLimits(Duration.ofSeconds(10), 99, 1))) {
      QueryOutcome over = capped.execute(db, "SELECT n FROM nums");
      QueryOutcome at = capped.execute(db, "SELECT n FROM nums WHERE n <= 99");

      assertThat(over).isEqualTo(new QueryOutcome.Failure(FailureKind.ROW_LIMIT,
          "row cap: the query returned more than 99 rows; raise maxRows (--max-rows) if such results "
              + "are expected", over.nanos()));
      assertThat(((QueryOutcome.Success) at).result().rowCount()).isEqualTo(99);
    }
  }

  @Test
  void execute_stopAfterRows_returnsIncompleteResultWithThatManyRows() {
    QueryOutcome stopped = executor.execute(db, "SELECT n FROM nums ORDER BY n", 3);
    QueryOutcome fits = executor.execute(db, "SELECT n FROM nums WHERE n <= 3 ORDER BY n", 3);

    assertThat(((QueryOutcome.Success) stopped).result()).isEqualTo(
        dev.llmsql.execution.QueryResult.incomplete(List.of("n"), List.of(List.of(1L), List.of(2L), List.of(3L))));
    assertThat(((QueryOutcome.Success) fits).result().complete()).isTrue();
  }

  @Test
  void execute_hugeBlob_isBoundedBySqliteLengthLimit() {
    QueryOutcome outcome = executor.execute(db, "SELECT randomblob(100000000)");

    // SQLite's own "string or blob too big", reported as the size bound it is (not cached as a plain SQL error)
    assertThat(outcome).isEqualTo(new QueryOutcome.Failure(FailureKind.SIZE_LIMIT, "size cap: a value or stored "
        + "row is longer than 250000 bytes (string or blob too big); raise maxValueBytes (--max-value-bytes) if "
        + "such values are expected", outcome.nanos()));
  }

  @Test
  void execute_missingDatabase_isUnavailableAndCreatesNoFile() {
    Path missing = dir.resolve("missing.db");

    QueryOutcome outcome = executor.execute(missing, "SELECT 1");

    assertThat(outcome).isInstanceOf(QueryOutcome.Failure.class);
    assertThat(((QueryOutcome.Failure) outcome).kind()).isEqualTo(FailureKind.DATABASE_UNAVAILABLE);
    assertThat(((QueryOutcome.Failure) outcome).message()).startsWith("cannot open database " + missing);
    assertThat(missing).doesNotExist();
  }

  @Test
  void execute_mixedTypes_keepSqliteStorageClasses() {
    QueryOutcome outcome = executor.execute(db, "SELECT 1, 1.0, '1', NULL, x'01ff', 9223372036854775807");

    List<Object> row = ((QueryOutcome.Success) outcome).result().rows().get(0);
    assertThat(row.subList(0, 4)).containsExactly(1L, 1.0, "1", null);
    assertThat((byte[]) row.get(4)).containsExactly(0x01, 0xff);
    assertThat(row.get(5)).isEqualTo(Long.MAX_VALUE);
  }

  private static Set<String> list(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
    }
  }

  @Test
  void reversedScanOrder_returnsUnorderedRowsInReverse_onItsOwnPool_withTheSameGuard() throws Exception {
    Path file = SqliteFiles.create(dir.resolve("order.sqlite"),
        "CREATE TABLE t (n INTEGER)", "INSERT INTO t VALUES (1), (2), (3)");
    ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(10), 1000, 1);
    try (QueryExecutor plain = new SqliteQueryEngine().open(dev.llmsql.execution.Database.file(file), limits);
         QueryExecutor reversed = plain.reversedScanOrder().orElseThrow()) {

      assertThat(((QueryOutcome.Success) reversed.execute("SELECT n FROM t")).result().rows())
          .isEqualTo(List.of(List.of(3L), List.of(2L), List.of(1L)));
      assertThat(((QueryOutcome.Success) plain.execute("SELECT n FROM t")).result().rows())
          .isEqualTo(List.of(List.of(1L), List.of(2L), List.of(3L)));
      assertThat(((QueryOutcome.Success) reversed.execute("SELECT n FROM t ORDER BY n")).result().rows())
          .isEqualTo(List.of(List.of(1L), List.of(2L), List.of(3L)));
      assertThat(reversed.execute("DELETE FROM t")).isInstanceOf(QueryOutcome.Failure.class);
      assertThat(reversed.reversedScanOrder()).containsSame(reversed);
    }
  }
}
