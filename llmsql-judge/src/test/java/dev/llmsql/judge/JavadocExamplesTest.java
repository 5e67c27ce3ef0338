package dev.llmsql.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judge.compare.JudgeDisagreements;
import dev.llmsql.judge.dialect.DialectCheck;
import dev.llmsql.judge.dialect.DialectJudge;
import dev.llmsql.judge.dialect.ParsedStatementGuard;
import dev.llmsql.judge.dialect.SqlDialect;
import dev.llmsql.judge.resultset.CandidatePolicy;
import dev.llmsql.judge.resultset.ColumnMatching;
import dev.llmsql.judge.resultset.Comparison;
import dev.llmsql.judge.resultset.Duplicates;
import dev.llmsql.judge.resultset.NullHandling;
import dev.llmsql.judge.resultset.Numbers;
import dev.llmsql.judge.resultset.ResultSetComparator;
import dev.llmsql.judge.resultset.ResultSetJudge;
import dev.llmsql.judge.resultset.RowOrder;
import dev.llmsql.judge.structure.ExactSetJudge;
import dev.llmsql.judge.structure.QueryShape;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.scoring.Scoring;
import dev.llmsql.scoring.Scorings;
import dev.llmsql.judge.scoring.PeerScorings;
import dev.llmsql.judge.scoring.WeightedScoring;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code <pre>{@code ...}</pre>} examples of llmsql-judge's public types, compiled and run here so they
 * cannot rot. Remote URLs and file names in the Javadoc are replaced by a loopback server and temporary
 * files; what the Javadoc says in comments is asserted.
 */
class JavadocExamplesTest {

  @TempDir
  Path dir;
  Path questions;
  Path db;
  Path predictions;

