package dev.llmsql.engine;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the audit reads from a gold query's text without parsing it: the calls whose result varies from run to
 * run, and the normalised text duplicate golds are grouped by. String literals and quoted identifiers are masked
 * first, so a column called "random" or a value 'now()' is not a call.
 */
final class GoldText {

  /** Functions whose result varies between runs, on any engine we run (SQLite, DuckDB, PostgreSQL). */
  private static final Pattern VARYING_CALL = Pattern.compile(
      "\\b(random|randomblob|rand|uuid|gen_random_uuid|now|changes|total_changes|last_insert_rowid"
          + "|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|today|get_current_time)\\s*\\(",
      Pattern.CASE_INSENSITIVE);
  /** SQL's clock keywords, which take no parentheses. */
  private static final Pattern CLOCK_KEYWORD = Pattern.compile(
      "\\b(current_date|current_time|current_timestamp|localtime|localtimestamp)\\b", Pattern.CASE_INSENSITIVE);
  /** SQLite's date functions, which read the clock given 'now' or nothing. */
  private static final Pattern DATE_CALL = Pattern.compile(
      "\\b(date|time|datetime|julianday|strftime|unixepoch|timediff)\\s*\\(", Pattern.CASE_INSENSITIVE);
  /**
   * The time value 'now', in either quote: SQLite reads a double-quoted "now" as a string when no column is named
   * now (it cannot be told here, and a benchmark column named now is rarer than the quote slip).
   */
  private static final Pattern NOW = Pattern.compile("'now'|\"now\"", Pattern.CASE_INSENSITIVE);

  private GoldText() {
  }

  /**
   * {@code sql} with the contents of string literals replaced by {@code s} and of quoted identifiers by
   * {@code i}, the quotes kept: the same length, so positions agree with the original.
   */
  static String masked(String sql) {
    StringBuilder sb = new StringBuilder(sql);
    int i = 0;
    while (i < sb.length()) {
      char c = sb.charAt(i);
      char close = c == '\'' ? '\'' : c == '"' ? '"' : c == '`' ? '`' : c == '[' ? ']' : 0;
      if (close == 0) {
        i++;
        continue;
      }
      char fill = c == '\'' ? 's' : 'i';
      int j = i + 1;
      while (j < sb.length()) {
        if (sb.charAt(j) == close) {
          if (close != ']' && j + 1 < sb.length() && sb.charAt(j + 1) == close) {
            sb.setCharAt(j, fill);
            sb.setCharAt(j + 1, fill);
            j += 2;
            continue;
          }
          break;
        }
        sb.setCharAt(j, fill);
        j++;
      }
      i = j + 1;
    }
    return sb.toString();
  }

  /** The calls of {@code sql} whose result varies from run to run, as written, e.g. {@code random()}, {@code date('now')}. */
  static List<String> varyingCalls(String sql) {
    String masked = masked(sql);
    Set<String> found = new LinkedHashSet<>();
    Matcher m = VARYING_CALL.matcher(masked);
    while (m.find()) {
      found.add(m.group(1).toLowerCase(Locale.ROOT) + "()");
    }
    m = CLOCK_KEYWORD.matcher(masked);
    while (m.find()) {
      found.add(m.group(1).toLowerCase(Locale.ROOT));
    }
    m = DATE_CALL.matcher(masked);
    while (m.find()) {
      int close = closing(masked, m.end() - 1);
      List<String> args = arguments(sql, masked, m.end(), close < 0 ? sql.length() : close);
      String name = m.group(1).toLowerCase(Locale.ROOT);
      // SQLite reads the clock when the time value is missing or 'now': strftime's first argument is its
      // format and its time value the second; timediff's two arguments are both time values
      int first = name.equals("strftime") ? 1 : 0;
      int last = name.equals("timediff") ? 1 : first;
      if (args.size() == first && !name.equals("timediff")) {
        found.add(name + "(" + (first == 0 ? "" : args.get(0)) + ")");
        continue;
      }
      for (int i = first; i <= last && i < args.size(); i++) {
        if (nowAsValue(args.get(i))) {
          found.add(name + "('now')");
          break;
        }
      }
    }
    return new ArrayList<>(found);
  }

