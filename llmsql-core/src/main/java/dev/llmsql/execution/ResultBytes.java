package dev.llmsql.execution;

import java.util.List;

/**
 * How many bytes of Java heap result cells take, as {@link ExecutionLimits} counts them: a conservative
 * estimate (text at two bytes a character, object headers included) that is cheap to compute while reading.
 *
 * <pre>{@code
 * ResultBytes.cell("abc");           // 46
 * ResultBytes.row(List.of(1L, "a")); // 90: 16 + 42 for the cells, 32 for the row
 * }</pre>
 */
public final class ResultBytes {

  private ResultBytes() {
  }

  /** One cell: {@code Long}, {@code Double}, {@code String}, {@code byte[]} or null. */
  public static long cell(Object value) {
    if (value == null) {
      return 0;
    }
    if (value instanceof String s) {
      return 40L + 2L * s.length();
    }
    if (value instanceof byte[] b) {
      return 16L + b.length;
    }
    return 16;
  }

  /** One row: its cells plus the row's own array (a header and a reference per cell). */
  public static long row(List<?> row) {
    long bytes = 16L + 8L * row.size();
    for (Object value : row) {
      bytes += cell(value);
    }
    return bytes;
  }

  /** A whole result's rows. */
  public static long rows(List<? extends List<?>> rows) {
    long bytes = 0;
    for (List<?> row : rows) {
      bytes += row(row);
    }
    return bytes;
  }
}
