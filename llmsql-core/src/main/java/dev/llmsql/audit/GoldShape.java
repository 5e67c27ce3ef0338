package dev.llmsql.audit;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A gold query's structure as a {@link GoldInspector} reads it.
 *
 * <pre>{@code
 * GoldShape shape = new GoldShape(true, true, 3,
 *     "SELECT name, age FROM singer ORDER BY age DESC LIMIT 4", 1,
 *     List.of(new GoldShape.SortedColumn("singer", "age", "ORDER BY")), List.of("singer"));
 * }</pre>
 *
 * @param parsed whether the SQL could be read at all; everything else is empty when not
 * @param ordered whether the outermost query has an {@code ORDER BY}, so its row order is part of its answer
 * @param limit the outermost {@code ORDER BY ... LIMIT k}'s k, or 0 when there is none
 * @param limitProbe the same query with its sort keys appended as the last {@code probeKeys} columns and
 *     {@code LIMIT k + 1}, to read the row after the limit; null when there is no such limit
 * @param probeKeys how many sort-key columns {@code limitProbe} appends
 * @param sortedColumns the base-table columns an {@code ORDER BY}, {@code MIN} or {@code MAX} reads directly
 * @param tables the base tables the query reads, as written (quotes kept), without common table expressions
 */
public record GoldShape(boolean parsed, boolean ordered, int limit, String limitProbe, int probeKeys,
                        List<SortedColumn> sortedColumns, List<String> tables) {

  /** The shape of SQL that could not be read. */
  public static final GoldShape UNPARSED = new GoldShape(false, false, 0, null, 0, List.of(), List.of());

  public GoldShape {
    sortedColumns = List.copyOf(requireNonNull(sortedColumns, "sortedColumns"));
    tables = List.copyOf(requireNonNull(tables, "tables"));
    if (limitProbe != null && (limit <= 0 || probeKeys <= 0)) {
      throw new IllegalArgumentException("a limit probe needs a positive limit and at least one key column");
    }
  }

  /**
   * A column an {@code ORDER BY}, {@code MIN} or {@code MAX} reads.
   *
   * @param table the base table, as written (quotes kept)
   * @param column the column, as written (quotes kept)
   * @param clause {@code ORDER BY}, {@code MIN} or {@code MAX}
   */
  public record SortedColumn(String table, String column, String clause) {
    public SortedColumn {
      requireNonNull(table, "table");
      requireNonNull(column, "column");
      requireNonNull(clause, "clause");
    }
  }
}
