package dev.llmsql.judgement;

import dev.llmsql.execution.Cells;
import dev.llmsql.execution.QueryResult;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares two result sets the LLMSQL way: rows as multisets (order ignored, duplicates counted), column
 * order significant, column names ignored, values equal when SQL-equal (integer 1 equals real 1.0, text
 * {@code '1'} differs from integer 1, NULL equals NULL). Unlike LLMSQL, rows mixing NULL, numbers and
 * text compare correctly instead of failing to sort.
 *
 * <pre>{@code
 * QueryResult gold = new QueryResult(List.of("singer"), List.of(List.of("Hurts"), List.of("Adele")));
 * QueryResult predicted = new QueryResult(List.of("singer"), List.of(List.of("Adele")));
 * ResultComparison c = ResultComparison.unordered(gold, predicted);
 * if (!c.equal()) System.out.println(c.reason() + ": " + c.detail());
 * }</pre>
 *
 * @param equal whether the results are equal
 * @param reason {@link Reason#EQUAL} or what differs first
 * @param detail for people; empty when equal
 */
public record ResultComparison(boolean equal, Reason reason, String detail) {

  private static final ResultComparison EQUAL = new ResultComparison(true, Reason.EQUAL, "");

  /** Multiset comparison of {@code predicted} against {@code gold}. */
  public static ResultComparison unordered(QueryResult gold, QueryResult predicted) {
    List<List<Object>> goldRows = gold.rows();
    List<List<Object>> predRows = predicted.rows();
    if (!goldRows.isEmpty() && !predRows.isEmpty()) {
      int goldWidth = goldRows.get(0).size();
      int predWidth = predRows.get(0).size();
      if (goldWidth != predWidth) {
        return new ResultComparison(false, Reason.COLUMN_COUNT,
            "gold has " + goldWidth + " column(s), prediction " + predWidth);
      }
    }
    if (!predicted.complete()) {
      return new ResultComparison(false, Reason.EXTRA_ROWS, "prediction has more than " + predRows.size()
          + " row(s) (reading stopped there), gold " + goldRows.size());
    }
    if (predRows.size() > goldRows.size()) {
      return new ResultComparison(false, Reason.EXTRA_ROWS,
          "prediction has " + predRows.size() + " row(s), gold " + goldRows.size());
    }
    if (predRows.size() < goldRows.size()) {
      return new ResultComparison(false, Reason.MISSING_ROWS,
          "prediction has " + predRows.size() + " row(s), gold " + goldRows.size());
    }
    Map<Row, int[]> counts = new HashMap<>(goldRows.size() * 2);
    for (List<Object> row : goldRows) {
      counts.computeIfAbsent(Row.of(row), k -> new int[1])[0]++;
    }
    for (List<Object> row : predRows) {
      int[] count = counts.get(Row.of(row));
      if (count == null || count[0] == 0) {
        return new ResultComparison(false, Reason.VALUE_MISMATCH,
            "predicted row " + Cells.row(row) + " is not in the gold result" + firstMissing(counts));
      }
      count[0]--;
    }
    return EQUAL;
  }

  private static String firstMissing(Map<Row, int[]> counts) {
    for (Map.Entry<Row, int[]> e : counts.entrySet()) {
      if (e.getValue()[0] > 0) {
        return "; e.g. gold row " + Cells.row(e.getKey().original) + " is missing";
      }
    }
    return "";
  }

  /**
   * The value SQL equality compares: integral reals become {@code Long} (so 1.0 equals 1), blobs become
   * {@link ByteBuffer}s (content equality); text stays text, so {@code "1"} never equals {@code 1L}.
   */
  public static Object canonical(Object value) {
    if (value instanceof Double d) {
      double v = d;
      if (v == Math.rint(v) && v >= -0x1p63 && v < 0x1p63) {
        return (long) v;
      }
      return d;
    }
    if (value instanceof Float f) {
      return canonical(f.doubleValue());
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    }
    if (value instanceof java.math.BigDecimal bd) {
      return canonical(bd.doubleValue());
    }
    return value;
  }

  /** A row's canonical cells with a cached hash. */
  private static final class Row {
    private final Object[] cells;
    private final List<Object> original;
    private final int hash;

    private Row(Object[] cells, List<Object> original) {
      this.cells = cells;
      this.original = original;
      this.hash = Arrays.hashCode(cells);
    }

    static Row of(List<Object> row) {
      Object[] cells = new Object[row.size()];
      for (int i = 0; i < cells.length; i++) {
        cells[i] = canonical(row.get(i));
      }
      return new Row(cells, row);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Row r && hash == r.hash && Arrays.equals(cells, r.cells);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
