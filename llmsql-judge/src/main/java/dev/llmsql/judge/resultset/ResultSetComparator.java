package dev.llmsql.judge.resultset;

import static java.util.Objects.requireNonNull;

import dev.llmsql.config.Settings;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Reason;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * One result-set comparison engine whose options cover every peer evaluator: duplicates, column matching,
 * numbers, numeric text, NULL and booleans. Row order is decided per question by the judge and passed in.
 * Immutable and thread-safe.
 *
 * <pre>{@code
 * QueryResult gold = new QueryResult(List.of("name"), List.of(List.of("Joe"), List.of("Ann")));
 * QueryResult predicted = new QueryResult(List.of("name"), List.of(List.of("Ann"), List.of("Joe")));
 * ResultSetComparator spider = ResultSetComparator.builder()
 *     .columns(ColumnMatching.ANY_PERMUTATION)
 *     .build();
 * Comparison c = spider.compare(gold, predicted, false);
 * }</pre>
 */
public final class ResultSetComparator {

  /** Column pairings tried at most per comparison (Spider's permutation search is bounded the same way). */
  public static final int MAX_COLUMN_PAIRINGS = 10_000;

  private final Duplicates duplicates;
  private final ColumnMatching columns;
  private final Numbers numbers;
  private final NullHandling nulls;
  private final boolean numericText;
  private final boolean booleansAsNumbers;
  private final boolean widthFromLabels;
  private final Values values;

  private ResultSetComparator(Builder b) {
    this.duplicates = b.duplicates;
    this.columns = b.columns;
    this.numbers = b.numbers;
    this.nulls = b.nulls;
    this.numericText = b.numericText;
    this.booleansAsNumbers = b.booleansAsNumbers;
    this.widthFromLabels = b.widthFromLabels;
    this.values = new Values(numbers, nulls, numericText, booleansAsNumbers);
  }

  /** A builder with LLMSQL's rules: multiset, positional columns, exact numbers, NULL = NULL. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from this comparator's options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.duplicates = duplicates;
    b.columns = columns;
    b.numbers = numbers;
    b.nulls = nulls;
    b.numericText = numericText;
    b.booleansAsNumbers = booleansAsNumbers;
    b.widthFromLabels = widthFromLabels;
    return b;
  }

  public Duplicates duplicates() {
    return duplicates;
  }

  public ColumnMatching columns() {
    return columns;
  }

  public Numbers numbers() {
    return numbers;
  }

  public NullHandling nulls() {
    return nulls;
  }

  /**
   * Compares {@code predicted} with {@code gold}.
   *
   * @param ordered whether row order counts for this question
   */
  public Comparison compare(QueryResult gold, QueryResult predicted, boolean ordered) {
    requireNonNull(gold, "gold");
    requireNonNull(predicted, "predicted");
    List<Object[]> g = normalize(gold.rows());
    List<Object[]> p = normalize(predicted.rows());
    int gw = width(gold, g);
    int pw = width(predicted, p);
    if (widthFromLabels && gw != pw) {
      return Comparison.differ(Reason.COLUMN_COUNT, "gold has " + gw + " column(s), prediction " + pw);
    }
    if (g.isEmpty() && p.isEmpty()) {
      return Comparison.EQUAL;
    }
    if (g.isEmpty() || p.isEmpty()) {
      return rowCount(g.size(), p.size(), "");
    }
    if (columns == ColumnMatching.GOLD_COLUMN_VECTORS) {
      return columnVectors(gold.columns(), g, p, gw, pw, ordered);
    }
    boolean sameWidth = columns != ColumnMatching.GOLD_COLUMNS_IN_PREDICTION;
    if (sameWidth ? gw != pw : pw < gw) {
      return Comparison.differ(Reason.COLUMN_COUNT, "gold has " + gw + " column(s), prediction " + pw);
    }
    if (duplicates == Duplicates.SET) {
      g = distinct(g);
    }
    List<int[]> pairings;
    if (columns == ColumnMatching.BY_NAME) {
      int[] byName = new int[gw];
      List<String> predLabels = predicted.columns();
      Set<Integer> used = new HashSet<>();
      for (int i = 0; i < gw; i++) {
        String label = i < gold.columns().size() ? gold.columns().get(i) : "";
        int found = -1;
        for (int j = 0; j < predLabels.size() && found < 0; j++) {
          if (!used.contains(j) && predLabels.get(j).equalsIgnoreCase(label)) {
            found = j;
          }
        }
        if (found < 0) {
          return Comparison.differ(Reason.MISSING_COLUMN, "gold column '" + label
              + "' is not among the predicted columns " + predLabels);
        }
        used.add(found);
        byName[i] = found;
      }
      pairings = List.<int[]>of(byName);
    } else if (columns == ColumnMatching.POSITIONAL) {
      pairings = List.of(identity(gw));
    } else {
      pairings = pairings(g, p, gw, pw);
    }
    Comparison first = null;
    for (int[] pairing : pairings) {
      Comparison c = rows(g, project(p, pairing), ordered);
      if (c.equal()) {
        return c;
      }
      if (first == null) {
        first = c;
      }
    }
    if (first == null) {
      // no pairing survived the value-set check: explain with the columns as they stand
      first = rows(g, project(p, identity(gw)), ordered);
      if (first.equal()) {
        first = Comparison.differ(Reason.MISSING_COLUMN, "no pairing of predicted columns matches the gold");
      }
    }
    return first;
  }

