package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class IntSetTest {

  @Test
  void add_denseSparseAndNegativeIds_eachCountedOnce() {
    IntSet set = new IntSet();

    for (int id : new int[] {0, 1, 63, 64, 100_000, -5, Integer.MIN_VALUE, Integer.MAX_VALUE, IntSet.DENSE_LIMIT}) {
      assertThat(set.add(id)).as("first add of %d", id).isTrue();
      assertThat(set.add(id)).as("second add of %d", id).isFalse();
    }

    assertThat(set.size()).isEqualTo(9);
    assertThat(set.contains(64)).isTrue();
    assertThat(set.contains(65)).isFalse();
    assertThat(set.contains(-5)).isTrue();
    assertThat(set.contains(-6)).isFalse();
    assertThat(set.contains(IntSet.DENSE_LIMIT - 1)).isFalse();
  }

  @Test
  void add_manySparseIds_eachCountedOnce() {
    IntSet set = new IntSet();

    for (int i = 0; i < 10_000; i++) {
      assertThat(set.add(i * 7919 - 5_000_000)).isTrue();
    }

    assertThat(set.size()).isEqualTo(10_000);
    assertThat(set.add(7919 * 3 - 5_000_000)).isFalse();
    assertThat(set.contains(7919 * 9_999 - 5_000_000)).isTrue();
    assertThat(set.contains(-4_999_999)).isFalse();
  }

}
