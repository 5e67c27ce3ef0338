package dev.llmsql.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The SQL characteristics of a (gold) query that NL2SQL360 breaks scores down by, read from its tokens once:
 * joins ({@code joins=0}, {@code joins=1}, {@code joins=2+}: JOIN keywords and commas between FROM items),
 * {@code nested} (a SELECT in parentheses), {@code group_by}, {@code having}, {@code order_by} (outside a window),
 * {@code limit}, {@code set_operation} (UNION, INTERSECT, EXCEPT), {@code aggregation} (count, sum, avg, min, max,
 * total, group_concat called), {@code window} (OVER), {@code distinct}, {@code like}, and the number of distinct
 * tables read ({@code tables=0} ... {@code tables=3+}). Strings, comments and quoted names never count as keywords.
 * A tokenizer, not a parser: it reads any dialect and never fails.
 *
 * <pre>{@code
 * SqlCharacteristics c = SqlCharacteristics.of("SELECT count(*) FROM a JOIN b ON a.id = b.id WHERE x LIKE 'y%'");
 * c.labels();   // [joins=1, aggregation, like, tables=2]
 * c.tables();   // [a, b]
 * }</pre>
 *
 * @param labels the characteristics, in the order above
 * @param tables the table names read (lower-cased, unquoted), in order of appearance
 * @param normalized the query's tokens joined by single spaces, keywords and names lower-cased, strings kept, a
 *     trailing semicolon dropped: equal for queries that differ only in case and spacing (for query variance
 *     testing)
 */
public record SqlCharacteristics(List<String> labels, List<String> tables, String normalized) {

  /** Every label in order: what a breakdown by characteristic lists. */
  public static final List<String> LABELS = List.of("joins=0", "joins=1", "joins=2+", "nested", "group_by",
      "having", "order_by", "limit", "set_operation", "aggregation", "window", "distinct", "like", "tables=0",
      "tables=1", "tables=2", "tables=3+");

