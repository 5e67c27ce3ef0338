package dev.llmsql.matching;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule on its own, whatever the rules before it would say. */
class MatchRulesTest {

  private static List<List<Object>> one(Object... cells) {
    return List.of(Arrays.asList(cells));
  }

  @Test
  void equal_multisetsOfNormalisedRows() {
    EqualRule rule = new EqualRule();
    assertThat(rule.accepts(one("Hurts"), one(" Hurts\t"))).isTrue();
    assertThat(rule.accepts(List.of(List.of(9L)), List.of(List.of(9L), List.of(9L)))).isFalse();
    assertThat(rule.closeness(List.of(List.of(9L)), List.of(List.of(9L), List.of(9L)))).isEqualTo(0.5);
  }

  @Test
  void trailingCount_cutsThenComparesAsRule1() {
    TrailingCountRule rule = new TrailingCountRule();
    assertThat(rule.accepts(one("Hurts"), one("Hurts  (3)"))).isTrue();
    assertThat(rule.accepts(one("Hurts"), one("Hurts (3) "))).isFalse();
    assertThat(TrailingCountRule.strip(List.of(List.of("a (1)\n", 5L)))).isEqualTo(List.of(List.of("a\n", 5L)));
  }

  @Test
  void twoPart_needsOneAnswerColumnAndSeveralPredictedCells() {
    TwoPartRule rule = new TwoPartRule(false);
    assertThat(rule.accepts(one("Hurts"), one("Hu", "rts"))).isTrue();
    assertThat(rule.accepts(one("Hurts"), one("Hurts"))).isFalse();
    assertThat(rule.accepts(one(274.0), one(-20.5, "x"))).isFalse();
    assertThat(rule.accepts(one("1e+16x"), one(1e16, "X"))).isTrue();
  }

  @Test
  void set_ignoresDuplicateRows() {
    SetRule rule = new SetRule();
    assertThat(rule.accepts(List.of(List.of(9L)), List.of(List.of(9L), List.of("9")))).isTrue();
    assertThat(rule.accepts(List.of(List.of(9L)), List.of(List.of(9L), List.of(10L)))).isFalse();
  }

  @Test
  void extraColumn_anySingleColumn() {
    ExtraColumnRule rule = new ExtraColumnRule();
    assertThat(rule.accepts(one("Hurts"), one(6.0, "26August2011", "Hurts"))).isTrue();
    assertThat(rule.accepts(one("Hurts"), one("Hurts"))).isFalse();
  }
}