  private List<Object[]> normalize(List<List<Object>> rows) {
    List<Object[]> out = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      Object[] cells = new Object[row.size()];
      for (int i = 0; i < cells.length; i++) {
        cells[i] = values.normalize(row.get(i));
      }
      out.add(cells);
    }
    return out;
  }

  private int width(QueryResult result, List<Object[]> rows) {
    if (widthFromLabels || rows.isEmpty()) {
      return result.columns().size();
    }
    return rows.get(0).length;
  }

  private static Comparison rowCount(int gold, int pred, String what) {
    return gold < pred
        ? Comparison.differ(Reason.EXTRA_ROWS, "prediction has " + pred + " " + what + "row(s), gold " + gold)
        : Comparison.differ(Reason.MISSING_ROWS, "prediction has " + pred + " " + what + "row(s), gold " + gold);
  }

  private static int[] identity(int width) {
    int[] id = new int[width];
    for (int i = 0; i < width; i++) {
      id[i] = i;
    }
    return id;
  }

  private static List<Object[]> project(List<Object[]> rows, int[] pairing) {
    List<Object[]> out = new ArrayList<>(rows.size());
    for (Object[] row : rows) {
      Object[] cells = new Object[pairing.length];
      for (int i = 0; i < pairing.length; i++) {
        cells[i] = pairing[i] < row.length ? row[pairing[i]] : MISSING;
      }
      out.add(cells);
    }
    return out;
  }

  /** Stands for a cell a ragged row lacks; equal to nothing else. */
  private static final Object MISSING = new Object() {
    @Override
    public String toString() {
      return "(no cell)";
    }
  };

  private List<Object[]> distinct(List<Object[]> rows) {
    if (values.hashable()) {
      Set<List<Object>> seen = new HashSet<>();
      List<Object[]> out = new ArrayList<>();
      for (Object[] row : rows) {
        if (seen.add(Arrays.asList(row))) {
          out.add(row);
        }
      }
      return out;
    }
    List<Object[]> out = new ArrayList<>();
    for (Object[] row : rows) {
      if (out.stream().noneMatch(r -> rowEqual(r, row))) {
        out.add(row);
      }
    }
    return out;
  }

  /**
   * Gold-to-prediction column pairings worth trying, identity first: a predicted column qualifies for a
   * gold column only when both hold the same set of values (a necessary condition under both multiset and
   * set semantics; skipped under a tolerance, where every pairing is tried).
   */
  private List<int[]> pairings(List<Object[]> g, List<Object[]> p, int gw, int pw) {
    List<List<Integer>> allowed = new ArrayList<>();
    for (int i = 0; i < gw; i++) {
      List<Integer> options = new ArrayList<>();
      Set<Object> goldSet = values.hashable() ? columnSet(g, i) : null;
      for (int k = 0; k < pw; k++) {
        int j = (i + k) % pw; // identity first
        if (goldSet == null || goldSet.equals(columnSet(p, j))) {
          options.add(j);
        }
      }
      if (options.isEmpty()) {
        return List.of();
      }
      allowed.add(options);
    }
    List<int[]> out = new ArrayList<>();
    search(allowed, 0, new int[gw], new boolean[pw], out);
    return out;
  }

  private static void search(List<List<Integer>> allowed, int i, int[] current, boolean[] used, List<int[]> out) {
    if (out.size() >= MAX_COLUMN_PAIRINGS) {
      return;
    }
    if (i == allowed.size()) {
      out.add(current.clone());
      return;
    }
    for (int j : allowed.get(i)) {
      if (!used[j]) {
        used[j] = true;
        current[i] = j;
        search(allowed, i + 1, current, used, out);
        used[j] = false;
      }
    }
  }

  private static Set<Object> columnSet(List<Object[]> rows, int column) {
    Set<Object> set = new HashSet<>();
    for (Object[] row : rows) {
      set.add(column < row.length ? row[column] : MISSING);
    }
    return set;
  }

  private Comparison rows(List<Object[]> g, List<Object[]> p, boolean ordered) {
    if (duplicates == Duplicates.SET) {
      p = distinct(p);
    }
    String what = duplicates == Duplicates.SET ? "distinct " : "";
    if (g.size() != p.size()) {
      return rowCount(g.size(), p.size(), what);
    }
    if (ordered) {
      for (int r = 0; r < g.size(); r++) {
        if (!rowEqual(g.get(r), p.get(r))) {
          if (sameRows(g, p)) {
            return Comparison.differ(Reason.ROW_ORDER, "the same rows in another order; the first out of "
                + "place is row " + r + " " + show(p.get(r)) + " where the gold has " + show(g.get(r)));
          }
          return Comparison.differ(cellDiff(r, g.get(r), p.get(r)));
        }
      }
      return Comparison.EQUAL;
    }
    if (sameRows(g, p)) {
      return Comparison.EQUAL;
    }
    List<Object[]> gs = new ArrayList<>(g);
    List<Object[]> ps = new ArrayList<>(p);
    gs.sort(Values.ROW_ORDER);
    ps.sort(Values.ROW_ORDER);
    for (int r = 0; r < gs.size(); r++) {
      if (!rowEqual(gs.get(r), ps.get(r))) {
        return Comparison.differ(cellDiff(r, gs.get(r), ps.get(r)));
      }
    }
    return Comparison.differ(Reason.VALUE_MISMATCH, "rows differ");
  }

  private CellDiff cellDiff(int row, Object[] gold, Object[] pred) {
    for (int c = 0; c < gold.length; c++) {
      Object pv = c < pred.length ? pred[c] : MISSING;
      if (!values.equal(gold[c], pv)) {
        return new CellDiff(row, c, gold[c], pv);
      }
    }
    return new CellDiff(row, gold.length, MISSING, pred.length > gold.length ? pred[gold.length] : MISSING);
  }

  /** Multiset equality (hash counts when exact, sorted pairwise under a tolerance). */
  private boolean sameRows(List<Object[]> g, List<Object[]> p) {
    if (g.size() != p.size()) {
      return false;
    }
    if (values.hashable()) {
      Map<List<Object>, int[]> counts = new HashMap<>(g.size() * 2);
      for (Object[] row : g) {
        counts.computeIfAbsent(Arrays.asList(row), k -> new int[1])[0]++;
      }
      for (Object[] row : p) {
        int[] count = counts.get(Arrays.asList(row));
        if (count == null || count[0] == 0) {
          return false;
        }
        count[0]--;
      }
      return true;
    }
    List<Object[]> gs = new ArrayList<>(g);
    List<Object[]> ps = new ArrayList<>(p);
    gs.sort(Values.ROW_ORDER);
    ps.sort(Values.ROW_ORDER);
    for (int r = 0; r < gs.size(); r++) {
      if (!rowEqual(gs.get(r), ps.get(r))) {
        return false;
      }
    }
    return true;
  }

  private boolean rowEqual(Object[] a, Object[] b) {
    if (a.length != b.length) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      if (!values.equal(a[i], b[i])) {
        return false;
      }
    }
    return true;
  }

  private Comparison columnVectors(List<String> goldLabels, List<Object[]> g, List<Object[]> p, int gw, int pw,
                                   boolean ordered) {
    if (g.size() != p.size()) {
      return rowCount(g.size(), p.size(), "");
    }
    List<Object[]> predColumns = new ArrayList<>();
    for (int j = 0; j < pw; j++) {
      predColumns.add(vector(p, j, ordered));
    }
    for (int i = 0; i < gw; i++) {
      Object[] goldColumn = vector(g, i, ordered);
      boolean found = predColumns.stream().anyMatch(c -> rowEqual(goldColumn, c));
      if (!found) {
        String label = i < goldLabels.size() ? "'" + goldLabels.get(i) + "' (" + i + ")" : "" + i;
        if (ordered && predColumns.stream().anyMatch(c -> sameRows(cells(goldColumn), cells(c)))) {
          return Comparison.differ(Reason.ROW_ORDER, "gold column " + label
              + " appears in the prediction in another row order");
        }
        if (i < pw) {
          Object[] pc = predColumns.get(i);
          for (int r = 0; r < goldColumn.length; r++) {
            if (!values.equal(goldColumn[r], pc[r])) {
              CellDiff diff = new CellDiff(r, i, goldColumn[r], pc[r]);
              return new Comparison(false, Reason.VALUE_MISMATCH, "gold column " + label
                  + " matches no predicted column; first difference at " + diff, diff);
            }
          }
        }
        return Comparison.differ(Reason.MISSING_COLUMN, "gold column " + label + " matches no predicted column");
      }
    }
    return Comparison.EQUAL;
  }

  private static List<Object[]> cells(Object[] column) {
    List<Object[]> rows = new ArrayList<>(column.length);
    for (Object v : column) {
      rows.add(new Object[] {v});
    }
    return rows;
  }

  private static Object[] vector(List<Object[]> rows, int column, boolean ordered) {
    Object[] v = new Object[rows.size()];
    for (int r = 0; r < v.length; r++) {
      Object[] row = rows.get(r);
      v[r] = column < row.length ? row[column] : MISSING;
    }
    if (!ordered) {
      Arrays.sort(v, Values.ORDER);
    }
    return v;
  }

  private static String show(Object[] row) {
    StringJoiner j = new StringJoiner(", ", "(", ")");
    for (Object v : row) {
      j.add(Values.show(v));
    }
    return j.toString();
  }

  /** The options set, e.g. {@code ResultSetComparator{duplicates=SET, columns=POSITIONAL, ...}}. */
  @Override
  public String toString() {
    Set<String> parts = new LinkedHashSet<>();
    parts.add("duplicates=" + duplicates);
    parts.add("columns=" + columns);
    parts.add("numbers=" + numbers);
    parts.add("nulls=" + nulls);
    if (numericText) {
      parts.add("numericText");
    }
    if (booleansAsNumbers) {
      parts.add("booleansAsNumbers");
    }
    if (widthFromLabels) {
      parts.add("widthFromLabels");
    }
    return "ResultSetComparator" + parts.toString().replace('[', '{').replace(']', '}');
  }

  /** Options of a {@link ResultSetComparator}; reusable after {@link #build()}. */
  public static final class Builder {
    private Duplicates duplicates = Duplicates.MULTISET;
    private ColumnMatching columns = ColumnMatching.POSITIONAL;
    private Numbers numbers = Numbers.exact();
    private NullHandling nulls = NullHandling.NULL_IS_VALUE;
    private boolean numericText;
    private boolean booleansAsNumbers;
    private boolean widthFromLabels;
    private final Settings settings = new Settings("ResultSetComparator.Builder");

    private Builder() {
    }

    /** Multiset (default) or set semantics. */
    public Builder duplicates(Duplicates duplicates) {
      this.duplicates = settings.once("duplicates", requireNonNull(duplicates, "duplicates"));
      return this;
    }

    /** How columns pair up; default {@link ColumnMatching#POSITIONAL}. */
    public Builder columns(ColumnMatching columns) {
      this.columns = settings.once("columns", requireNonNull(columns, "columns"));
      return this;
    }

    /** How numbers compare; default {@link Numbers#exact()}. */
    public Builder numbers(Numbers numbers) {
      this.numbers = settings.once("numbers", requireNonNull(numbers, "numbers"));
      return this;
    }

    /** What NULL becomes; default {@link NullHandling#NULL_IS_VALUE}. */
    public Builder nulls(NullHandling nulls) {
      this.nulls = settings.once("nulls", requireNonNull(nulls, "nulls"));
      return this;
    }

    /** Whether text holding a number equals that number ({@code '2' = 2}); default false. */
    public Builder numericText(boolean numericText) {
      this.numericText = settings.once("numericText", numericText);
      return this;
    }

    /** Whether true/false (and the texts "true"/"false") become 1/0; default false. */
    public Builder booleansAsNumbers(boolean booleansAsNumbers) {
      this.booleansAsNumbers = settings.once("booleansAsNumbers", booleansAsNumbers);
      return this;
    }

    /**
     * Whether the column count comes from the result's labels, so two empty results of different widths
     * differ; default false (peers only see rows).
     */
    public Builder widthFromLabels(boolean widthFromLabels) {
      this.widthFromLabels = settings.once("widthFromLabels", widthFromLabels);
      return this;
    }

    public ResultSetComparator build() {
      if (numbers.kind() == Numbers.Kind.EXACT_TYPES && numericText) {
        throw new IllegalStateException("numericText(true) cannot be combined with Numbers.exactTypes(): "
            + "exact types keep '2' and 2 apart; choose one");
      }
      return new ResultSetComparator(this);
    }
  }
}
