package dev.llmsql.matching;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows of normalised cells, ordered and compared as LLMSQL 2.0's scorer does: sorted by the text of each row
 * as Python prints the tuple, then compared pairwise with Python's {@code ==} (so 0.0 equals -0.0).
 */
final class NormalizedRows {

  private NormalizedRows() {
  }

  /** Every cell normalised, rows sorted by their printed form (stable). */
  static List<List<Object>> of(List<List<Object>> rows) {
    List<Keyed> keyed = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      List<Object> cells = new ArrayList<>(row.size());
      for (Object cell : row) {
        cells.add(CellNormalizer.normalize(cell));
      }
      keyed.add(new Keyed(key(cells), cells));
    }
    keyed.sort(Comparator.comparing(Keyed::key, PythonText.ORDER));
    return keyed.stream().map(Keyed::cells).toList();
  }

  /** The rows once each, the first of equal ones kept, in printed order. */
  static List<List<Object>> distinct(List<List<Object>> normalized) {
    Map<List<Object>, List<Object>> firsts = new LinkedHashMap<>();
    for (List<Object> row : normalized) {
      firsts.putIfAbsent(hashable(row), row);
    }
    List<List<Object>> kept = new ArrayList<>(firsts.values());
    List<Keyed> keyed = new ArrayList<>();
    kept.forEach(r -> keyed.add(new Keyed(key(r), r)));
    keyed.sort(Comparator.comparing(Keyed::key, PythonText.ORDER));
    return keyed.stream().map(Keyed::cells).toList();
  }

  /** Python's {@code ==} on two sorted lists of rows. */
  static boolean equal(List<List<Object>> a, List<List<Object>> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!rowEquals(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  /** How many rows of {@code gold} find an equal, not yet used row in {@code predicted}. */
  static int common(List<List<Object>> gold, List<List<Object>> predicted) {
    Map<List<Object>, Integer> left = new HashMap<>();
    predicted.forEach(row -> left.merge(hashable(row), 1, Integer::sum));
    int found = 0;
    for (List<Object> row : gold) {
      Integer count = left.computeIfPresent(hashable(row), (k, n) -> n - 1);
      if (count != null && count >= 0) {
        found++;
      }
    }
    return found;
  }

  /**
   * A row whose {@code equals} and {@code hashCode} agree with {@link #rowEquals}: -0.0 is folded into 0.0 (Python's
   * {@code ==} holds between them), and the NaN marker stays itself. Keeps set and multiset work linear in the
   * rows (a query may return 100,000).
   */
  private static List<Object> hashable(List<Object> row) {
    List<Object> cells = new ArrayList<>(row.size());
    for (Object cell : row) {
      cells.add(cell instanceof Double d && d == 0 ? (Object) 0.0 : cell);
    }
    return cells;
  }

  static boolean rowEquals(List<Object> a, List<Object> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!cellEquals(a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  private static boolean cellEquals(Object a, Object b) {
    if (a instanceof Double x && b instanceof Double y) {
      return x.doubleValue() == y.doubleValue();
    }
    return a == b || a instanceof String && a.equals(b);
  }

  /** Python's {@code str(tuple(row))}: {@code ('Hurts',)}, {@code (274.0, 'x')}. */
  static String key(List<Object> row) {
    StringBuilder out = new StringBuilder("(");
    for (int i = 0; i < row.size(); i++) {
      if (i > 0) {
        out.append(", ");
      }
      Object cell = row.get(i);
      out.append(cell instanceof String s ? PythonText.strRepr(s)
          : cell instanceof Double d ? PythonText.floatRepr(d) : "None");
    }
    return out.append(row.size() == 1 ? ",)" : ")").toString();
  }

  private record Keyed(String key, List<Object> cells) { }
}
