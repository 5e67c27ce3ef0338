package dev.llmsql.internal;

import java.util.Arrays;

/**
 * An open-addressing map from int keys to non-negative int values, also usable as a set: the sparse part of
 * {@link IntSet}, without boxing every id. Not thread-safe; read-only use after filling may be shared.
 */
final class IntIntMap {

  /** Returned by {@link #get} and {@link #putIfAbsent} for an absent key. */
  static final int ABSENT = -1;

  private int[] keys;
  private int[] values;
  private int size;

  IntIntMap() {
    this(16);
  }

  IntIntMap(int expected) {
    int capacity = Integer.highestOneBit(Math.max(4, expected * 2 - 1)) << 1;
    keys = new int[capacity];
    values = new int[capacity];
    Arrays.fill(values, ABSENT);
  }

  int size() {
    return size;
  }

  int get(int key) {
    int mask = keys.length - 1;
    for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
      if (values[i] == ABSENT) {
        return ABSENT;
      }
      if (keys[i] == key) {
        return values[i];
      }
    }
  }

  boolean contains(int key) {
    return get(key) != ABSENT;
  }

  /** Adds {@code key} (set use); true when it was not there yet. */
  boolean add(int key) {
    return putIfAbsent(key, 0) == ABSENT;
  }

  /** Maps {@code key} to {@code value} (at least 0) unless it is mapped; returns the earlier value or ABSENT. */
  int putIfAbsent(int key, int value) {
    if (value < 0) {
      throw new IllegalArgumentException("value must not be negative: " + value);
    }
    int mask = keys.length - 1;
    for (int i = mix(key) & mask; ; i = (i + 1) & mask) {
      if (values[i] == ABSENT) {
        keys[i] = key;
        values[i] = value;
        if (++size * 2 > keys.length) {
          grow();
        }
        return ABSENT;
      }
      if (keys[i] == key) {
        return values[i];
      }
    }
  }

  private void grow() {
    int[] oldKeys = keys;
    int[] oldValues = values;
    keys = new int[oldKeys.length * 2];
    values = new int[oldKeys.length * 2];
    Arrays.fill(values, ABSENT);
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldValues[i] != ABSENT) {
        putIfAbsent(oldKeys[i], oldValues[i]);
      }
    }
  }

  private static int mix(int key) {
    int h = key * 0x9E3779B9;
    return h ^ (h >>> 16);
  }
}
