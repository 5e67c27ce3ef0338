package dev.llmsql.guard;

import static java.util.Objects.requireNonNull;

import java.util.Locale;

/**
 * The one statement guard, the first wall in front of every database an untrusted statement reaches (SQLite,
 * DuckDB, PostgreSQL, a suite's scratch database): lets through exactly one read-only query
 * ({@code SELECT}, {@code WITH ... SELECT}, {@code VALUES}) and refuses everything else before it reaches the
 * database. It reads keywords, quotes and comments only, each engine's own way ({@link Quoting}); llmsql-judge's
 * {@code ParsedStatementGuard} adds a parse where JSqlParser understands the SQL. Behind them stand a read-only
 * connection and, on SQLite, {@code PRAGMA query_only}, no attached databases and no extension loading, so a
 * statement that slips past (a {@code WITH ... DELETE}) still cannot write.
 *
 * <pre>{@code
 * StatementGuard.check("SELECT 1; DROP TABLE t");  // "only one statement may run, but more follows ';' ..."
 * StatementGuard.check("SELECT 1");                // null: allowed
 * StatementGuard.check("SELECT $$a;b$$", StatementGuard.Quoting.POSTGRESQL);  // null: one dollar-quoted string
 * }</pre>
 */
public final class StatementGuard {

  /** How a text's quotes and comments are read, to find its first keyword and a ';' that ends a statement. */
  public enum Quoting {
    /**
     * The reading of no engine in particular, and SQLite's: {@code '...'}, {@code "..."}, {@code `...`} and
     * {@code [...]} quote, a doubled quote stands for itself, {@code --} comments end at a newline, block comments
     * do not nest, and {@code $} starts a parameter name.
     */
    STANDARD,
    /**
     * PostgreSQL's lexer, which DuckDB's parser inherits: dollar quotes ({@code $$...$$}, {@code $tag$...$tag$},
     * the tag case-sensitive and not starting with a digit, none right after a letter, digit, {@code _} or
     * {@code $}), {@code E'...'} strings with backslash escapes (going on in a {@code '...'} past a newline),
     * nested block comments, {@code --} comments ending at {@code \r} too; {@code `} and {@code [} quote nothing.
     * Only for an engine whose own parser also counts a text's statements before it runs: a server with
     * {@code standard_conforming_strings} off reads backslashes in every string, which this reading does not.
     * Whitespace is PostgreSQL's: space, tab, {@code \n}, {@code \r}, form feed and vertical tab; any other
     * character from U+0080 up, a Unicode space included, is part of a name there.
     */
    POSTGRESQL,
    /**
     * The {@link #POSTGRESQL} reading, for DuckDB, whose parser first turns some Unicode spaces (U+00A0,
     * U+2000 to U+200B, U+202F, U+205F, U+2060, U+3000, U+FEFF) into plain spaces, by a reading of quotes of its
     * own, where PostgreSQL's lexer reads them as part of a name: a text holding one outside quotes and comments
     * is refused, since a quote or a statement after it could be read two ways
     * ({@code SELECT}, U+00A0, {@code $$'$$; CREATE ...} was one string to the PostgreSQL reading, two
     * statements to DuckDB).
     */
    DUCKDB
  }

  static {
    // Loads Character's table for U+0100 to U+FFFF before C2 compiles the scanners. While Latin-1's is the only
    // one loaded, C2 binds every inlined Character query to it; the first other character a run meets, often
    // thousands of statements in, loads the next table and throws that code away: FunctionCalls.of, refusal and
    // the other methods that inlined a Character query compiled again, mid-run (docs/PERFORMANCE.md, twelfth pass)
    Character.isWhitespace('\u2028');
  }

  private StatementGuard() {
  }

  /**
   * Why {@code sql} may not run, or null when it may; quotes and comments read the {@link Quoting#STANDARD} way.
   *
   * @param sql an untrusted statement
   */
  public static String check(String sql) {
    return refusal(sql, Quoting.STANDARD, true);
  }

