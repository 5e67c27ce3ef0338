package dev.llmsql.judge.resultset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code spider-exec} as test-suite-sql-eval's {@code eval_exec_match}: the prediction runs as given, and a
 * match must hold on every variant of the database in its folder (Zhong, Yu and Klein 2020). The variants are
 * perturbed copies built here, on which a wrong query that matched the original by luck fails.
 */
class SpiderTestSuiteTest {

  @TempDir
  Path dir;
  Path databases;

  static final String QUESTIONS = """
      {"question_id": 1, "question": "Who is older than 30?", "sql": "SELECT name FROM people WHERE age > 30", "db_id": "shop"}
      {"question_id": 2, "question": "How many people?", "sql": "SELECT count(*) FROM people", "db_id": "shop"}
      """;

  @BeforeEach
  void createDatabaseAndVariants() throws Exception {
    databases = dir.resolve("databases");
    Path folder = Files.createDirectories(databases.resolve("shop"));
    // the original: only Bob (id 2) is older than 30, so "WHERE id = 2" gives the right rows by luck
    create(folder.resolve("shop.sqlite"), "(1, 'Ann', 25), (2, 'Bob', 41), (3, 'Cid', 30)");
    // variant 1: same ids, other ages: the lucky query's rows are no longer the answer
    create(folder.resolve("shop_1.sqlite"), "(1, 'Ann', 52), (2, 'Bob', 41), (3, 'Cid', 12)");
    // variant 2: agrees with the original on everything the lucky query reads
    create(folder.resolve("shop_2.sqlite"), "(1, 'Dee', 20), (2, 'Bob', 33)");
    Files.writeString(folder.resolve("notes.txt"), "not a database");
  }

  private static void create(Path file, String rows) throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE people (id INTEGER, name TEXT, age INTEGER)");
      s.executeUpdate("INSERT INTO people VALUES " + rows);
    }
  }

  Map<Integer, String> verdicts(Judge judge, String predictions) throws Exception {
    Path q = Files.writeString(dir.resolve("q.jsonl"), QUESTIONS);
    Path p = Files.writeString(dir.resolve("p.jsonl"), predictions);
    EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(q).databasesDir(databases)
        .judge(judge).noReportFile().showMismatches(false).threads(1).build().run(p);
    Map<Integer, String> out = new TreeMap<>();
    report.results().forEach(r -> out.put(r.questionId(), r.outcome() + " " + r.reason() + " " + r.verdict().detail()));
    return out;
  }

  static final String LUCKY = """
      {"question_id": 1, "completion": "SELECT name FROM people WHERE id = 2"}
      {"question_id": 2, "completion": "SELECT count(id) FROM people"}
      """;

  @Test
  void spiderExec_luckyQuery_failsOnTheVariantWhereItsLuckRunsOut() throws Exception {
    assertThat(verdicts(Judges.named("spider-exec"), LUCKY)).containsExactly(
        Map.entry(1, "MISMATCH MISSING_ROWS on test-suite database shop_1.sqlite: prediction has 1 row(s), gold 2"),
        Map.entry(2, "MATCH EQUAL "));
  }

  @Test
  void spiderExecNoTestSuite_luckyQuery_matchesOnTheNamedDatabaseAlone() throws Exception {
    assertThat(verdicts(Judges.named("spider-exec:no-test-suite"), LUCKY)).containsExactly(
        Map.entry(1, "MATCH EQUAL "), Map.entry(2, "MATCH EQUAL "));
  }

  @Test
  void spiderExec_rightQuery_matchesOnEveryVariant() throws Exception {
    assertThat(verdicts(Judges.named("spider-exec"), """
        {"question_id": 1, "completion": "SELECT name FROM people WHERE 30 < age"}
        """)).containsExactly(Map.entry(1, "MATCH EQUAL "));
  }

  @Test
  void spiderExec_answerWithProse_isAnErrorAsInTestSuite_andMatchesWithExtract() throws Exception {
    String prose = """
        {"question_id": 2, "completion": "Answer: SELECT count(*) FROM people"}
        """;

    assertThat(verdicts(Judges.named("spider-exec"), prose)).containsExactly(
        Map.entry(2, "ERROR REJECTED refused: ANSWER statements may not run (only SELECT, WITH ... SELECT and VALUES; "
            + "benchmark databases are read-only)"));
    assertThat(verdicts(Judges.named("spider-exec:extract"), prose)).containsExactly(Map.entry(2, "MATCH EQUAL "));
  }

  @Test
  void named_spiderExecOptions_nameTheJudge() {
    assertThat(Judges.named("spider-exec:keep-distinct,extract,no-test-suite").name())
        .isEqualTo("spider-exec:keep-distinct,extract,no-test-suite");
  }

  @Test
  void spiderExec_goldFailsOnAVariant_isAGoldErrorNamingIt() throws Exception {
    // GIVEN: a variant without the column the gold reads
    Path folder = Files.createDirectories(databases.resolve("broken"));
    create(folder.resolve("broken.sqlite"), "(1, 'Ann', 25)");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + folder.resolve("broken_1.sqlite"));
         Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE people (id INTEGER, name TEXT)");
    }
    Path q = Files.writeString(dir.resolve("broken.jsonl"), """
        {"question_id": 1, "question": "q", "sql": "SELECT name FROM people WHERE age > 3", "db_id": "broken"}
        """);
    Path p = Files.writeString(dir.resolve("broken-p.jsonl"), """
        {"question_id": 1, "completion": "SELECT name FROM people WHERE age > 3"}
        """);

    // WHEN
    EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(q).databasesDir(databases)
        .judge(Judges.named("spider-exec")).noReportFile().showMismatches(false).threads(1).build().run(p);

    // THEN
    assertThat(report.result(1).orElseThrow().verdict().outcome()).isEqualTo(dev.llmsql.judgement.Outcome.GOLD_ERROR);
    assertThat(report.result(1).orElseThrow().verdict().detail()).isEqualTo(
        "on test-suite database broken_1.sqlite: gold SQL failed: no such column: age");
  }
}