  /** A name after FROM or JOIN: quoted (any quotes) or plain, possibly schema-qualified. */
  private static final Pattern TABLE_AFTER = Pattern.compile(
      "\\b(?:from|join)\\s+(\"[^\"]*\"|`[^`]*`|\\[[^\\]]*\\]|[A-Za-z_][\\w$]*(?:\\.[A-Za-z_][\\w$]*)?)",
      Pattern.CASE_INSENSITIVE);

  /**
   * The names written after {@code FROM} and {@code JOIN}, as written, for a gold no parser could read: a
   * sub-query's parenthesis is not a name, so only tables come back (and common table expressions, which the
   * caller's probe finds present).
   */
  static List<String> tablesAfterFrom(String sql) {
    String masked = masked(sql);
    Set<String> found = new LinkedHashSet<>();
    Matcher m = TABLE_AFTER.matcher(masked);
    while (m.find()) {
      found.add(sql.substring(m.start(1), m.end(1)));
    }
    return new ArrayList<>(found);
  }

  /**
   * The arguments of a call whose parentheses enclose {@code from} to {@code to}, each as written and trimmed;
   * commas are split at the call's own depth only, read from the masked text so a comma in a literal is none.
   */
  private static List<String> arguments(String sql, String masked, int from, int to) {
    List<String> args = new ArrayList<>();
    if (sql.substring(from, to).isBlank()) {
      return args;
    }
    int depth = 0;
    int start = from;
    for (int i = from; i < to; i++) {
      char c = masked.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      } else if (c == ',' && depth == 0) {
        args.add(sql.substring(start, i).trim());
        start = i + 1;
      }
    }
    args.add(sql.substring(start, to).trim());
    return args;
  }

  /**
   * Whether {@code arg} passes 'now' on as a value: alone, or as an argument or parenthesized
   * ({@code COALESCE("Hire Date", 'now')}, {@code (('now'))}); not compared ({@code note = 'now'}), not inside a
   * longer literal ({@code 'x''now''y'}) or a comment.
   */
  private static boolean nowAsValue(String arg) {
    java.util.regex.Matcher m = NOW.matcher(arg);
    while (m.find()) {
      int before = m.start() - 1;
      while (before >= 0 && Character.isWhitespace(arg.charAt(before))) {
        before--;
      }
      int after = m.end();
      while (after < arg.length() && Character.isWhitespace(arg.charAt(after))) {
        after++;
      }
      boolean opens = before < 0 || arg.charAt(before) == '(' || arg.charAt(before) == ',';
      boolean closes = after == arg.length() || arg.charAt(after) == ')' || arg.charAt(after) == ',';
      if (opens && closes) {
        return true;
      }
    }
    return false;
  }

  /** The index of the parenthesis closing the one at {@code open} in masked text, or -1. */
  private static int closing(String masked, int open) {
    int depth = 0;
    for (int i = open; i < masked.length(); i++) {
      char c = masked.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The text duplicate golds are compared by: lower case outside string literals, runs of white space as one
   * space and none beside punctuation, no trailing semicolon.
   */
  static String normalised(String sql) {
    StringBuilder sb = new StringBuilder(sql.length());
    boolean space = false;
    boolean literal = false;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (literal) {
        sb.append(c);
        // a doubled quote inside a literal is two quote characters: the state flips twice
        literal = c != '\'';
        continue;
      }
      if (Character.isWhitespace(c)) {
        space = true;
        continue;
      }
      if (space && sb.length() > 0 && !punctuation(sb.charAt(sb.length() - 1)) && !punctuation(c)) {
        sb.append(' ');
      }
      space = false;
      literal = c == '\'';
      sb.append(Character.toLowerCase(c));
    }
    String text = sb.toString();
    while (text.endsWith(";")) {
      text = text.substring(0, text.length() - 1).stripTrailing();
    }
    return text;
  }

  private static boolean punctuation(char c) {
    return "(),=<>+-*/;".indexOf(c) >= 0;
  }
}
