package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Audit;
import dev.llmsql.audit.AuditFlag;
import dev.llmsql.audit.AuditReport;
import dev.llmsql.audit.QuestionAudit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each audit flag on a crafted Spider-layout benchmark (a real SQLite file per {@code db_id}), one question per
 * flag, with the exact flags and details the audit reports.
 */
class AuditFlagsTest {

  @TempDir
  Path dir;

  /** {@code shop/shop.sqlite}: people whose ages tie at the top, whose scores are numbers stored as text. */
  Path benchmark() throws Exception {
    Path db = dir.resolve("db").resolve("shop").resolve("shop.sqlite");
    Files.createDirectories(db.getParent());
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE people (id INTEGER, name TEXT, age INTEGER, score TEXT)");
      s.execute("INSERT INTO people VALUES (1, 'Ann', 30, '9'), (2, 'Bob', 41, '10'), (3, 'Cid', 41, '100'),"
          + " (4, 'Dee', NULL, '25')");
    }
    String[] lines = {
        q(1, "shop", "SELECT name FROM people WHERE id = 1"),
        q(2, "shop", "SELECT nope FROM people"),
        q(3, "shop", "SELECT name FROM people WHERE id = 99"),
        q(4, "shop", "SELECT max(age) FROM people WHERE id > 99"),
        q(5, "shop", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"),
        "{\"question_id\": 6, \"db_id\": \"shop\", \"question\": \"q6\", \"sql\": \"SELECT name FROM people WHERE id"
            + " = 2\", \"answer\": \"[[\\\"Robert\\\"]]\"}",
        q(7, "shop", "SELECT name FROM people ORDER BY age DESC LIMIT 1"),
        q(8, "shop", "SELECT name FROM people LIMIT 1"),
        q(9, "shop", "SELECT name FROM people WHERE id = 3 AND date('now') > '2000-01-01'"),
        q(10, "shop", "SELECT MAX(score) FROM people"),
        q(11, "shop", "SELECT count(*) FROM people"),
        q(12, "shop", "select COUNT(*)\\n  from people;"),
        q(13, "ghost", "SELECT 1"),
        q(14, "shop", "SELECT * FROM absent"),
        q(15, "shop", "SELECT name FROM people ORDER BY id DESC LIMIT 2 OFFSET 1"),
        q(16, "shop", "SELECT id FROM people WHERE name = (SELECT name FROM people ORDER BY age DESC LIMIT 1)"),
        q(17, "shop", "SELECT age FROM people ORDER BY age DESC LIMIT 1"),
    };
    Path questions = dir.resolve("questions.jsonl");
    Files.writeString(questions, String.join("\n", lines) + "\n");
    return questions;
  }

  private static String q(int id, String dbId, String sql) {
    return "{\"question_id\": " + id + ", \"db_id\": \"" + dbId + "\", \"question\": \"q" + id + "\", \"sql\": \""
        + sql + "\"}";
  }

