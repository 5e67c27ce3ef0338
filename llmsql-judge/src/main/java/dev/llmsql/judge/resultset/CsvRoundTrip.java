package dev.llmsql.judge.resultset;

import dev.llmsql.execution.QueryResult;
import dev.llmsql.matching.PythonText;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A result as Spider 2.0's evaluator sees it: its runner writes every result to CSV with pandas
 * ({@code to_csv}) and reads it back ({@code read_csv}), and its gold results are CSV files, so each column
 * is retyped from its text. A column whose cells all read as integers becomes integers, as numbers becomes
 * floats, as {@code True}/{@code False} becomes 1/0, anything else stays text; pandas' missing-value
 * tokens ({@code ""}, {@code NULL}, {@code null}, {@code NA}, {@code NaN}, {@code None}, ...) become NULL.
 * So text {@code '2'} equals integer 2, {@code ''} and {@code 'null'} equal NULL, {@code '007'} equals 7,
 * and in a column mixing text and numbers every number is its Python text.
 *
 * <pre>{@code
 * QueryResult typed = CsvRoundTrip.apply(result);
 * }</pre>
 */
final class CsvRoundTrip {

  /** pandas' default {@code na_values} (pandas 2.x), which {@code read_csv} reads as missing. */
  private static final Set<String> NA = Set.of("", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN",
      "-nan", "1.#IND", "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null");

  private static final Set<String> TRUE = Set.of("True", "TRUE", "true");
  private static final Set<String> FALSE = Set.of("False", "FALSE", "false");

  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d+");
  private static final Pattern FLOAT = Pattern.compile(
      "[+-]?(\\d+\\.?\\d*([eE][+-]?\\d+)?|\\.\\d+([eE][+-]?\\d+)?|inf|infinity)", Pattern.CASE_INSENSITIVE);

  private CsvRoundTrip() {
  }

  static QueryResult apply(QueryResult result) {
    int width = result.columns().size();
    for (List<Object> row : result.rows()) {
      width = Math.max(width, row.size());
    }
    List<List<Object>> columns = new ArrayList<>(width);
    for (int c = 0; c < width; c++) {
      columns.add(read(written(result.rows(), c)));
    }
    List<List<Object>> rows = new ArrayList<>(result.rowCount());
    for (int r = 0; r < result.rowCount(); r++) {
      List<Object> row = new ArrayList<>(result.rows().get(r).size());
      for (int c = 0; c < result.rows().get(r).size(); c++) {
        row.add(columns.get(c).get(r));
      }
      rows.add(java.util.Collections.unmodifiableList(row));
    }
    return new QueryResult(result.columns(), rows, result.complete());
  }

  /** The column's cells as {@code to_csv} writes them: NULL as an empty field, others as Python's text. */
  private static List<String> written(List<List<Object>> rows, int c) {
    List<String> cells = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      Object v = c < row.size() ? row.get(c) : null;
      cells.add(v == null ? "" : PythonText.str(v));
    }
    return cells;
  }

  /** The column as {@code read_csv} types it. */
  private static List<Object> read(List<String> cells) {
    boolean integers = true;
    boolean numbers = true;
    boolean booleans = true;
    for (String cell : cells) {
      if (NA.contains(cell)) {
        continue;
      }
      integers &= INTEGER.matcher(cell).matches();
      numbers &= INTEGER.matcher(cell).matches() || FLOAT.matcher(cell).matches();
      booleans &= TRUE.contains(cell) || FALSE.contains(cell);
    }
    List<Object> out = new ArrayList<>(cells.size());
    for (String cell : cells) {
      if (NA.contains(cell)) {
        out.add(null);
      } else if (integers) {
        out.add(integer(cell));
      } else if (numbers) {
        out.add(number(cell));
      } else if (booleans) {
        out.add(TRUE.contains(cell) ? 1L : 0L);
      } else {
        out.add(cell);
      }
    }
    return out;
  }

  private static Object integer(String cell) {
    BigInteger value = new BigInteger(cell.startsWith("+") ? cell.substring(1) : cell);
    return value.bitLength() < 64 ? (Object) value.longValue() : (Object) value.doubleValue();
  }

  private static double number(String cell) {
    String lower = cell.toLowerCase(Locale.ROOT);
    if (lower.endsWith("inf") || lower.endsWith("infinity")) {
      return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    return Double.parseDouble(cell);
  }
}
