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
 */
public record QueryResult(List<String> columns, List<List<Object>> rows) {

  public QueryResult {
    columns = List.copyOf(requireNonNull(columns, "columns"));
    requireNonNull(rows, "rows");
    rows = java.util.Collections.unmodifiableList(rows);
  }

  /** LLMSQL's "NULL answer": exactly one row holding exactly one NULL. */
  public boolean isSingleNull() {
    return rows.size() == 1 && rows.get(0).size() == 1 && rows.get(0).get(0) == null;
  }

  public int rowCount() {
    return rows.size();
  }
}