  @Test
  void eachFlag_onItsQuestion_withItsDetail() throws Exception {
    Path questions = benchmark();

    AuditReport report = Audit.builder().questionsPath(questions).databasesDir(dir.resolve("db"))
        .queryTimeout(Duration.ofSeconds(1)).threads(2).build().run();

    Map<Integer, Map<AuditFlag, String>> found = new LinkedHashMap<>();
    for (QuestionAudit q : report.questions()) {
      found.put(q.questionId(), q.findings());
    }
    assertThat(found).containsExactly(
        Map.entry(1, Map.of()),
        Map.entry(2, Map.of(AuditFlag.GOLD_ERROR, "SQL_ERROR: no such column: nope")),
        Map.entry(3, Map.of(AuditFlag.GOLD_EMPTY, "the gold returns no rows")),
        Map.entry(4, Map.of(AuditFlag.GOLD_EMPTY, "the gold returns only NULL (1 row)")),
        Map.entry(5, Map.of(AuditFlag.GOLD_SLOW, "timed out: ran past the 1 s query timeout")),
        Map.entry(6, Map.of(AuditFlag.NOT_SELF_MATCH, "judge llmsql: MISMATCH (VALUE_MISMATCH): no_match (closest: "
            + "rule1_equal, 0 of 1 answer rows found among 1 predicted rows (normalised answer [('Robert',)], "
            + "predicted [('Bob',)]))")),
        Map.entry(7, Map.of(AuditFlag.LIMIT_TIE, "LIMIT 1 cuts through a tie: row 1 and row 2 have the same sort key "
            + "(41), so another correct query may return ('Cid') instead of ('Bob')")),
        Map.entry(8, Map.of(AuditFlag.ORDER_DEPENDENT, "other rows when unordered rows come in reverse: [('Ann')] "
            + "then [('Dee')]")),
        Map.entry(9, Map.of(AuditFlag.NONDETERMINISTIC, "calls date('now')")),
        Map.entry(10, Map.of(AuditFlag.TEXT_SORTED_NUMBERS, "MAX over people.score, which holds numbers as text: "
            + "'100' sorts before '25'")),
        Map.entry(11, Map.of(AuditFlag.DUPLICATE_GOLD, "the same gold as question 12")),
        Map.entry(12, Map.of(AuditFlag.DUPLICATE_GOLD, "the same gold as question 11")),
        Map.entry(13, Map.of(AuditFlag.MISSING_DATABASE, "no database " + dir.resolve("db/ghost/ghost.sqlite")
            + " for db_id \"ghost\"")),
        Map.entry(14, Map.of(AuditFlag.GOLD_ERROR, "SQL_ERROR: no such table: absent",
            AuditFlag.MISSING_TABLE, "table absent is not in " + dir.resolve("db/shop/shop.sqlite"))),
        Map.entry(15, Map.of()),
        Map.entry(16, Map.of(AuditFlag.LIMIT_TIE, "in a sub-query: LIMIT 1 cuts through a tie: row 1 and row 2 have "
            + "the same sort key (41), so another correct query may use ('Cid') instead of ('Bob')")),
        Map.entry(17, Map.of()));
    assertThat(report.duplicateGroups()).containsExactly(List.of(11, 12));
    assertThat(report.notChecked()).isEmpty();
    assertThat(report.flaggedIds()).containsExactly(2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16);
    assertThat(report.questions().get(12).goldNanos()).isEqualTo(-1);
    assertThat(report.questions().get(0).goldNanos()).isPositive();
  }

  @Test
  void jsonReport_readsBackEqual_andCsvHasARowPerQuestion() throws Exception {
    Path questions = benchmark();
    AuditReport report = Audit.builder().questionsPath(questions).databasesDir(dir.resolve("db"))
        .queryTimeout(Duration.ofSeconds(1)).threads(1).build().run();

    Path json = dir.resolve("audit.json");
    report.writeJson(json);
    AuditReport back = AuditReport.readJson(json);
    Path csv = dir.resolve("audit.csv");
    report.writeCsv(csv);

    assertThat(back.questions()).hasSize(17);
    for (int i = 0; i < 17; i++) {
      assertThat(back.questions().get(i).findings()).isEqualTo(report.questions().get(i).findings());
      assertThat(back.questions().get(i).dbId()).isEqualTo(report.questions().get(i).dbId());
    }
    assertThat(back.duplicateGroups()).isEqualTo(report.duplicateGroups());
    assertThat(back.counts()).isEqualTo(report.counts());
    assertThat(back.benchmark()).isEqualTo(report.benchmark());
    List<String> rows = Files.readAllLines(csv);
    assertThat(rows).hasSize(18);
    assertThat(rows.get(0)).isEqualTo("question_id,db_id,flags,detail,gold_ms");
    assertThat(rows.get(9)).startsWith("9,shop,nondeterministic,nondeterministic: calls date('now'),");
  }

