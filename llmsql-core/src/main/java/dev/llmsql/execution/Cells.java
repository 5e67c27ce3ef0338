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

  /**
   * The most characters of one cell, and of one row, shown: these are for people (a verdict's detail, a printed
   * mismatch), and a result within every bound may hold megabytes per cell, which a detail per question kept
   * in full until a run of such questions ran out of memory.
   */
  static final int MAX_CELL_CHARS = 80;
  static final int MAX_ROW_CHARS = 400;

  private Cells() {
  }

  /** One cell as SQL would write it; text over 80 characters is cut, with its length: {@code 'ab…' (9000 chars)}. */
  public static String cell(Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof String s) {
      if (s.length() > MAX_CELL_CHARS) {
        int end = Character.isHighSurrogate(s.charAt(MAX_CELL_CHARS - 1)) ? MAX_CELL_CHARS - 1 : MAX_CELL_CHARS;
        return "'" + printable(s.substring(0, end)).replace("'", "''") + "\u2026' (" + s.length() + " chars)";
      }
      return "'" + printable(s).replace("'", "''") + "'";
    }
    if (value instanceof byte[] bytes) {
      if (bytes.length > MAX_CELL_CHARS / 2) {
        return "x'" + HexFormat.of().formatHex(bytes, 0, MAX_CELL_CHARS / 2) + "\u2026' (" + bytes.length
            + " bytes)";
      }
      return "x'" + HexFormat.of().formatHex(bytes) + "'";
    }
    return value.toString();
  }

  /**
   * {@code text} as it may be shown on a terminal: control characters (C0 but tab and newline, DEL, C1) and the
   * bidirectional embeddings and overrides written as {@code \x1b}, {@code \u202e}, so a question, a cell or a
   * model's output cannot move the cursor, clear the screen, retitle the window or reorder what is shown.
   *
   * <pre>{@code
   * Cells.printable("SELECT 1 \u001b[2J");   // SELECT 1 \x1b[2J
   * }</pre>
   */
  public static String printable(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean control = c < 0x20 && c != '\n' && c != '\t' || c >= 0x7f && c <= 0x9f
          || c >= 0x202a && c <= 0x202e || c >= 0x2066 && c <= 0x2069;
      if (control && out == null) {
        out = new StringBuilder(text.length() + 16).append(text, 0, i);
      }
      if (control) {
        out.append(c <= 0xff ? "\\x" + HexFormat.of().toHexDigits((byte) c) : "\\u" + HexFormat.of().toHexDigits(c));
      } else if (out != null) {
        out.append(c);
      }
    }
    return out == null ? text : out.toString();
  }

  /** A row as a tuple: {@code ('a', 1)}; after 400 characters the rest is left out: {@code ('a', …)}. */
  public static String row(List<?> row) {
    StringBuilder sb = new StringBuilder("(");
    for (int i = 0; i < row.size(); i++) {
      if (i > 0) {
        sb.append(", ");
      }
      if (sb.length() > MAX_ROW_CHARS) {
        sb.append("\u2026 (").append(row.size()).append(" columns)");
        break;
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
