package dev.llmsql.execution;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The rows a query returned. Cells are {@code Long}, {@code Double}, {@code String}, {@code byte[]} or
 * null, as SQLite stores them (integers that fit in an int still come back as {@code Long}).
 *
 * <pre>{@code
 * QueryResult r = new QueryResult(List.of("n"), List.of(List.of(3L)));
 * r.isSingleNull();  // false
 * }</pre>
 *
 * @param columns the column labels, in select-list order
 * @param rows the rows, each with one cell per column
 * @param complete false when reading stopped early on purpose ({@link QueryExecutor#execute(String, int)}):
 *     the statement returns more rows than {@code rows} holds
 */
public record QueryResult(List<String> columns, List<List<Object>> rows, boolean complete) {

  public QueryResult {
    columns = List.copyOf(requireNonNull(columns, "columns"));
    requireNonNull(rows, "rows");
    rows = java.util.Collections.unmodifiableList(rows);
  }

  /** Every row the statement returned. */
  public QueryResult(List<String> columns, List<List<Object>> rows) {
    this(columns, rows, true);
  }

  /** The first rows of a statement that returns more. */
  public static QueryResult incomplete(List<String> columns, List<List<Object>> rows) {
    return new QueryResult(columns, rows, false);
  }

  /** LLMSQL's "NULL answer": exactly one row holding exactly one NULL. */
  public boolean isSingleNull() {
    return rows.size() == 1 && rows.get(0).size() == 1 && rows.get(0).get(0) == null;
  }

  public int rowCount() {
    return rows.size();
  }
}
