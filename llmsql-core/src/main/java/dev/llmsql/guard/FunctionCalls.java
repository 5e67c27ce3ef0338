package dev.llmsql.guard;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The names a statement calls: every identifier (bare, or quoted with {@code ""}, {@code ``} or {@code []})
 * that the next token, past spaces and comments, opens with {@code (}. Read the way {@link StatementGuard}
 * reads: string literals and comments are skipped, whitespace is taken widely, so a call is never missed
 * (a keyword such as {@code IN (} or a CTE's column list is listed too, which only errs on the safe side).
 * Engine-neutral: an engine decides what the names mean (SQLite runs a statement whose every call is cheap on the
 * caller's thread, and looks up names it does not know).
 *
 * <pre>{@code
 * FunctionCalls.of("SELECT COUNT(*) FROM t WHERE x IN (1, 2)");  // [count, in]
 * }</pre>
 */
public final class FunctionCalls {

  private FunctionCalls() {
  }

  /** The lower-case names {@code sql} calls, in order of appearance, repeats included; empty when none. */
  public static List<String> of(String sql) {
    List<String> names = List.of();
    // a char[], not String.charAt: this runs on every statement, and C2 compiles it early in a run with both of
    // String's encodings inlined at each charAt (docs/PERFORMANCE.md)
    char[] chars = sql.toCharArray();
    int n = chars.length;
    int i = 0;
    while (i < n) {
      char c = chars[i];
      int nameStart;
      int nameEnd;
      int next;
      if (c == '\'') {
        i = StatementGuard.skipQuoted(sql, i, '\'');
        continue;
      } else if (c == '"' || c == '`' || c == '[') {
        next = StatementGuard.skipQuoted(sql, i, c == '[' ? ']' : c);
        nameStart = i + 1;
        nameEnd = Math.max(nameStart, next - 1);
      } else if (c == '-' && i + 1 < n && chars[i + 1] == '-') {
        i = StatementGuard.skipLineComment(sql, i);
        continue;
      } else if (c == '/' && i + 1 < n && chars[i + 1] == '*') {
        i = StatementGuard.skipBlockComment(sql, i);
        continue;
      } else if (StatementGuard.isIdentifierPart(c)) {
        nameStart = i;
        next = i + 1;
        while (next < n && StatementGuard.isIdentifierPart(chars[next])) {
          next++;
        }
        nameEnd = next;
      } else {
        i++;
        continue;
      }
      int after = StatementGuard.skipSpaceAndComments(sql, next);
      if (after < n && chars[after] == '(') {
        if (names.isEmpty()) {
          names = new ArrayList<>(4);
        }
        names.add(sql.substring(nameStart, nameEnd).toLowerCase(Locale.ROOT));
      }
      i = next;
    }
    return names;
  }

  /**
   * The lower-case names {@code sql} calls, its quotes and comments read the {@code quoting} way; for
   * {@link StatementGuard.Quoting#STANDARD} what {@link #of(String)} lists. Read PostgreSQL's way (and DuckDB's, whose
   * lexer is PostgreSQL's: {@code [f(x)]} is a list holding a call there), a name after a
   * {@code .} counts as called too, since PostgreSQL reads {@code (x).f} as {@code f(x)} (a column's name after its
   * table's is listed as well, which again errs on the safe side), and a {@code U&"..."} name is listed decoded.
   *
   * <pre>{@code
   * FunctionCalls.of("SELECT \"pg_catalog\".count(*), (0).abs", StatementGuard.Quoting.POSTGRESQL);  // [count, abs]
   * }</pre>
   */
  public static List<String> of(String sql, StatementGuard.Quoting quoting) {
    return quoting == StatementGuard.Quoting.STANDARD ? of(sql) : ofPostgres(sql, false);
  }

  /**
   * The calls as PostgreSQL's lexer reads {@code sql}: {@code '...'} and {@code E'...'} strings, dollar quotes,
   * {@code "..."} names, nested block comments and {@code --} comments ending at {@code \r} too; {@code [} and
   * {@code `} quote nothing, and a name starts with a letter, {@code _} or a character from 0x80 up (a digit or
   * {@code $} before a name is a number or parameter of its own: {@code 1f(} calls {@code f}).
   *
   * @param backslashes whether {@code '...'} strings take backslash escapes, as on a server whose
   *     {@code standard_conforming_strings} is off
   */
  static List<String> ofPostgres(String sql, boolean backslashes) {
    List<String> names = List.of();
    int n = sql.length();
    int i = 0;
    // after a '.' (spaces and comments between): attribute notation, which calls a name without a '('
    boolean dot = false;
    while (i < n) {
      char c = sql.charAt(i);
      String name = null;
      int next;
      if (c == '\'') {
        i = backslashes || StatementGuard.escapeStringAt(sql, i) ? StatementGuard.skipEscapeString(sql, i)
            : StatementGuard.skipQuoted(sql, i, '\'');
        dot = false;
        continue;
      } else if (c == '"') {
        next = StatementGuard.skipQuoted(sql, i, '"');
        name = sql.substring(i + 1, Math.max(i + 1, next - 1)).replace("\"\"", "\"");
        if (unicodeNameAt(sql, i)) {
          int after = StatementGuard.skipPostgresSpaceAndComments(sql, next);
          if (sql.regionMatches(true, after, "UESCAPE", 0, 7)
              && (after + 7 >= n || !StatementGuard.isIdentifierPart(sql.charAt(after + 7)))) {
            // PostgreSQL takes any string constant after UESCAPE ('!', E'!', $$!$$, ...), and a review hid
            // query_to_xml behind a dollar-quoted one: the name is listed as called, decoded with each character
            // it holds as the escape, whatever follows
            names = names.isEmpty() ? new ArrayList<>(4) : names;
            java.util.Set<String> decoded = new java.util.LinkedHashSet<>();
            for (char escape : escapeCandidates(name)) {
              decoded.add(unicodeEscapes(name, escape).toLowerCase(Locale.ROOT));
            }
            names.addAll(decoded);
            dot = false;
            i = after + 7;
            continue;
          }
          name = unicodeEscapes(name, '\\');
        }
      } else if (c == '$') {
        i = StatementGuard.skipDollarQuote(sql, i);
        dot = false;
        continue;
      } else if (c == '-' && sql.startsWith("--", i)) {
        i = StatementGuard.skipPostgresLineComment(sql, i);
        continue;
      } else if (c == '/' && sql.startsWith("/*", i)) {
        i = StatementGuard.skipNestedComment(sql, i);
        continue;
      } else if (c >= 0x80 || Character.isLetter(c) || c == '_') {
        next = i + 1;
        while (next < n && StatementGuard.isIdentifierPart(sql.charAt(next))) {
          next++;
        }
        name = sql.substring(i, next);
      } else {
        if (!Character.isWhitespace(c)) {
          dot = c == '.';
        }
        i++;
        continue;
      }
      int after = StatementGuard.skipPostgresSpaceAndComments(sql, next);
      if (dot || after < n && sql.charAt(after) == '(') {
        if (names.isEmpty()) {
          names = new ArrayList<>(4);
        }
        names.add(name.toLowerCase(Locale.ROOT));
      }
      dot = false;
      i = next;
    }
    return names;
  }

  /** The escape characters a {@code U&"..."} name's text could be read with: each character it holds, and \\. */
  private static java.util.Set<Character> escapeCandidates(String text) {
    java.util.Set<Character> escapes = new java.util.LinkedHashSet<>();
    escapes.add('\\');
    for (int k = 0; k < text.length(); k++) {
      escapes.add(text.charAt(k));
    }
    return escapes;
  }

  /** Whether the {@code "} at {@code i} opens a {@code U&"..."} name: a U and an & right before it, a word. */
  private static boolean unicodeNameAt(String sql, int i) {
    return i >= 2 && sql.charAt(i - 1) == '&' && (sql.charAt(i - 2) == 'U' || sql.charAt(i - 2) == 'u')
        && (i < 3 || !StatementGuard.isIdentifierPart(sql.charAt(i - 3)));
  }

  /**
   * A {@code U&"..."} name's text decoded as PostgreSQL does: the escape character then four hex digits, or
   * {@code +} and six, is that code point; doubled, it is itself. Anything else PostgreSQL refuses, so it is kept.
   */
  private static String unicodeEscapes(String text, char escape) {
    StringBuilder b = new StringBuilder(text.length());
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      int digits = i + 1 < n && text.charAt(i + 1) == '+' ? 6 : 4;
      int from = i + (digits == 6 ? 2 : 1);
      if (c == escape && i + 1 < n && text.charAt(i + 1) == escape) {
        b.append(escape);
        i++;
      } else if (c == escape && from + digits <= n && isHex(text, from, digits)
          && Character.isValidCodePoint(Integer.parseInt(text, from, from + digits, 16))) {
        b.appendCodePoint(Integer.parseInt(text, from, from + digits, 16));
        i = from + digits - 1;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  private static boolean isHex(String text, int from, int digits) {
    for (int i = from; i < from + digits; i++) {
      if (Character.digit(text.charAt(i), 16) < 0 || text.charAt(i) > 'f') {
        return false;
      }
    }
    return true;
  }
}
