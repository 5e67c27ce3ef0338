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
    int second = secondStatement(sql, wordEnd);
    if (second < 0 && (sql.indexOf('$') >= 0 || sql.indexOf('\\') >= 0)) {
      // PostgreSQL and DuckDB read quotes differently where these characters are: a ';' the standard reading puts
      // inside a string can be outside one there (SELECT $$'$$; COMMIT; --', SELECT E'\''; SET ...; --'), and
      // their drivers run every statement of the text. Refused when either reading finds a second statement.
      second = secondStatementPostgres(sql, wordEnd);
    }
    return second < 0 ? null
        : "refused: only one statement may run, but more follows ';'" + (benchmark ? " at offset " + second : "");
  }

  /** Where a ';' with more after it stands, as standard SQL and SQLite read quotes and comments, or -1. */
  private static int secondStatement(String sql, int from) {
    int n = sql.length();
    int i = from;
    while (i < n) {
      char c = sql.charAt(i);
      switch (c) {
        case '\'', '"', '`' -> i = skipQuoted(sql, i, c);
        case '[' -> i = skipQuoted(sql, i, ']');
        case '-' -> i = sql.startsWith("--", i) ? skipLineComment(sql, i) : i + 1;
        case '/' -> i = sql.startsWith("/*", i) ? skipBlockComment(sql, i) : i + 1;
        case ';' -> {
          return moreAfter(sql, i) ? i : -1;
        }
        default -> i++;
      }
    }
    return -1;
  }

  /**
   * The same, as PostgreSQL and DuckDB read them: dollar quotes ({@code $$...$$}, {@code $tag$...$tag$}), a
   * backslash escaping the next character in a string (E'...' strings, and every string on a server with
   * standard_conforming_strings off), no backtick or bracket quotes.
   */
  private static int secondStatementPostgres(String sql, int from) {
    int n = sql.length();
    int i = from;
    while (i < n) {
      char c = sql.charAt(i);
      switch (c) {
        case '\'' -> i = skipEscapedString(sql, i);
        case '"' -> i = skipQuoted(sql, i, c);
        case '$' -> i = skipDollarQuoted(sql, i);
        case '-' -> i = sql.startsWith("--", i) ? skipLineComment(sql, i) : i + 1;
        case '/' -> i = sql.startsWith("/*", i) ? skipBlockComment(sql, i) : i + 1;
        case ';' -> {
          return moreAfter(sql, i) ? i : -1;
        }
        default -> i++;
      }
    }
    return -1;
  }

  /** Whether anything but blanks, comments and more ';' follows the ';' at {@code semicolon}. */
  private static boolean moreAfter(String sql, int semicolon) {
    int rest = semicolon + 1;
    while (true) {
      rest = skipSpaceAndComments(sql, rest);
      if (rest < sql.length() && sql.charAt(rest) == ';') {
        rest++;
      } else {
        return rest < sql.length();
      }
    }
  }

  /** Index after a string in which a backslash escapes the next character and a doubled quote stands for one. */
  private static int skipEscapedString(String sql, int i) {
    int n = sql.length();
    int j = i + 1;
    while (j < n) {
      char c = sql.charAt(j);
      if (c == '\\') {
        j += 2;
      } else if (c == '\'') {
        if (j + 1 < n && sql.charAt(j + 1) == '\'') {
          j += 2;
        } else {
          return j + 1;
        }
      } else {
        j++;
      }
    }
    return n;
  }

  /**
   * Index after the dollar-quoted string starting at {@code i}, or after the {@code $} when none starts there:
   * after a word character it belongs to the identifier ({@code a$b}), and {@code $1} is a parameter.
   */
  private static int skipDollarQuoted(String sql, int i) {
    int n = sql.length();
    if (i > 0 && isWordOrDollar(sql.charAt(i - 1))) {
      return i + 1;
    }
    int j = i + 1;
    if (j < n && (Character.isLetter(sql.charAt(j)) || sql.charAt(j) == '_' || sql.charAt(j) >= 0x80)) {
      while (j < n && (isWordOrDollar(sql.charAt(j)) && sql.charAt(j) != '$')) {
        j++;
      }
    }
    if (j >= n || sql.charAt(j) != '$') {
      return i + 1;
    }
    String tag = sql.substring(i, j + 1);
    int end = sql.indexOf(tag, j + 1);
    return end < 0 ? n : end + tag.length();
  }

  private static boolean isWordOrDollar(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$' || c >= 0x80;
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