  private static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "total",
      "group_concat");
  private static final Set<String> FROM_ENDS = Set.of("where", "group", "order", "limit", "having", "union",
      "intersect", "except", "window", "on", "using", "join", "inner", "left", "right", "full", "cross",
      "natural", "outer");

  public SqlCharacteristics {
    labels = List.copyOf(labels);
    tables = List.copyOf(tables);
  }

  /** A token: its text (lower-cased unless a string) and whether it is a word, a string or a quoted name. */
  private record Token(String text, char kind) {
    boolean is(String word) {
      return kind == 'w' && text.equals(word);
    }
  }

  /** The characteristics of {@code sql}; blank SQL has none but {@code joins=0} and {@code tables=0}. */
  public static SqlCharacteristics of(String sql) {
    List<Token> toks = tokens(sql == null ? "" : sql);
    int joins = 0;
    boolean nested = false;
    boolean groupBy = false;
    boolean having = false;
    boolean orderBy = false;
    boolean limit = false;
    boolean setOp = false;
    boolean aggregation = false;
    boolean window = false;
    boolean distinct = false;
    boolean like = false;
    // each name read where a table goes, with its token index: whether it is a CTE's depends on where it stands
    List<String> read = new ArrayList<>();
    List<Integer> readAt = new ArrayList<>();
    // the paren depth of each open FROM list (-1: none), and the depths of open OVER(...) windows
    List<Integer> fromDepths = new ArrayList<>();
    List<Integer> overDepths = new ArrayList<>();
    int depth = 0;
    boolean expectTable = false;
    for (int i = 0; i < toks.size(); i++) {
      Token t = toks.get(i);
      Token next = i + 1 < toks.size() ? toks.get(i + 1) : null;
      Token prev = i > 0 ? toks.get(i - 1) : null;
      if (t.kind == 'p') {
        if (t.text.equals("(")) {
          depth++;
          expectTable = false;
        } else if (t.text.equals(")")) {
          overDepths.remove(Integer.valueOf(depth));
          fromDepths.remove(Integer.valueOf(depth));
          depth--;
        } else if (t.text.equals(",") && fromDepths.contains(depth)) {
          joins++;
          expectTable = true;
        }
        continue;
      }
      if (expectTable && (t.kind == 'w' || t.kind == 'q')) {
        read.add(t.text);
        readAt.add(i);
        expectTable = false;
        continue;
      }
      expectTable = false;
      if (t.kind != 'w') {
        continue;
      }
      switch (t.text) {
        case "select" -> {
          if (prev != null && prev.text.equals("(") && prev.kind == 'p') {
            nested = true;
          }
        }
        case "from" -> {
          fromDepths.remove(Integer.valueOf(depth));
          fromDepths.add(depth);
          expectTable = true;
        }
        case "join" -> {
          joins++;
          expectTable = true;
        }
        case "group" -> groupBy |= next != null && next.is("by");
        case "having" -> having = true;
        case "order" -> orderBy |= next != null && next.is("by") && !overDepths.contains(depth);
        case "limit" -> limit = true;
        case "union", "intersect", "except" -> setOp = true;
        case "distinct" -> distinct = true;
        case "like" -> like = true;
        case "over" -> {
          window = true;
          if (next != null && next.text.equals("(")) {
            overDepths.add(depth + 1);
          }
        }
        default -> {
          if (AGGREGATES.contains(t.text) && next != null && next.kind == 'p' && next.text.equals("(")) {
            aggregation = true;
          }
        }
      }
      if (FROM_ENDS.contains(t.text)) {
        fromDepths.remove(Integer.valueOf(depth));
      }
    }
    List<String> labels = new ArrayList<>();
    labels.add(joins == 0 ? "joins=0" : joins == 1 ? "joins=1" : "joins=2+");
    add(labels, nested, "nested");
    add(labels, groupBy, "group_by");
    add(labels, having, "having");
    add(labels, orderBy, "order_by");
    add(labels, limit, "limit");
    add(labels, setOp, "set_operation");
    add(labels, aggregation, "aggregation");
    add(labels, window, "window");
    add(labels, distinct, "distinct");
    add(labels, like, "like");
    // a common table expression's name is read like a table, but after its definition (or inside a recursive
    // one's own) it is the query's own; inside its body before that the name is the real table's
    Map<String, List<Cte>> ctes = ctes(toks);
    Set<String> tables = new LinkedHashSet<>();
    for (int k = 0; k < read.size(); k++) {
      int at = readAt.get(k);
      if (ctes.getOrDefault(read.get(k), List.of()).stream().noneMatch(cte -> cte.names(at))) {
        tables.add(read.get(k));
      }
    }
    labels.add(tables.size() >= 3 ? "tables=3+" : "tables=" + tables.size());
    StringBuilder normalized = new StringBuilder();
    int end = toks.size();
    while (end > 0 && toks.get(end - 1).kind == 'p' && toks.get(end - 1).text.equals(";")) {
      end--;
    }
    for (int i = 0; i < end; i++) {
      Token t = toks.get(i);
      normalized.append(i == 0 ? "" : " ").append(t.kind == 's' ? "'" + t.text + "'" : t.text);
    }
    return new SqlCharacteristics(labels, new ArrayList<>(tables), normalized.toString());
  }

  /**
   * A common table expression: where its body starts and ends, where the query its WITH belongs to ends (token
   * indices: the parenthesis closing the sub-query, or the end), and whether its WITH is recursive.
   */
  private record Cte(int bodyStart, int bodyEnd, int scopeEnd, boolean recursive) {

    /**
     * Whether the name read at token {@code at} is this CTE: after its body, or inside a recursive one's, and
     * within the query that defines it (outside a sub-query's WITH the name is the real table's again).
     */
    boolean names(int at) {
      return at < scopeEnd && (at >= bodyEnd || recursive && at >= bodyStart);
    }
  }

  /** The CTEs a WITH clause defines ({@code WITH [RECURSIVE] name [(columns)] AS [NOT] [MATERIALIZED] (...)}). */
  private static Map<String, List<Cte>> ctes(List<Token> toks) {
    Map<String, List<Cte>> names = new java.util.HashMap<>();
    for (int i = 0; i < toks.size(); i++) {
      if (!toks.get(i).is("with")) {
        continue;
      }
      int scopeEnd = enclosingEnd(toks, i);
      boolean recursive = i + 1 < toks.size() && toks.get(i + 1).is("recursive");
      int j = recursive ? i + 2 : i + 1;
      while (j < toks.size() && (toks.get(j).kind == 'w' || toks.get(j).kind == 'q')) {
        String name = toks.get(j).text;
        j = skipParens(toks, j + 1);
        if (j >= toks.size() || !toks.get(j).is("as")) {
          break;
        }
        j++;
        while (j < toks.size() && (toks.get(j).is("not") || toks.get(j).is("materialized"))) {
          j++;
        }
        int body = j;
        j = skipParens(toks, j);
        names.computeIfAbsent(name, k -> new ArrayList<>()).add(new Cte(body, j, scopeEnd, recursive));
        if (j >= toks.size() || !(toks.get(j).kind == 'p' && toks.get(j).text.equals(","))) {
          break;
        }
        j++;
      }
    }
    return names;
  }

  /** The index of the parenthesis closing the group that token {@code i} stands in, or the end when none. */
  private static int enclosingEnd(List<Token> toks, int i) {
    int depth = 0;
    for (int j = i + 1; j < toks.size(); j++) {
      Token t = toks.get(j);
      if (t.kind == 'p' && t.text.equals("(")) {
        depth++;
      } else if (t.kind == 'p' && t.text.equals(")") && depth-- == 0) {
        return j;
      }
    }
    return toks.size();
  }

  /** The index after the parenthesized group starting at {@code i}, or {@code i} when none starts there. */
  private static int skipParens(List<Token> toks, int i) {
    if (i >= toks.size() || toks.get(i).kind != 'p' || !toks.get(i).text.equals("(")) {
      return i;
    }
    int depth = 0;
    for (int j = i; j < toks.size(); j++) {
      Token t = toks.get(j);
      if (t.kind == 'p' && t.text.equals("(")) {
        depth++;
      } else if (t.kind == 'p' && t.text.equals(")") && --depth == 0) {
        return j + 1;
      }
    }
    return toks.size();
  }

  private static void add(List<String> labels, boolean present, String label) {
    if (present) {
      labels.add(label);
    }
  }

  /**
   * Words (lower-cased; a dotted name {@code t.c} stays one word), strings ({@code '...'}, kept as written), quoted
   * names ({@code "x"}, {@code `x`}, {@code [x]}, lower-cased), numbers and one-character punctuation; comments
   * dropped.
   */
  private static List<Token> tokens(String sql) {
    List<Token> out = new ArrayList<>();
    int n = sql.length();
    int i = 0;
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        int close = sql.indexOf("*/", i + 2);
        i = close < 0 ? n : close + 2;
      } else if (c == '\'') {
        StringBuilder s = new StringBuilder();
        i++;
        while (i < n) {
          if (sql.charAt(i) == '\'' && i + 1 < n && sql.charAt(i + 1) == '\'') {
            s.append("''");
            i += 2;
          } else if (sql.charAt(i) == '\'') {
            i++;
            break;
          } else {
            s.append(sql.charAt(i++));
          }
        }
        out.add(new Token(s.toString(), 's'));
      } else if (c == '"' || c == '`' || c == '[') {
        char close = c == '[' ? ']' : c;
        int end = sql.indexOf(close, i + 1);
        end = end < 0 ? n : end;
        out.add(new Token(sql.substring(i + 1, end).toLowerCase(Locale.ROOT), 'q'));
        i = end + 1;
      } else if (Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.' && i + 1 < n
          && Character.isLetterOrDigit(sql.charAt(i + 1))) {
        int start = i;
        while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_' || sql.charAt(i) == '$'
            || sql.charAt(i) == '.')) {
          i++;
        }
        out.add(new Token(sql.substring(start, i).toLowerCase(Locale.ROOT), 'w'));
      } else {
        out.add(new Token(String.valueOf(c), 'p'));
        i++;
      }
    }
    return out;
  }
}
