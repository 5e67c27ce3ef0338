package dev.llmsql.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Reports;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class PairedComparisonTest {

  /** 40 questions: both match 1..20, only A matches 21..22, only B matches 23..32, neither 33..40. */
  static final EvaluationReport A = Reports.of(right(40, 1, 22));
  static final EvaluationReport B = Reports.of(right(40, 1, 20, 23, 32));

  static boolean[] right(int n, int... ranges) {
    boolean[] r = new boolean[n];
    for (int i = 0; i < ranges.length; i += 2) {
      Arrays.fill(r, ranges[i] - 1, ranges[i + 1], true);
    }
    return r;
  }

  @Test
  void of_countsFlipsAndTestsThem() {
    PairedComparison c = PairedComparison.of(A, B);
    assertThat(c.questions()).isEqualTo(40);
    assertThat(c.bothMatched()).isEqualTo(20);
    assertThat(c.neitherMatched()).isEqualTo(8);
    assertThat(c.onlyFirst()).containsExactly(21, 22);
    assertThat(c.onlySecond()).containsExactly(23, 24, 25, 26, 27, 28, 29, 30, 31, 32);
    assertThat(c.test().pValue()).isCloseTo(2.0 * 79 / 4096, within(1e-15));
    assertThat(c.secondIsBetter(0.05)).isTrue();
    assertThat(c.secondIsBetter(0.01)).isFalse();
    assertThat(c.firstIsBetter(0.05)).isFalse();
  }

  @Test
  void render_isOneScreenWithTheVerdict() {
    assertThat(PairedComparison.of(A, B).render("A", "B", 0.05)).isEqualTo("""
        Paired comparison over 40 question(s)
          A   55.00%  95% CI 39.83% to 69.29%
          B   75.00%  95% CI 59.81% to 85.81%
          both matched 20, neither matched 8, only A 2, only B 10
          exact McNemar: b=2, c=10, two-sided p = 0.0386
          fixed by B (10): 23, 24, 25, 26, 27, 28, 29, 30, 31, 32
          broken by B (2): 21, 22
        Verdict: B is better (p = 0.0386 < 0.05)
        """);
  }

  @Test
  void of_differentQuestionSets_isRefused() {
    assertThatThrownBy(() -> PairedComparison.of(A, Reports.of(right(38, 1, 20))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the reports scored different questions (2 only in the first: 39, 40, 0 only in the second); "
            + "compare runs over the same questions");
  }

  @Test
  void alpha_outsideZeroOne_isRefused() {
    assertThatThrownBy(() -> PairedComparison.of(A, B).secondIsBetter(1.0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("alpha is a significance level in (0, 1), e.g. 0.05, but was 1.0");
  }
}
