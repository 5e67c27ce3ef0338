package dev.llmsql.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * Expected values are computed by hand: McNemar p-values as binomial sums (b=10, c=2: 2 * (1 + 12 + 66) / 4096),
 * bootstrap bounds by re-implementing java.util.Random's documented LCG and nextInt in a separate script
 * (the numbers below are k/37 and k/50).
 */
class StatsTest {

  @Test
  void mcnemar_tenAgainstTwo_isTwiceTheBinomialTail() {
    assertThat(McNemar.exact(10, 2).pValue()).isCloseTo(2.0 * (1 + 12 + 66) / 4096, within(1e-15))
        .isCloseTo(0.0386, within(0.00005));
    assertThat(McNemar.exact(2, 10).pValue()).isCloseTo(0.03857421875, within(1e-15));
  }

  @Test
  void mcnemar_smallCounts_matchHandSums() {
    assertThat(McNemar.exact(0, 5).pValue()).isCloseTo(2.0 / 32, within(1e-15));          // 0.0625
    assertThat(McNemar.exact(1, 6).pValue()).isCloseTo(2.0 * (1 + 7) / 128, within(1e-15)); // 0.125
    assertThat(McNemar.exact(3, 0).pValue()).isCloseTo(2.0 / 8, within(1e-15));           // 0.25
    assertThat(McNemar.exact(30, 12).pValue()).isCloseTo(0.007915897334896727, within(1e-14));
  }

  @Test
  void mcnemar_noOrEvenDisagreement_isOne() {
    assertThat(McNemar.exact(0, 0).pValue()).isEqualTo(1.0);
    assertThat(McNemar.exact(5, 5).pValue()).isEqualTo(1.0);
    assertThat(McNemar.exact(1000, 1000).pValue()).isEqualTo(1.0);
  }

  @Test
  void mcnemar_thousandsOfDisagreements_doNotUnderflowToNaN() {
    double p = McNemar.exact(3000, 2000).pValue();
    assertThat(p).isGreaterThan(0).isLessThan(1e-40);
    // summed exactly with Python's integer binomials: 2 * sum_{k<=4900} C(10000, k) / 2^10000
    assertThat(McNemar.exact(5100, 4900).pValue()).isCloseTo(0.04658552770494739, within(1e-12));
  }

