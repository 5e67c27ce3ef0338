package dev.llmsql.judge.resultset;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Spider 2.0's evaluation metadata of one question, read from the question's fields as
 * {@code spider2lite_eval.jsonl} / {@code spider2snow_eval.jsonl} give them: {@code condition_cols} (the gold
 * columns, by 0-based position, that the prediction must hold; the others are ignored) and
 * {@code ignore_order}. With several gold results, {@code condition_cols} is one list for all of them, or a list
 * per gold ({@code [[1, 2], [3]]}), as {@code compare_multi_pandas_table} reads it.
 */
final class Spider2Metadata {

  static final String CONDITION_COLS = "condition_cols";
  static final String IGNORE_ORDER = "ignore_order";

  private Spider2Metadata() {
  }

  /** The question's {@code ignore_order}, or null when it has none (or not a boolean). */
  static Boolean ignoreOrder(Question question) {
    Object v = question.extra().get(IGNORE_ORDER);
    return v instanceof Boolean b ? b : null;
  }

  /**
   * The gold cut to the columns {@code condition_cols} names for gold {@code index} of {@code count}
   * ({@code gold.iloc[:, condition_cols]}), or the gold itself when the list is empty or absent.
   *
   * @throws IllegalArgumentException when {@code condition_cols} is not a list of column positions (or of such
   *     lists, one per gold) or names a column the gold does not have, with the words to say so
   */
  static QueryResult project(QueryResult gold, Question question, int index, int count) {
    List<Integer> columns = columns(question.extra().get(CONDITION_COLS), index, count);
    if (columns.isEmpty()) {
      return gold;
    }
    int width = gold.columns().size();
    for (List<Object> row : gold.rows()) {
      width = Math.max(width, row.size());
    }
    List<String> labels = new ArrayList<>(columns.size());
    for (int c : columns) {
      int at = c < 0 ? c + width : c;   // iloc counts negative positions from the end
      if (at < 0 || at >= width) {
        throw new IllegalArgumentException("\"condition_cols\" names column " + c + ", but gold " + (index + 1)
            + " has " + width + " column(s)");
      }
      labels.add(at < gold.columns().size() ? gold.columns().get(at) : "column" + at);
    }
    List<List<Object>> rows = new ArrayList<>(gold.rowCount());
    for (List<Object> row : gold.rows()) {
      List<Object> cut = new ArrayList<>(columns.size());
      for (int c : columns) {
        int at = c < 0 ? c + width : c;
        cut.add(at < row.size() ? row.get(at) : null);
      }
      rows.add(java.util.Collections.unmodifiableList(cut));
    }
    return new QueryResult(labels, rows, gold.complete());
  }

  /**
   * The positions for gold {@code index}: {@code compare_multi_pandas_table} gives every gold an empty list when
   * the value is {@code []}, {@code [[]]}, {@code [None]} or {@code None}; the same list to every gold when it is
   * not a list of lists; otherwise list {@code index}.
   */
  static List<Integer> columns(Object raw, int index, int count) {
    if (raw == null) {
      return List.of();
    }
    if (!(raw instanceof List<?> list)) {
      throw new IllegalArgumentException("\"condition_cols\" must be a list of column positions such as [0, 2] "
          + "(or one such list per gold result), but was " + raw);
    }
    if (list.isEmpty() || list.size() == 1 && (list.get(0) == null
        || list.get(0) instanceof List<?> only && only.isEmpty())) {
      return List.of();
    }
    boolean nested = list.stream().allMatch(e -> e instanceof List<?>);
    if (!nested) {
      return positions(list);
    }
    if (count == 1 && list.size() > 1) {
      throw new IllegalArgumentException("\"condition_cols\" gives " + list.size() + " lists (one per gold "
          + "result), but the question has one gold result");
    }
    if (index >= list.size()) {
      throw new IllegalArgumentException("\"condition_cols\" gives " + list.size() + " list(s), one per gold "
          + "result, but the question has " + count + " gold results");
    }
    return positions((List<?>) list.get(index));
  }

  private static List<Integer> positions(List<?> list) {
    List<Integer> out = new ArrayList<>(list.size());
    for (Object e : list) {
      if (!(e instanceof Integer || e instanceof Long) || ((Number) e).longValue() != ((Number) e).intValue()) {
        throw new IllegalArgumentException("\"condition_cols\" must hold column positions (integers), but held "
            + e);
      }
      out.add(((Number) e).intValue());
    }
    return out;
  }
}