  @BeforeEach
  void files() throws Exception {
    db = dir.resolve("t.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE t (a INTEGER)");
      s.executeUpdate("INSERT INTO t VALUES (1), (2)");
    }
    questions = Files.writeString(dir.resolve("q.jsonl"), "{\"question_id\": 1, \"question\": \"q\", "
        + "\"sql\": \"SELECT a FROM t ORDER BY a\", \"table_id\": \"t\", \"tags\": [\"joins\"]}\n");
    predictions = Files.writeString(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"SELECT a FROM t\"}\n");
  }

  Evaluator.Builder evaluator() {
    return Evaluator.builder().questionsPath(questions).dbPath(db).noReportFile().showMismatches(false).threads(1);
  }

  @Test
  void resultSetJudge() throws Exception {
    Evaluator.builder().judge(ResultSetJudge.spiderExec());
    Judge mine = ResultSetJudge.builder().name("mine")
        .comparator(ResultSetComparator.builder().duplicates(Duplicates.SET).build())
        .rowOrder(RowOrder.GOLD_ORDER_BY)
        .build();
    assertThat(evaluator().judge(mine).build().run(predictions).matches()).isEqualTo(1);
  }

  @Test
  void resultSetComparatorAndComparison() {
    QueryResult gold = new QueryResult(List.of("a", "b"), List.of(List.of(1, "x")));
    QueryResult predicted = new QueryResult(List.of("b", "a"), List.of(List.of("x", 1)));
    ResultSetComparator spider = ResultSetComparator.builder()
        .columns(ColumnMatching.ANY_PERMUTATION)
        .build();
    Comparison c = spider.compare(gold, predicted, false);
    assertThat(c.equal()).isTrue();
    Comparison llmsql = ResultSetComparator.builder().build().compare(gold, predicted, false);
    assertThat(llmsql.equal()).isFalse();
    assertThat(llmsql.difference().map(d -> "row " + d.row() + ", column " + d.column())).isPresent();
  }

  @Test
  void enumsAndNumbers() {
    ResultSetComparator.builder().columns(ColumnMatching.ANY_PERMUTATION).build();
    ResultSetComparator.builder().duplicates(Duplicates.SET).build();
    ResultSetComparator.builder().nulls(NullHandling.EMPTY_TEXT).build();
    ResultSetJudge.builder().rowOrder(RowOrder.GOLD_ORDER_BY).build();
    ResultSetJudge.builder().candidates(CandidatePolicy.WHOLE_COMPLETION).build();
    Numbers.exact();
    Numbers.absolute(1e-2);
    Numbers.round(2);
  }

  @Test
  void registries() {
    assertThat(Judges.named("spider-exec:keep-distinct").name()).isEqualTo("spider-exec:keep-distinct");
    assertThat(Judges.named("exact-set:keep-values").name()).isEqualTo("exact-set:keep-values");
    assertThat(Judges.named("dialect-valid:oracle").name()).isEqualTo("dialect-valid:oracle");
    Scoring s = Scorings.named("executability");
    assertThat(s).isNotNull();
  }

  @Test
  void peerScoringsAndDisagreements() throws Exception {
    EvaluationReport bird = evaluator()
        .judge(ResultSetJudge.bird())
        .scoring(PeerScorings.executability())
        .scoring(PeerScorings.weighted(WeightedScoring.builder().metric("joins", 4).metric("filters", 2).build()))
        .scoring(PeerScorings.softF1())
        .build().run(predictions);
    assertThat(bird.score("soft_f1").orElseThrow().value()).isEqualTo(1.0);
    Scoring weighted = WeightedScoring.builder().metric("execution_accuracy", 4).metric("explain", 2).build();
    assertThat(weighted).isNotNull();
    EvaluationReport strict = evaluator().judge(ResultSetJudge.strict()).build().run(predictions);
    JudgeDisagreements d = JudgeDisagreements.of(List.of(bird, strict));
    assertThat(d.render(5)).contains("bird", "strict");
  }

  @Test
  void exactSet() throws Exception {
    Evaluator.builder().judge(ExactSetJudge.spider());
    Judge withValues = ExactSetJudge.builder().ignoreValues(false).build();
    assertThat(withValues.name()).isEqualTo("exact-set:keep-values");
    QueryShape shape = ExactSetJudge.shape("SELECT T1.name FROM singer AS T1 WHERE T1.age > 20", true);
    assertThat(shape.clauses().get("where")).containsExactly("? < singer.age");
  }

  @Test
  void dialects() throws Exception {
    DialectCheck check = SqlDialect.MYSQL.check("SELECT TOP 5 a FROM t");
    assertThat(check.valid()).isFalse();
    assertThat(check.problem()).isEqualTo("top not supported.");
    DialectCheck oracle = SqlDialect.ORACLE.check("SELECT a FROM t LIMIT 5");
    assertThat(oracle.valid()).isFalse();
    assertThat(oracle.problem()).isEqualTo("limit not supported.");
    assertThat(evaluator().judge(DialectJudge.of(SqlDialect.POSTGRESQL)).build().run(predictions).matches())
        .isEqualTo(1);
    Judge both = DialectJudge.alongside(Judges.llmsql(), SqlDialect.SQLITE);
    assertThat(evaluator().judge(both).build().run(predictions).results().get(0).verdict().measures())
        .containsEntry("dialect_valid", 1.0);
    ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(5), 1000, 1);
    QueryEngine guarded = ParsedStatementGuard.around(QueryEngines.named("sqlite"));
    assertThat(evaluator().engine(guarded).build().run(predictions).matches()).isEqualTo(1);
  }

  /** The examples of PeerProcedure, FalconProcedure, DefogProcedure and RelativeEfficiency, as written. */
  @Test
  void peerProceduresAndRelativeEfficiency() {
    Judge falcon = ResultSetJudge.builder().name("my-falcon")
        .procedure(dev.llmsql.judge.resultset.FalconProcedure.builder().emptyResultsMatch(true).build())
        .build();
    Judge fixedFalcon = ResultSetJudge.builder().name("falcon:empty-match")
        .procedure(dev.llmsql.judge.resultset.FalconProcedure.builder().emptyResultsMatch(true).build())
        .rowOrder(RowOrder.QUESTION_FLAG)
        .build();
    Judge fixedDefog = ResultSetJudge.builder().name("defog:no-broadcast")
        .procedure(dev.llmsql.judge.resultset.DefogProcedure.builder().broadcasting(false).build())
        .candidates(CandidatePolicy.FIRST)
        .build();
    double ratio = dev.llmsql.judge.scoring.RelativeEfficiency.timeRatio(List.of(2.0, 2.1, 1.9), false);
    double points = dev.llmsql.judge.scoring.RelativeEfficiency.points(
        dev.llmsql.judge.scoring.RelativeEfficiency.reward(ratio));

    assertThat(falcon.name()).isEqualTo("my-falcon");
    assertThat(fixedFalcon.toString()).contains("procedure=falcon(empty results match)");
    assertThat(fixedDefog.toString()).contains("procedure=defog(no broadcasting)");
    assertThat(ratio).isCloseTo(2.0, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(points).isCloseTo(111.8034, org.assertj.core.data.Offset.offset(1e-4));
  }
}