  @Test
  void mcnemar_significance_isStrictlyBelowAlpha() {
    assertThat(McNemar.exact(10, 2).significant(0.05)).isTrue();
    assertThat(McNemar.exact(10, 2).significant(0.01)).isFalse();
    assertThatThrownBy(() -> McNemar.exact(-1, 2)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("discordant counts cannot be negative, but were b=-1, c=2");
  }

  @Test
  void wilson_27of50_matchesTheFormula() {
    Interval ci = Wilson.interval(27, 50);
    assertThat(ci.low()).isCloseTo(0.4039887139915748, within(1e-12));
    assertThat(ci.high()).isCloseTo(0.6703034780777566, within(1e-12));
    assertThat(ci.format()).isEqualTo("[0.4040, 0.6703]");
    assertThat(ci.method()).isEqualTo("wilson");
  }

  @Test
  void wilson_atTheEdges_staysInsideZeroOne() {
    assertThat(Wilson.interval(0, 10).low()).isEqualTo(0.0);
    assertThat(Wilson.interval(0, 10).high()).isCloseTo(0.2775327998628892, within(1e-12));
    assertThat(Wilson.interval(10, 10).high()).isLessThanOrEqualTo(1.0);
    assertThat(Wilson.interval(10, 10).low()).isCloseTo(0.7224672001371106, within(1e-12));
    assertThatThrownBy(() -> Wilson.interval(0, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a Wilson interval needs 0 <= successes <= trials and trials > 0, but was 0 of 0");
  }

  private static boolean[] everyThirdWrong(int n) {
    boolean[] hits = new boolean[n];
    for (int i = 0; i < n; i++) {
      hits[i] = i % 3 != 0;
    }
    return hits;
  }

  @Test
  void bootstrap_defaultSeed_givesTheSameExactBoundsEveryTime() {
    boolean[] hits = everyThirdWrong(37);   // 24 of 37
    Interval ci = Bootstrap.DEFAULT.proportion(hits);
    assertThat(ci.low()).isEqualTo(19.0 / 37);
    assertThat(ci.high()).isEqualTo(29.0 / 37);
    assertThat(ci.method()).isEqualTo("bootstrap (1000 resamples, seed 42)");
    assertThat(Bootstrap.DEFAULT.proportion(hits)).isEqualTo(ci);
  }

  @Test
  void bootstrap_otherSeedAndResamples_giveTheirOwnExactBounds() {
    boolean[] hits = everyThirdWrong(37);
    Interval ci = Bootstrap.builder().resamples(2000).seed(7).build().proportion(hits);
    assertThat(ci.low()).isEqualTo(18.0 / 37);
    assertThat(ci.high()).isEqualTo(30.0 / 37);
    Interval small = Bootstrap.builder().resamples(100).seed(1).build().proportion(hits);
    assertThat(small.low()).isEqualTo(19.0 / 37);
    assertThat(small.high()).isEqualTo(29.0 / 37);
  }

  @Test
  void bootstrap_genericStatistic_drawsTheSameResamplesAsProportion() {
    boolean[] hits = new boolean[50];
    for (int i = 0; i < 27; i++) {
      hits[i] = true;
    }
    Interval viaIndices = Bootstrap.DEFAULT.interval(50, idx -> {
      int c = 0;
      for (int i : idx) {
        c += hits[i] ? 1 : 0;
      }
      return c / 50.0;
    });
    assertThat(viaIndices).isEqualTo(Bootstrap.DEFAULT.proportion(hits));
    assertThat(viaIndices.low()).isEqualTo(0.4);
    assertThat(viaIndices.high()).isEqualTo(0.68);
  }

  @Test
  void bootstrap_badConfiguration_isRejected() {
    assertThatThrownBy(() -> Bootstrap.builder().resamples(99).build()).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("resamples takes 100 to 1,000,000, but was 99");
    assertThatThrownBy(() -> Bootstrap.DEFAULT.proportion(new boolean[0]))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("a bootstrap needs at least one question");
  }

  @Test
  void interval_overlap_sharesAPoint() {
    Interval a = new Interval(0.4, 0.6, "x");
    assertThat(a.overlaps(new Interval(0.6, 0.7, "x"))).isTrue();
    assertThat(a.overlaps(new Interval(0.61, 0.7, "x"))).isFalse();
    assertThat(a.formatPercent()).isEqualTo("40.00% to 60.00%");
  }

  @Test
  void tieRanks_overlapWithTheGroupLeader_sharesItsRank() {
    java.util.List<java.util.Optional<Interval>> sorted = java.util.List.of(
        java.util.Optional.of(new Interval(0.80, 0.95, "x")),
        java.util.Optional.of(new Interval(0.75, 0.90, "x")),    // overlaps the leader: tie
        java.util.Optional.of(new Interval(0.60, 0.78, "x")),    // overlaps the second, not the leader: new rank
        java.util.Optional.empty(),                              // no interval: never tied
        java.util.Optional.of(new Interval(0.10, 0.20, "x")));
    int[] ranks = TieRanks.of(sorted);
    assertThat(ranks).containsExactly(1, 1, 3, 4, 5);
    assertThat(TieRanks.isTied(ranks, 0)).isTrue();
    assertThat(TieRanks.isTied(ranks, 1)).isTrue();
    assertThat(TieRanks.isTied(ranks, 2)).isFalse();
  }

  @Test
  void bootstrapBuilder_aSettingGivenTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> Bootstrap.builder().resamples(200).resamples(300).seed(1).seed(1).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("resamples(200) and resamples(300) conflict; set resamples once");
  }
}
