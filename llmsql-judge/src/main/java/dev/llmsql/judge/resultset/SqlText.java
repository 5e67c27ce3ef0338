package dev.llmsql.judge.resultset;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A small SQL tokenizer for the rewrites execution judges need: Spider's DISTINCT stripping and operator
 * repair, and finding a top-level {@code ORDER BY} without being fooled by strings, comments and
 * sub-queries.
 *
 * <pre>{@code
 * SqlText.hasTopLevelOrderBy("SELECT a FROM t WHERE b IN (SELECT b FROM u ORDER BY c)");   // false
 * }</pre>
 */
final class SqlText {

  private SqlText() {
  }

  /** A token: its text and whether it is a bare word (keyword or unquoted identifier). */
  record Token(String text, boolean word) {
  }

  static List<Token> tokens(String sql) {
    List<Token> tokens = new ArrayList<>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      int start = i;
      if (c == '\'' || c == '"' || c == '`' || c == '[') {
        char close = c == '[' ? ']' : c;
        i++;
        while (i < n) {
          if (sql.charAt(i) == close) {
            if (close != ']' && i + 1 < n && sql.charAt(i + 1) == close) {
              i += 2;
              continue;
            }
            i++;
            break;
          }
          i++;
        }
        tokens.add(new Token(sql.substring(start, i), false));
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
        tokens.add(new Token(sql.substring(start, i), false));
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int end = sql.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
        tokens.add(new Token(sql.substring(start, i), false));
      } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$') {
        while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_'
            || sql.charAt(i) == '$')) {
          i++;
        }
        tokens.add(new Token(sql.substring(start, i), true));
      } else {
        i++;
        tokens.add(new Token(sql.substring(start, i), false));
      }
    }
    return tokens;
  }

  /** Whether the statement itself (not a sub-query, string or comment) has an {@code ORDER BY}. */
  static boolean hasTopLevelOrderBy(String sql) {
    int depth = 0;
    boolean afterOrder = false;
    for (Token t : tokens(sql)) {
      String text = t.text();
      if (text.isBlank() || text.startsWith("--") || text.startsWith("/*")) {
        continue;
      }
      if (text.equals("(")) {
        depth++;
      } else if (text.equals(")")) {
        depth--;
      } else if (depth == 0 && t.word()) {
        String word = text.toUpperCase(Locale.ROOT);
        if (afterOrder && word.equals("BY")) {
          return true;
        }
        afterOrder = word.equals("ORDER");
        continue;
      }
      afterOrder = false;
    }
    return false;
  }

  /**
   * Removes every {@code DISTINCT} keyword, as Spider's evaluator does by default (surrounding spaces
   * stay; quoted names and strings are untouched).
   */
  static String stripDistinct(String sql) {
    StringBuilder sb = new StringBuilder(sql.length());
    for (Token t : tokens(sql)) {
      if (!(t.word() && t.text().equalsIgnoreCase("distinct"))) {
        sb.append(t.text());
      }
    }
    return sb.toString();
  }

  /**
   * Spider's repair of tokenised comparison operators: {@code "> ="}, {@code "< ="} and {@code "! ="}
   * become {@code >=}, {@code <=} and {@code !=}, as a plain text replacement (as Spider does it, even
   * inside strings).
   */
  static String repairOperators(String sql) {
    return sql.replace("> =", ">=").replace("< =", "<=").replace("! =", "!=");
  }
}