  /**
   * Why {@code sql} may not run on an engine that reads quotes and comments the {@code quoting} way, or null when
   * it may: a ';' in that engine's own quotes ({@code SELECT $$a;b$$} on PostgreSQL) ends no statement.
   *
   * @param sql an untrusted statement
   */
  public static String check(String sql, Quoting quoting) {
    return refusal(sql, requireNonNull(quoting, "quoting"), true);
  }

  /**
   * The same decisions as {@link #check(String)}, worded for a throwaway in-memory database (a capability
   * suite's scratch database): no note that the database is read-only, no offset of a second statement.
   *
   * @param sql an untrusted statement
   */
  public static String checkScratch(String sql) {
    return refusal(sql, Quoting.STANDARD, false);
  }

  /**
   * The refusal of a text an engine's own parser reads as more than one statement where the reading here sees one
   * (a server whose strings take backslash escapes, a driver that splits a text its own way), or as holding a
   * statement that is no query ({@code statements} 0).
   *
   * @param engine the engine, as its users name it ({@code PostgreSQL}, {@code DuckDB})
   */
  public static String refusalOfEngine(String engine, long statements) {
    return statements == 0
        ? "refused: only SELECT, WITH ... SELECT and VALUES may run, but " + engine + " reads another statement here"
        : "refused: only one statement may run, but " + engine + " reads " + statements + " here";
  }

