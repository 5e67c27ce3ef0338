package dev.llmsql.judge.structure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Spider's own reading of a query ({@code process_sql.py}) and its exact-set match ({@code evaluation.py}),
 * written afresh so verdicts agree with the published evaluator pair by pair, its limits included: single
 * and double quotes both delimit values (so a double-quoted identifier is a value), a select-list alias,
 * {@code <>}, {@code IS NULL}, {@code IN (1, 2)}, {@code LEFT/INNER JOIN} and comma joins do not parse
 * (such a prediction is wrong), tokens after the last clause it knows are ignored, unqualified columns
 * resolve to the first table of the FROM clause that has them, and {@code ! =} is {@code !=}.
 *
 * <p>The tree mirrors Spider's tuples so equality means what Python's {@code ==} means there.
 */
final class SpiderSql {

  static final List<String> CLAUSE_KEYWORDS =
      List.of("select", "from", "where", "group", "order", "limit", "intersect", "union", "except");
  static final List<String> JOIN_KEYWORDS = List.of("join", "on", "as");
  static final List<String> WHERE_OPS =
      List.of("not", "between", "=", ">", "<", ">=", "<=", "!=", "in", "like", "is", "exists");
  static final List<String> UNIT_OPS = List.of("none", "-", "+", "*", "/");
  static final List<String> AGG_OPS = List.of("none", "max", "min", "count", "sum", "avg");
  static final List<String> SQL_OPS = List.of("intersect", "union", "except");
  static final int OP_BETWEEN = 1;
  static final int OP_IN = 8;
  static final int OP_LIKE = 9;

  private SpiderSql() {
  }

