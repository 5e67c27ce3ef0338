package dev.llmsql.execution;

import java.util.HexFormat;
import java.util.List;

/**
 * Renders result cells so their SQL type shows: text quoted ({@code '1'}), numbers bare ({@code 1},
 * {@code 1.0}), {@code NULL}, blobs as {@code x'01ff'}. Text {@code '1'} and integer {@code 1} are different
 * answers, so they must not print alike.
 *
 * <pre>{@code
 * Cells.row(List.of("1", 1L, 2.5));  // ('1', 1, 2.5)
 * }</pre>
 */
public final class Cells {

  private Cells() {
  }

  /** One cell as SQL would write it. */
  public static String cell(Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof String s) {
      return "'" + s.replace("'", "''") + "'";
    }
    if (value instanceof byte[] bytes) {
      return "x'" + HexFormat.of().formatHex(bytes) + "'";
    }
    return value.toString();
  }

  /** A row as a tuple: {@code ('a', 1)}. */
  public static String row(List<?> row) {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < row.size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(cell(row.get(i)));
    }
    return sb.append(')').toString();
  }

  /** Rows as a list of tuples, the first {@code max} of them, then how many there are. */
  public static String rows(List<? extends List<?>> rows, int max) {
    StringBuilder sb = new StringBuilder("[");
    int shown = Math.min(max, rows.size());
    for (int i = 0; i < shown; i++) {
      if (i > 0) {
        sb.append(", ");
      }
      sb.append(row(rows.get(i)));
    }
    if (rows.size() > shown) {
      sb.append(", ... (").append(rows.size()).append(" rows)");
    }
    return sb.append(']').toString();
  }
}