  /**
   * Whether PostgreSQL reads no statement in {@code text}, as its lexer reads it: nothing but its spaces
   * ({@code ' '}, tab, {@code \n}, {@code \r}, form feed), {@code --} comments to a {@code \n} or {@code \r} and
   * block comments that nest and end. A driver that splits a text at ';' sends such a piece on its own (pgjdbc
   * does), and the server answers it with an empty query, which runs nothing. Any other character, a Unicode space
   * included (part of a name there), and an unterminated comment (an error there) hold something:
   * {@code " -- done"} holds no statement, {@code " -- x\nSELECT 2"} holds one.
   *
   * @param text the piece of a statement's text a driver would send on its own
   */
  public static boolean isPostgresBlank(String text) {
    int n = text.length();
    int i = 0;
    while (i < n) {
      char c = text.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
        i++;
      } else if (text.startsWith("--", i)) {
        i = skipPostgresLineComment(text, i);
      } else if (text.startsWith("/*", i)) {
        i = nestedCommentEnd(text, i);
        if (i < 0) {
          return false;
        }
      } else {
        return false;
      }
    }
    return true;
  }

  /**
   * The refusal of a call to a function an engine does not let an untrusted statement run: it runs SQL from a
   * string or a serialized plan, reads raw memory, reads files, or changes state every later statement sees.
   *
   * @param engine the engine, as its users name it ({@code DuckDB})
   * @param function the function's name as the engine knows it, lower-case
   * @param why what the function would do, as a clause ({@code it runs SQL from a string})
   */
  public static String refusalOfFunction(String engine, String function, String why) {
    return "refused: " + function + "() may not run on " + engine + " (" + why + ")";
  }

  /**
   * Why PostgreSQL may not run {@code sql} for a function it calls, or null when it calls none of them: functions
   * that a read-only transaction and its rollback do not contain, each of which a role without any privilege may
   * call. {@code pg_terminate_backend} and {@code pg_cancel_backend} end or cancel the statements of the role's
   * other sessions (another thread's gold or prediction); the advisory lock functions, session and transaction
   * ones alike, hold up every session asking for the same lock and fill the server's shared lock table, and a
   * session lock outlives the rollback on its pooled connection; {@code setseed}, and {@code set_config} with
   * {@code 'seed'} (a setting the rollback resets, but not the generator it seeded), fix what {@code random()}
   * returns to later statements on that connection; {@code pg_logical_emit_message} writes to the server's
   * write-ahead log, which no rollback undoes; and {@code query_to_xml}, {@code query_to_xmlschema},
   * {@code query_to_xml_and_xmlschema}, {@code ts_stat} and {@code ts_rewrite} run SQL given as text, whose calls
   * no reading of the statement sees. The calls are read by {@link FunctionCalls#of(String, Quoting)} with
   * PostgreSQL's quotes and comments, schema-qualified, quoted ({@code "pg_terminate_backend"(}), written with
   * Unicode escapes ({@code U&"..."}, with whatever {@code UESCAPE} string: decoded with each character the name
   * holds) or in attribute notation ({@code (pid).pg_cancel_backend}) alike, once with
   * {@code '...'} strings standard and once with backslash escapes in them (a server with
   * {@code standard_conforming_strings} off), so a string that hides a call from one reading does not hide it.
   *
   * <pre>{@code
   * StatementGuard.refusalOfPostgresCalls("SELECT pg_advisory_lock(42)");  // "refused: pg_advisory_lock() ..."
   * StatementGuard.refusalOfPostgresCalls("SELECT 'pg_advisory_lock(42)'");  // null: a string
   * }</pre>
   *
   * @param sql an untrusted statement
   */
  public static String refusalOfPostgresCalls(String sql) {
    String refusal = refusalOfPostgresCalls(FunctionCalls.ofPostgres(sql, false));
    // the second reading only differs where a backslash is
    return refusal != null || sql.indexOf('\\') < 0 ? refusal
        : refusalOfPostgresCalls(FunctionCalls.ofPostgres(sql, true));
  }

  private static String refusalOfPostgresCalls(java.util.List<String> calls) {
    for (String name : calls) {
      String why = switch (name) {
        case "pg_terminate_backend", "pg_cancel_backend" -> "it stops the statements of other sessions";
        case "setseed" -> "the seed outlives the statement on its pooled connection";
        case "set_config" -> "the random seed it can set outlives the statement on its pooled connection";
        case "pg_logical_emit_message" -> "it writes to the server's write-ahead log, which no rollback undoes";
        case "query_to_xml", "query_to_xmlschema", "query_to_xml_and_xmlschema", "ts_stat", "ts_rewrite" ->
            "it runs SQL given as text, whose calls cannot be checked";
        default -> name.startsWith("pg_advisory_") || name.startsWith("pg_try_advisory_")
            ? "advisory locks hold up other sessions, and a session's outlives the statement" : null;
      };
      if (why != null) {
        return refusalOfFunction("PostgreSQL", name, why);
      }
    }
    return null;
  }

  private static String refusal(String sql, Quoting quoting, boolean benchmark) {
    boolean postgres = quoting != Quoting.STANDARD;
    int n = sql.length();
    if (quoting == Quoting.DUCKDB) {
      int space = duckDbSpace(sql);
      if (space >= 0) {
        return String.format(Locale.ROOT, "refused: a Unicode space (U+%04X) at offset %d, outside quotes and "
            + "comments, which DuckDB reads as a plain space; write an ordinary space", (int) sql.charAt(space),
            space);
      }
    }
    int start = skipSpaceAndComments(sql, 0, postgres);
    while (start < n && sql.charAt(start) == '(') {
      start = skipSpaceAndComments(sql, start + 1, postgres);
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
    int i = postgres ? postgresSemicolon(sql, wordEnd) : semicolon(sql, wordEnd);
    if (i >= n) {
      return null;
    }
    int rest = i + 1;
    while (true) {
      rest = skipSpaceAndComments(sql, rest, postgres);
      if (rest < n && sql.charAt(rest) == ';') {
        rest++;
      } else {
        break;
      }
    }
    return rest >= n ? null
        : "refused: only one statement may run, but more follows ';'" + (benchmark ? " at offset " + i : "");
  }

  /** Index of the first ';' from {@code i} outside quotes and comments read the standard way, or the length. */
  private static int semicolon(String sql, int i) {
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      switch (c) {
        case '\'', '"', '`' -> i = skipQuoted(sql, i, c);
        case '[' -> i = skipQuoted(sql, i, ']');
        case '-' -> i = sql.startsWith("--", i) ? skipLineComment(sql, i) : i + 1;
        case '/' -> i = sql.startsWith("/*", i) ? skipBlockComment(sql, i) : i + 1;
        case ';' -> {
          return i;
        }
        default -> i++;
      }
    }
    return n;
  }

  /** Index of the first ';' from {@code i} outside quotes and comments as PostgreSQL reads them, or the length. */
  private static int postgresSemicolon(String sql, int i) {
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      switch (c) {
        case '\'' -> i = escapeStringAt(sql, i) ? skipEscapeString(sql, i) : skipQuoted(sql, i, '\'');
        case '"' -> i = skipQuoted(sql, i, '"');
        case '$' -> i = skipDollarQuote(sql, i);
        case '-' -> i = sql.startsWith("--", i) ? skipPostgresLineComment(sql, i) : i + 1;
        case '/' -> i = sql.startsWith("/*", i) ? skipNestedComment(sql, i) : i + 1;
        case ';' -> {
          return i;
        }
        default -> i++;
      }
    }
    return n;
  }

  /**
   * Index of the first character DuckDB turns into a plain space ({@link Quoting#DUCKDB}) outside quotes and
   * comments as PostgreSQL's lexer reads them, a dollar quote's tag counted as outside, or -1. Inside a quote or
   * comment such a space changes no token's end, whichever way it is read; outside it does.
   */
  private static int duckDbSpace(String sql) {
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (isDuckDbSpace(c)) {
        return i;
      }
      switch (c) {
        case '\'' -> i = escapeStringAt(sql, i) ? skipEscapeString(sql, i) : skipQuoted(sql, i, '\'');
        case '"' -> i = skipQuoted(sql, i, '"');
        case '$' -> {
          int end = skipDollarQuote(sql, i);
          if (end > i + 1) {
            // DuckDB reads a tag's Unicode space as a space, so its dollar quote may end elsewhere or be none
            for (int j = i + 1; sql.charAt(j) != '$'; j++) {
              if (isDuckDbSpace(sql.charAt(j))) {
                return j;
              }
            }
          }
          i = end;
        }
        case '-' -> i = sql.startsWith("--", i) ? skipPostgresLineComment(sql, i) : i + 1;
        case '/' -> i = sql.startsWith("/*", i) ? skipNestedComment(sql, i) : i + 1;
        default -> i++;
      }
    }
    return -1;
  }

  /** The Unicode spaces DuckDB 1.4's parser turns into plain spaces before its PostgreSQL lexer reads a text. */
  private static boolean isDuckDbSpace(char c) {
    return c == '\u00A0' || c >= '\u2000' && c <= '\u200B' || c == '\u202F' || c == '\u205F' || c == '\u2060'
        || c == '\u3000' || c == '\uFEFF';
  }

  /**
   * PostgreSQL's whitespace: space, tab, {@code \n}, {@code \r}, form feed, and vertical tab (since PostgreSQL 16;
   * an error before, as on DuckDB, so reading it as a space only lets the engine refuse it). Not
   * {@link Character#isWhitespace}: a Unicode space is part of a name there.
   */
  static boolean isPostgresSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000B';
  }

  private static int skipSpaceAndComments(String sql, int i, boolean postgres) {
    return postgres ? skipPostgresSpaceAndComments(sql, i) : skipSpaceAndComments(sql, i);
  }

  // the standard reading's lexer: FunctionCalls reads calls with the same rules for quotes and comments
  static int skipSpaceAndComments(String sql, int i) {
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      // the character first: the usual one after a name is no comment, and the compiled loop need not hold startsWith
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && sql.startsWith("--", i)) {
        i = skipLineComment(sql, i);
      } else if (c == '/' && sql.startsWith("/*", i)) {
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

  static int skipPostgresSpaceAndComments(String sql, int i) {
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (isPostgresSpace(c)) {
        i++;
      } else if (c == '-' && sql.startsWith("--", i)) {
        i = skipPostgresLineComment(sql, i);
      } else if (c == '/' && sql.startsWith("/*", i)) {
        i = skipNestedComment(sql, i);
      } else {
        break;
      }
    }
    return i;
  }

  /** Index after a {@code --} comment's end of line: PostgreSQL's and DuckDB's end at a {@code \r} as well. */
  static int skipPostgresLineComment(String sql, int i) {
    int n = sql.length();
    for (int j = i + 2; j < n; j++) {
      char c = sql.charAt(j);
      if (c == '\n' || c == '\r') {
        return j + 1;
      }
    }
    return n;
  }

  /** Index after a block comment whose inner {@code /*}s each need their own {@code *}{@code /}. */
  static int skipNestedComment(String sql, int i) {
    int end = nestedCommentEnd(sql, i);
    return end < 0 ? sql.length() : end;
  }

  /** Index after the nested block comment opening at {@code i}, or -1 when it does not end. */
  private static int nestedCommentEnd(String sql, int i) {
    int n = sql.length();
    int depth = 0;
    while (i < n) {
      if (sql.startsWith("/*", i)) {
        depth++;
        i += 2;
      } else if (sql.startsWith("*/", i)) {
        i += 2;
        if (--depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    return -1;
  }

  /**
   * Whether the quote at {@code i} opens an {@code E'...'} string: an E right before it that is a word of its own
   * ({@code name'...'} is a name and a plain string).
   */
  static boolean escapeStringAt(String sql, int i) {
    if (i < 1) {
      return false;
    }
    char e = sql.charAt(i - 1);
    return (e == 'E' || e == 'e') && (i < 2 || !isIdentifierPart(sql.charAt(i - 2)));
  }

  /**
   * Index after an {@code E'...'} string opening at {@code i}: a backslash escapes the next character, a doubled
   * quote stands for itself, and a {@code '...'} after blanks holding a newline (and {@code --} comments) goes on
   * with the same escapes, as PostgreSQL's lexer continues a string.
   */
  static int skipEscapeString(String sql, int i) {
    int n = sql.length();
    int j = i + 1;
    while (j < n) {
      char c = sql.charAt(j);
      if (c == '\\') {
        j += 2;
      } else if (c != '\'') {
        j++;
      } else if (j + 1 < n && sql.charAt(j + 1) == '\'') {
        j += 2;
      } else {
        int next = continuedQuote(sql, j + 1);
        if (next < 0) {
          return j + 1;
        }
        j = next + 1;
      }
    }
    return n;
  }

  /** Index of the quote that continues a string ending before {@code i}, or -1 when none does. */
  private static int continuedQuote(String sql, int i) {
    int n = sql.length();
    boolean newline = false;
    while (i < n) {
      char c = sql.charAt(i);
      if (c == '\n' || c == '\r') {
        newline = true;
        i++;
      } else if (c == ' ' || c == '\t' || c == '\f' || c == '\u000B') {
        i++;
      } else if (sql.startsWith("--", i)) {
        while (i < n && sql.charAt(i) != '\n' && sql.charAt(i) != '\r') {
          i++;
        }
      } else {
        return newline && c == '\'' ? i : -1;
      }
    }
    return -1;
  }

  /**
   * Index after a dollar quote opening at {@code i}, or {@code i + 1} when the {@code $} opens none: a parameter
   * ({@code $1}), part of a name ({@code a$$}), or a tag that is no name ({@code $1a$}). pgjdbc, which splits
   * what runs on PostgreSQL, opens none after a digit either.
   */
  static int skipDollarQuote(String sql, int i) {
    int n = sql.length();
    if (i > 0 && isIdentifierPart(sql.charAt(i - 1))) {
      return i + 1;
    }
    int j = i + 1;
    if (j < n && sql.charAt(j) != '$') {
      if (!isIdentifierStart(sql.charAt(j))) {
        return i + 1;
      }
      while (j < n && sql.charAt(j) != '$' && isIdentifierPart(sql.charAt(j))) {
        j++;
      }
    }
    if (j >= n || sql.charAt(j) != '$') {
      return i + 1;
    }
    String delimiter = sql.substring(i, j + 1);
    int end = sql.indexOf(delimiter, j + 1);
    return end < 0 ? n : end + delimiter.length();
  }

  private static boolean isIdentifierStart(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c > 127;
  }

  static boolean isIdentifierPart(char c) {
    return isIdentifierStart(c) || c >= '0' && c <= '9' || c == '$';
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
