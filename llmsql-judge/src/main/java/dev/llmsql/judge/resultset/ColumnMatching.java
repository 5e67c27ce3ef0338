package dev.llmsql.judge.resultset;

/**
 * How predicted columns are paired with gold columns. Column names are ignored except by
 * {@link #BY_NAME}.
 *
 * <pre>{@code
 * ResultSetComparator.builder().columns(ColumnMatching.ANY_PERMUTATION).build();   // Spider
 * }</pre>
 */
public enum ColumnMatching {
  /** Same number of columns, in the same order (LLMSQL, BIRD, strict). */
  POSITIONAL,
  /** Same number of columns, in any order: some permutation must make the rows equal (Spider). */
  ANY_PERMUTATION,
  /** Same number of columns, paired by label, case-insensitively. */
  BY_NAME,
  /**
   * Each gold column must have its own predicted column, extras allowed; the rows of the paired columns
   * must then be equal (a subset match; Defog's own steps are {@link DefogProcedure}).
   */
  GOLD_COLUMNS_IN_PREDICTION,
  /**
   * Each gold column's values (sorted unless order counts) must equal some predicted column's values,
   * column by column, extras allowed (Spider 2.0). Known false positives: rows scrambled across columns
   * still match (Falcon keeps rows aligned: {@link FalconProcedure}).
   */
  GOLD_COLUMN_VECTORS
}
