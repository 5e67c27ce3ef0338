package dev.llmsql.assertj;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.gate.Gate;
import dev.llmsql.gate.GateResult;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.SpiderScores;
import dev.llmsql.result.QuestionResult;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Accuracy per level (Spider's hardness here) in assertions and in the CI gate. */
class LevelAccuracyAssertTest {

  /** Hardness 1 (easy) twice, both right; hardness 3 (hard) four times, one right. */
  static final EvaluationReport SPIDER = EvaluationReport.builder().judge("spider").benchmark("b")
      .inputMode(InputMode.DICT_LIST).timestamp(Instant.EPOCH)
      .results(List.of(result(1, 1, true), result(2, 1, true), result(3, 3, true), result(4, 3, false),
          result(5, 3, false), result(6, 3, false)))
      .build();

  private static QuestionResult result(int id, int hardness, boolean match) {
    Verdict v = match ? Verdict.match() : Verdict.mismatch(dev.llmsql.judgement.Reason.OTHER, "");
    v = v.withMeasure(SpiderScores.HARDNESS_MEASURE, hardness).withMeasure(SpiderScores.EXACT, 0);
    return new QuestionResult(id, v, 1, 1, false, false, null, 0);
  }

  @Test
  void hasLevelAccuracyAtLeast_reached_passes() {
    assertThat(SPIDER).hasLevelAccuracyAtLeast("easy", 1.0).hasLevelAccuracyAtLeast("hard", 0.25);
  }

  @Test
  void hasLevelAccuracyAtLeast_below_failsWithTheLevelsCounts() {
    assertThatThrownBy(() -> assertThat(SPIDER).hasLevelAccuracyAtLeast("hard", 0.5))
        .isInstanceOf(AssertionError.class)
        .hasMessage("%nExpecting accuracy at level 'hard' >= 50.00%%%nbut was 25.00%% (1 of 4 matched).".formatted());
  }

  @Test
  void hasLevelAccuracyAtLeast_emptyLevel_namesTheLevelsThereAre() {
    assertThatThrownBy(() -> assertThat(SPIDER).hasLevelAccuracyAtLeast("challenging", 0.5))
        .isInstanceOf(AssertionError.class)
        .hasMessage(("%nExpecting accuracy at level 'challenging' >= 50.00%%%nbut the report has no question there; "
            + "its levels: [easy, medium, hard, extra].").formatted());
  }

  @Test
  void gate_failUnderLevel_checksThatLevelsAccuracy() {
    GateResult result = Gate.builder().failUnder("hard", 0.5).failUnder("easy", 0.9).build().check(SPIDER);

    org.assertj.core.api.Assertions.assertThat(result.passed()).isFalse();
    org.assertj.core.api.Assertions.assertThat(result.checks()).extracting(GateResult.Check::name,
        GateResult.Check::passed).containsExactly(org.assertj.core.groups.Tuple.tuple("hard", false),
        org.assertj.core.groups.Tuple.tuple("easy", true));
    org.assertj.core.api.Assertions.assertThat(Gate.isLevel("sql:joins=1")).isTrue();
    org.assertj.core.api.Assertions.assertThat(Gate.isLevel("soft_f1")).isFalse();
  }
}
