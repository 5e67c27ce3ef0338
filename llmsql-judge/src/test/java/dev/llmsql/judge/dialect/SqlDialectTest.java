package dev.llmsql.judge.dialect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.scoring.Score;
import dev.llmsql.scoring.Scorings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SqlDialectTest {

  /** One statement and whether it is valid in sqlite, mysql, postgresql, oracle, sqlserver. */
  record Case(String sql, String validIn) {
    boolean valid(SqlDialect d) {
      return List.of(validIn.split(" ")).get(d.ordinal()).equals("y");
    }

    @Override
    public String toString() {
      return sql;
    }
  }

  // columns: sqlite mysql postgresql oracle sqlserver
  static final List<Case> CASES = List.of(
      new Case("SELECT a FROM t WHERE b = 1", "y y y y y"),
      new Case("SELECT a FROM t LIMIT 5", "y y y n n"),
      new Case("SELECT a FROM t LIMIT 3, 2", "y y n n n"),
      new Case("SELECT TOP 5 a FROM t", "n n n n y"),
      new Case("SELECT a FROM t FETCH FIRST 5 ROWS ONLY", "n n y y y"),
      new Case("SELECT a FROM t1 FULL OUTER JOIN t2 ON t1.x = t2.x", "y n y y y"),
      new Case("SELECT a FROM t1 EXCEPT SELECT a FROM t2", "y n y n y"),
      new Case("SELECT a FROM t1 MINUS SELECT a FROM t2", "n n n y n"),
      new Case("SELECT a FROM t CONNECT BY PRIOR a = b", "n n n y n"),
      new Case("SELECT [a] FROM [t]", "y n n n y"),
      new Case("SELECT a FROM t WHERE x = 'it\\'s'", "n y n n n"),
      new Case("SELEC a FROM t", "n n n n n"),
      new Case("WITH c AS (SELECT 1 AS x) SELECT x FROM c", "y y y y y"));

  static Stream<Case> cases() {
    return CASES.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void check_eachDialect_givesTheTablesVerdict(Case c) {
    for (SqlDialect dialect : SqlDialect.values()) {
      DialectCheck check = dialect.check(c.sql());
      assertThat(check.valid()).as(dialect.id() + ": " + check.problem()).isEqualTo(c.valid(dialect));
    }
  }

  @Test
  void check_limitInOracle_namesTheFeature() {
    assertThat(SqlDialect.ORACLE.check("SELECT a FROM t LIMIT 5"))
        .isEqualTo(new DialectCheck(SqlDialect.ORACLE, false, "limit not supported."));
  }

  @Test
  void check_syntaxError_saysItDoesNotParse() {
    assertThat(SqlDialect.SQLITE.check("SELEC a FROM t").problem()).startsWith("does not parse: ");
  }

  @Test
  void check_tooLong_isRefusedWithoutParsing() {
    String sql = "SELECT " + "1 + ".repeat(30_000) + "1";
    assertThat(SqlDialect.SQLITE.check(sql).problem())
        .isEqualTo("does not parse: SQL of 120008 characters is longer than the 100000 this parser accepts");
  }

  @Test
  void named_unknownDialect_listsTheKnownOnes() {
    assertThatThrownBy(() -> SqlDialect.named("db2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("unknown dialect 'db2'; known dialects: sqlite, mysql, postgresql, oracle, sqlserver");
    assertThat(SqlDialect.named("Postgres")).isEqualTo(SqlDialect.POSTGRESQL);
    assertThat(SqlDialect.named("mssql")).isEqualTo(SqlDialect.SQL_SERVER);
  }

  @Test
  void judge_invalidInDialect_isAPredictionErrorWithMeasureZero() {
    // when
    Verdict verdict = DialectJudge.of(SqlDialect.SQL_SERVER).judge("SELECT a FROM t LIMIT 5");
    // then
    assertThat(verdict).isEqualTo(new Verdict(Outcome.ERROR, Reason.PRED_ERROR,
        "not valid sqlserver: limit not supported.").withMeasure("dialect_valid", 0.0));
  }

  @Test
  void judge_validInDialect_matchesWithMeasureOne() {
    assertThat(DialectJudge.of(SqlDialect.SQL_SERVER).judge("SELECT TOP 5 a FROM t"))
        .isEqualTo(Verdict.match().withMeasure("dialect_valid", 1.0));
  }

  @Test
  void named_dialectValid_takesTheDialectAsOption() {
    assertThat(Judges.named("dialect-valid:postgresql").name()).isEqualTo("dialect-valid:postgresql");
    assertThat(Judges.named("dialect-valid").name()).isEqualTo("dialect-valid:sqlite");
    assertThatThrownBy(() -> Judges.named("dialect-valid:mysql,oracle"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("judge 'dialect-valid' checks one dialect, but got mysql, oracle; run it once per dialect");
  }

  @Test
  void dialectValidity_alongsideExecution_scoresValidQuestionsOverAll(@TempDir Path dir) throws Exception {
    // given: a real database; question 1 valid MySQL, 2 SQL Server's TOP, 3 no SQL at all
    Path db = dir.resolve("t.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE t (a INTEGER)");
      s.executeUpdate("INSERT INTO t VALUES (1), (2)");
    }
    Path q = Files.writeString(dir.resolve("q.jsonl"), ""
        + "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT a FROM t\", \"table_id\": \"t\"}\n"
        + "{\"question_id\": 2, \"question\": \"q\", \"sql\": \"SELECT a FROM t\", \"table_id\": \"t\"}\n"
        + "{\"question_id\": 3, \"question\": \"q\", \"sql\": \"SELECT a FROM t\", \"table_id\": \"t\"}\n");
    Path p = Files.writeString(dir.resolve("p.jsonl"), ""
        + "{\"question_id\": 1, \"completion\": \"SELECT a FROM t LIMIT 10\"}\n"
        + "{\"question_id\": 2, \"completion\": \"SELECT TOP 10 a FROM t\"}\n"
        + "{\"question_id\": 3, \"completion\": \"I do not know.\"}\n");
    // when
    EvaluationReport report = Evaluator.builder().questionsPath(q).dbPath(db)
        .judge(DialectJudge.alongside(Judges.llmsql(), SqlDialect.MYSQL))
        .scoring(Scorings.named("dialect-validity")).noReportFile().showMismatches(false).threads(1).build()
        .run(p);
    // then: execution verdicts unchanged, the measure beside them
    assertThat(report.matches()).isEqualTo(1);
    assertThat(report.score("dialect_validity")).contains(new Score("dialect_validity", 1.0 / 3,
        "executability without a database: 1 of 3 question(s) valid in the dialect, 3 checked"));
  }
}
