package dev.llmsql.judge.resultset;

import dev.llmsql.benchmark.Question;
import dev.llmsql.config.Settings;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Reason;
import dev.llmsql.matching.PythonText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * DB-GPT Falcon's comparison ({@code DataCompareService.compare} with {@code CONTAIN_MATCH}), step by step as
 * its code does it: a result becomes one text list per column name (no rows: no columns; a repeated name keeps
 * its last column), every cell is Python's {@code str} of the value, normalised as Falcon's
 * {@code accurate_decimal} does it: NULL and any case of {@code 'null'} become empty text, any case of
 * {@code 'true'}/{@code 'false'} (Python's {@code True}/{@code False} too) becomes 1/0, and text that reads as
 * a decimal is rounded to 2 decimals HALF_UP ({@code -0.001} becomes {@code -0.00}, not {@code 0.00}), so
 * {@code 'true'} equals 1 and {@code 'null'} equals NULL ({@link Builder#typedValues} keeps them apart); a column is identified by its
 * values joined with commas (so one row {@code 'a,b'} equals two rows {@code 'a'}, {@code 'b'}), and the
 * prediction is right when it holds every gold column. Unordered, the gold columns are tried in turn: both
 * results are stably re-sorted by that column (text order) and compared as ordered, so rows stay aligned but
 * a result in another order fails when ties in the sort column leave rows in their original order.
 * Two empty results differ (Falcon's defect, {@link Builder#emptyResultsMatch} fixes it).
 *
 * <pre>{@code
 * Judge falcon = ResultSetJudge.falcon();                          // the peer, defects included
 * Judge fixed = ResultSetJudge.builder().name("falcon:empty-match,typed")
 *     .procedure(FalconProcedure.builder().emptyResultsMatch(true).typedValues(true).build())
 *     .rowOrder(RowOrder.QUESTION_FLAG)
 *     .build();
 * }</pre>
 */
public final class FalconProcedure implements PeerProcedure {

  /**
   * What Python's Decimal reads once {@link #asDecimalReadsIt} has dropped underscores and made Unicode digits
   * ASCII. No repeated group: Java matches one recursively, a frame per repetition, and a 2,000-digit cell
   * ended a run with a StackOverflowError.
   */
  private static final Pattern DECIMAL =
      Pattern.compile("([+-]?)(?:(\\d+)(?:\\.(\\d*))?|\\.(\\d+))(?:[eE]([+-]?\\d+))?");
  private static final Pattern NAN = Pattern.compile("[+-]?nan(\\d*)", Pattern.CASE_INSENSITIVE);
  /** Python's default decimal context: a rounded value needing more digits raises, leaving the text as is. */
  private static final int PYTHON_DECIMAL_PRECISION = 28;
  /**
   * The exponents CPython's Decimal constructor accepts exactly (libmpdec's largest context: Emax, and Etiny =
   * Emin - (prec - 1)); outside them it raises, and the text stays. Exponents are decided on before any
   * BigDecimal is made: {@code 1e-99999999} would otherwise build a 10^99999999 divisor (minutes, gigabytes).
   */
  private static final long DECIMAL_MAX_EXPONENT = 999_999_999_999_999_999L;
  private static final long DECIMAL_MIN_EXPONENT = -1_999_999_999_999_999_997L;
  /** Beyond both bounds, so that any longer exponent text reads as "out of range" without overflowing. */
  private static final long EXPONENT_SATURATED = 4_000_000_000_000_000_000L;   // 19 digits, "4000000000000000000"

  private final boolean emptyResultsMatch;
  private final boolean typedValues;

  private FalconProcedure(Builder b) {
    this.emptyResultsMatch = b.emptyResultsMatch;
    this.typedValues = b.typedValues;
  }

  /** Falcon's own procedure, its defects included. */
  public static FalconProcedure peer() {
    return builder().build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public boolean emptyResultsMatch() {
    return emptyResultsMatch;
  }

  /** Whether text {@code 'null'}, {@code 'true'} and {@code 'false'} stay text (Falcon: they become NULL, 1, 0). */
  public boolean typedValues() {
    return typedValues;
  }

  @Override
  public Comparison compare(QueryResult gold, String goldSql, QueryResult predicted, String predictedSql,
                            Question question, boolean ordered) {
    if (emptyResultsMatch && gold.rowCount() == 0 && predicted.rowCount() == 0) {
      return Comparison.EQUAL;
    }
    Map<String, String[]> std = columns(gold, typedValues);
    Map<String, String[]> tgt = columns(predicted, typedValues);
    boolean right = ordered ? containsOrdered(std, tgt) : containsUnordered(std, tgt);
    return right ? Comparison.EQUAL : explain(gold, predicted, std, tgt, ordered);
  }

  /** Ordered: the prediction holds every gold column, values joined in row order. */
  private static boolean containsOrdered(Map<String, String[]> std, Map<String, String[]> tgt) {
    Set<String> have = new HashSet<>();
    for (String[] column : tgt.values()) {
      have.add(joined(column));
    }
    for (String[] column : std.values()) {
      if (!have.contains(joined(column))) {
        return false;
      }
    }
    return true;
  }

  private static boolean containsUnordered(Map<String, String[]> std, Map<String, String[]> tgt) {
    List<String> tgtKeys = new ArrayList<>();
    List<String> tgtNames = new ArrayList<>(tgt.keySet());
    for (String[] column : tgt.values()) {
      tgtKeys.add(sortedJoined(column));
    }
    for (Map.Entry<String, String[]> e : std.entrySet()) {
      int index = tgtKeys.indexOf(sortedJoined(e.getValue()));
      if (index < 0) {
        return false; // Falcon gives up at the first gold column it cannot find
      }
      if (containsOrdered(sortedBy(std, e.getKey()), sortedBy(tgt, tgtNames.get(index)))) {
        return true;
      }
    }
    return false;
  }

  /** All columns re-ordered by a stable text sort of one column, as Falcon's sort_columns_by_key. */
  private static Map<String, String[]> sortedBy(Map<String, String[]> table, String key) {
    String[] base = table.get(key);
    Integer[] order = new Integer[base.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> PythonText.ORDER.compare(base[x], base[y]));
    Map<String, String[]> out = new LinkedHashMap<>();
    for (Map.Entry<String, String[]> e : table.entrySet()) {
      String[] column = new String[order.length];
      for (int i = 0; i < order.length; i++) {
        column[i] = e.getValue()[order[i]];
      }
      out.put(e.getKey(), column);
    }
    return out;
  }

  private static String joined(String[] column) {
    return String.join(",", column);
  }

  private static String sortedJoined(String[] column) {
    String[] copy = column.clone();
    Arrays.sort(copy, PythonText.ORDER);
    return joined(copy);
  }

  /** Falcon's column form of a result: no rows give no columns; a repeated name keeps its last column. */
  static Map<String, String[]> columns(QueryResult result, boolean typedValues) {
    Map<String, String[]> out = new LinkedHashMap<>();
    if (result.rowCount() == 0) {
      return out;
    }
    List<String> names = result.columns();
    int width = result.rows().get(0).size();
    for (int c = 0; c < width; c++) {
      String name = c < names.size() ? names.get(c) : "column " + c;
      String[] values = new String[result.rowCount()];
      for (int r = 0; r < values.length; r++) {
        List<Object> row = result.rows().get(r);
        values[r] = c < row.size() ? cell(row.get(c), typedValues) : "";
      }
      out.put(name, values); // put keeps the first position and the last values, as a Python dict
    }
    return out;
  }

  /**
   * One cell as Falcon's accurate_decimal leaves it: NULL and text {@code null} in any case are empty,
   * {@code true}/{@code false} in any case are 1/0 (compared lower-cased as Python's {@code str.lower}, so a
   * look-alike such as the long s of {@code 'falſe'} stays text), then decimals are rounded.
   */
  static String cell(Object value, boolean typedValues) {
    String text = pythonText(value);
    if (!typedValues) {
      String lower = text.toLowerCase(Locale.ROOT);
      if (lower.equals("null")) {
        return "";
      }
      text = lower.equals("true") ? "1" : lower.equals("false") ? "0" : text;
    }
    return rounded(text);
  }

  /** Python's {@code str} of a value as sqlite3 returns it; NULL is empty text. */
  static String pythonText(Object value) {
    return value == null ? "" : PythonText.str(value);
  }

  /** Falcon's accurate_decimal: text that Python's Decimal reads becomes that number to 2 places, HALF_UP. */
  static String rounded(String text) {
    String t = asDecimalReadsIt(PythonText.strip(text));
    Matcher nan = NAN.matcher(t);
    if (nan.matches()) {
      return (t.startsWith("-") ? "-NaN" : "NaN") + payload(nan.group(1));   // sNaN: quantize raises, text stays
    }
    Matcher number = DECIMAL.matcher(t);
    if (!number.matches()) {
      return text; // includes infinities, which quantize rejects
    }
    String sign = number.group(1).equals("-") ? "-" : "";
    String whole = number.group(2) == null ? "" : number.group(2);
    String fraction = number.group(3) != null ? number.group(3) : number.group(4) != null ? number.group(4) : "";
    String coefficient = withoutLeadingZeros(whole + fraction);
    long exponent = exponentOf(number.group(5)) - fraction.length();
    if (coefficient.isEmpty()) {
      boolean readable = exponent >= DECIMAL_MIN_EXPONENT && exponent <= DECIMAL_MAX_EXPONENT;
      return readable ? sign + "0.00" : text;
    }
    long adjusted = exponent + coefficient.length() - 1;     // the power of ten of the first digit
    if (exponent < DECIMAL_MIN_EXPONENT || adjusted > PYTHON_DECIMAL_PRECISION - 3) {
      return text;     // not read exactly, or more than 28 digits once quantized: Decimal raises either way
    }
    if (adjusted < -3) {
      return sign + "0.00";   // below 0.001, HALF_UP to 2 places is zero; the sign stays, as in Python
    }
    if (exponent < -3) {
      // HALF_UP to 2 places reads only the first digit it drops: the rest of a long cell is cut here, so that
      // the arithmetic below works on at most 29 digits (on the whole coefficient it took seconds per cell)
      coefficient = coefficient.substring(0, coefficient.length() - (int) (-3 - exponent));
      exponent = -3;
    }
    BigDecimal result = new BigDecimal(new BigInteger(coefficient), (int) -exponent)
        .setScale(2, RoundingMode.HALF_UP);
    if (result.precision() > PYTHON_DECIMAL_PRECISION) {
      return text;
    }
    return sign + result.toPlainString();    // the magnitude was rounded, so -0.001 is -0.00 as in Python
  }

  private static String withoutLeadingZeros(String digits) {
    int first = 0;
    while (first < digits.length() && digits.charAt(first) == '0') {
      first++;
    }
    return digits.substring(first);
  }

  /** The exponent part's value, saturated beyond what Decimal accepts so that no digit count overflows a long. */
  private static long exponentOf(String part) {
    if (part == null) {
      return 0;
    }
    boolean negative = part.startsWith("-");
    String digits = withoutLeadingZeros(negative || part.startsWith("+") ? part.substring(1) : part);
    boolean fits = digits.length() < 19 || digits.length() == 19 && digits.compareTo("4000000000000000000") < 0;
    long magnitude = !fits ? EXPONENT_SATURATED : digits.isEmpty() ? 0 : Long.parseLong(digits);
    return negative ? -magnitude : magnitude;
  }

  /**
   * The text as CPython's Decimal reads it: every underscore dropped (not only those between digits: {@code
   * Decimal("_1")} is 1) and any Unicode decimal digit read as its value ({@code Decimal("١٢")} is 12).
   */
  private static String asDecimalReadsIt(String text) {
    StringBuilder read = new StringBuilder(text.length());
    text.codePoints().forEach(c -> {
      int digit = c > 0x7f ? PythonText.decimal(c) : -1;
      if (digit >= 0) {
        read.append((char) ('0' + digit));
      } else if (c != '_') {
        read.appendCodePoint(c);
      }
    });
    return read.toString();
  }

  /** A NaN's payload as quantize leaves it: its last 28 digits, without leading zeros (Python's _fix_nan). */
  private static String payload(String digits) {
    return withoutLeadingZeros(digits.substring(Math.max(0, digits.length() - PYTHON_DECIMAL_PRECISION)));
  }

  private static Comparison explain(QueryResult gold, QueryResult predicted, Map<String, String[]> std,
                                    Map<String, String[]> tgt, boolean ordered) {
    if (gold.rowCount() != predicted.rowCount()) {
      String counts = "prediction has " + predicted.rowCount() + " row(s), gold " + gold.rowCount();
      return Comparison.differ(gold.rowCount() < predicted.rowCount() ? Reason.EXTRA_ROWS : Reason.MISSING_ROWS,
          counts);
    }
    if (std.isEmpty()) {
      return Comparison.differ(Reason.VALUE_MISMATCH, "both results are empty, which Falcon counts as different");
    }
    Set<String> have = new HashSet<>();
    for (String[] column : tgt.values()) {
      have.add(sortedJoined(column));
    }
    for (Map.Entry<String, String[]> e : std.entrySet()) {
      if (!have.contains(sortedJoined(e.getValue()))) {
        return Comparison.differ(tgt.size() < std.size() ? Reason.MISSING_COLUMN : Reason.VALUE_MISMATCH,
            "gold column '" + e.getKey() + "' matches no predicted column");
      }
    }
    return ordered
        ? Comparison.differ(Reason.ROW_ORDER, "every gold column's values appear, but in another row order")
        : Comparison.differ(Reason.VALUE_MISMATCH, "every gold column's values appear, but sorting by any gold "
            + "column does not line the rows up as the gold's (values moved across rows, or ties left in "
            + "another order)");
  }

  @Override
  public String toString() {
    List<String> options = new ArrayList<>();
    if (emptyResultsMatch) {
      options.add("empty results match");
    }
    if (typedValues) {
      options.add("typed values");
    }
    return "falcon" + (options.isEmpty() ? "" : "(" + String.join(", ", options) + ")");
  }

  /** Options of a {@link FalconProcedure}; defaults are Falcon's. */
  public static final class Builder {
    private boolean emptyResultsMatch;
    private boolean typedValues;
    private final Settings settings = new Settings("FalconProcedure.Builder");

    private Builder() {
    }

    /** Whether two empty results match (Falcon: they differ, a defect); default false. */
    public Builder emptyResultsMatch(boolean emptyResultsMatch) {
      this.emptyResultsMatch = settings.once("emptyResultsMatch", emptyResultsMatch);
      return this;
    }

    /**
     * Whether values keep their type: text {@code 'null'} differs from NULL and {@code 'true'}/{@code 'false'}
     * from 1/0 (Falcon's accurate_decimal maps them, case-insensitively, so they match); default false, as Falcon.
     */
    public Builder typedValues(boolean typedValues) {
      this.typedValues = settings.once("typedValues", typedValues);
      return this;
    }

    public FalconProcedure build() {
      return new FalconProcedure(this);
    }
  }
}
