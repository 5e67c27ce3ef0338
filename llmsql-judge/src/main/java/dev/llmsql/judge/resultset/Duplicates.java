package dev.llmsql.judge.resultset;

/**
 * Whether repeated rows count.
 *
 * <pre>{@code
 * ResultSetComparator.builder().duplicates(Duplicates.SET).build();   // BIRD
 * }</pre>
 */
public enum Duplicates {
  /** Rows are a multiset: a row twice is not the row once (LLMSQL, Spider, strict). */
  MULTISET,
  /**
   * Rows are a set: duplicates are dropped before comparing (BIRD). Known false positives: a
   * prediction missing {@code DISTINCT} passes.
   */
  SET
}
