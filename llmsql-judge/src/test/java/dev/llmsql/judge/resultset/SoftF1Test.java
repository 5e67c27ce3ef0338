package dev.llmsql.judge.resultset;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SoftF1Test {

  @Test
  void softF1_identicalResults_isOne() {
    assertThat(SoftF1.of(List.of(List.of(1)), List.of(List.of(1)))).isEqualTo(1.0);
  }

  @Test
  void softF1_byHand() {
    // gold rows (1,'a'), (2,'b'); predicted (1,'a'), (2,'c'), (3,'d')
    // row 0: 2/2 match -> tp 1; row 1: 1 match, 1 pred-only, 1 truth-only -> tp .5, fp .5, fn .5;
    // extra row -> fp 1. precision = 1.5/3 = .5, recall = 1.5/2 = .75, F1 = 2*.5*.75/1.25 = 0.6
    double f1 = SoftF1.of(List.of(List.of(1L, "a"), List.of(2L, "b")),
        List.of(List.of(1L, "a"), List.of(2L, "c"), List.of(3L, "d")));

    assertThat(f1).isCloseTo(0.6, org.assertj.core.data.Offset.offset(1e-12));
  }

  @Test
  void softF1_wideRows_countMembershipAsBirdsInDoes() {
    // 10 gold cells 1..10; predicted 1, 1, 2..5, 11..14: each predicted cell "in" the gold row counts, the
    // repeated 1 twice (6 matches), 4 pred-only; gold 6..10 are not in the prediction (5 truth-only)
    List<Object> gold = List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
    List<Object> pred = List.of(1L, 1L, 2L, 3L, 4L, 5L, 11L, 12L, 13L, 14L);
    // tp .6, fp .4, fn .5: precision .6, recall .6/1.1, F1 = 2pr/(p+r)
    double precision = 0.6 / (0.6 + 0.4);
    double recall = 0.6 / (0.6 + 0.5);

    assertThat(SoftF1.of(List.of(gold), List.of(pred)))
        .isCloseTo(2 * precision * recall / (precision + recall), org.assertj.core.data.Offset.offset(1e-12));
  }
}
