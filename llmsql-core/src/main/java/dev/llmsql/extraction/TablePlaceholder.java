package dev.llmsql.extraction;

import static dev.llmsql.extraction.SqliteCharacters.isIdentifierChar;
import static dev.llmsql.extraction.SqliteCharacters.skipSpace;
import static dev.llmsql.extraction.SqliteCharacters.startsWithWord;
import static java.util.Objects.requireNonNull;

import java.util.Arrays;

/**
 * Replaces LLMSQL's {@code Table} placeholder ({@code FROM Table}, {@code FROM "Table"}, {@code FROM 'Table'},
 * also after {@code JOIN}, in any ASCII case, as SQLite reads keywords) with the quoted real table id.
 *
 * <p>Unlike LLMSQL's plain text replace, only a whole placeholder right after the {@code FROM} or
 * {@code JOIN} keyword is replaced, across any whitespace, and never inside a string literal, quoted
 * identifier or comment: {@code FROM Tables} and {@code WHERE x = 'FROM Table'} stay as they are. The
 * keyword keeps its spelling; {@code `Table`} and {@code [Table]} count as placeholders too, and a
 * {@code "} in the table id is doubled.
 *
 * <pre>{@code
 * TablePlaceholder.replace("SELECT a FROM Table", "1-2");  // SELECT a FROM "1-2"
 * }</pre>
 */
public final class TablePlaceholder {

  private static final String PLACEHOLDER = "table";

  private TablePlaceholder() {
  }

  /** {@code sql} with each placeholder table reference replaced by {@code "tableId"}. */
  public static String replace(String sql, String tableId) {
    requireNonNull(sql, "sql");
    requireNonNull(tableId, "tableId");
    /*
     * This runs on every statement, so C2 compiles it early in a run, with every callee inlined: it reads a
     * char[] with loops of its own, not String.charAt, indexOf and regionMatches (each brings String's two
     * encodings, and the case-insensitive one Character's case tables, into that compilation: 0.44 s of C2 in
     * a first evaluation), and builds the result in a char[] too (docs/PERFORMANCE.md).
     */
    char[] chars = sql.toCharArray();
    int length = chars.length;
    int[] spans = null;   // start and end of each placeholder, in pairs
    int count = 0;
    int i = 0;
    while (i < length) {
      char c = chars[i];
      char next = i + 1 < length ? chars[i + 1] : 0;
      if (c == '\'' || c == '"' || c == '`') {
        i = skipQuoted(chars, i, c);
      } else if (c == '[') {
        i = skipPast(chars, i + 1, ']', ']');
      } else if (c == '-' && next == '-') {
        i = skipPast(chars, i + 2, '\n', '\n');
      } else if (c == '/' && next == '*') {
        i = skipPast(chars, i + 2, '*', '/');
      } else if (((c | 0x20) == 'f' || (c | 0x20) == 'j') && isTableKeyword(chars, i)) {
        int at = skipSpace(chars, i + 4);
        int end = placeholderEnd(chars, at, at > i + 4);
        if (end < 0) {
          i += 4;
          continue;
        }
        if (spans == null) {
          spans = new int[4];
        } else if (count == spans.length) {
          spans = Arrays.copyOf(spans, count * 2);
        }
        spans[count++] = at;
        spans[count++] = end;
        i = end;
      } else {
        i++;
      }
    }
    return spans == null ? sql : splice(chars, tableId, spans, count);
  }

  /** {@code chars} with each span replaced by {@code "tableId"}, built in a char[] for the reason above. */
  private static String splice(char[] chars, String tableId, int[] spans, int count) {
    char[] id = tableId.toCharArray();
    int quotedLength = id.length + 2;
    for (char c : id) {
      quotedLength += c == '"' ? 1 : 0;
    }
    int length = chars.length;
    for (int k = 0; k < count; k += 2) {
      length += quotedLength - (spans[k + 1] - spans[k]);
    }
    char[] out = new char[length];
    int o = 0;
    int copied = 0;
    for (int k = 0; k < count; k += 2) {
      System.arraycopy(chars, copied, out, o, spans[k] - copied);
      o += spans[k] - copied;
      out[o++] = '"';
      for (char c : id) {
        out[o++] = c;
        if (c == '"') {
          out[o++] = '"';
        }
      }
      out[o++] = '"';
      copied = spans[k + 1];
    }
    System.arraycopy(chars, copied, out, o, chars.length - copied);
    return new String(out);
  }

  /** {@code FROM} or {@code JOIN}, in any ASCII case as SQLite reads keywords, as a whole word at {@code i}. */
  private static boolean isTableKeyword(char[] chars, int i) {
    if (i > 0 && isIdentifierChar(chars[i - 1])) {
      return false;
    }
    if (!startsWithWord(chars, i, "from") && !startsWithWord(chars, i, "join")) {
      return false;
    }
    return i + 4 == chars.length || !isIdentifierChar(chars[i + 4]);
  }

  /** The index after a placeholder at {@code at}, or -1; a bare one needs whitespace before it. */
  private static int placeholderEnd(char[] chars, int at, boolean spaced) {
    int length = chars.length;
    if (at >= length) {
      return -1;
    }
    char open = chars[at];
    char close = open == '"' || open == '\'' || open == '`' ? open : open == '[' ? ']' : 0;
    if (close == 0) {
      int end = at + PLACEHOLDER.length();
      boolean whole = end >= length || !isIdentifierChar(chars[end]);
      return spaced && whole && startsWithWord(chars, at, PLACEHOLDER) ? end : -1;
    }
    int closeAt = at + 1 + PLACEHOLDER.length();
    boolean closed = closeAt < length && chars[closeAt] == close;
    // "Table""x" is the identifier Table"x, not the placeholder.
    boolean escaped = closeAt + 1 < length && chars[closeAt + 1] == close && close != ']';
    return closed && !escaped && startsWithWord(chars, at + 1, PLACEHOLDER) ? closeAt + 1 : -1;
  }

  /** The index after the quoted run opening at {@code i}; a doubled quote is an escape, not the end. */
  private static int skipQuoted(char[] chars, int i, char quote) {
    int k = i + 1;
    while (k < chars.length) {
      if (chars[k] == quote) {
        if (k + 1 < chars.length && chars[k + 1] == quote) {
          k += 2;
          continue;
        }
        return k + 1;
      }
      k++;
    }
    return chars.length;
  }

  /** The index after the first {@code first} followed by {@code second} (or alone when they are equal). */
  private static int skipPast(char[] chars, int from, char first, char second) {
    int last = chars.length - (first == second ? 1 : 2);
    for (int k = from; k <= last; k++) {
      if (chars[k] == first && (first == second || chars[k + 1] == second)) {
        return first == second ? k + 1 : k + 2;
      }
    }
    return chars.length;
  }
}
