package dev.llmsql.models.suite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.models.judge.Rule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SuiteScoresTest {

  private static final SuiteConfig SCALE_EXAMPLE = new SuiteConfig("scale", Path.of("scale.json"), List.of(
      metric("A", 4), metric("B", 2)));

  private static MetricConfig metric(String name, int weight) {
    return new MetricConfig("cap", name, weight, Evaluation.OBJECTIVE, "p", null, Map.of());
  }

  private static CaseResult result(String metric, int difficulty, CaseStatus status) {
    SuiteCase c = new SuiteCase("cap", metric, metric + difficulty, difficulty, Map.of(),
        new SuiteCase.Reference(null, List.of(), List.of()), Path.of(metric + ".jsonl"), 1);
    return new CaseResult(c, "p", "a", status, "", List.of(), List.of());
  }

  @Test
  void score_scaleReadmeExample_isFullMarks() {
    // SCALE's README: A (W4) cases of difficulty 1, 2, 3 right: M=6; B (W2) difficulty 2, 3 right: M=5;
    // (6*4 + 5*2) / (6*4 + 5*2) = 34/34 -> 100.0
    List<CaseResult> results = List.of(result("A", 1, CaseStatus.PASS), result("A", 2, CaseStatus.PASS),
        result("A", 3, CaseStatus.PASS), result("B", 2, CaseStatus.PASS), result("B", 3, CaseStatus.PASS));

    CapabilityScore score = SuiteScores.score(SCALE_EXAMPLE, results).get(0);

    assertThat(score.score()).hasToString("100.0");
    assertThat(score.weightedPoints()).isEqualTo(34);
    assertThat(score.weightedMax()).isEqualTo(34);
  }

  @Test
  void score_wrongAndFailedCases_failedLeftOutOfBothSums() {
    // A: d1 PASS, d2 WRONG, d3 FAILED -> M=1, Mmax=3 (33.3); B: d2 FAILED, d3 PASS -> M=3, Mmax=3 (100.0)
    // capability (4*1 + 2*3) / (4*3 + 2*3) = 10/18 = 55.56 -> 55.6
    List<CaseResult> results = List.of(result("A", 1, CaseStatus.PASS), result("A", 2, CaseStatus.WRONG),
        result("A", 3, CaseStatus.FAILED), result("B", 2, CaseStatus.FAILED), result("B", 3, CaseStatus.PASS));

    CapabilityScore score = SuiteScores.score(SCALE_EXAMPLE, results).get(0);

    assertThat(score.score()).hasToString("55.6");
    assertThat(score.metrics()).extracting(m -> m.metric() + " " + m.score() + " " + m.points() + "/" + m.maxPoints()
        + " " + m.passed() + "/" + m.wrong() + "/" + m.failed() + " " + m.correctRate())
        .containsExactly("A 33.3 1/3 1/1/1 50.0", "B 100.0 3/3 1/0/1 100.0");
  }

  @Test
  void score_noCases_isZero() {
    CapabilityScore score = SuiteScores.score(SCALE_EXAMPLE, List.of()).get(0);

    assertThat(score.score()).hasToString("0.0");
    assertThat(score.metrics()).extracting(m -> m.score().toPlainString()).containsExactly("0.0", "0.0");
  }

  @Test
  void score_ruleCase_scoresEachRuleByItsDifficulty() {
    // rules r1 (d1) passed, r2 (d3) not: M=1, Mmax=4 -> 25.0, whatever the case's own difficulty
    SuiteCase c = new SuiteCase("cap", "A", "od", 2, Map.of(), new SuiteCase.Reference(null,
        List.of(new Rule("r1", "t", 1), new Rule("r2", "t", 3)), List.of()), Path.of("A.jsonl"), 1);
    CaseResult r = new CaseResult(c, "p", "a", CaseStatus.WRONG, "", List.of(), List.of(
        new RuleResult(new Rule("r1", "t", 1), 1, 2), new RuleResult(new Rule("r2", "t", 3), 0, 2)));

    CapabilityScore score = SuiteScores.score(new SuiteConfig("s", Path.of("s.json"), List.of(metric("A", 4))),
        new ArrayList<>(List.of(r))).get(0);

    assertThat(score.metrics().get(0).score()).hasToString("25.0");
    assertThat(score.score()).hasToString("25.0");
  }
}
