package dev.llmsql.judge.resultset;

/**
 * What NULL becomes before comparing.
 *
 * <pre>{@code
 * ResultSetComparator.builder().nulls(NullHandling.EMPTY_TEXT).build();
 * }</pre>
 */
public enum NullHandling {
  /** NULL is a value of its own, equal to NULL only (LLMSQL, Spider, BIRD). */
  NULL_IS_VALUE,
  /** NULL and the text {@code "null"} (any case) become {@code ""}. */
  EMPTY_TEXT,
  /** NULL and NaN become 0 (Spider 2.0, which reads results into pandas and fills NaN with 0). */
  ZERO
}
