package dev.llmsql.assertj;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.gate.Gate;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Reports;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class GateAssertTest {

  static boolean[] right(int n, int... ranges) {
    boolean[] r = new boolean[n];
    for (int i = 0; i < ranges.length; i += 2) {
      Arrays.fill(r, ranges[i] - 1, ranges[i + 1], true);
    }
    return r;
  }

  /** Both match 1..20; only A 21..22; only B 23..32: b=2, c=10, p = 0.0386. */
  static final EvaluationReport A = Reports.of(right(40, 1, 22));
  static final EvaluationReport B = Reports.of(right(40, 1, 20, 23, 32));

  @Test
  void passesGate_sameCheckAsTheCli() {
    assertThat(B).passesGate(Gate.builder().failUnder(0.7).baseline(A).build());
    assertThatThrownBy(() -> assertThat(A).passesGate(Gate.builder().failUnder(0.6).baseline(B).build()))
        .isInstanceOf(AssertionError.class)
        .hasMessage(String.format("%nllmsql gate: FAILED: accuracy 0.5500 < 0.6000 (fail-under), accuracy 0.5500 "
            + "< 0.7500 (baseline 0.7500 - tolerance 0.0000); 10 question(s) regressed: 23, 24, 25, 26, 27, 28, 29, "
            + "30, 31, 32%n  failed: accuracy 0.5500 < 0.6000 (fail-under)"
            + "%n  failed: accuracy 0.5500 < 0.7500 (baseline 0.7500 - tolerance 0.0000)"
            + "%n  question 23: matched in the baseline, now MISMATCH VALUE_MISMATCH"
            + "%n  question 24: matched in the baseline, now MISMATCH VALUE_MISMATCH"
            + "%n  question 25: matched in the baseline, now MISMATCH VALUE_MISMATCH"
            + "%n  question 26: matched in the baseline, now MISMATCH VALUE_MISMATCH"
            + "%n  question 27: matched in the baseline, now MISMATCH VALUE_MISMATCH"
            + "%n  question 28: matched in the baseline, now MISMATCH VALUE_MISMATCH"
            + "%n  question 29: matched in the baseline, now MISMATCH VALUE_MISMATCH"
            + "%n  question 30: matched in the baseline, now MISMATCH VALUE_MISMATCH"
            + "%n  question 31: matched in the baseline, now MISMATCH VALUE_MISMATCH"
            + "%n  question 32: matched in the baseline, now MISMATCH VALUE_MISMATCH"));
  }

  @Test
  void isSignificantlyBetterThan_atDefaultAlpha_passes() {
    assertThat(B).isSignificantlyBetterThan(A);
    assertThat(B).isSignificantlyBetterThan(A, 0.04);
  }

  @Test
  void isSignificantlyBetterThan_stricterAlphaOrWorseReport_failsWithTheComparison() {
    assertThatThrownBy(() -> assertThat(B).isSignificantlyBetterThan(A, 0.01))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("but no significant difference (p = 0.0386 >= 0.01)")
        .hasMessageContaining("exact McNemar: b=2, c=10, two-sided p = 0.0386");
    assertThatThrownBy(() -> assertThat(A).isSignificantlyBetterThan(B))
        .isInstanceOf(AssertionError.class)
        .hasMessageContaining("but the other is better (p = 0.0386 < 0.05)");
  }

  @Test
  void isSignificantlyBetterThan_differentQuestions_isRefused() {
    assertThatThrownBy(() -> assertThat(A).isSignificantlyBetterThan(Reports.of(right(39, 1, 20))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the reports scored different questions (0 only in the first, 1 only in the second: 40); "
            + "compare runs over the same questions");
  }
}