  /** Thrown where Spider's parser raises (assertion, missing key, bad index): the query is unreadable there. */
  static final class Rejected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Rejected(String message) {
      super(message, null, false, false);
    }
  }

  // ---- the tree: Spider's tuples and dict ----

  /** (agg_id, col_id, isDistinct); distinct is null once DISTINCT is disabled. */
  record ColUnit(int agg, String column, Boolean distinct) {
  }

  /** (unit_op, col_unit1, col_unit2). */
  record ValUnit(int op, ColUnit left, ColUnit right) {
  }

  /** (not_op, op_id, val_unit, val1, val2); a value is a Double, a quoted String, a Query, a ColUnit or null. */
  record CondUnit(boolean not, int op, ValUnit valUnit, Object val1, Object val2) {
  }

  /** ('table_unit', table id) or ('sql', query). */
  record TableUnit(String type, Object unit) {
  }

  record SelectItem(int agg, ValUnit valUnit) {
  }

  /** Spider's {@code sql} dict; {@code orderBy} null stands for its empty list, conditions alternate units and and/or. */
  record Query(Boolean distinct, List<SelectItem> select, List<TableUnit> tables, List<Object> fromConds,
               List<Object> where, List<ColUnit> groupBy, String orderDirection, List<ValUnit> orderBy,
               List<Object> having, Integer limit, Query intersect, Query except, Query union) {
  }

  /** The query Spider scores an unparsable prediction with: nothing in any clause. */
  static final Query EMPTY = new Query(false, List.of(), List.of(), List.of(), List.of(), List.of(), null, null,
      List.of(), null, null, null, null);

  // ---- tokenize ----

  // NLTK's word_tokenize (NLTKWordTokenizer), in its order, on text whose quotes Spider has already taken out:
  // the rules that read a ' or a " can never apply, and Python's \s, \b are Unicode-aware
  private static final int UNICODE = Pattern.UNICODE_CHARACTER_CLASS;
  /** Starting quotes: a run of backticks, wherever it stands, and the opening typographic quotes. */
  private static final Pattern STARTING_QUOTES = Pattern.compile("([\u00ab\u201c\u2018\u201e]|`+)");
  /**
   * NLTK's next starting-quote rule, {@code (``)}: a run the rule before set apart is cut into "``" tokens from
   * its left, an odd last backtick alone ({@code ```} is {@code ``} and {@code `}).
   */
  private static final Pattern DOUBLE_BACKTICKS = Pattern.compile("``");
  /** The final period, before closing brackets, quotes or spaces. */
  private static final Pattern FINAL_PERIOD =
      Pattern.compile("([^.])(\\.)([\\]\\)}>\"'\u00bb\u201d\u2019 ]*)\\s*$", UNICODE);
  private static final Pattern COMMA_COLON = Pattern.compile("([:,])([^\\d])", UNICODE);
  private static final Pattern COMMA_COLON_END = Pattern.compile("([:,])$");
  private static final Pattern ELLIPSIS = Pattern.compile("\\.{2,}");
  private static final Pattern SYMBOLS = Pattern.compile("[;@#$%&]");
  /** Figure dash, en and em dashes, horizontal bar. */
  private static final Pattern DASHES = Pattern.compile("[\u2012-\u2015]");
  private static final Pattern FINAL_PERIOD_AGAIN = Pattern.compile("([^.])(\\.)([\\]\\)}>\"']*)\\s*$", UNICODE);
  private static final Pattern MARKS = Pattern.compile("[?!]");
  private static final Pattern STAR = Pattern.compile("[*]");
  private static final Pattern BRACKETS = Pattern.compile("[\\]\\[(){}<>]");
  private static final Pattern DOUBLE_DASHES = Pattern.compile("--");
  /** Ending quotes: the closing typographic quotes. */
  private static final Pattern ENDING_QUOTES = Pattern.compile("([\u00bb\u201d\u2019])");
  private static final Pattern SPACES = Pattern.compile("\\s+", UNICODE);
  /**
   * NLTK's MacIntyre contractions without an apostrophe, split in two wherever they stand as words ({@code wanna}
   * only before white space): a column named {@code cannot} is read as {@code can not}. Those with one
   * ({@code d'ye}, {@code more'n}, {@code 'tis}, {@code 'twas}) cannot occur once Spider has turned every ' into
   * a quote.
   */
  private static final List<Pattern> CONTRACTIONS = List.of(
      Pattern.compile("\\b(can)(not)\\b", Pattern.CASE_INSENSITIVE | UNICODE),
      Pattern.compile("\\b(gim)(me)\\b", Pattern.CASE_INSENSITIVE | UNICODE),
      Pattern.compile("\\b(gon)(na)\\b", Pattern.CASE_INSENSITIVE | UNICODE),
      Pattern.compile("\\b(got)(ta)\\b", Pattern.CASE_INSENSITIVE | UNICODE),
      Pattern.compile("\\b(lem)(me)\\b", Pattern.CASE_INSENSITIVE | UNICODE),
      Pattern.compile("\\b(wan)(na)(?=\\s)", Pattern.CASE_INSENSITIVE | UNICODE));

  /**
   * Spider's {@code tokenize}: single quotes become double quotes, every quoted stretch is one value token
   * (case kept), the rest is split as NLTK's word tokenizer splits it and lower-cased, and {@code ! =},
   * {@code > =}, {@code < =} are joined.
   */
  static List<String> tokenize(String sql) {
    String s = sql.replace('\'', '"');
    List<Integer> quotes = new ArrayList<>();
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) == '"') {
        quotes.add(i);
      }
    }
    if (quotes.size() % 2 != 0) {
      throw new Rejected("Unexpected quote");
    }
    // each quoted stretch becomes a key named by its original offsets, in one pass (Spider replaces them
    // from the end, which gives the same text)
    Map<String, String> values = new HashMap<>();
    StringBuilder text = new StringBuilder(s.length());
    int from = 0;
    for (int i = 0; i + 1 < quotes.size(); i += 2) {
      int q1 = quotes.get(i);
      int q2 = quotes.get(i + 1);
      String key = "__val_" + q1 + "_" + q2 + "__";
      values.put(key, s.substring(q1, q2 + 1));
      text.append(s, from, q1).append(key);
      from = q2 + 1;
    }
    text.append(s, from, s.length());
    String t = text.toString();
    t = STARTING_QUOTES.matcher(t).replaceAll(" $1 ");
    t = DOUBLE_BACKTICKS.matcher(t).replaceAll(" `` ");
    t = FINAL_PERIOD.matcher(t).replaceAll("$1 $2 $3 ");
    t = COMMA_COLON.matcher(t).replaceAll(" $1 $2");
    t = COMMA_COLON_END.matcher(t).replaceAll(" $1 ");
    t = ELLIPSIS.matcher(t).replaceAll(" $0 ");
    t = SYMBOLS.matcher(t).replaceAll(" $0 ");
    t = DASHES.matcher(t).replaceAll(" $0 ");
    t = FINAL_PERIOD_AGAIN.matcher(t).replaceAll("$1 $2$3 ");
    t = MARKS.matcher(t).replaceAll(" $0 ");
    t = STAR.matcher(t).replaceAll(" $0 ");
    t = BRACKETS.matcher(t).replaceAll(" $0 ");
    t = DOUBLE_DASHES.matcher(t).replaceAll(" -- ");
    // NLTK pads the text with a space each side here, so a wanna at the very end still splits
    t = " " + t + " ";
    t = ENDING_QUOTES.matcher(t).replaceAll(" $1 ");
    t = SPACES.matcher(t).replaceAll(" ");
    for (Pattern contraction : CONTRACTIONS) {
      t = contraction.matcher(t).replaceAll(" $1 $2 ");
    }
    List<String> toks = new ArrayList<>();
    for (String w : t.trim().split(" +")) {
      if (w.isEmpty()) {
        continue;
      }
      String lower = w.toLowerCase(Locale.ROOT);
      toks.add(values.getOrDefault(lower, lower));
    }
    for (int i = toks.size() - 1; i >= 0; i--) {
      if (toks.get(i).equals("=") && i > 0) {
        String pre = toks.get(i - 1);
        if (pre.equals("!") || pre.equals(">") || pre.equals("<")) {
          toks.set(i - 1, pre + "=");
          toks.remove(i);
        }
      }
    }
    return toks;
  }

  // ---- parse ----

  /** Spider's {@code get_sql}: the whole query, with anything after its last known clause ignored. */
  static Query parse(SpiderSchema schema, String sql) {
    List<String> toks = tokenize(sql);
    Map<String, String> aliases = new HashMap<>();
    for (int i = 0; i < toks.size(); i++) {
      if (toks.get(i).equals("as")) {
        aliases.put(at(toks, i + 1), at(toks, i - 1));
      }
    }
    for (String table : schema.tables().keySet()) {
      if (aliases.containsKey(table)) {
        throw new Rejected("Alias " + table + " has the same name in table");
      }
      aliases.put(table, table);
    }
    try {
      return new Parser(toks, aliases, schema).sql(0).query;
    } catch (IndexOutOfBoundsException e) {
      throw new Rejected("ran past the last token");
    }
  }

  private static String at(List<String> toks, int i) {
    if (i < 0) {
      return toks.get(toks.size() + i);   // Python's toks[-1]
    }
    if (i >= toks.size()) {
      throw new Rejected("ran past the last token");
    }
    return toks.get(i);
  }

  private record Parsed(int idx, Query query) {
  }

  private static final class Parser {
    final List<String> toks;
    final Map<String, String> aliases;
    final SpiderSchema schema;

    Parser(List<String> toks, Map<String, String> aliases, SpiderSchema schema) {
      this.toks = toks;
      this.aliases = aliases;
      this.schema = schema;
    }

    String tok(int i) {
      return toks.get(i);
    }

    int len() {
      return toks.size();
    }

    String alias(String name) {
      String t = aliases.get(name);
      if (t == null) {
        throw new Rejected("unknown table or alias " + name);
      }
      return t;
    }

    String id(String key) {
      String id = schema.id(key);
      if (id == null) {
        throw new Rejected("unknown name " + key);
      }
      return id;
    }

    static void check(boolean ok, String message) {
      if (!ok) {
        throw new Rejected(message);
      }
    }

    /** parse_col: returns the column id; idx is the token after it. */
    int[] colEnd = new int[1];

    String col(List<String> t, int start, List<String> defaults) {
      String tok = t.get(start);
      colEnd[0] = start + 1;
      if (tok.equals("*")) {
        return id("*");
      }
      if (tok.contains(".")) {
        String[] parts = tok.split("\\.", -1);
        check(parts.length == 2, "Error col: " + tok);
        return id(alias(parts[0]) + "." + parts[1]);
      }
      check(defaults != null && !defaults.isEmpty(), "Default tables should not be None or empty");
      for (String a : defaults) {
        String table = alias(a);
        List<String> cols = schema.tables().get(table);
        check(cols != null, "unknown table " + table);
        if (cols.contains(tok)) {
          return id(table + "." + tok);
        }
      }
      throw new Rejected("Error col: " + tok);
    }

    int end;

    ColUnit colUnit(List<String> t, int start, List<String> defaults) {
      int idx = start;
      boolean block = false;
      boolean distinct = false;
      if (t.get(idx).equals("(")) {
        block = true;
        idx++;
      }
      if (AGG_OPS.contains(t.get(idx))) {
        int agg = AGG_OPS.indexOf(t.get(idx));
        idx++;
        check(idx < t.size() && t.get(idx).equals("("), "( expected");
        idx++;
        if (t.get(idx).equals("distinct")) {
          idx++;
          distinct = true;
        }
        String col = col(t, idx, defaults);
        idx = colEnd[0];
        check(idx < t.size() && t.get(idx).equals(")"), ") expected");
        end = idx + 1;
        return new ColUnit(agg, col, distinct);
      }
      if (t.get(idx).equals("distinct")) {
        idx++;
        distinct = true;
      }
      String col = col(t, idx, defaults);
      idx = colEnd[0];
      if (block) {
        check(t.get(idx).equals(")"), ") expected");
        idx++;
      }
      end = idx;
      return new ColUnit(0, col, distinct);
    }

    ValUnit valUnit(int start, List<String> defaults) {
      int idx = start;
      boolean block = false;
      if (tok(idx).equals("(")) {
        block = true;
        idx++;
      }
      ColUnit c1 = colUnit(toks, idx, defaults);
      idx = end;
      ColUnit c2 = null;
      int op = 0;
      if (idx < len() && UNIT_OPS.contains(tok(idx))) {
        op = UNIT_OPS.indexOf(tok(idx));
        idx++;
        c2 = colUnit(toks, idx, defaults);
        idx = end;
      }
      if (block) {
        check(tok(idx).equals(")"), ") expected");
        idx++;
      }
      end = idx;
      return new ValUnit(op, c1, c2);
    }

    Object value(int start, List<String> defaults) {
      int idx = start;
      boolean block = false;
      if (tok(idx).equals("(")) {
        block = true;
        idx++;
      }
      Object val;
      if (tok(idx).equals("select")) {
        Parsed p = sql(idx);
        val = p.query;
        idx = p.idx;
      } else if (tok(idx).contains("\"")) {
        val = tok(idx);
        idx++;
      } else {
        Double number = pythonFloat(tok(idx));
        if (number != null) {
          val = number;
          idx++;
        } else {
          int stop = idx;
          while (stop < len() && !tok(stop).equals(",") && !tok(stop).equals(")") && !tok(stop).equals("and")
              && !CLAUSE_KEYWORDS.contains(tok(stop)) && !JOIN_KEYWORDS.contains(tok(stop))) {
            stop++;
          }
          val = colUnit(toks.subList(start, stop), 0, defaults);
          idx = stop;
        }
      }
      if (block) {
        check(tok(idx).equals(")"), ") expected");
        idx++;
      }
      end = idx;
      return val;
    }

    List<Object> condition(int start, List<String> defaults) {
      int idx = start;
      List<Object> conds = new ArrayList<>();
      while (idx < len()) {
        ValUnit vu = valUnit(idx, defaults);
        idx = end;
        boolean not = false;
        if (tok(idx).equals("not")) {
          not = true;
          idx++;
        }
        check(idx < len() && WHERE_OPS.contains(tok(idx)), "Error condition");
        int op = WHERE_OPS.indexOf(tok(idx));
        idx++;
        Object v1;
        Object v2 = null;
        if (op == OP_BETWEEN) {
          v1 = value(idx, defaults);
          idx = end;
          check(tok(idx).equals("and"), "and expected");
          idx++;
          v2 = value(idx, defaults);
          idx = end;
        } else {
          v1 = value(idx, defaults);
          idx = end;
        }
        conds.add(new CondUnit(not, op, vu, v1, v2));
        if (idx < len() && (CLAUSE_KEYWORDS.contains(tok(idx)) || tok(idx).equals(")") || tok(idx).equals(";")
            || JOIN_KEYWORDS.contains(tok(idx)))) {
          break;
        }
        if (idx < len() && (tok(idx).equals("and") || tok(idx).equals("or"))) {
          conds.add(tok(idx));
          idx++;
        }
      }
      end = idx;
      return conds;
    }

    /** Sub-queries nested deeper than this are refused: the recursion must not exhaust the stack. */
    static final int MAX_DEPTH = 64;
    int depth;

    Parsed sql(int start) {
      check(++depth <= MAX_DEPTH, "sub-queries nested deeper than " + MAX_DEPTH);
      try {
        return sqlAt(start);
      } finally {
        depth--;
      }
    }

    Parsed sqlAt(int start) {
      int idx = start;
      boolean block = false;
      if (tok(idx).equals("(")) {
        block = true;
        idx++;
      }
      // FROM first: it gives the tables unqualified columns resolve against
      int fromAt = toks.subList(start, len()).indexOf("from");
      check(fromAt >= 0, "'from' not found");
      idx = start + fromAt + 1;
      List<String> defaults = new ArrayList<>();
      List<TableUnit> units = new ArrayList<>();
      List<Object> fromConds = new ArrayList<>();
      while (idx < len()) {
        boolean fromBlock = false;
        if (tok(idx).equals("(")) {
          fromBlock = true;
          idx++;
        }
        if (tok(idx).equals("select")) {
          Parsed p = sql(idx);
          idx = p.idx;
          units.add(new TableUnit("sql", p.query));
        } else {
          if (idx < len() && tok(idx).equals("join")) {
            idx++;
          }
          String table = alias(tok(idx));
          String tableId = id(table);
          idx += idx + 1 < len() && tok(idx + 1).equals("as") ? 3 : 1;
          units.add(new TableUnit("table_unit", tableId));
          defaults.add(table);
        }
        if (idx < len() && tok(idx).equals("on")) {
          idx++;
          List<Object> these = condition(idx, defaults);
          idx = end;
          if (!fromConds.isEmpty()) {
            fromConds.add("and");
          }
          fromConds.addAll(these);
        }
        if (fromBlock) {
          check(tok(idx).equals(")"), ") expected");
          idx++;
        }
        if (idx < len() && (CLAUSE_KEYWORDS.contains(tok(idx)) || tok(idx).equals(")") || tok(idx).equals(";"))) {
          break;
        }
      }
      int fromEnd = idx;

      // SELECT
      int s = block ? start + 1 : start;
      check(tok(s).equals("select"), "'select' not found");
      s++;
      boolean distinct = false;
      if (s < len() && tok(s).equals("distinct")) {
        s++;
        distinct = true;
      }
      List<SelectItem> select = new ArrayList<>();
      while (s < len() && !CLAUSE_KEYWORDS.contains(tok(s))) {
        int agg = 0;
        if (AGG_OPS.contains(tok(s))) {
          agg = AGG_OPS.indexOf(tok(s));
          s++;
        }
        ValUnit vu = valUnit(s, defaults);
        s = end;
        select.add(new SelectItem(agg, vu));
        if (s < len() && tok(s).equals(",")) {
          s++;
        }
      }

      idx = fromEnd;
      List<Object> where = List.of();
      if (idx < len() && tok(idx).equals("where")) {
        where = condition(idx + 1, defaults);
        idx = end;
      }
      List<ColUnit> groupBy = new ArrayList<>();
      if (idx < len() && tok(idx).equals("group")) {
        idx++;
        check(tok(idx).equals("by"), "by expected");
        idx++;
        while (idx < len() && !(CLAUSE_KEYWORDS.contains(tok(idx)) || tok(idx).equals(")") || tok(idx).equals(";"))) {
          groupBy.add(colUnit(toks, idx, defaults));
          idx = end;
          if (idx < len() && tok(idx).equals(",")) {
            idx++;
          } else {
            break;
          }
        }
      }
      List<Object> having = List.of();
      if (idx < len() && tok(idx).equals("having")) {
        having = condition(idx + 1, defaults);
        idx = end;
      }
      String direction = null;
      List<ValUnit> orderBy = null;
      if (idx < len() && tok(idx).equals("order")) {
        idx++;
        check(tok(idx).equals("by"), "by expected");
        idx++;
        direction = "asc";
        orderBy = new ArrayList<>();
        while (idx < len() && !(CLAUSE_KEYWORDS.contains(tok(idx)) || tok(idx).equals(")") || tok(idx).equals(";"))) {
          orderBy.add(valUnit(idx, defaults));
          idx = end;
          if (idx < len() && (tok(idx).equals("desc") || tok(idx).equals("asc"))) {
            direction = tok(idx);
            idx++;
          }
          if (idx < len() && tok(idx).equals(",")) {
            idx++;
          } else {
            break;
          }
        }
      }
      Integer limit = null;
      if (idx < len() && tok(idx).equals("limit")) {
        // parse_limit reads the token after LIMIT unchecked: a text cut after it (a completion that hit the token
        // limit) is an IndexError there, so the prediction counts as the empty query
        check(idx + 1 < len(), "list index out of range (LIMIT ends the query)");
        idx += 2;
        // test-suite-sql-eval's parser keeps only that there is a limit (its value is never compared)
        limit = 1;
      }
      idx = skipSemicolons(idx);
      if (block) {
        check(tok(idx).equals(")"), ") expected");
        idx++;
      }
      idx = skipSemicolons(idx);
      Query intersect = null;
      Query except = null;
      Query union = null;
      if (idx < len() && SQL_OPS.contains(tok(idx))) {
        String op = tok(idx);
        idx++;
        Parsed p = sql(idx);
        idx = p.idx;
        switch (op) {
          case "intersect" -> intersect = p.query;
          case "except" -> except = p.query;
          default -> union = p.query;
        }
      }
      Query q = new Query(distinct, List.copyOf(select), List.copyOf(units), List.copyOf(fromConds),
          List.copyOf(where), List.copyOf(groupBy), direction, orderBy == null ? null : List.copyOf(orderBy),
          List.copyOf(having), limit, intersect, except, union);
      return new Parsed(idx, q);
    }

    int skipSemicolons(int start) {
      int idx = start;
      while (idx < len() && tok(idx).equals(";")) {
        idx++;
      }
      return idx;
    }
  }

  private static final Pattern PY_FLOAT = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)(e[+-]?\\d+)?");
  private static final Pattern PY_SPECIAL = Pattern.compile("[+-]?(inf|infinity|nan)");

  /** Python's {@code float(token)} for a lower-cased token, or null where it raises. */
  static Double pythonFloat(String tok) {
    if (PY_FLOAT.matcher(tok).matches()) {
      return Double.parseDouble(tok);
    }
    if (PY_SPECIAL.matcher(tok).matches()) {
      return tok.endsWith("nan") ? Double.NaN : tok.startsWith("-") ? Double.NEGATIVE_INFINITY
          : Double.POSITIVE_INFINITY;
    }
    return null;
  }

  // ---- evaluation.py's rebuild (values and distinct dropped, foreign keys folded) ----

  /** rebuild_sql_val then rebuild_sql_col, as evaluation.py prepares both queries. */
  static Query rebuild(Query q, SpiderSchema schema, boolean keepValues) {
    Query withoutValues = keepValues ? q : dropValues(q);
    Set<String> valid = new HashSet<>();
    for (TableUnit u : q.tables()) {
      if (u.type().equals("table_unit")) {
        String id = (String) u.unit();
        String prefix = id.substring(0, id.length() - 2);
        List<String> cols = schema.tables().get(prefix.substring(2));
        if (cols != null) {
          for (String c : cols) {
            valid.add(SpiderSchema.columnId(prefix.substring(2), c));
          }
        }
      }
    }
    return foldColumns(withoutValues, valid, schema.foreignKeys());
  }

  private static Query dropValues(Query q) {
    if (q == null) {
      return null;
    }
    return new Query(q.distinct(), q.select(), q.tables(), dropValues(q.fromConds()), dropValues(q.where()),
        q.groupBy(), q.orderDirection(), q.orderBy(), dropValues(q.having()), q.limit(), dropValues(q.intersect()),
        dropValues(q.except()), dropValues(q.union()));
  }

  private static List<Object> dropValues(List<Object> condition) {
    List<Object> out = new ArrayList<>();
    for (Object o : condition) {
      if (o instanceof CondUnit c) {
        out.add(new CondUnit(c.not(), c.op(), c.valUnit(), c.val1() instanceof Query q1 ? dropValues(q1) : null,
            c.val2() instanceof Query q2 ? dropValues(q2) : null));
      } else {
        out.add(o);
      }
    }
    return out;
  }

  private static Query foldColumns(Query q, Set<String> valid, Map<String, String> kmap) {
    if (q == null) {
      return null;
    }
    List<SelectItem> select = q.select().stream()
        .map(i -> new SelectItem(i.agg(), fold(i.valUnit(), valid, kmap))).toList();
    List<ColUnit> groupBy = q.groupBy().stream().map(c -> fold(c, valid, kmap)).toList();
    List<ValUnit> orderBy = q.orderBy() == null ? null
        : q.orderBy().stream().map(v -> fold(v, valid, kmap)).toList();
    // sub-queries in conditions and in FROM stay as parsed; set-operation branches use this query's tables
    return new Query(null, select, q.tables(), foldConds(q.fromConds(), valid, kmap), foldConds(q.where(), valid,
        kmap), groupBy, q.orderDirection(), orderBy, foldConds(q.having(), valid, kmap), q.limit(),
        foldColumns(q.intersect(), valid, kmap), foldColumns(q.except(), valid, kmap),
        foldColumns(q.union(), valid, kmap));
  }

  private static List<Object> foldConds(List<Object> condition, Set<String> valid, Map<String, String> kmap) {
    List<Object> out = new ArrayList<>();
    for (Object o : condition) {
      out.add(o instanceof CondUnit c
          ? new CondUnit(c.not(), c.op(), fold(c.valUnit(), valid, kmap), c.val1(), c.val2()) : o);
    }
    return out;
  }

  private static ValUnit fold(ValUnit v, Set<String> valid, Map<String, String> kmap) {
    return v == null ? null : new ValUnit(v.op(), fold(v.left(), valid, kmap), fold(v.right(), valid, kmap));
  }

  private static ColUnit fold(ColUnit c, Set<String> valid, Map<String, String> kmap) {
    if (c == null) {
      return null;
    }
    String col = c.column();
    if (kmap.containsKey(col) && valid.contains(col)) {
      col = kmap.get(col);
    }
    return new ColUnit(c.agg(), col, null);
  }

  // ---- evaluation.py's eval_exact_match ----

  /** evaluation.py's partial scores in its order (select(no AGG) as select_no_agg, IUEN as set_ops, ...). */
  static final List<String> PARTS = List.of("select", "select_no_agg", "where", "where_no_op",
      "group_no_having", "group", "order", "and_or", "set_ops", "keywords");

  /** Each partial score of {@code pred} against {@code gold}, 1 or 0, in {@link #PARTS} order. */
  static Map<String, Integer> partialScores(Query pred, Query gold) {
    Map<String, Integer> res = new LinkedHashMap<>();
    res.put("select", multisetEqual(pred.select(), gold.select()));
    res.put("select_no_agg", multisetEqual(pred.select().stream().map(SelectItem::valUnit).toList(),
        gold.select().stream().map(SelectItem::valUnit).toList()));
    List<Object> pw = units(pred.where());
    List<Object> gw = units(gold.where());
    res.put("where", multisetEqual(pw, gw));
    res.put("where_no_op", multisetEqual(pw.stream().map(u -> ((CondUnit) u).valUnit()).toList(),
        gw.stream().map(u -> ((CondUnit) u).valUnit()).toList()));
    res.put("group_no_having", multisetEqual(groupNames(pred), groupNames(gold)));
    boolean pg = !pred.groupBy().isEmpty();
    boolean gg = !gold.groupBy().isEmpty();
    res.put("group", pg != gg ? 0 : !pg ? 1
        : columns(pred.groupBy()).equals(columns(gold.groupBy())) && pred.having().equals(gold.having()) ? 1 : 0);
    boolean po = pred.orderBy() != null;
    boolean go = gold.orderBy() != null;
    res.put("order", po != go ? 0 : !po ? 1
        : Objects.equals(pred.orderDirection(), gold.orderDirection()) && pred.orderBy().equals(gold.orderBy())
            && (pred.limit() == null) == (gold.limit() == null) ? 1 : 0);
    res.put("and_or", new HashSet<>(connectives(pred.where())).equals(new HashSet<>(connectives(gold.where())))
        ? 1 : 0);
    res.put("set_ops", nested(pred.intersect(), gold.intersect()) && nested(pred.except(), gold.except())
        && nested(pred.union(), gold.union()) ? 1 : 0);
    res.put("keywords", keywords(pred).equals(keywords(gold)) ? 1 : 0);
    return res;
  }

  /**
   * evaluate()'s view of each partial score: {@code {label_total, pred_total, score}} per part in {@link #PARTS}
   * order, the totals as {@code evaluate()} reads them. Its {@code eval_and_or} returns the totals of a
   * difference in the other order than its caller reads them ({@code swapAndOr}, the peer's way), and calls two
   * equal sets of connectors, both empty included, {@code (1, 1, 1)}.
   */
  static Map<String, int[]> partialMatch(Query pred, Query gold, boolean swapAndOr) {
    Map<String, Integer> scores = partialScores(pred, gold);
    Map<String, int[]> res = new LinkedHashMap<>();
    int gs = gold.select().size();
    int ps = pred.select().size();
    res.put("select", new int[] {gs, ps, scores.get("select")});
    res.put("select_no_agg", new int[] {gs, ps, scores.get("select_no_agg")});
    int gw = units(gold.where()).size();
    int pw = units(pred.where()).size();
    res.put("where", new int[] {gw, pw, scores.get("where")});
    res.put("where_no_op", new int[] {gw, pw, scores.get("where_no_op")});
    res.put("group_no_having", new int[] {gold.groupBy().size(), pred.groupBy().size(),
        scores.get("group_no_having")});
    res.put("group", new int[] {gold.groupBy().isEmpty() ? 0 : 1, pred.groupBy().isEmpty() ? 0 : 1,
        scores.get("group")});
    res.put("order", new int[] {gold.orderBy() == null ? 0 : 1, pred.orderBy() == null ? 0 : 1,
        scores.get("order")});
    Set<Object> pao = new HashSet<>(connectives(pred.where()));
    Set<Object> gao = new HashSet<>(connectives(gold.where()));
    if (pao.equals(gao)) {
      res.put("and_or", new int[] {1, 1, 1});
    } else {
      res.put("and_or", swapAndOr ? new int[] {pao.size(), gao.size(), 0} : new int[] {gao.size(), pao.size(), 0});
    }
    res.put("set_ops", new int[] {setOps(gold), setOps(pred), scores.get("set_ops")});
    res.put("keywords", new int[] {keywords(gold).size(), keywords(pred).size(), scores.get("keywords")});
    return res;
  }

  private static int setOps(Query q) {
    return (q.intersect() == null ? 0 : 1) + (q.except() == null ? 0 : 1) + (q.union() == null ? 0 : 1);
  }

  /** Spider's four levels in order; {@link #hardness} returns one of them. */
  static final List<String> LEVELS = List.of("easy", "medium", "hard", "extra");

  /**
   * evaluation.py's {@code eval_hardness} of a parsed (not rebuilt) gold query. {@code notFlagAggregates} is the
   * peer's way: an aggregation in WHERE or HAVING is read from each condition's first element, its NOT flag, and
   * each and/or between HAVING conditions counts as one; otherwise the aggregate of the condition's column counts.
   */
  static String hardness(Query q, boolean notFlagAggregates) {
    int c1 = componentOne(q);
    int c2 = componentTwo(q);
    int others = others(q, notFlagAggregates);
    if (c1 <= 1 && others == 0 && c2 == 0) {
      return "easy";
    }
    if ((others <= 2 && c1 <= 1 && c2 == 0) || (c1 <= 2 && others < 2 && c2 == 0)) {
      return "medium";
    }
    if ((others > 2 && c1 <= 2 && c2 == 0) || (2 < c1 && c1 <= 3 && others <= 2 && c2 == 0)
        || (c1 <= 1 && others == 0 && c2 <= 1)) {
      return "hard";
    }
    return "extra";
  }

  private static List<Object> allUnits(Query q) {
    List<Object> all = new ArrayList<>(units(q.fromConds()));
    all.addAll(units(q.where()));
    all.addAll(units(q.having()));
    return all;
  }

  private static int componentOne(Query q) {
    int count = 0;
    count += q.where().isEmpty() ? 0 : 1;
    count += q.groupBy().isEmpty() ? 0 : 1;
    count += q.orderBy() == null ? 0 : 1;
    count += q.limit() == null ? 0 : 1;
    count += q.tables().isEmpty() ? 0 : q.tables().size() - 1;
    List<Object> ao = new ArrayList<>(connectives(q.fromConds()));
    ao.addAll(connectives(q.where()));
    ao.addAll(connectives(q.having()));
    count += (int) ao.stream().filter("or"::equals).count();
    count += (int) allUnits(q).stream().filter(u -> ((CondUnit) u).op() == OP_LIKE).count();
    return count;
  }

  private static int componentTwo(Query q) {
    int nested = 0;
    for (Object o : allUnits(q)) {
      CondUnit c = (CondUnit) o;
      nested += c.val1() instanceof Query ? 1 : 0;
      nested += c.val2() instanceof Query ? 1 : 0;
    }
    return nested + setOps(q);
  }

  private static int others(Query q, boolean notFlagAggregates) {
    int agg = (int) q.select().stream().filter(i -> i.agg() != 0).count();
    agg += conditionAggregates(units(q.where()), notFlagAggregates);
    agg += (int) q.groupBy().stream().filter(c -> c.agg() != 0).count();
    if (q.orderBy() != null) {
      for (ValUnit v : q.orderBy()) {
        agg += v.left() != null && v.left().agg() != 0 ? 1 : 0;
        agg += v.right() != null && v.right().agg() != 0 ? 1 : 0;
      }
    }
    // count_agg(sql['having']) walks the connectors too: 'and'[0] is not 0
    agg += notFlagAggregates ? conditionAggregates(q.having(), true) : conditionAggregates(units(q.having()), false);
    int count = agg > 1 ? 1 : 0;
    count += q.select().size() > 1 ? 1 : 0;
    count += q.where().size() > 1 ? 1 : 0;
    count += q.groupBy().size() > 1 ? 1 : 0;
    return count;
  }

  private static int conditionAggregates(List<Object> elements, boolean notFlag) {
    int n = 0;
    for (Object o : elements) {
      if (o instanceof CondUnit c) {
        boolean agg = notFlag ? c.not() : c.valUnit().left() != null && c.valUnit().left().agg() != 0;
        n += agg ? 1 : 0;
      } else {
        n += notFlag ? 1 : 0;
      }
    }
    return n;
  }

  /** eval_exact_match: every partial score 1 and, when the gold has tables, the same tables. */
  static boolean exactMatch(Query pred, Query gold) {
    if (partialScores(pred, gold).containsValue(0)) {
      return false;
    }
    if (gold.tables().isEmpty()) {
      return true;
    }
    return sortedTables(gold.tables()).equals(sortedTables(pred.tables()));
  }

  private static boolean nested(Query pred, Query gold) {
    if (pred == null || gold == null) {
      return pred == gold;
    }
    return exactMatch(pred, gold);
  }

  private static List<TableUnit> sortedTables(List<TableUnit> units) {
    List<TableUnit> sorted = new ArrayList<>(units);
    sorted.sort(Comparator.comparing(TableUnit::type)
        .thenComparing(u -> u.unit() instanceof String s ? s : ""));
    return sorted;
  }

  /** get_scores over a multiset: 1 when both have the same elements as often. */
  private static <T> int multisetEqual(List<T> pred, List<T> gold) {
    if (pred.size() != gold.size()) {
      return 0;
    }
    List<T> left = new ArrayList<>(gold);
    for (T p : pred) {
      if (!left.remove(p)) {
        return 0;
      }
    }
    return 1;
  }

  private static List<Object> units(List<Object> condition) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < condition.size(); i += 2) {
      out.add(condition.get(i));
    }
    return out;
  }

  private static List<Object> connectives(List<Object> condition) {
    List<Object> out = new ArrayList<>();
    for (int i = 1; i < condition.size(); i += 2) {
      out.add(condition.get(i));
    }
    return out;
  }

  private static List<String> columns(List<ColUnit> units) {
    return units.stream().map(ColUnit::column).toList();
  }

  /** eval_group compares group-by columns without their table: the text after the first dot. */
  private static List<String> groupNames(Query q) {
    return columns(q.groupBy()).stream().map(c -> c.contains(".") ? c.split("\\.", -1)[1] : c).toList();
  }

  private static Set<String> keywords(Query q) {
    Set<String> res = new HashSet<>();
    if (!q.where().isEmpty()) {
      res.add("where");
    }
    if (!q.groupBy().isEmpty()) {
      res.add("group");
    }
    if (!q.having().isEmpty()) {
      res.add("having");
    }
    if (q.orderBy() != null) {
      res.add(q.orderDirection());
      res.add("order");
    }
    if (q.limit() != null) {
      res.add("limit");
    }
    if (q.except() != null) {
      res.add("except");
    }
    if (q.union() != null) {
      res.add("union");
    }
    if (q.intersect() != null) {
      res.add("intersect");
    }
    List<Object> ao = new ArrayList<>(connectives(q.fromConds()));
    ao.addAll(connectives(q.where()));
    ao.addAll(connectives(q.having()));
    if (ao.contains("or")) {
      res.add("or");
    }
    List<Object> all = new ArrayList<>(units(q.fromConds()));
    all.addAll(units(q.where()));
    all.addAll(units(q.having()));
    for (Object o : all) {
      CondUnit c = (CondUnit) o;
      if (c.not()) {
        res.add("not");
      }
      if (c.op() == OP_IN) {
        res.add("in");
      }
      if (c.op() == OP_LIKE) {
        res.add("like");
      }
    }
    return res;
  }
}
