package dev.llmsql.judge.scoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeerScoringsTest {

  static QuestionResult result(boolean correct, int difficulty, String tag) {
    Verdict v = correct ? Verdict.match() : Verdict.mismatch(Reason.VALUE_MISMATCH, "");
    return new QuestionResult(1, v, 1, 1, false, false, null, 0).withQuestion(difficulty, List.of(tag), null);
  }

  static QuestionResult result(Verdict v) {
    return new QuestionResult(1, v, 1, 1, false, false, null, 0).withQuestion(0, List.of(), null);
  }

  static final WeightedScoring SCALE_EXAMPLE = WeightedScoring.builder().metric("A", 4).metric("B", 2).build();

  @Test
  void weighted_scaleWorkedExample_is100() {
    // given: metric A (weight 4) difficulties 1/2/3 all correct, metric B (weight 2) 2/3 all correct
    List<QuestionResult> results = List.of(result(true, 1, "A"), result(true, 2, "A"), result(true, 3, "A"),
        result(true, 2, "B"), result(true, 3, "B"));

    // when
    Score score = SCALE_EXAMPLE.score(results);

    // then
    assertThat(score.value()).isEqualTo(100.0);
    assertThat(score.explanation()).isEqualTo("A (weight 4) 6/6 = 100.0; B (weight 2) 5/5 = 100.0; "
        + "capability sum(W*M)/sum(W*Mmax) = 34/34");
  }

  @Test
  void weighted_hardCaseOfAWrong_isComputedByHand() {
    // given: A's difficulty-3 case wrong: A = 3/6 = 50.0; capability = (3*4 + 5*2) / 34 = 22/34 = 64.705.. -> 64.7
    List<QuestionResult> results = List.of(result(true, 1, "A"), result(true, 2, "A"), result(false, 3, "A"),
        result(true, 2, "B"), result(true, 3, "B"));

    // when
    Score score = SCALE_EXAMPLE.score(results);

    // then
    assertThat(score.value()).isEqualTo(64.7);
    assertThat(score.explanation()).isEqualTo("A (weight 4) 3/6 = 50.0; B (weight 2) 5/5 = 100.0; "
        + "capability sum(W*M)/sum(W*Mmax) = 22/34");
  }

  @Test
  void weighted_failedCasesAndUnweightedMetrics_areLeftOut() {
    // given: B's difficulty-2 case wrong (B = 3/5 = 60.0), a gold error and a judge failure in A, a case of
    // unconfigured metric C; capability = (6*4 + 3*2) / 34 = 30/34 = 88.235.. -> 88.2
    List<QuestionResult> results = new ArrayList<>(List.of(result(true, 1, "A"), result(true, 2, "A"),
        result(true, 3, "A"), result(false, 2, "B"), result(true, 3, "B"), result(true, 3, "C")));
    results.add(new QuestionResult(9, Verdict.goldError("gold failed"), 1, 1, false, false, null, 0).withQuestion(3, List.of("A"), null));
    results.add(new QuestionResult(10, new Verdict(Outcome.ERROR, Reason.JUDGE_FAILED, "garbage"), 1, 1, false, false, null, 0).withQuestion(3, List.of("A"), null));

    // when
    Score score = SCALE_EXAMPLE.score(results);

    // then
    assertThat(score.value()).isEqualTo(88.2);
    assertThat(score.explanation()).isEqualTo("A (weight 4) 6/6 = 100.0; B (weight 2) 3/5 = 60.0; "
        + "capability sum(W*M)/sum(W*Mmax) = 30/34");
  }

  @Test
  void weighted_unknownDifficulty_weighsZeroAsInScale_orOneWithTheOption() {
    // given: A's cases 1 (right), 3 (wrong) and one without a difficulty (right)
    List<QuestionResult> results = List.of(result(true, 1, "A"), result(false, 3, "A"), result(true, 0, "A"));

    // when: SCALE's table of difficulty weights has no entry for it, so it weighs 0: 1/4 = 25.0
    Score scale = WeightedScoring.builder().metric("A", 1).build().score(results);
    // ours: it counts as an easy case, 2/5 = 40.0
    Score ours = WeightedScoring.builder().metric("A", 1).unknownDifficultyWeight(1).build().score(results);

    // then
    assertThat(scale.value()).isEqualTo(25.0);
    assertThat(scale.explanation()).isEqualTo("A (weight 1) 1/4 = 25.0; capability sum(W*M)/sum(W*Mmax) = 1/4");
    assertThat(ours.value()).isEqualTo(40.0);
    assertThat(ours.explanation()).isEqualTo("A (weight 1) 2/5 = 40.0; capability sum(W*M)/sum(W*Mmax) = 2/5");
  }

  @Test
  void weighted_named_withoutDifficulties_isZeroAsInScale_orAccuracyWithUnknownAsOne() {
    List<QuestionResult> results = List.of(result(true, 0, "x"), result(false, 0, "x"), result(true, 0, "x"),
        result(true, 0, "x"));

    assertThat(dev.llmsql.scoring.Scorings.named("weighted").score(results).value()).isEqualTo(0.0);
    assertThat(dev.llmsql.scoring.Scorings.named("weighted:unknown-as-1").score(results).value()).isEqualTo(75.0);
    assertThatThrownBy(() -> WeightedScoring.builder().unknownDifficultyWeight(4))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the weight of an unknown difficulty must lie in [0, 3], but was 4; 0 is SCALE's, 1 counts such "
            + "a question as easy");
  }

  @Test
  void weighted_noCases_isZero() {
    assertThat(SCALE_EXAMPLE.score(List.of()).value()).isEqualTo(0.0);
  }

  @Test
  void percent_halfEven_roundsTiesToEven() {
    // 100 * 1 / 16 = 6.25 -> 6.2 (HALF_EVEN), 100 * 3 / 16 = 18.75 -> 18.8
    assertThat(WeightedScoring.percent(1, 16)).hasToString("6.2");
    assertThat(WeightedScoring.percent(3, 16)).hasToString("18.8");
  }

  @Test
  void percent_decimalTieNotExactInBinary_roundsLikePython() {
    // Python: round(100 * 23 / 2000, 1) == 1.1 (1.15 is stored as 1.1499...), round(100 * 1 / 2000, 1) == 0.1
    // (0.05 is stored as 0.05000...03); rounding the exact decimal quotient half-even would give 1.2 and 0.0
    assertThat(WeightedScoring.percent(23, 2000)).hasToString("1.1");
    assertThat(WeightedScoring.percent(1, 2000)).hasToString("0.1");
  }

  @Test
  void metric_nonPositiveWeight_isRejected() {
    assertThatThrownBy(() -> WeightedScoring.builder().metric("A", 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("metric weight must be positive, but was 0 for 'A'; leave a metric out to not score it");
  }

  @Test
  void executability_falconRates() {
    // given: 2 RIGHT, 1 WRONG, 1 SQL error (FAILED)
    List<QuestionResult> results = List.of(result(Verdict.match()), result(Verdict.match()),
        result(Verdict.mismatch(Reason.EXTRA_ROWS, "")), result(Verdict.error(Reason.PRED_ERROR, "no such column")));

    // when
    Score score = PeerScorings.executability().score(results);

    // then
    assertThat(score.value()).isEqualTo(0.75);
    assertThat(score.explanation()).isEqualTo("(RIGHT + WRONG) / total = (2 + 1) / 4; FAILED 1; "
        + "accuracy RIGHT / total = 0.5000");
  }

  @Test
  void softF1_scoring_averagesMeasuresAndCountsMissingAsZero() {
    List<QuestionResult> results = List.of(result(Verdict.match().withMeasure("soft_f1", 1.0)),
        result(Verdict.mismatch(Reason.VALUE_MISMATCH, "").withMeasure("soft_f1", 0.6)),
        result(Verdict.error(Reason.PRED_ERROR, "")), result(Verdict.noSql()));

    Score score = PeerScorings.softF1().score(results);

    assertThat(score.value()).isEqualTo(0.4);
    assertThat(score.explanation()).isEqualTo("mean Soft-F1 over 4 question(s), 2 measured, the rest 0");
  }

  @Test
  void relativeEfficiency_isTheMeanOfTheSquareRootOfTheRewards() {
    // rewards: ratio 3 -> 1.25, ratio 0.3 -> 0.5, mismatch -> 0, match untimed -> 1; BIRD averages sqrt(reward)
    List<QuestionResult> results = List.of(result(Verdict.match().withMeasure("time_ratio", 3.0)),
        result(Verdict.match().withMeasure("time_ratio", 0.3)), result(Verdict.mismatch(Reason.EXTRA_ROWS, "")),
        result(Verdict.match()));

    Score score = PeerScorings.relativeEfficiency().score(results);

    assertThat(score.value()).isEqualTo((Math.sqrt(1.25) + Math.sqrt(0.5) + 0 + 1) / 4);
    assertThat(score.explanation()).isEqualTo("mean sqrt(R-VES reward) over 4 question(s), 2 matches timed "
        + "(gold time / predicted time, wall clock of each statement run and read afresh; BIRD's outlier rule "
        + "over repeated runs when the judge repeats them); x100 = 70.63");
  }

  @Test
  void relativeEfficiency_perQuestionPoints_asBird() {
    // ratio 3: BIRD 111.80 (sqrt of reward 1.25), ratio 0.7: 86.60 (sqrt of 0.75)
    assertThat(RelativeEfficiency.points(RelativeEfficiency.reward(3.0))).isCloseTo(111.8034, within(1e-4));
    assertThat(RelativeEfficiency.points(RelativeEfficiency.reward(0.7))).isCloseTo(86.6025, within(1e-4));
    assertThat(RelativeEfficiency.reward(0.0)).isEqualTo(0.0);
    assertThat(RelativeEfficiency.reward(0.1)).isEqualTo(0.25);
    assertThat(RelativeEfficiency.reward(0.25)).isEqualTo(0.5);
    assertThat(RelativeEfficiency.reward(1.0)).isEqualTo(1.0);
    assertThat(RelativeEfficiency.reward(2.0)).isEqualTo(1.25);
  }

  /** Gold and predicted seconds per run, as BIRD's iterated_execute_sql measures them. */
  static List<Double> ratios(double[] gold, double[] predicted) {
    List<Double> out = new java.util.ArrayList<>();
    for (int i = 0; i < gold.length; i++) {
      out.add(gold[i] / predicted[i]);
    }
    return out;
  }

  @Test
  void relativeEfficiency_onFixedTimingVectors_followsBirdsFormula() {
    // outlier run 6 (ratio 20) lies beyond mean + 3 sd of the twelve ratios and is dropped
    double[] gold = {0.2, 0.2, 0.2, 0.2, 0.2, 2.0, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2};
    double[] pred = {0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1};
    double ratio = RelativeEfficiency.timeRatio(ratios(gold, pred), false);
    assertThat(ratio).isEqualTo(2.0);
    assertThat(RelativeEfficiency.points(RelativeEfficiency.reward(ratio))).isCloseTo(111.8034, within(1e-4));
    // ratios 0.5, 0.7, 0.9: none dropped, mean 0.7 -> reward 0.75 -> 86.60
    assertThat(RelativeEfficiency.timeRatio(ratios(new double[] {0.05, 0.07, 0.09}, new double[] {0.1, 0.1, 0.1}),
        false)).isCloseTo(0.7, within(1e-12));
  }

  @Test
  void relativeEfficiency_allRatiosEqual_divideByZeroAsBird_orKeptWithTheFix() {
    List<Double> equal = ratios(new double[] {0.3, 0.3, 0.3}, new double[] {0.1, 0.1, 0.1});

    // BIRD: sd 0, its strict rule keeps nothing, sum([]) / len([]) raises, the question scores 0
    assertThat(RelativeEfficiency.timeRatio(equal, false)).isEqualTo(0.0);
    assertThat(RelativeEfficiency.reward(RelativeEfficiency.timeRatio(equal, false))).isEqualTo(0.0);
    // the fix: the common ratio
    assertThat(RelativeEfficiency.timeRatio(equal, true)).isCloseTo(3.0, within(1e-12));
    assertThat(RelativeEfficiency.timeRatio(List.of(1.5), false)).isEqualTo(0.0);
    assertThat(RelativeEfficiency.timeRatio(List.of(1.5), true)).isEqualTo(1.5);
  }

  @Test
  void weighted_rulesOfAQuestion_areItemsWeightedByTheirDifficulty() {
    // given: metric "sql" (weight 4) one correct case of difficulty 2; metric "rules" (weight 2) a question
    // whose rules r1 (difficulty 1) passed, r2 (difficulty 3) did not
    Verdict ruled = Verdict.mismatch(Reason.OTHER, "").withMeasure("rule:r1", 1.0).withMeasure("rule_difficulty:r1", 1)
        .withMeasure("rule:r2", 0.0).withMeasure("rule_difficulty:r2", 3);
    List<QuestionResult> results = List.of(result(true, 2, "sql"),
        new QuestionResult(2, ruled, 1, 1, false, false, null, 0).withQuestion(3, List.of("rules"), null));
    // when
    Score score = WeightedScoring.builder().metric("sql", 4).metric("rules", 2).build().score(results);
    // then: (4*2 + 2*1) / (4*2 + 2*4) = 10/16 = 62.5
    assertThat(score.value()).isEqualTo(62.5);
    assertThat(score.explanation()).isEqualTo(
        "sql (weight 4) 2/2 = 100.0; rules (weight 2) 1/4 = 25.0; capability sum(W*M)/sum(W*Mmax) = 10/16");
  }
}
