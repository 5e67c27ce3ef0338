package dev.llmsql.judge.resultset;

import dev.llmsql.benchmark.Question;
import dev.llmsql.config.Settings;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Reason;
import dev.llmsql.matching.PythonText;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Defog sql-eval's {@code compare_query_results}, as its runners read it ("correct" = exact or subset
 * match), step by step on pandas' rules: NULL filled with -99999; an exact match first compares the raw
 * value arrays with numpy broadcasting (so a 1-row result against a 0-row gold passes, a defect
 * {@link Builder#broadcasting} turns off); then both are normalised (duplicate rows dropped, columns sorted
 * by name, rows sorted by every column, or, when the question asks to order, by the query's ORDER BY columns
 * first and descending unless it says ASC) and compared exactly; then the subset match: each gold column,
 * sorted, must equal a distinct predicted column within pandas' tolerance (relative 1e-5, absolute 1e-8;
 * integer columns exact), and the matched columns, normalised, must equal the gold. A sort over a column
 * that mixes numbers and text raises in pandas, which Defog's runner scores 0; so does a repeated column
 * name once normalisation is reached.
 *
 * <pre>{@code
 * Judge defog = ResultSetJudge.defog();                       // the peer, defects included
 * Judge fixed = ResultSetJudge.builder().name("defog:no-broadcast")
 *     .procedure(DefogProcedure.builder().broadcasting(false).build())
 *     .candidates(CandidatePolicy.FIRST)
 *     .build();
 * }</pre>
 */
public final class DefogProcedure implements PeerProcedure {

  /** Defog fills NULL with this before comparing, so NULL equals -99999. */
  static final long NULL_FILL = -99999;
  private static final Pattern ASKS_ORDER = Pattern.compile("\\b(order|sort|arrange)\\b",
      Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CHARACTER_CLASS);
  private static final Pattern ORDER_BY_CLAUSE = Pattern.compile("ORDER BY[\\s\\S]*", Pattern.CASE_INSENSITIVE);
  private static final Pattern ORDER_BY_TERMS = Pattern.compile("(?<=ORDER BY)(.*?)(?=;|,|\\)|$)",
      Pattern.CASE_INSENSITIVE);
  private static final Set<String> NOT_COLUMNS = Set.of("desc", "asc", "nulls", "last", "first", "limit");
  private static final double RELATIVE = 1e-5;
  private static final double ABSOLUTE = 1e-8;

  private final boolean broadcasting;

  private DefogProcedure(Builder b) {
    this.broadcasting = b.broadcasting;
  }

  /** Defog's own procedure, its defects included. */
  public static DefogProcedure peer() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public boolean broadcasting() {
    return broadcasting;
  }

