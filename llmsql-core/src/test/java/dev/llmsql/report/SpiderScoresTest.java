package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.result.QuestionResult;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Spider's scores dict from the measures the spider judge records, with evaluation.py's quirks. */
class SpiderScoresTest {

  /** A result at {@code hardness} (1-4) whose IUEN component scored {@code score} with the given totals. */
  private static QuestionResult result(int id, boolean exec, int hardness, int exact, int gold, int pred, int score,
                                       boolean plainF1) {
    Map<String, Double> m = new TreeMap<>();
    m.put(SpiderScores.EXACT, (double) exact);
    m.put(SpiderScores.HARDNESS_MEASURE, (double) hardness);
    m.put("spider_set_ops", (double) score);
    m.put("spider_set_ops_gold", (double) gold);
    m.put("spider_set_ops_pred", (double) pred);
    if (plainF1) {
      m.put(SpiderScores.PLAIN_F1, 1.0);
    }
    Verdict v = new Verdict(exec ? Outcome.MATCH : Outcome.MISMATCH, exec ? Reason.EQUAL : Reason.OTHER, "", m);
    return new QuestionResult(id, v, 1, 1, false, false, null, 0);
  }

  @Test
  void of_everyQuestionWithTheComponentWrong_f1IsOneAsSpiderComputesIt() {
    // given: two easy questions, one predicts a set operation the gold lacks (acc counted, score 0)
    List<QuestionResult> results = List.of(result(1, true, 1, 1, 0, 0, 1, false),
        result(2, false, 1, 0, 0, 1, 0, false));

    // when
    SpiderScores scores = SpiderScores.of(results, Map.of(), Map.of()).orElseThrow();

    // then
    SpiderScores.Level easy = scores.levels().get("easy");
    assertThat(easy.count()).isEqualTo(2);
    assertThat(easy.exec()).isEqualTo(0.5);
    assertThat(easy.exact()).isEqualTo(0.5);
    assertThat(easy.partial().get("IUEN")).isEqualTo(new SpiderScores.Partial(0.0, 0.0, 1.0, 1, 0));
    // a component no question has: acc and rec 0, f1 1
    assertThat(easy.partial().get("where")).isEqualTo(new SpiderScores.Partial(0.0, 0.0, 1.0, 0, 0));
    // a level without questions keeps evaluation.py's initial zeros, f1 included
    assertThat(scores.levels().get("hard")).isEqualTo(new SpiderScores.Level(0, 0.0, 0.0,
        scores.levels().get("hard").partial()));
    assertThat(scores.levels().get("hard").partial().get("IUEN")).isEqualTo(new SpiderScores.Partial(0, 0, 0, 0, 0));
    assertThat(scores.levels().keySet()).containsExactly("easy", "medium", "hard", "extra", "all");
  }

  @Test
  void of_plainF1Asked_f1IsZeroWhereAccuracyAndRecallAre() {
    List<QuestionResult> results = List.of(result(1, false, 2, 0, 0, 1, 0, true));

    SpiderScores scores = SpiderScores.of(results, Map.of(), Map.of()).orElseThrow();

    assertThat(scores.levels().get("medium").partial().get("IUEN")).isEqualTo(new SpiderScores.Partial(0, 0, 0, 1, 0));
  }

  @Test
  void of_resultsOfOtherJudges_empty() {
    QuestionResult plain = new QuestionResult(1, Verdict.match(), 1, 1, false, false, null, 0);

    assertThat(SpiderScores.of(List.of(plain), Map.of(), Map.of())).isEmpty();
  }

  @Test
  void python3f_roundsTheExactBinaryValueHalfToEven() {
    // 0.0625 is exact in binary: a true tie, which Python rounds to even; 2/3 rounds up
    assertThat(ReportText.python3f(0.0625)).isEqualTo("0.062");
    assertThat(ReportText.python3f(2.0 / 3)).isEqualTo("0.667");
    assertThat(ReportText.python3f(1)).isEqualTo("1.000");
    // 0.0005 is a little above 5e-4 in binary, so it rounds up as Python's does
    assertThat(ReportText.python3f(0.0005)).isEqualTo("0.001");
  }
}
