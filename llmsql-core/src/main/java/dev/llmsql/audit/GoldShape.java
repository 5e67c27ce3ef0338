package dev.llmsql.audit;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A gold query's structure as a {@link GoldInspector} reads it.
 *
 * <pre>{@code
 * GoldShape shape = new GoldShape(true, true,
 *     List.of(new GoldShape.LimitProbe(3, "SELECT name, age FROM singer ORDER BY age DESC LIMIT 4", 1, true)),
 *     List.of(new GoldShape.SortedColumn("singer", "age", "ORDER BY")), List.of("singer"));
 * }</pre>
 *
 * @param parsed whether the SQL could be read at all; everything else is empty when not
 * @param ordered whether the outermost query has an {@code ORDER BY}, so its row order is part of its answer
 * @param limitProbes one per query block with {@code ORDER BY ... LIMIT k} (the outermost first), to read the
 *     row after the limit
 * @param sortedColumns the base-table columns an {@code ORDER BY}, {@code MIN} or {@code MAX} reads directly
 * @param tables the base tables the query reads, as written (quotes kept), without common table expressions
 */
public record GoldShape(boolean parsed, boolean ordered, List<LimitProbe> limitProbes,
                        List<SortedColumn> sortedColumns, List<String> tables) {

  /** The shape of SQL that could not be read. */
  public static final GoldShape UNPARSED = new GoldShape(false, false, List.of(), List.of(), List.of());

  public GoldShape {
    limitProbes = List.copyOf(requireNonNull(limitProbes, "limitProbes"));
    sortedColumns = List.copyOf(requireNonNull(sortedColumns, "sortedColumns"));
    tables = List.copyOf(requireNonNull(tables, "tables"));
  }

  /**
   * A query block with {@code ORDER BY ... LIMIT k}, rewritten to read one row more with its sort keys, and
   * with {@code OFFSET n} also the row before its first.
   *
   * @param limit the block's k, positive
   * @param sql the block alone with its sort keys appended as the last {@code keys} columns and
   *     {@code LIMIT k + 1} (with a positive {@code offset}: {@code LIMIT k + 2 OFFSET n - 1}, so its first row is
   *     the one the offset skips last); a sub-query that reads its outer query's columns fails when run alone,
   *     and is skipped
   * @param keys how many sort-key columns {@code sql} appends, positive
   * @param outermost whether the block is the outermost query (else a sub-query, a derived table or a CTE)
   * @param offset the block's {@code OFFSET} n (also written {@code LIMIT n, k}), 0 without one
   */
  public record LimitProbe(int limit, String sql, int keys, boolean outermost, int offset) {
    public LimitProbe {
      requireNonNull(sql, "sql");
      if (limit <= 0 || keys <= 0 || offset < 0) {
        throw new IllegalArgumentException("a limit probe needs a positive limit, at least one key column and no "
            + "negative offset");
      }
    }

    /** A probe of a block without {@code OFFSET}. */
    public LimitProbe(int limit, String sql, int keys, boolean outermost) {
      this(limit, sql, keys, outermost, 0);
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
