package dev.llmsql.judge.resultset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.report.EvaluationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Result-set judges end to end on a real SQLite file: SQL rewrites, several golds, gold defects. */
class ResultSetJudgeTest {

  @TempDir
  Path dir;
  Path db;

  @BeforeEach
  void createDatabase() throws Exception {
    db = dir.resolve("t.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE t (a INTEGER, b TEXT)");
      s.executeUpdate("INSERT INTO t VALUES (1, 'x'), (1, 'x'), (2, 'y')");
    }
  }

  Map<Integer, String> verdicts(Judge judge, String questions, String predictions) throws Exception {
    Path q = Files.writeString(dir.resolve("q.jsonl"), questions);
    Path p = Files.writeString(dir.resolve("p.jsonl"), predictions);
    EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(q).dbPath(db).judge(judge).noReportFile()
        .showMismatches(false).threads(1).build().run(p);
    Map<Integer, String> out = new java.util.TreeMap<>();
    report.results().forEach(r -> out.put(r.questionId(), r.outcome() + " " + r.reason()));
    return out;
  }

  static final String DISTINCT_Q = "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT DISTINCT a FROM t\", "
      + "\"table_id\": \"t\"}\n";
  static final String NO_DISTINCT_P = "{\"question_id\": 1, \"completion\": \"SELECT a FROM t\"}\n";

  @Test
  void spiderExec_default_stripsDistinctFromGoldAndPrediction() throws Exception {
    assertThat(verdicts(ResultSetJudge.spiderExec(), DISTINCT_Q, NO_DISTINCT_P))
        .containsExactly(Map.entry(1, "MATCH EQUAL"));
  }

  @Test
  void spiderExec_keepDistinct_countsTheMissingDistinct() throws Exception {
    assertThat(verdicts(ResultSetJudge.spiderExec(true, true), DISTINCT_Q, NO_DISTINCT_P))
        .containsExactly(Map.entry(1, "MISMATCH EXTRA_ROWS"));
  }

  @Test
  void spiderExec_operatorRepair_makesSpacedOperatorRun() throws Exception {
    String q = "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT b FROM t WHERE a != 2\", "
        + "\"table_id\": \"t\"}\n";
    String p = "{\"question_id\": 1, \"completion\": \"SELECT b FROM t WHERE a ! = 2\"}\n";

    assertThat(verdicts(ResultSetJudge.spiderExec(), q, p)).containsExactly(Map.entry(1, "MATCH EQUAL"));
    assertThat(verdicts(ResultSetJudge.spiderExec(false, false), q, p))
        .containsExactly(Map.entry(1, "ERROR PRED_ERROR"));
  }

  @Test
  void judge_alternativeGold_secondOneMatches() throws Exception {
    String q = "{\"question_id\": 1, \"question\": \"q\", \"sql\": [\"SELECT a FROM t WHERE a = 2\", "
        + "\"SELECT a FROM t WHERE a = 1\"], \"table_id\": \"t\"}\n";
    String p = "{\"question_id\": 1, \"completion\": \"SELECT 1 UNION ALL SELECT 1\"}\n";

    assertThat(verdicts(ResultSetJudge.llmsql(), q, p)).containsExactly(Map.entry(1, "MATCH EQUAL"));
  }

  EvaluationReport report(Judge judge, String questions, String predictions) throws Exception {
    Path q = Files.writeString(dir.resolve("q.jsonl"), questions);
    Path p = Files.writeString(dir.resolve("p.jsonl"), predictions);
    return Evaluator.builder().noGoldCache().questionsPath(q).dbPath(db).judge(judge).noReportFile()
        .showMismatches(false).threads(1).build().run(p);
  }

  static final String UNION_Q = "{\"question_id\": 1, \"question\": \"q\", \"sql\": "
      + "\"SELECT a FROM t WHERE a = 1 UNION ALL SELECT a FROM t WHERE a = 2\", \"table_id\": \"t\"}\n";

  @Test
  void anyCandidate_lastCandidateAUnionAllFragment_verdictIsAboutTheClosestCandidate() throws Exception {
    // candidates: the whole query (rows 1, 1, 'y': Soft-F1 0.5) and its fragment SELECT b ... ('y': 0)
    String p = "{\"question_id\": 1, \"completion\": "
        + "\"SELECT a FROM t WHERE a = 1 UNION ALL SELECT b FROM t WHERE a = 2\"}\n";

    EvaluationReport report = report(ResultSetJudge.llmsql(), UNION_Q, p);

    var verdict = report.results().get(0).verdict();
    assertThat(verdict.outcome()).isEqualTo(Outcome.MISMATCH);
    assertThat(verdict.reason()).isEqualTo(Reason.VALUE_MISMATCH);
    assertThat(verdict.measure(dev.llmsql.judge.scoring.PeerScorings.SOFT_F1)).hasValue(0.5);
    assertThat(report.mismatches().get(0).predictionResults())
        .isEqualTo(List.of(List.of(1L), List.of(1L), List.of("y")));
    assertThat(report.sqlErrors()).isZero();
  }

  @Test
  void anyCandidate_lastCandidateFails_verdictIsAboutTheOneThatRan_countsStayLlmsqls() throws Exception {
    String p = "{\"question_id\": 1, \"completion\": \"SELECT a FROM t WHERE a = 1; then select nothing\"}\n";

    EvaluationReport rs = report(ResultSetJudge.llmsql(), UNION_Q, p);
    EvaluationReport llmsql = report(dev.llmsql.judgement.Judges.llmsql(), UNION_Q, p);

    var verdict = rs.results().get(0).verdict();
    assertThat(verdict.outcome()).isEqualTo(Outcome.MISMATCH);
    assertThat(verdict.reason()).isEqualTo(Reason.MISSING_ROWS);
    assertThat(verdict.measure(dev.llmsql.judge.scoring.PeerScorings.SOFT_F1)).hasValue(2.0 / 3);
    assertThat(verdict.flag(dev.llmsql.judgement.Flag.SQL_ERROR)).hasValue(true);
    assertThat(rs.mismatches().get(0).predictionResults()).isEqualTo(List.of(List.of(1L), List.of(1L)));
    // LLMSQL counts the failed last candidate as an SQL error, whatever the verdict is about
    assertThat(llmsql.results().get(0).outcome()).isEqualTo(Outcome.ERROR);
    assertThat(List.of(rs.sqlErrors(), rs.predNone(), rs.matches()))
        .isEqualTo(List.of(llmsql.sqlErrors(), llmsql.predNone(), llmsql.matches()))
        .isEqualTo(List.of(1, 0, 0));
  }

  @Test
  void firstCandidatePresets_verdictIsAboutTheOneCandidateTheyRun() throws Exception {
    String p = "{\"question_id\": 1, \"completion\": "
        + "\"SELECT a FROM t WHERE a = 1 UNION ALL SELECT b FROM t WHERE a = 2\"}\n";

    EvaluationReport report = report(ResultSetJudge.bird(), UNION_Q, p);

    assertThat(report.results().get(0).verdict().measure(dev.llmsql.judge.scoring.PeerScorings.SOFT_F1))
        .hasValue(0.5);
    assertThat(report.results().get(0).verdict().flag(dev.llmsql.judgement.Flag.SQL_ERROR)).isEmpty();
  }

  @Test
  void falcon_goldResultsOnly_matchAfterNormalisation() throws Exception {
    String q = "{\"question_id\": 1, \"question\": \"q\", \"table_id\": \"t\", \"gold_results\": "
        + "[{\"n\": [\"9\"]}, {\"b\": [\"x\", \"y\"], \"avg\": [\"1.00\", \"2.00\"]}]}\n";
    String p = "{\"question_id\": 1, \"completion\": \"SELECT a * 1.0, b FROM t GROUP BY b\"}\n";

    assertThat(verdicts(ResultSetJudge.falcon(), q, p)).containsExactly(Map.entry(1, "MATCH EQUAL"));
  }

  @Test
  void judge_everyGoldFails_isAGoldError() throws Exception {
    String q = "{\"question_id\": 1, \"question\": \"q\", \"sql\": [\"SELECT nope FROM t\", \"SELECT x FROM t\"], "
        + "\"table_id\": \"t\"}\n";
    String p = "{\"question_id\": 1, \"completion\": \"SELECT a FROM t\"}\n";

    assertThat(verdicts(ResultSetJudge.bird(), q, p)).containsExactly(Map.entry(1, "GOLD_ERROR GOLD_ERROR"));
  }

  @Test
  void sqlText_orderByAndDistinct_understandStringsAndSubqueries() {
    assertThat(SqlText.hasTopLevelOrderBy("SELECT a FROM t ORDER BY a")).isTrue();
    assertThat(SqlText.hasTopLevelOrderBy("SELECT a FROM t UNION SELECT b FROM u order\n by 1")).isTrue();
    assertThat(SqlText.hasTopLevelOrderBy("SELECT a FROM t WHERE b = (SELECT b FROM u ORDER BY c LIMIT 1)"))
        .isFalse();
    assertThat(SqlText.hasTopLevelOrderBy("SELECT 'order by' FROM t -- order by a")).isFalse();
    // the example of SqlText's Javadoc
    assertThat(SqlText.hasTopLevelOrderBy("SELECT a FROM t WHERE b IN (SELECT b FROM u ORDER BY c)")).isFalse();
    assertThat(SqlText.stripDistinct("SELECT DISTINCT \"distinct\", COUNT(distinct b) FROM t WHERE c = 'DISTINCT'"))
        .isEqualTo("SELECT  \"distinct\", COUNT( b) FROM t WHERE c = 'DISTINCT'");
  }

  @Test
  void mismatch_recordsSoftF1() throws Exception {
    String q = "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT a, b FROM t WHERE a = 2\", "
        + "\"table_id\": \"t\"}\n";
    String p = "{\"question_id\": 1, \"completion\": \"SELECT 2, 'z'\"}\n";
    Path qf = Files.writeString(dir.resolve("q.jsonl"), q);
    Path pf = Files.writeString(dir.resolve("p.jsonl"), p);

    EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(qf).dbPath(db).judge(ResultSetJudge.bird())
        .noReportFile().showMismatches(false).build().run(pf);

    // one pair, one of two cells shared: tp .5, fp .5, fn .5 -> F1 0.5
    assertThat(report.results().get(0).outcome()).isEqualTo(Outcome.MISMATCH);
    assertThat(report.results().get(0).reason()).isEqualTo(Reason.VALUE_MISMATCH);
    assertThat(report.results().get(0).verdict().measures()).isEqualTo(Map.of("soft_f1", 0.5));
    assertThat(List.of(report.results().get(0).verdict().detail()))
        .containsExactly("first difference at row 0, column 1: gold 'y', predicted 'z'");
  }

  double softF1(Judge judge, String goldSql, String predSql) throws Exception {
    Path qf = Files.writeString(dir.resolve("q.jsonl"), "{\"question_id\": 1, \"question\": \"q\", \"sql\": \""
        + goldSql + "\", \"table_id\": \"t\"}\n");
    Path pf = Files.writeString(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"" + predSql + "\"}\n");
    EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(qf).dbPath(db).judge(judge)
        .noReportFile().showMismatches(false).build().run(pf);
    return report.results().get(0).verdict().measure("soft_f1").orElseThrow();
  }

  @Test
  void match_inAnotherRowOrder_scoresSoftF1ByPositionAsBird() throws Exception {
    // BIRD's EX compares sets (a match), its Soft-F1 pairs row 0 with row 0: (2) vs (1), (1) vs (2) share nothing
    assertThat(softF1(ResultSetJudge.bird(), "SELECT DISTINCT a FROM t ORDER BY a",
        "SELECT DISTINCT a FROM t ORDER BY a DESC")).isEqualTo(0.0);
    assertThat(softF1(ResultSetJudge.bird(), "SELECT DISTINCT a FROM t ORDER BY a",
        "SELECT DISTINCT a FROM t ORDER BY a")).isEqualTo(1.0);
  }

  @Test
  void softF1_pastTenThousandRows_isComputedAsBirdDoes() throws Exception {
    // 10,001 rows, one differs: tp 10000, fp 1, fn 1 -> F1 10000/10001 (was 0 past 10,000 rows)
    String rows = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 10001) ";
    assertThat(softF1(ResultSetJudge.bird(), rows + "SELECT x FROM c",
        rows + "SELECT CASE WHEN x = 5 THEN -5 ELSE x END FROM c"))
        .isEqualTo(10000.0 / 10001.0);
  }

  @Test
  void peerFixes_areNamedOptions() {
    assertThat(dev.llmsql.judgement.Judges.named("falcon:empty-match").name()).isEqualTo("falcon:empty-match");
    assertThat(dev.llmsql.judgement.Judges.named("defog:no-broadcast").name()).isEqualTo("defog:no-broadcast");
    assertThat(dev.llmsql.judgement.Judges.named("bird:ves,keep-equal-ratios").name())
        .isEqualTo("bird:ves,keep-equal-ratios");
    assertThat(dev.llmsql.judgement.Judges.named("defog-subset").name()).isEqualTo("defog");
  }

  @Test
  void birdVes_allTimingRatiosEqual_scoresZeroAsBird_orTheRatioWithTheFix() throws Exception {
    // given: a clock where every statement takes 4 ms, so every gold/prediction ratio is exactly 1
    ObservedSqlite fixedClock = new ObservedSqlite(sql -> { }, o -> o instanceof QueryOutcome.Success s
        ? QueryOutcome.success(s.result(), 4_000_000L) : o);
    String q = "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT a FROM t\", \"table_id\": \"t\"}\n";
    String p = "{\"question_id\": 1, \"completion\": \"SELECT a FROM t\"}\n";
    Path qf = Files.writeString(dir.resolve("q.jsonl"), q);
    Path pf = Files.writeString(dir.resolve("p.jsonl"), p);

    for (boolean keep : new boolean[] {false, true}) {
      // when
      EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(qf).dbPath(db)
          .engine(fixedClock).judge(ResultSetJudge.birdVes(5, keep)).noReportFile().showMismatches(false)
          .build().run(pf);

      // then: BIRD divides by zero and scores 0; the fix keeps the common ratio 1 (reward 1)
      assertThat(report.results().get(0).verdict().measure("time_ratio").orElseThrow()).isEqualTo(keep ? 1.0 : 0.0);
      assertThat(report.results().get(0).verdict().measure("ves_reward").orElseThrow()).isEqualTo(keep ? 1.0 : 0.0);
    }
  }

  @Test
  void birdVes_match_timesGoldAndPredictionAfreshEachRun() throws Exception {
    // given: an executor that counts what reaches the database
    Map<String, Integer> runs = new java.util.concurrent.ConcurrentHashMap<>();
    ObservedSqlite counting = new ObservedSqlite(sql -> runs.merge(sql, 1, Integer::sum), o -> o);
    Path q = Files.writeString(dir.resolve("q.jsonl"), "{\"question_id\": 1, \"question\": \"q\", "
        + "\"sql\": \"SELECT a FROM t\", \"table_id\": \"t\"}\n");
    Path p = Files.writeString(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"SELECT t.a FROM t\"}\n");
    // when
    EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(q).dbPath(db).judge(ResultSetJudge.birdVes(5))
        .engine(counting).noReportFile().showMismatches(false).threads(1).build().run(p);
    // then: one judging run each, then 5 timed runs each
    assertThat(report.results().get(0).outcome()).isEqualTo(Outcome.MATCH);
    assertThat(report.results().get(0).verdict().measure("time_ratio")).isPresent();
    assertThat(runs).containsEntry("SELECT a FROM t", 6).containsEntry("SELECT t.a FROM t", 6);
  }

  @Test
  void timeRatio_dropsValuesBeyondThreeStandardDeviations() {
    List<Double> ratios = new java.util.ArrayList<>(java.util.Collections.nCopies(11, 1.0));
    ratios.add(100.0);
    assertThat(dev.llmsql.judge.scoring.RelativeEfficiency.timeRatio(ratios, false)).isEqualTo(1.0);
    assertThat(dev.llmsql.judge.scoring.RelativeEfficiency.timeRatio(List.of(1.0, 3.0), false)).isEqualTo(2.0);
  }

  @Test
  void named_birdVes_isTheTimedPreset() {
    assertThat(dev.llmsql.judgement.Judges.named("bird:ves").name()).isEqualTo("bird:ves");
  }
}
