package dev.llmsql.judge.resultset;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Reason;
import dev.llmsql.matching.PythonText;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Spider 2.0's {@code compare_pandas_table} ({@code spider2-lite} and {@code spider2-snow}
 * {@code evaluation_suite/evaluate.py}), on results already typed as its CSV round trip types them and, when the
 * question says so, cut to its {@code condition_cols} (the judge does both). Each gold column, as a vector of
 * its values, must equal some predicted column: the same length, then pair by pair NaN with NaN, numbers by
 * {@code math.isclose(a, b, abs_tol=1e-2)} (and its default {@code rel_tol=1e-9}), anything else by
 * {@code ==}. Under {@code ignore_order} both vectors are first sorted by Python's text of each value
 * ({@code str(x)}), not by value. Extra predicted columns do not matter, and two gold columns may be matched by
 * the same predicted column, as there; {@code oneToOne} asks for distinct predicted columns instead (ours).
 *
 * <pre>{@code
 * Judge judge = ResultSetJudge.builder().name("spider2-own")
 *     .procedure(new Spider2Procedure(false)).csvRoundTrip(true).spider2Metadata(true).build();
 * }</pre>
 */
final class Spider2Procedure implements PeerProcedure {

  /** {@code compare_pandas_table}'s {@code tolerance}. */
  static final double ABS_TOL = 1e-2;

  /** {@code math.isclose}'s default relative tolerance. */
  static final double REL_TOL = 1e-9;

  private final boolean oneToOne;

  Spider2Procedure(boolean oneToOne) {
    this.oneToOne = oneToOne;
  }

  @Override
  public Comparison compare(QueryResult gold, String goldSql, QueryResult predicted, String predictedSql,
                            Question question, boolean ordered) {
    return compare(gold, predicted, !ordered);
  }

  Comparison compare(QueryResult gold, QueryResult predicted, boolean ignoreOrder) {
    List<Object[]> g = columns(gold);
    List<Object[]> p = columns(predicted);
    if (ignoreOrder) {
      String[][] gKeys = keys(gold, g);
      String[][] pKeys = keys(predicted, p);
      for (int i = 0; i < g.size(); i++) {
        g.set(i, sorted(g.get(i), gKeys[i]));
      }
      for (int j = 0; j < p.size(); j++) {
        p.set(j, sorted(p.get(j), pKeys[j]));
      }
    }
    boolean[][] matches = new boolean[g.size()][p.size()];
    for (int i = 0; i < g.size(); i++) {
      boolean any = false;
      for (int j = 0; j < p.size(); j++) {
        matches[i][j] = vectorsMatch(g.get(i), p.get(j));
        any |= matches[i][j];
      }
      if (!any) {
        return explain(gold, predicted, g, p, i, ignoreOrder);
      }
    }
    if (oneToOne) {
      int matched = maximumMatching(matches, p.size());
      if (matched < g.size()) {
        return Comparison.differ(Reason.MISSING_COLUMN, "every gold column matches a predicted column, but "
            + "only " + matched + " of the " + g.size() + " gold columns can each have a predicted column of its "
            + "own (spider2:one-to-one)");
      }
    }
    return Comparison.EQUAL;
  }

  /** {@code vectors_match} after any sort: equal length, then pair by pair. */
  static boolean vectorsMatch(Object[] gold, Object[] pred) {
    if (gold.length != pred.length) {
      return false;
    }
    for (int r = 0; r < gold.length; r++) {
      if (!cellsMatch(gold[r], pred[r])) {
        return false;
      }
    }
    return true;
  }

  /** One pair of {@code vectors_match}: NaN with NaN, numbers within the tolerance, otherwise {@code ==}. */
  static boolean cellsMatch(Object a, Object b) {
    if (isNa(a) && isNa(b)) {
      return true;
    }
    if (isNumber(a) && isNumber(b)) {
      return isClose(number(a), number(b));
    }
    if (isNa(a) || isNa(b)) {
      return false;   // NaN != anything
    }
    return a.equals(b);
  }

  /** Python's {@code math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-2)}. */
  static boolean isClose(double a, double b) {
    if (a == b) {
      return true;
    }
    if (Double.isInfinite(a) || Double.isInfinite(b) || Double.isNaN(a) || Double.isNaN(b)) {
      return false;
    }
    double diff = Math.abs(b - a);
    return diff <= Math.abs(REL_TOL * b) || diff <= Math.abs(REL_TOL * a) || diff <= ABS_TOL;
  }

  private static boolean isNa(Object v) {
    return v == null || v instanceof Double d && d.isNaN();
  }

  /** {@code isinstance(x, (int, float))}: NaN is a float, a bool an int. */
  private static boolean isNumber(Object v) {
    return v == null || v instanceof Number || v instanceof Boolean;
  }

