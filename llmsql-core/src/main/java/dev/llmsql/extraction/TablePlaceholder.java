package dev.llmsql.extraction;

import static java.util.Objects.requireNonNull;

/**
 * Replaces LLMSQL's {@code Table} placeholder ({@code FROM Table}, {@code FROM "Table"}, {@code FROM 'Table'},
 * also after {@code JOIN}, in any case) with the quoted real table id.
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
    StringBuilder out = null;
    String quotedId = null;
    int copied = 0;
    // a char[], not String.charAt: this runs on every statement, and C2 compiles it early in a run with both of
    // String's encodings inlined at each charAt (docs/PERFORMANCE.md)
    char[] chars = sql.toCharArray();
    int length = chars.length;
    int i = 0;
    while (i < length) {
      char c = chars[i];
      char next = i + 1 < length ? chars[i + 1] : 0;
      if (c == '\'' || c == '"' || c == '`') {
        i = skipQuoted(sql, i, c);
      } else if (c == '[') {
        i = skipPast(sql, i + 1, "]");
      } else if (c == '-' && next == '-') {
        i = skipPast(sql, i + 2, "\n");
      } else if (c == '/' && next == '*') {
        i = skipPast(sql, i + 2, "*/");
      } else if (((c | 0x20) == 'f' || (c | 0x20) == 'j') && isTableKeyword(sql, chars, i)) {
        int at = skipSpace(chars, i + 4);
        int end = placeholderEnd(sql, at, at > i + 4);
        if (end < 0) {
          i += 4;
          continue;
        }
        if (out == null) {
          out = new StringBuilder(length + tableId.length() + 8);
          quotedId = '"' + tableId.replace("\"", "\"\"") + '"';
        }
        out.append(sql, copied, at).append(quotedId);
        copied = end;
        i = end;
      } else {
        i++;
      }
    }
    return out == null ? sql : out.append(sql, copied, length).toString();
  }

  /** {@code FROM} or {@code JOIN}, any case, as a whole word, at an {@code f} or {@code j}. */
  private static boolean isTableKeyword(String sql, char[] chars, int i) {
    if (i > 0 && isIdentifierChar(chars[i - 1])) {
      return false;
    }
    if (!sql.regionMatches(true, i, "from", 0, 4) && !sql.regionMatches(true, i, "join", 0, 4)) {
      return false;
    }
    return i + 4 == chars.length || !isIdentifierChar(chars[i + 4]);
  }

  /** The index after a placeholder at {@code at}, or -1; a bare one needs whitespace before it. */
  private static int placeholderEnd(String sql, int at, boolean spaced) {
    if (at >= sql.length()) {
      return -1;
    }
    char open = sql.charAt(at);
    char close = open == '"' || open == '\'' || open == '`' ? open : open == '[' ? ']' : 0;
    if (close == 0) {
      int end = at + PLACEHOLDER.length();
      boolean whole = end >= sql.length() || !isIdentifierChar(sql.charAt(end));
      return spaced && whole && sql.regionMatches(true, at, PLACEHOLDER, 0, PLACEHOLDER.length()) ? end : -1;
    }
    int closeAt = at + 1 + PLACEHOLDER.length();
    boolean closed = closeAt < sql.length() && sql.charAt(closeAt) == close;
    // "Table""x" is the identifier Table"x, not the placeholder.
    boolean escaped = closeAt + 1 < sql.length() && sql.charAt(closeAt + 1) == close && close != ']';
    return closed && !escaped && sql.regionMatches(true, at + 1, PLACEHOLDER, 0, PLACEHOLDER.length())
        ? closeAt + 1
        : -1;
  }

  /** The index after the quoted run opening at {@code i}; a doubled quote is an escape, not the end. */
  private static int skipQuoted(String sql, int i, char quote) {
    // String.indexOf, as in StatementGuard.skipQuoted
    int k = i + 1;
    while (true) {
      int at = sql.indexOf(quote, k);
      if (at < 0) {
        return sql.length();
      }
      if (at + 1 < sql.length() && sql.charAt(at + 1) == quote) {
        k = at + 2;
      } else {
        return at + 1;
      }
    }
  }

  private static int skipPast(String sql, int from, String end) {
    int at = sql.indexOf(end, from);
    return at < 0 ? sql.length() : at + end.length();
  }

  private static int skipSpace(char[] chars, int j) {
    while (j < chars.length && isSqlSpace(chars[j])) {
      j++;
    }
    return j;
  }

  private static boolean isSqlSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
  }

  // SQLite's identifier characters: ASCII letters, digits, '_', '$' and every non-ASCII character (as ASCII
  // tests, what Character.isLetterOrDigit answers below 0x80, so none of its Unicode tables in the compiled loop)
  private static boolean isIdentifierChar(char c) {
    return c >= 0x80 || (c | 0x20) >= 'a' && (c | 0x20) <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '$';
  }
}