  @Test
  void builder_refusesASettingGivenTwice_andAMissingBenchmark() {
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Audit.builder().threads(2).threads(4))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Audit.Builder: threads was set twice, to 2 and to 4; set it once");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Audit.builder().questionsPath(dir).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Audit.Builder: give questionsPath(...) and one of dbPath(...), databasesDir(...) or "
            + "database(...), or benchmark(...)");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Audit.builder().slowFraction(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("slowFraction must be more than 0 and at most 1, but was 0.0");
  }

  @Test
  void withoutTheReversedOrder_orderDependentIsNotComputed_andSaysSo() throws Exception {
    Path questions = benchmark();
    dev.llmsql.execution.QueryEngine sqlite = dev.llmsql.execution.QueryEngines.named("sqlite");
    dev.llmsql.execution.QueryEngine plain = new dev.llmsql.execution.QueryEngine() {
      @Override
      public String name() {
        return "plain";
      }

      @Override
      public boolean accepts(dev.llmsql.execution.Database database) {
        return sqlite.accepts(database);
      }

      @Override
      public dev.llmsql.execution.QueryExecutor open(dev.llmsql.execution.Database database,
                                                     dev.llmsql.execution.ExecutionLimits limits) {
        dev.llmsql.execution.QueryExecutor inner = sqlite.open(database, limits);
        return new dev.llmsql.execution.QueryExecutor() {
          @Override
          public dev.llmsql.execution.Database database() {
            return inner.database();
          }

          @Override
          public dev.llmsql.execution.QueryOutcome execute(String sql) {
            return inner.execute(sql);
          }

          @Override
          public String fingerprint() {
            return inner.fingerprint();
          }

          @Override
          public void close() {
            inner.close();
          }
        };
      }
    };

    AuditReport report = Audit.builder().questionsPath(questions).databasesDir(dir.resolve("db")).engine(plain)
        .queryTimeout(Duration.ofSeconds(1)).build().run();

    assertThat(report.count(AuditFlag.ORDER_DEPENDENT)).isZero();
    assertThat(report.notChecked()).containsExactly(Map.entry(AuditFlag.ORDER_DEPENDENT, "13 question(s): the "
        + "engine of " + dir.resolve("db/shop/shop.sqlite") + " has no switch for the order of unordered rows"));
    assertThat(report.summary(0)).contains("    order_dependent:     0  (not computed: 13 question(s)");
  }

  @Test
  void limitTie_acrossTheOffsetCut_andPastTheLimitAfterAnOffset() throws Exception {
    Path db = dir.resolve("db").resolve("scores").resolve("scores.sqlite");
    Files.createDirectories(db.getParent());
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE s (name TEXT, score INTEGER)");
      s.execute("INSERT INTO s VALUES ('a', 10), ('b', 10), ('c', 8), ('d', 8), ('e', 5)");
    }
    Path questions = Files.writeString(dir.resolve("offsets.jsonl"), String.join("\n",
        q(1, "scores", "SELECT name FROM s ORDER BY score DESC LIMIT 1 OFFSET 1"),
        q(2, "scores", "SELECT name FROM s ORDER BY score DESC LIMIT 1, 1"),
        q(3, "scores", "SELECT name FROM s ORDER BY score DESC LIMIT 1 OFFSET 2"),
        q(4, "scores", "SELECT score FROM s WHERE name = (SELECT name FROM s ORDER BY score DESC LIMIT 1 OFFSET 1)"),
        q(5, "scores", "SELECT name FROM s ORDER BY name LIMIT 2 OFFSET 1"),
        q(6, "scores", "SELECT name FROM s ORDER BY score DESC LIMIT 2 OFFSET 2")) + "\n");

    AuditReport report = Audit.builder().questionsPath(questions).databasesDir(dir.resolve("db"))
        .queryTimeout(Duration.ofSeconds(5)).threads(1).build().run();

    Map<Integer, Map<AuditFlag, String>> found = new LinkedHashMap<>();
    for (QuestionAudit q : report.questions()) {
      found.put(q.questionId(), q.findings());
    }
    String offsetTie = "OFFSET 1 cuts through a tie: row 1 and row 2 have the same sort key (10), so another "
        + "correct query may ";
    assertThat(found).containsExactly(
        Map.entry(1, Map.of(AuditFlag.LIMIT_TIE, offsetTie + "return ('a') instead of ('b')")),
        Map.entry(2, Map.of(AuditFlag.LIMIT_TIE, offsetTie + "return ('a') instead of ('b')")),
        Map.entry(3, Map.of(AuditFlag.LIMIT_TIE, "LIMIT 1 OFFSET 2 cuts through a tie: row 3 and row 4 have the "
            + "same sort key (8), so another correct query may return ('d') instead of ('c')")),
        Map.entry(4, Map.of(AuditFlag.LIMIT_TIE, "in a sub-query: " + offsetTie + "use ('a') instead of ('b')")),
        Map.entry(5, Map.of()),
        Map.entry(6, Map.of()));
  }
}
