package dev.llmsql.internal;

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
  void intIntMap_manyKeys_keepsFirstValueAndGrows() {
    IntIntMap map = new IntIntMap(2);

    for (int i = 0; i < 10_000; i++) {
      assertThat(map.putIfAbsent(i * 7919 - 5_000_000, i)).isEqualTo(IntIntMap.ABSENT);
    }

    assertThat(map.size()).isEqualTo(10_000);
    assertThat(map.putIfAbsent(7919 * 3 - 5_000_000, 99)).isEqualTo(3);
    assertThat(map.get(7919 * 9_999 - 5_000_000)).isEqualTo(9_999);
    assertThat(map.get(1)).isEqualTo(IntIntMap.ABSENT);
  }
}
