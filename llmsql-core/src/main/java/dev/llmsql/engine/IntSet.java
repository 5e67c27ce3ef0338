package dev.llmsql.engine;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * A set of ints for question ids: a bitmap for ids from 0 to {@link #DENSE_LIMIT} (benchmark ids are
 * small and dense: 160,000 of them take 20 KB, against about 10 MB as a {@code HashSet<Integer>}), a plain
 * hash set for the rare others (negative or huge ids). Not thread-safe; read-only use after filling may be
 * shared.
 */
final class IntSet {

  /** Ids below this go to the bitmap, which then takes at most 2 MB. */
  static final int DENSE_LIMIT = 1 << 24;

  private long[] bits = new long[64];
  private Set<Integer> others;
  private int size;

  /** Adds {@code id}; true when it was not there yet. */
  boolean add(int id) {
    if (id >= 0 && id < DENSE_LIMIT) {
      int word = id >>> 6;
      if (word >= bits.length) {
        bits = Arrays.copyOf(bits, Math.max(word + 1, bits.length * 2));
      }
      long mask = 1L << id;
      if ((bits[word] & mask) != 0) {
        return false;
      }
      bits[word] |= mask;
      size++;
      return true;
    }
    if (others == null) {
      others = new HashSet<>();
    }
    boolean added = others.add(id);
    size += added ? 1 : 0;
    return added;
  }

  boolean contains(int id) {
    if (id >= 0 && id < DENSE_LIMIT) {
      int word = id >>> 6;
      return word < bits.length && (bits[word] & (1L << id)) != 0;
    }
    return others != null && others.contains(id);
  }

  int size() {
    return size;
  }
}