  private static double number(Object v) {
    if (v == null) {
      return Double.NaN;
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    if (v instanceof BigInteger big) {
      return big.doubleValue();
    }
    return ((Number) v).doubleValue();
  }

  /** The result as column vectors ({@code transpose().values.tolist()}). */
  private static List<Object[]> columns(QueryResult result) {
    int width = result.columns().size();
    for (List<Object> row : result.rows()) {
      width = Math.max(width, row.size());
    }
    List<Object[]> columns = new ArrayList<>(width);
    for (int c = 0; c < width; c++) {
      Object[] v = new Object[result.rowCount()];
      for (int r = 0; r < v.length; r++) {
        List<Object> row = result.rows().get(r);
        v[r] = c < row.size() ? row.get(c) : null;
      }
      columns.add(v);
    }
    return columns;
  }

  /** How pandas holds a column read from CSV: int64, float64, bool, or object. */
  private enum Kind { INT, FLOAT, BOOL, OBJECT }

  private static Kind kind(Object[] column) {
    boolean ints = true;
    boolean numbers = true;
    boolean bools = true;
    boolean nulls = false;
    for (Object v : column) {
      if (isNa(v)) {
        nulls = true;
        continue;
      }
      ints &= v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte;
      numbers &= v instanceof Number;
      bools &= v instanceof Boolean;
    }
    if (column.length == 0) {
      return Kind.OBJECT;
    }
    if (bools && !nulls && !ints) {
      return Kind.BOOL;
    }
    if (ints && !nulls) {
      return Kind.INT;
    }
    return numbers ? Kind.FLOAT : Kind.OBJECT;
  }

  /**
   * The sort key text of every value, {@code str(x)} as {@code transpose().values.tolist()} hands the value
   * over: a frame of integer and float columns only transposes to floats (so {@code 3} sorts as
   * {@code "3.0"}), any other mix keeps each column's own type; a missing value is the float NaN,
   * {@code "nan"}.
   */
  private static String[][] keys(QueryResult result, List<Object[]> columns) {
    Kind[] kinds = new Kind[columns.size()];
    boolean allNumeric = true;
    boolean allSame = true;
    for (int c = 0; c < kinds.length; c++) {
      kinds[c] = kind(columns.get(c));
      allNumeric &= kinds[c] == Kind.INT || kinds[c] == Kind.FLOAT;
      allSame &= kinds[c] == kinds[0];
    }
    boolean upcast = allNumeric && !allSame;
    String[][] keys = new String[columns.size()][];
    for (int c = 0; c < keys.length; c++) {
      Object[] column = columns.get(c);
      boolean asFloat = upcast || kinds[c] == Kind.FLOAT;
      keys[c] = new String[column.length];
      for (int r = 0; r < column.length; r++) {
        keys[c][r] = text(column[r], asFloat);
      }
    }
    return keys;
  }

  private static String text(Object v, boolean asFloat) {
    if (isNa(v)) {
      return "nan";
    }
    if (v instanceof Number n && !(v instanceof Double) && !(v instanceof Float)) {
      return asFloat ? PythonText.floatRepr(number(v)) : n.toString();
    }
    if (v instanceof byte[] bytes) {
      return new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
    }
    return PythonText.str(v);
  }

  /**
   * The vector sorted by {@code (x is None, str(x), isinstance(x, (int, float)))}, stably: no value read from
   * CSV is None (missing ones are NaN), so text first, then text before numbers among equal texts.
   */
  private static Object[] sorted(Object[] column, String[] keys) {
    Integer[] order = new Integer[column.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Comparator<Integer> byKey = Comparator.comparing((Integer i) -> keys[i],
        PythonText.ORDER)
        .thenComparing(i -> isNumber(column[i]));
    Arrays.sort(order, byKey);
    Object[] out = new Object[column.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = column[order[i]];
    }
    return out;
  }

  /** Why gold column {@code i} matches no predicted column, in the words the comparator uses. */
  private static Comparison explain(QueryResult gold, QueryResult predicted, List<Object[]> g, List<Object[]> p,
                                    int i, boolean ignoreOrder) {
    String label = i < gold.columns().size() ? "'" + gold.columns().get(i) + "' (" + i + ")" : "" + i;
    int gRows = gold.rowCount();
    int pRows = predicted.rowCount();
    if (gRows != pRows) {
      return gRows < pRows
          ? Comparison.differ(Reason.EXTRA_ROWS, "prediction has " + pRows + " row(s), gold " + gRows)
          : Comparison.differ(Reason.MISSING_ROWS, "prediction has " + pRows + " row(s), gold " + gRows);
    }
    if (!ignoreOrder) {
      Object[] goldSorted = sorted(g.get(i), keys(gold, g)[i]);
      String[][] pKeys = keys(predicted, p);
      for (int j = 0; j < p.size(); j++) {
        if (vectorsMatch(goldSorted, sorted(p.get(j), pKeys[j]))) {
          return Comparison.differ(Reason.ROW_ORDER, "gold column " + label
              + " appears in the prediction in another row order");
        }
      }
    }
    if (i < p.size()) {
      Object[] gc = g.get(i);
      Object[] pc = p.get(i);
      for (int r = 0; r < gc.length; r++) {
        if (!cellsMatch(gc[r], pc[r])) {
          CellDiff diff = new CellDiff(r, i, gc[r], pc[r]);
          return new Comparison(false, Reason.VALUE_MISMATCH, "gold column " + label
              + " matches no predicted column; first difference at " + diff, diff);
        }
      }
    }
    return Comparison.differ(Reason.MISSING_COLUMN, "gold column " + label + " matches no predicted column");
  }

  /** The size of a maximum matching of gold columns to distinct predicted columns (augmenting paths). */
  private static int maximumMatching(boolean[][] matches, int predColumns) {
    int[] owner = new int[predColumns];
    Arrays.fill(owner, -1);
    int matched = 0;
    for (int i = 0; i < matches.length; i++) {
      if (augment(i, matches, owner, new boolean[predColumns])) {
        matched++;
      }
    }
    return matched;
  }

  private static boolean augment(int i, boolean[][] matches, int[] owner, boolean[] seen) {
    for (int j = 0; j < owner.length; j++) {
      if (matches[i][j] && !seen[j]) {
        seen[j] = true;
        if (owner[j] < 0 || augment(owner[j], matches, owner, seen)) {
          owner[j] = i;
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public String toString() {
    return "Spider2Procedure{" + (oneToOne ? "one-to-one" : "any predicted column") + "}";
  }
}
