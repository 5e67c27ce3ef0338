package dev.llmsql.sqlite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The names a statement calls: every identifier (bare, or quoted with {@code ""}, {@code ``} or {@code []})
 * that the next token, past spaces and comments, opens with {@code (}. Read the way {@link StatementGuard}
 * reads: string literals and comments are skipped, whitespace is taken widely, so a call is never missed
 * (a keyword such as {@code IN (} or a CTE's column list is listed too, which only errs on the safe side).
 *
 * <pre>{@code
 * FunctionCalls.of("SELECT COUNT(*) FROM t WHERE x IN (1, 2)");  // [count, in]
 * }</pre>
 */
final class FunctionCalls {

  /**
   * What may precede {@code (} in a statement that runs on the caller's thread: keywords, and the functions
   * whose one call costs at most time linear in its arguments (each bounded by {@code maxValueBytes}), so every
   * native call returns within milliseconds and the deadline (progress handler, interrupt) is seen between
   * them. Anything else, {@code instr}, {@code replace}, {@code trim} (time grows with both arguments' lengths),
   * {@code printf}, a table-valued or a removed function, goes to a worker the caller can abandon.
   */
  static final Set<String> BOUNDED = Set.of(
      // keywords
      "all", "and", "as", "between", "by", "case", "cast", "distinct", "else", "escape", "except", "exists",
      "filter", "from", "glob", "having", "in", "intersect", "is", "join", "like", "limit", "materialized", "not",
      "offset", "on", "or", "over", "partition", "recursive", "select", "then", "union", "using", "values",
      "when", "where", "window", "with",
      // functions linear in their arguments
      "abs", "avg", "ceil", "ceiling", "coalesce", "count", "date", "datetime", "floor", "if", "ifnull", "iif",
      "julianday", "length", "likelihood", "likely", "lower", "max", "min", "nullif", "round", "sign",
      "strftime", "substr", "substring", "sum", "time", "total", "trunc", "typeof", "unixepoch", "unlikely",
      "upper");

  private FunctionCalls() {
  }

  /** The lower-case names {@code sql} calls, in order of appearance, repeats included; empty when none. */
  static List<String> of(String sql) {
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

  /** Whether every one of {@code calls} is in {@link #BOUNDED}. */
  static boolean bounded(List<String> calls) {
    for (String name : calls) {
      if (!BOUNDED.contains(name)) {
        return false;
      }
    }
    return true;
  }

  /** SQLite reads bytes from 0x80 up as identifier characters; letters, digits, _ and $ below. */
  private static boolean isIdentifierPart(char c) {
    return c >= 0x80 || Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }
}
