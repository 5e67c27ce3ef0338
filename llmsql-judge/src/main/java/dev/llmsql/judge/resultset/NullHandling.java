package dev.llmsql.judge.resultset;

/**
 * What NULL becomes before comparing.
 *
 * <pre>{@code
 * ResultSetComparator.builder().nulls(NullHandling.EMPTY_TEXT).build();   // Falcon
 * }</pre>
 */
public enum NullHandling {
  /** NULL is a value of its own, equal to NULL only (LLMSQL, Spider, BIRD, Defog). */
  NULL_IS_VALUE,
  /** NULL and the text {@code "null"} (any case) become {@code ""} (Falcon). */
  EMPTY_TEXT,
  /** NULL and NaN become 0 (Spider 2.0, which reads results into pandas and fills NaN with 0). */
  ZERO
}
