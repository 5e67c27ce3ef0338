package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.result.QuestionResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** BIRD's table by difficulty from per-question verdicts, in BIRD's order of operations. */
class BirdScoresTest {

  private static QuestionResult result(int id, int difficulty, boolean match, double softF1, Double reward) {
    Map<String, Double> m = new java.util.TreeMap<>();
    m.put("soft_f1", softF1);
    if (reward != null) {
      m.put("ves_reward", reward);
    }
    Verdict v = new Verdict(match ? Outcome.MATCH : Outcome.MISMATCH, match ? Reason.EQUAL : Reason.OTHER, "", m);
    return new QuestionResult(id, v, 1, 1, false, false, null, 0).withQuestion(difficulty, List.of(), null);
  }

  @Test
  void of_timedMatches_exSoftF1AndRvesPerLevelInPoints() {
    // given: simple 2 (a fast match, reward 1.25; a miss), moderate 1 (a slow match, 0.25), challenging none,
    // one question without a difficulty (a match, 1.0)
    List<QuestionResult> results = List.of(result(1, 1, true, 1.0, 1.25), result(2, 1, false, 0.8, null),
        result(3, 2, true, 1.0, 0.25), result(4, 0, true, 1.0, 1.0));

    // when
    BirdScores bird = BirdScores.of(results).orElseThrow();

    // then
    assertThat(bird.timed()).isTrue();
    assertThat(bird.levels().keySet()).containsExactly("simple", "moderate", "challenging", "total");
    assertThat(bird.levels().get("simple")).isEqualTo(new BirdScores.Level(2, 50.0, 90.0,
        Math.sqrt(1.25) * 100 / 2));
    assertThat(bird.levels().get("moderate")).isEqualTo(new BirdScores.Level(1, 100.0, 100.0, 50.0));
    assertThat(bird.levels().get("challenging")).isEqualTo(new BirdScores.Level(0, 0, 0, 0));
    assertThat(bird.levels().get("total")).isEqualTo(new BirdScores.Level(4, 75.0, (1.0 + 0.8 + 1.0 + 1.0) / 4 * 100,
        (Math.sqrt(1.25) * 100 + 0.0 + 50.0 + 100.0) / 4));
    assertThat(ReportText.bird(bird)).endsWith(String.join("\n",
        "======================================    R-VES    =====================================",
        "R-VES                55.90                50.00                0.00                 65.45               ",
        ""));
  }

  @Test
  void level_isBirdsExactStringComparison() {
    assertThat(List.of("simple", "moderate", "challenging")).extracting(BirdScores::level).containsExactly(1, 2, 3);
    // compute_acc_by_diff compares content["difficulty"] == "simple" etc.: anything else is in total only
    List<Object> others = java.util.Arrays.asList("Simple", " simple ", "MODERATE", "hard", "extra", "easy",
        "veryhard", "", 1, 2L, 3.0, null, List.of("simple"));
    assertThat(others).extracting(BirdScores::level).containsOnly(0);
  }
}
