package dev.llmsql.judge.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.sqlite.SqliteQueryEngine;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parsing wall in front of a real SQLite executor. */
class ParsedStatementGuardTest {

  @TempDir
  Path dir;
  Path db;

  @BeforeEach
  void createDatabase() throws Exception {
    db = dir.resolve("t.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE t (a INTEGER, b TEXT)");
      s.executeUpdate("INSERT INTO t VALUES (1, 'xa'), (2, 'yb')");
    }
  }

  QueryExecutor guarded() {
    return ParsedStatementGuard.around(new SqliteQueryEngine())
        .open(Database.file(db), new ExecutionLimits(Duration.ofSeconds(5), 1000, 1));
  }

  @Test
  void execute_withThenDelete_isRefusedBeforeSqlite() throws Exception {
    // when
    QueryOutcome outcome;
    try (QueryExecutor executor = guarded()) {
      outcome = executor.execute("WITH x AS (SELECT 1) DELETE FROM t");
    }
    // then
    assertThat(outcome).isInstanceOf(QueryOutcome.Failure.class);
    QueryOutcome.Failure failure = (QueryOutcome.Failure) outcome;
    assertThat(failure.kind()).isEqualTo(FailureKind.REJECTED);
    assertThat(failure.message()).isEqualTo("refused: the statement parses as Delete, not a query (only SELECT, "
        + "WITH ... SELECT and VALUES may run)");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM t")) {
      assertThat(rs.getInt(1)).isEqualTo(2);
    }
  }

  @Test
  void open_isAskedOfTheWrappedEngine_soABadFileStillFailsBeforeAnyWork() throws Exception {
    Path notSqlite = java.nio.file.Files.writeString(dir.resolve("bench.sqlite"), "id,name\n");
    QueryEngine engine = ParsedStatementGuard.around(new SqliteQueryEngine());
    ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(5), 1000, 1);

    try (QueryExecutor executor = engine.open(Database.file(db), limits)) {
      assertThat(executor.execute("SELECT a FROM t WHERE a = 1")).isInstanceOf(QueryOutcome.Success.class);
    }
    assertThatThrownBy(() -> engine.open(Database.file(notSqlite), limits))
        .isInstanceOf(DatabaseUnavailableException.class)
        .hasMessage("is not a SQLite database (it does not start with \"SQLite format 3\"); pass the benchmark's "
            + ".sqlite/.db file");
  }

  @Test
  void execute_validSqliteTheParserDoesNotKnow_stillRuns() {
    // GLOB is SQLite's, and JSqlParser 5.4 cannot parse it
    assertThat(ParsedStatementGuard.check("SELECT b FROM t WHERE b GLOB 'x*'")).isNull();
    try (QueryExecutor executor = guarded()) {
      QueryOutcome outcome = executor.execute("SELECT b FROM t WHERE b GLOB 'x*'");
      assertThat(outcome).isInstanceOf(QueryOutcome.Success.class);
      assertThat(((QueryOutcome.Success) outcome).result().rows()).containsExactly(java.util.List.of("xa"));
    }
  }

  @Test
  void check_queries_areLetThrough() {
    assertThat(ParsedStatementGuard.check("SELECT a FROM t")).isNull();
    assertThat(ParsedStatementGuard.check("WITH x AS (SELECT 1 AS v) SELECT v FROM x")).isNull();
    assertThat(ParsedStatementGuard.check("SELECT a FROM t UNION SELECT 2")).isNull();
    assertThat(ParsedStatementGuard.check("VALUES (1), (2)")).isNull();
    assertThat(ParsedStatementGuard.check("(SELECT a FROM t)")).isNull();
  }
}
