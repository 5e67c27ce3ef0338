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
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
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
      } else if (c == '-' && sql.startsWith("--", i)) {
        i = StatementGuard.skipLineComment(sql, i);
        continue;
      } else if (c == '/' && sql.startsWith("/*", i)) {
        i = StatementGuard.skipBlockComment(sql, i);
        continue;
      } else if (isIdentifierPart(c)) {
        nameStart = i;
        next = i + 1;
        while (next < n && isIdentifierPart(sql.charAt(next))) {
          next++;
        }
        nameEnd = next;
      } else {
        i++;
        continue;
      }
      int after = StatementGuard.skipSpaceAndComments(sql, next);
      if (after < n && sql.charAt(after) == '(') {
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
   * The lower-case names {@code sql} calls, read the {@code quoting} way: for {@link StatementGuard.Quoting#STANDARD}
   * as {@link #of(String)}; for PostgreSQL's reading (and DuckDB's) dollar quotes, {@code E'...'} strings and
   * nested comments are skipped, {@code "..."} names a function as a bare word does, and {@code [} and
   * {@code `} quote nothing (DuckDB's {@code [f(x)]} is a list holding a call). A name may be qualified
   * ({@code system.main.f(} lists {@code f}) or called as a method ({@code x.f(} lists {@code f}).
   */
  public static List<String> of(String sql, StatementGuard.Quoting quoting) {
    if (quoting == StatementGuard.Quoting.STANDARD) {
      return of(sql);
    }
    List<String> names = new ArrayList<>(4);
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      String name;
      int next;
      if (c == '\'') {
        i = StatementGuard.escapeStringAt(sql, i) ? StatementGuard.skipEscapeString(sql, i)
            : StatementGuard.skipQuoted(sql, i, '\'');
        continue;
      } else if (c == '$') {
        i = StatementGuard.skipDollarQuote(sql, i);
        continue;
      } else if (c == '-' && sql.startsWith("--", i)) {
        i = StatementGuard.skipPostgresLineComment(sql, i);
        continue;
      } else if (c == '/' && sql.startsWith("/*", i)) {
        i = StatementGuard.skipNestedComment(sql, i);
        continue;
      } else if (c == '"') {
        next = StatementGuard.skipQuoted(sql, i, '"');
        name = sql.substring(i + 1, Math.max(i + 1, next - 1)).replace("\"\"", "\"");
      } else if (StatementGuard.isIdentifierPart(c)) {
        next = i + 1;
        while (next < n && StatementGuard.isIdentifierPart(sql.charAt(next))) {
          next++;
        }
        name = sql.substring(i, next);
      } else {
        i++;
        continue;
      }
      int after = StatementGuard.skipPostgresSpaceAndComments(sql, next);
      if (after < n && sql.charAt(after) == '(') {
        names.add(name.toLowerCase(Locale.ROOT));
      }
      i = next;
    }
    return names;
  }

  /** SQLite reads bytes from 0x80 up as identifier characters; letters, digits, _ and $ below. */
  private static boolean isIdentifierPart(char c) {
    return c >= 0x80 || Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
