package dev.llmsql.guard;

import java.util.Locale;

/**
 * The one statement guard, the first wall in front of every database an untrusted statement reaches (SQLite,
 * DuckDB, PostgreSQL, a suite's scratch database): lets through exactly one read-only query
 * ({@code SELECT}, {@code WITH ... SELECT}, {@code VALUES}) and refuses everything else before it reaches the
 * database. It reads keywords, quotes and comments only; llmsql-judge's {@code ParsedStatementGuard} adds a
 * parse where JSqlParser understands the SQL. Behind them stand a read-only connection and, on SQLite,
 * {@code PRAGMA query_only}, no attached databases and no extension loading, so a statement that slips past (a
 * {@code WITH ... DELETE}) still cannot write.
 *
 * <pre>{@code
 * StatementGuard.check("SELECT 1; DROP TABLE t");  // "only one statement may run, but more follows ';' ..."
 * StatementGuard.check("SELECT 1");                // null: allowed
 * }</pre>
 */
public final class StatementGuard {

  private StatementGuard() {
  }

  /**
   * Why {@code sql} may not run, or null when it may.
   *
   * @param sql an untrusted statement
   */
  public static String check(String sql) {
    return refusal(sql, true);
  }

  /**
   * The same decisions as {@link #check(String)}, worded for a throwaway in-memory database (a capability
   * suite's scratch database): no note that the database is read-only, no offset of a second statement.
   *
   * @param sql an untrusted statement
   */
  public static String checkScratch(String sql) {
    return refusal(sql, false);
  }

  /**
   * The refusal of a text an engine's own parser reads as more than one statement where the reading here sees one
   * (PostgreSQL's dollar quotes, backslash escapes and nested comments, DuckDB's lists), or as holding a statement
   * that is no query ({@code statements} 0).
   *
   * @param engine the engine, as its users name it ({@code PostgreSQL}, {@code DuckDB})
   */
  public static String refusalOfEngine(String engine, long statements) {
    return statements == 0
        ? "refused: only SELECT, WITH ... SELECT and VALUES may run, but " + engine + " reads another statement here"
        : "refused: only one statement may run, but " + engine + " reads " + statements + " here";
  }

  private static String refusal(String sql, boolean benchmark) {
    int n = sql.length();
    int start = skipSpaceAndComments(sql, 0);
    while (start < n && sql.charAt(start) == '(') {
      start = skipSpaceAndComments(sql, start + 1);
    }
    int wordEnd = start;
    while (wordEnd < n && Character.isLetter(sql.charAt(wordEnd))) {
      wordEnd++;
    }
    String keyword = sql.substring(start, wordEnd).toUpperCase(Locale.ROOT);
    if (!keyword.equals("SELECT") && !keyword.equals("WITH") && !keyword.equals("VALUES")) {
      return keyword.isEmpty()
          ? "refused: not a query (only SELECT, WITH ... SELECT and VALUES may run)"
          : "refused: " + keyword + " statements may not run (only SELECT, WITH ... SELECT and VALUES"
              + (benchmark ? "; benchmark databases are read-only)" : ")");
    }
    int i = wordEnd;
    while (i < n) {
      char c = sql.charAt(i);
      switch (c) {
        case '\'', '"', '`' -> i = skipQuoted(sql, i, c);
        case '[' -> i = skipQuoted(sql, i, ']');
        case '-' -> i = sql.startsWith("--", i) ? skipLineComment(sql, i) : i + 1;
        case '/' -> i = sql.startsWith("/*", i) ? skipBlockComment(sql, i) : i + 1;
        case ';' -> {
          int rest = i + 1;
          while (true) {
            rest = skipSpaceAndComments(sql, rest);
            if (rest < n && sql.charAt(rest) == ';') {
              rest++;
            } else {
              break;
            }
          }
          return rest >= n ? null
              : "refused: only one statement may run, but more follows ';'" + (benchmark ? " at offset " + i : "");
        }
        default -> i++;
      }
    }
    return null;
  }

  // the one SQL lexer of this package: FunctionCalls reads calls with the same rules for quotes and comments
  static int skipSpaceAndComments(String sql, int i) {
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (sql.startsWith("--", i)) {
        i = skipLineComment(sql, i);
      } else if (sql.startsWith("/*", i)) {
        i = skipBlockComment(sql, i);
      } else {
        break;
      }
    }
    return i;
  }

  static int skipLineComment(String sql, int i) {
    int nl = sql.indexOf('\n', i);
    return nl < 0 ? sql.length() : nl + 1;
  }

  static int skipBlockComment(String sql, int i) {
    int end = sql.indexOf("*/", i + 2);
    return end < 0 ? sql.length() : end + 2;
  }

  /** Index after the closing quote; a doubled quote inside stands for itself, as in SQL. */
  static int skipQuoted(String sql, int i, char close) {
    // String.indexOf, not a loop over chars: an intrinsic, and a loop whose rare escape branch made C2 throw
    // away and recompile every method this is inlined into (docs/PERFORMANCE.md)
    int j = i + 1;
    while (true) {
      int at = sql.indexOf(close, j);
      if (at < 0) {
        return sql.length();
      }
      if (close != ']' && at + 1 < sql.length() && sql.charAt(at + 1) == close) {
        j = at + 2;
      } else {
        return at + 1;
      }
    }
  }
}