  /** pandas raised where Defog's runner catches everything and scores 0. */
  private static final class Raised extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Raised(String message) {
      super(message, null, false, false);
    }
  }

  @Override
  public Comparison compare(QueryResult gold, String goldSql, QueryResult predicted, String predictedSql,
                            Question question, boolean ordered) {
    Frame g = Frame.of(gold);
    Frame p = Frame.of(predicted);
    boolean asksOrder = question.tags().contains("order_by")
        || ASKS_ORDER.matcher(question.question().toLowerCase(Locale.ROOT)).find();
    try {
      if (rawEqual(g, p)) {
        return Comparison.EQUAL;
      }
      Frame ng = normalize(g, asksOrder, goldSql);
      Frame np = normalize(p, asksOrder, predictedSql);
      if (ng.rows.size() == np.rows.size() && ng.width() == np.width() && exactlyEqual(ng, np)) {
        return Comparison.EQUAL;
      }
      if (subset(g, p, asksOrder)) {
        return Comparison.EQUAL;
      }
    } catch (Raised e) {
      return Comparison.differ(Reason.VALUE_MISMATCH, "Defog's comparison raised (" + e.getMessage()
          + "), which its runner scores 0");
    }
    return explain(g, p);
  }

  /** {@code (gold.values == gen.values).all()} with numpy's broadcasting of the two shapes. */
  private boolean rawEqual(Frame g, Frame p) {
    int gr = g.rows.size();
    int pr = p.rows.size();
    int gw = g.width();
    int pw = p.width();
    if (!broadcasting) {
      return gr == pr && gw == pw && exactlyEqual(g, p);
    }
    if (!compatible(gr, pr) || !compatible(gw, pw)) {
      return false; // numpy refuses the comparison; Defog's code then moves on
    }
    int rows = gr == 0 || pr == 0 ? 0 : Math.max(gr, pr);
    int cols = gw == 0 || pw == 0 ? 0 : Math.max(gw, pw);
    for (int r = 0; r < rows; r++) {
      Object[] a = g.rows.get(gr == 1 ? 0 : r);
      Object[] b = p.rows.get(pr == 1 ? 0 : r);
      for (int c = 0; c < cols; c++) {
        if (!pyEquals(a[gw == 1 ? 0 : c], b[pw == 1 ? 0 : c])) {
          return false;
        }
      }
    }
    return true; // includes the vacuous truth of an empty comparison
  }

  private static boolean compatible(int a, int b) {
    return a == b || a == 1 || b == 1;
  }

  private static boolean exactlyEqual(Frame g, Frame p) {
    for (int r = 0; r < g.rows.size(); r++) {
      for (int c = 0; c < g.width(); c++) {
        if (!pyEquals(g.rows.get(r)[c], p.rows.get(r)[c])) {
          return false;
        }
      }
    }
    return true;
  }

  /** normalize_table: drop duplicate rows, sort columns by name, sort rows. */
  static Frame normalize(Frame df, boolean asksOrder, String sql) {
    Frame f = df.dropDuplicates();
    List<String> names = new ArrayList<>(f.names);
    if (new HashSet<>(names).size() < names.size()) {
      throw new Raised("cannot reindex on an axis with duplicate labels");
    }
    names.sort(PythonText.ORDER);
    f = f.select(names);
    if (!asksOrder) {
      return f.sortBy(f.names, true);
    }
    if (sql == null) {
      return f;
    }
    Matcher clause = ORDER_BY_CLAUSE.matcher(sql);
    if (!clause.find()) {
      return f;
    }
    Matcher terms = ORDER_BY_TERMS.matcher(clause.group());
    List<String> tokens = terms.find() ? List.of(terms.group(1).trim().split("\\s+")) : List.of();
    List<String> orderBy = new ArrayList<>();
    boolean ascending = false;
    boolean desc = false;
    boolean asc = false;
    for (String t : tokens) {
      if (t.isEmpty()) {
        continue;
      }
      String name = t.strip();
      int dot = name.lastIndexOf('.');
      name = dot >= 0 ? name.substring(dot + 1) : name;
      desc |= name.toUpperCase(Locale.ROOT).equals("DESC");
      asc |= name.toUpperCase(Locale.ROOT).equals("ASC");
      name = name.strip().replace(",", "").replace("(", "");
      if (!NOT_COLUMNS.contains(name.toLowerCase(Locale.ROOT))) {
        orderBy.add(name);
      }
    }
    if (!desc && asc) {
      ascending = true;
    }
    List<String> others = new ArrayList<>();
    for (String n : f.names) {
      if (!orderBy.contains(n)) {
        others.add(n);
      }
    }
    List<String> present = new ArrayList<>();
    for (String n : orderBy) {
      if (f.names.contains(n)) {
        present.add(n);
      }
    }
    List<String> by = new ArrayList<>(present);
    by.addAll(others);
    Frame sorted = f.sortBy(by, ascending);
    List<String> columns = new ArrayList<>(others);
    columns.addAll(present);
    return sorted.select(columns);
  }

  /** subset_df(gold, gen): each gold column, sorted, equals a distinct predicted column; then the frames. */
  private static boolean subset(Frame g, Frame p, boolean asksOrder) {
    if (g.rows.isEmpty()) {
      return false;
    }
    List<Integer> remaining = new ArrayList<>();
    for (int j = 0; j < p.width(); j++) {
      remaining.add(j);
    }
    List<String> matchedNames = new ArrayList<>();
    for (int i = 0; i < g.width(); i++) {
      List<Object> goldColumn = g.sortedColumn(i);
      Integer found = null;
      for (int j : remaining) {
        List<Object> predColumn = p.sortedColumn(j);
        if (seriesClose(goldColumn, predColumn, g.integral(i) && p.integral(j))) {
          found = j;
          break;
        }
      }
      if (found == null) {
        return false;
      }
      String name = p.names.get(found);
      matchedNames.add(name);
      remaining.removeIf(j -> p.names.get(j).equals(name)); // drop(columns=[name]) drops every namesake
    }
    Frame goldNormalized = normalize(g, asksOrder, null);
    List<Integer> columns = new ArrayList<>();
    for (String name : matchedNames) {
      for (int j = 0; j < p.width(); j++) {
        if (p.names.get(j).equals(name)) {
          columns.add(j);
        }
      }
    }
    if (columns.size() != g.width()) {
      throw new Raised("a matched column name is repeated in the prediction");
    }
    Frame matched = p.project(columns, g.names);
    Frame matchedNormalized = normalize(matched, asksOrder, null);
    if (goldNormalized.rows.size() != matchedNormalized.rows.size()) {
      return false;
    }
    for (int c = 0; c < goldNormalized.width(); c++) {
      boolean exact = goldNormalized.integral(c) && matchedNormalized.integral(c);
      if (!seriesClose(goldNormalized.column(c), matchedNormalized.column(c), exact)) {
        return false;
      }
    }
    return true;
  }

  /** assert_series_equal without dtype or name checks: same length, each pair equal or close. */
  private static boolean seriesClose(List<Object> a, List<Object> b, boolean exact) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      Object x = a.get(i);
      Object y = b.get(i);
      if (!exact && x instanceof Number m && y instanceof Number n) {
        double u = m.doubleValue();
        double v = n.doubleValue();
        if (!(u == v || Math.abs(u - v) <= Math.max(RELATIVE * Math.max(Math.abs(u), Math.abs(v)), ABSOLUTE))) {
          return false;
        }
      } else if (!pyEquals(x, y)) {
        return false;
      }
    }
    return true;
  }

  /** Python's {@code ==} on the values pandas holds: 1 == 1.0, '1' != 1. */
  static boolean pyEquals(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      if (x instanceof Long && y instanceof Long) {
        return x.longValue() == y.longValue();
      }
      double u = x.doubleValue();
      double v = y.doubleValue();
      if (x instanceof Long || y instanceof Long) {
        long l = x instanceof Long ? x.longValue() : y.longValue();
        double d = x instanceof Long ? v : u;
        return !Double.isInfinite(d) && !Double.isNaN(d) && new BigDecimal(d).compareTo(BigDecimal.valueOf(l)) == 0;
      }
      return u == v;
    }
    return a == null ? b == null : a.equals(b);
  }

  private static Comparison explain(Frame g, Frame p) {
    if (g.rows.size() != p.rows.size()) {
      String counts = "prediction has " + p.rows.size() + " row(s), gold " + g.rows.size();
      return Comparison.differ(g.rows.size() < p.rows.size() ? Reason.EXTRA_ROWS : Reason.MISSING_ROWS, counts);
    }
    if (p.width() < g.width()) {
      return Comparison.differ(Reason.COLUMN_COUNT, "gold has " + g.width() + " column(s), prediction "
          + p.width());
    }
    try {
      if (exactlyEqual(g.dropDuplicates().sortBy(g.names, true), p.dropDuplicates().sortBy(p.names, true))) {
        return Comparison.differ(Reason.ROW_ORDER, "the same rows in another order, which Defog counts here");
      }
    } catch (Raised e) {
      // an unsortable column: no order to compare by
    }
    return Comparison.differ(Reason.VALUE_MISMATCH, "neither Defog's exact match nor its subset match holds");
  }

  @Override
  public String toString() {
    return "defog" + (broadcasting ? "" : "(no broadcasting)");
  }

  /** A result as pandas holds it: NULL filled, a column with a real number holds only reals. */
  static final class Frame {
    final List<String> names;
    final List<Object[]> rows;

    Frame(List<String> names, List<Object[]> rows) {
      this.names = names;
      this.rows = rows;
    }

    static Frame of(QueryResult result) {
      int width = result.rows().isEmpty() ? result.columns().size() : result.rows().get(0).size();
      List<String> names = new ArrayList<>();
      for (int c = 0; c < width; c++) {
        names.add(c < result.columns().size() ? result.columns().get(c) : String.valueOf(c));
      }
      boolean[] real = new boolean[width];
      boolean[] other = new boolean[width];
      boolean[] number = new boolean[width];
      boolean[] missing = new boolean[width];
      for (List<Object> row : result.rows()) {
        for (int c = 0; c < width; c++) {
          Object v = c < row.size() ? row.get(c) : null;
          real[c] |= v instanceof Double || v instanceof Float || v instanceof BigDecimal;
          other[c] |= v != null && !(v instanceof Number);
          number[c] |= v instanceof Number;
          missing[c] |= v == null;
        }
      }
      for (int c = 0; c < width; c++) {
        real[c] |= number[c] && missing[c]; // pandas holds integers beside a NULL as float64 (NaN)
      }
      List<Object[]> rows = new ArrayList<>(result.rowCount());
      for (List<Object> row : result.rows()) {
        Object[] cells = new Object[width];
        for (int c = 0; c < width; c++) {
          cells[c] = cell(c < row.size() ? row.get(c) : null, real[c] && !other[c]);
        }
        rows.add(cells);
      }
      return new Frame(names, rows);
    }

    private static Object cell(Object v, boolean floatColumn) {
      if (v == null) {
        return floatColumn ? (Object) (double) NULL_FILL : (Object) NULL_FILL;
      }
      if (v instanceof Boolean b) {
        return b ? 1L : 0L;
      }
      if (v instanceof byte[] bytes) {
        return ByteBuffer.wrap(bytes);
      }
      if (v instanceof Number n) {
        boolean isReal = n instanceof Double || n instanceof Float || n instanceof BigDecimal;
        return floatColumn || isReal ? (Object) n.doubleValue() : (Object) n.longValue();
      }
      return v.toString();
    }

    int width() {
      return names.size();
    }

    boolean integral(int c) {
      for (Object[] row : rows) {
        if (!(row[c] instanceof Long)) {
          return false;
        }
      }
      return true;
    }

    List<Object> column(int c) {
      List<Object> out = new ArrayList<>(rows.size());
      for (Object[] row : rows) {
        out.add(row[c]);
      }
      return out;
    }

    List<Object> sortedColumn(int c) {
      List<Object> values = column(c);
      values.sort(orderOf(values));
      return values;
    }

    Frame dropDuplicates() {
      Set<List<Object>> seen = new LinkedHashSet<>();
      List<Object[]> out = new ArrayList<>();
      for (Object[] row : rows) {
        List<Object> key = new ArrayList<>(row.length);
        for (Object v : row) {
          key.add(v instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 0x1p63
              ? (Object) d.longValue() : v);
        }
        if (seen.add(key)) {
          out.add(row);
        }
      }
      return new Frame(names, out);
    }

    Frame select(List<String> columns) {
      List<Integer> index = new ArrayList<>();
      for (String n : columns) {
        index.add(names.indexOf(n));
      }
      return project(index, columns);
    }

    Frame project(List<Integer> index, List<String> newNames) {
      List<Object[]> out = new ArrayList<>(rows.size());
      for (Object[] row : rows) {
        Object[] cells = new Object[index.size()];
        for (int i = 0; i < cells.length; i++) {
          cells[i] = row[index.get(i)];
        }
        out.add(cells);
      }
      return new Frame(List.copyOf(newNames), out);
    }

    /** sort_values(by=..., ascending=...): stable, every key in the same direction. */
    Frame sortBy(List<String> by, boolean ascending) {
      List<Integer> keys = new ArrayList<>();
      List<Comparator<Object>> orders = new ArrayList<>();
      for (String n : by) {
        int c = names.indexOf(n);
        keys.add(c);
        orders.add(orderOf(column(c)));
      }
      Comparator<Object[]> cmp = (a, b) -> {
        for (int i = 0; i < keys.size(); i++) {
          int k = keys.get(i);
          int r = orders.get(i).compare(a[k], b[k]);
          if (r != 0) {
            return r;
          }
        }
        return 0;
      };
      List<Object[]> out = new ArrayList<>(rows);
      out.sort(ascending ? cmp : cmp.reversed());
      return new Frame(names, out);
    }

    /** The order pandas sorts a column in; a column mixing numbers, text and bytes cannot be sorted. */
    private static Comparator<Object> orderOf(List<Object> column) {
      boolean number = false;
      boolean text = false;
      boolean bytes = false;
      for (Object v : column) {
        number |= v instanceof Number;
        text |= v instanceof String;
        bytes |= v instanceof ByteBuffer;
      }
      if ((number ? 1 : 0) + (text ? 1 : 0) + (bytes ? 1 : 0) > 1) {
        throw new Raised("'<' not supported between a number and text in one column");
      }
      if (number) {
        return (a, b) -> pyEquals(a, b) ? 0 : Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue());
      }
      if (text) {
        return (a, b) -> PythonText.ORDER.compare((String) a, (String) b);
      }
      return (a, b) -> ((ByteBuffer) a).compareTo((ByteBuffer) b);
    }
  }

  /** Options of a {@link DefogProcedure}; defaults are Defog's. */
  public static final class Builder {
    private boolean broadcasting = true;
    private final Settings settings = new Settings("DefogProcedure.Builder");

    private Builder() {
    }

    /**
     * Whether the first exact check broadcasts shapes as numpy does (Defog: yes, so a 1-row result
     * against a 0-row gold passes, a defect); false requires equal shapes; default true.
     */
    public Builder broadcasting(boolean broadcasting) {
      this.broadcasting = settings.once("broadcasting", broadcasting);
      return this;
    }

    public DefogProcedure build() {
      return new DefogProcedure(this);
    }
  }
}
