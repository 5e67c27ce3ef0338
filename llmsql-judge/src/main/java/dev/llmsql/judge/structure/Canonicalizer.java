package dev.llmsql.judge.structure;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import net.sf.jsqlparser.expression.AllValue;
import net.sf.jsqlparser.expression.BinaryExpression;
import net.sf.jsqlparser.expression.CaseExpression;
import net.sf.jsqlparser.expression.CastExpression;
import net.sf.jsqlparser.expression.DateValue;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.HexValue;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NotExpression;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;
import net.sf.jsqlparser.expression.TimeValue;
import net.sf.jsqlparser.expression.TimestampValue;
import net.sf.jsqlparser.expression.WhenClause;
import net.sf.jsqlparser.expression.operators.conditional.AndExpression;
import net.sf.jsqlparser.expression.operators.conditional.OrExpression;
import net.sf.jsqlparser.expression.operators.relational.Between;
import net.sf.jsqlparser.expression.operators.relational.EqualsTo;
import net.sf.jsqlparser.expression.operators.relational.ExistsExpression;
import net.sf.jsqlparser.expression.operators.relational.ExpressionList;
import net.sf.jsqlparser.expression.operators.relational.GreaterThan;
import net.sf.jsqlparser.expression.operators.relational.GreaterThanEquals;
import net.sf.jsqlparser.expression.operators.relational.InExpression;
import net.sf.jsqlparser.expression.operators.relational.IsNullExpression;
import net.sf.jsqlparser.expression.operators.relational.LikeExpression;
import net.sf.jsqlparser.expression.operators.relational.MinorThan;
import net.sf.jsqlparser.expression.operators.relational.MinorThanEquals;
import net.sf.jsqlparser.expression.operators.relational.NotEqualsTo;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.GroupByElement;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.ParenthesedFromItem;
import net.sf.jsqlparser.statement.select.ParenthesedSelect;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * Turns a parsed query into {@link QueryShape}: every clause as a list of canonical strings, independent of
 * table aliases, identifier case and quoting, operand order of {@code =} and {@code <>}, the direction of
 * {@code >} (written as {@code <} with the operands swapped), the order of AND/OR operands and, when asked,
 * literal values.
 */
final class Canonicalizer {

  private static final String VALUE = "?";

  private final boolean ignoreValues;

  Canonicalizer(boolean ignoreValues) {
    this.ignoreValues = ignoreValues;
  }

  /** Names in scope of one SELECT: alias (or table name) to canonical table, plus the enclosing scope. */
  private static final class Scope {
    final Scope parent;
    final Map<String, String> tables = new LinkedHashMap<>();
    final Map<String, String> selectAliases = new HashMap<>();
    final List<String> selectItems = new ArrayList<>();

    Scope(Scope parent) {
      this.parent = parent;
    }

    String resolve(String qualifier) {
      for (Scope s = this; s != null; s = s.parent) {
        String t = s.tables.get(qualifier);
        if (t != null) {
          return t;
        }
      }
      return qualifier;
    }

    String onlyTable() {
      List<String> distinct = tables.values().stream().distinct().toList();
      return distinct.size() == 1 ? distinct.get(0) : null;
    }
  }

  QueryShape shape(Select select) {
    return shape(select, null);
  }

  private QueryShape shape(Select select, Scope outer) {
    Scope scope = new Scope(outer);
    List<String> with = new ArrayList<>();
    if (select.getWithItemsList() != null) {
      for (WithItem<?> item : select.getWithItemsList()) {
        String name = name(item.getAliasName());
        String body = item.getSelect() == null ? item.toString() : shape(item.getSelect(), scope).canonical();
        with.add(name + " as (" + body + ")");
      }
    }
    Select body = select;
    while (body instanceof ParenthesedSelect p && p.getWithItemsList() == null && p.getOrderByElements() == null
        && p.getLimit() == null) {
      body = p.getSelect();
    }
    QueryShape shape;
    if (body instanceof SetOperationList list) {
      shape = setOperation(list, scope);
    } else if (body instanceof PlainSelect plain) {
      shape = plain(plain, scope);
    } else {
      Map<String, List<String>> clauses = emptyClauses();
      clauses.put(QueryShape.SELECT, List.of(body.toString()));
      shape = new QueryShape(clauses);
    }
    if (!with.isEmpty()) {
      shape = shape.with(QueryShape.WITH, sorted(with));
    }
    return shape;
  }

  private QueryShape setOperation(SetOperationList list, Scope scope) {
    List<QueryShape> branches = new ArrayList<>();
    for (Select s : list.getSelects()) {
      branches.add(shape(s, scope.parent));
    }
    List<String> ops = list.getOperations().stream().map(o -> o.toString().toLowerCase(Locale.ROOT)
        .replaceAll("\\s+", " ")).toList();
    boolean commutative = ops.stream().distinct().count() == 1
        && (ops.get(0).startsWith("union") || ops.get(0).equals("intersect"));
    if (commutative) {
      branches.sort((a, b) -> a.canonical().compareTo(b.canonical()));
    }
    List<String> setOps = new ArrayList<>();
    for (int i = 1; i < branches.size(); i++) {
      setOps.add(ops.get(i - 1) + " (" + branches.get(i).canonical() + ")");
    }
    QueryShape first = branches.get(0).with(QueryShape.SET_OPS, setOps);
    // ORDER BY and LIMIT of a compound query apply to the whole; they replace the first branch's
    Scope outerScope = new Scope(scope.parent);
    if (list.getOrderByElements() != null) {
      first = first.with(QueryShape.ORDER_BY, orderBy(list.getOrderByElements(), outerScope));
    }
    if (list.getLimit() != null || list.getOffset() != null || list.getFetch() != null) {
      first = first.with(QueryShape.LIMIT, limit(list, null));
    }
    return first;
  }

  private QueryShape plain(PlainSelect s, Scope scope) {
    Map<String, List<String>> clauses = emptyClauses();
    List<String> from = new ArrayList<>();
    List<String> join = new ArrayList<>();
    if (s.getFromItem() != null) {
      from(s.getFromItem(), scope, from, join);
    }
    if (s.getJoins() != null) {
      joins(s.getJoins(), scope, from, join);
    }
    List<String> select = new ArrayList<>();
    if (s.getDistinct() != null) {
      select.add("distinct");
    }
    for (SelectItem<?> item : s.getSelectItems()) {
      String canonical = expr(item.getExpression(), scope);
      select.add(canonical);
      scope.selectItems.add(canonical);
      if (item.getAlias() != null) {
        scope.selectAliases.put(name(item.getAlias().getName()), canonical);
      }
    }
    clauses.put(QueryShape.SELECT, sorted(select));
    clauses.put(QueryShape.FROM, sorted(from));
    clauses.put(QueryShape.JOIN, sorted(join));
    clauses.put(QueryShape.WHERE, conjuncts(s.getWhere(), scope, false));
    GroupByElement groupBy = s.getGroupBy();
    if (groupBy != null && groupBy.getGroupByExpressionList() != null) {
      List<String> groups = new ArrayList<>();
      for (Object e : groupBy.getGroupByExpressionList()) {
        groups.add(exprOrAlias((Expression) e, scope));
      }
      clauses.put(QueryShape.GROUP_BY, sorted(groups));
    }
    clauses.put(QueryShape.HAVING, conjuncts(s.getHaving(), scope, true));
    if (s.getOrderByElements() != null) {
      clauses.put(QueryShape.ORDER_BY, orderBy(s.getOrderByElements(), scope));
    }
    clauses.put(QueryShape.LIMIT, limit(s, s.getTop() == null ? null : s.getTop().getExpression()));
    return new QueryShape(clauses);
  }

  private void from(FromItem item, Scope scope, List<String> from, List<String> join) {
    if (item instanceof Table table) {
      String name = tableName(table);
      from.add(name);
      scope.tables.put(name, name);
      if (table.getAlias() != null) {
        scope.tables.put(name(table.getAlias().getName()), name);
      }
    } else if (item instanceof ParenthesedFromItem p) {
      from(p.getFromItem(), scope, from, join);
      if (p.getJoins() != null) {
        joins(p.getJoins(), scope, from, join);
      }
    } else if (item instanceof Select sub) {
      String name = "(" + shape(sub, scope.parent).canonical() + ")";
      from.add(name);
      if (sub.getAlias() != null) {
        scope.tables.put(name(sub.getAlias().getName()), name);
      }
    } else {
      String name = item.toString();
      from.add(name);
      if (item.getAlias() != null) {
        scope.tables.put(name(item.getAlias().getName()), name);
      }
    }
  }

  private void joins(List<Join> joins, Scope scope, List<String> from, List<String> join) {
    List<Join> pending = new ArrayList<>();
    for (Join j : joins) {
      int before = from.size();
      from(j.getFromItem(), scope, from, join);
      String kind = j.isLeft() ? "left" : j.isRight() ? "right" : j.isFull() ? "full" : j.isCross() ? "cross"
          : j.isNatural() ? "natural" : "";
      if (!kind.isEmpty() && from.size() > before) {
        join.add(kind + " join " + from.get(from.size() - 1));
      }
      pending.add(j);
    }
    // ON conditions may name any table of the FROM clause, so they are read once all are in scope
    for (Join j : pending) {
      for (Expression on : j.getOnExpressions()) {
        join.addAll(conjuncts(on, scope, false));
      }
      if (j.getUsingColumns() != null) {
        for (Column c : j.getUsingColumns()) {
          join.add("using " + name(c.getColumnName()));
        }
      }
    }
  }

  private List<String> orderBy(List<OrderByElement> elements, Scope scope) {
    List<String> order = new ArrayList<>();
    for (OrderByElement e : elements) {
      order.add(exprOrAlias(e.getExpression(), scope) + (e.isAsc() ? " asc" : " desc"));
    }
    return order;
  }

  private List<String> limit(Select s, Expression top) {
    Limit limit = s.getLimit();
    Expression rows = limit != null ? limit.getRowCount() : top != null ? top
        : s.getFetch() != null ? s.getFetch().getExpression() : null;
    Expression offset = limit != null && limit.getOffset() != null ? limit.getOffset()
        : s.getOffset() != null ? s.getOffset().getOffset() : null;
    if (rows == null && offset == null && (limit == null || !(limit.getRowCount() instanceof AllValue))) {
      return List.of();
    }
    List<String> out = new ArrayList<>();
    // Spider compares only whether there is a LIMIT when values are ignored
    out.add(ignoreValues ? "limit" : "limit " + (rows == null ? "all" : rows.toString()));
    if (offset != null) {
      out.add(ignoreValues ? "offset" : "offset " + offset);
    }
    return out;
  }

  /** A condition split at its top-level ANDs, each part canonical, sorted. */
  private List<String> conjuncts(Expression e, Scope scope, boolean aliases) {
    if (e == null) {
      return List.of();
    }
    List<Expression> parts = new ArrayList<>();
    flatten(e, AndExpression.class, parts);
    return sorted(parts.stream().map(p -> aliases ? exprOrAlias(p, scope) : expr(p, scope)).toList());
  }

  private static void flatten(Expression e, Class<? extends BinaryExpression> kind, List<Expression> out) {
    Expression inner = unwrap(e);
    if (kind.isInstance(inner)) {
      BinaryExpression b = (BinaryExpression) inner;
      flatten(b.getLeftExpression(), kind, out);
      flatten(b.getRightExpression(), kind, out);
    } else {
      out.add(inner);
    }
  }

  private static Expression unwrap(Expression e) {
    Expression inner = e;
    while (true) {
      // JSqlParser 5 parses (x) as a one-element ParenthesedExpressionList, never as Parenthesis
      if (inner instanceof ExpressionList<?> list && !(inner instanceof ParenthesedSelect)
          && list.size() == 1 && list.get(0) != null) {
        inner = list.get(0);
      } else {
        return inner;
      }
    }
  }

  /** An expression where a bare name may be a select-list alias (ORDER BY, GROUP BY, HAVING). */
  private String exprOrAlias(Expression e, Scope scope) {
    Expression inner = unwrap(e);
    if (inner instanceof Column c && c.getTable() == null) {
      String alias = scope.selectAliases.get(name(c.getColumnName()));
      if (alias != null) {
        return alias;
      }
    }
    // ORDER BY 2 names the second select item, whatever values are ignored
    if (inner instanceof LongValue position) {
      long i = position.getValue();
      return i >= 1 && i <= scope.selectItems.size() ? scope.selectItems.get((int) i - 1) : "#" + i;
    }
    return expr(inner, scope);
  }

  String expr(Expression e, Scope scope) {
    Expression x = unwrap(e);
    if (x == null) {
      return "";
    }
    if (x instanceof Column c) {
      String column = name(c.getColumnName());
      if (c.getTable() != null && c.getTable().getName() != null) {
        return scope.resolve(name(c.getTable().getName())) + "." + column;
      }
      String only = scope.onlyTable();
      return only == null ? column : only + "." + column;
    }
    if (x instanceof AllTableColumns all) {
      return scope.resolve(name(all.getTable().getName())) + ".*";
    }
    if (x instanceof AllColumns) {
      return "*";
    }
    if (x instanceof AndExpression || x instanceof OrExpression) {
      List<Expression> parts = new ArrayList<>();
      flatten(x, x instanceof AndExpression ? AndExpression.class : OrExpression.class, parts);
      String op = x instanceof AndExpression ? " and " : " or ";
      return "(" + sorted(parts.stream().map(p -> expr(p, scope)).toList()).stream()
          .collect(Collectors.joining(op)) + ")";
    }
    if (x instanceof EqualsTo || x instanceof NotEqualsTo) {
      BinaryExpression b = (BinaryExpression) x;
      String l = expr(b.getLeftExpression(), scope);
      String r = expr(b.getRightExpression(), scope);
      String op = x instanceof EqualsTo ? " = " : " != ";
      return l.compareTo(r) <= 0 ? l + op + r : r + op + l;
    }
    if (x instanceof GreaterThan g) {
      return expr(g.getRightExpression(), scope) + " < " + expr(g.getLeftExpression(), scope);
    }
    if (x instanceof GreaterThanEquals g) {
      return expr(g.getRightExpression(), scope) + " <= " + expr(g.getLeftExpression(), scope);
    }
    if (x instanceof MinorThan || x instanceof MinorThanEquals) {
      BinaryExpression b = (BinaryExpression) x;
      return expr(b.getLeftExpression(), scope) + (x instanceof MinorThan ? " < " : " <= ")
          + expr(b.getRightExpression(), scope);
    }
    if (x instanceof LikeExpression like) {
      return expr(like.getLeftExpression(), scope) + (like.isNot() ? " not " : " ")
          + like.getLikeKeyWord().toString().toLowerCase(Locale.ROOT) + " " + expr(like.getRightExpression(), scope);
    }
    if (x instanceof InExpression in) {
      Expression right = in.getRightExpression();
      String list;
      if (right instanceof Select sub) {
        list = "(" + shape(sub, scope).canonical() + ")";
      } else if (right instanceof ExpressionList<?> values) {
        List<String> items = new ArrayList<>();
        for (Object v : values) {
          items.add(expr((Expression) v, scope));
        }
        list = "(" + String.join(", ", ignoreValues ? items.stream().distinct().toList() : sorted(items)) + ")";
      } else {
        list = expr(right, scope);
      }
      return expr(in.getLeftExpression(), scope) + (in.isNot() ? " not in " : " in ") + list;
    }
    if (x instanceof Between b) {
      return expr(b.getLeftExpression(), scope) + (b.isNot() ? " not between " : " between ")
          + expr(b.getBetweenExpressionStart(), scope) + " and " + expr(b.getBetweenExpressionEnd(), scope);
    }
    if (x instanceof IsNullExpression n) {
      return expr(n.getLeftExpression(), scope) + (n.isNot() ? " is not null" : " is null");
    }
    if (x instanceof ExistsExpression ex) {
      return (ex.isNot() ? "not exists " : "exists ") + expr(ex.getRightExpression(), scope);
    }
    if (x instanceof NotExpression not) {
      return "not " + expr(not.getExpression(), scope);
    }
    if (x instanceof Select sub) {
      return "(" + shape(sub, scope).canonical() + ")";
    }
    if (x instanceof Function f) {
      StringBuilder sb = new StringBuilder(f.getName().toLowerCase(Locale.ROOT)).append('(');
      if (f.isDistinct()) {
        sb.append("distinct ");
      }
      if (f.isAllColumns()) {
        sb.append('*');
      } else if (f.getParameters() != null) {
        List<String> args = new ArrayList<>();
        for (Object p : f.getParameters()) {
          args.add(expr((Expression) p, scope));
        }
        sb.append(String.join(", ", args));
      }
      return sb.append(')').toString();
    }
    if (x instanceof CaseExpression c) {
      StringBuilder sb = new StringBuilder("case");
      if (c.getSwitchExpression() != null) {
        sb.append(' ').append(expr(c.getSwitchExpression(), scope));
      }
      for (WhenClause w : c.getWhenClauses()) {
        sb.append(" when ").append(expr(w.getWhenExpression(), scope)).append(" then ")
            .append(expr(w.getThenExpression(), scope));
      }
      if (c.getElseExpression() != null) {
        sb.append(" else ").append(expr(c.getElseExpression(), scope));
      }
      return sb.append(" end").toString();
    }
    if (x instanceof CastExpression cast) {
      return "cast(" + expr(cast.getLeftExpression(), scope) + " as "
          + cast.getColDataType().toString().toLowerCase(Locale.ROOT) + ")";
    }
    if (x instanceof SignedExpression signed) {
      String inner = expr(signed.getExpression(), scope);
      return inner.equals(VALUE) ? VALUE : signed.getSign() + inner;
    }
    if (x instanceof StringValue s) {
      return ignoreValues ? VALUE : "'" + s.getValue() + "'";
    }
    if (x instanceof LongValue || x instanceof DoubleValue || x instanceof HexValue || x instanceof DateValue
        || x instanceof TimeValue || x instanceof TimestampValue) {
      return ignoreValues ? VALUE : x.toString();
    }
    if (x instanceof NullValue) {
      return "null";
    }
    if (x instanceof ExpressionList<?> list) {
      List<String> items = new ArrayList<>();
      for (Object v : list) {
        items.add(expr((Expression) v, scope));
      }
      return "(" + String.join(", ", items) + ")";
    }
    if (x instanceof BinaryExpression b) {
      return "(" + expr(b.getLeftExpression(), scope) + " " + b.getStringExpression().toLowerCase(Locale.ROOT)
          + " " + expr(b.getRightExpression(), scope) + ")";
    }
    return x.toString();
  }

  static String tableName(Table table) {
    return name(table.getFullyQualifiedName());
  }

  /** An identifier without quotes, lower-cased (SQLite's names are case-insensitive). */
  static String name(String identifier) {
    if (identifier == null) {
      return "";
    }
    StringBuilder sb = new StringBuilder();
    for (String part : identifier.split("\\.")) {
      String p = part.trim();
      if (p.length() >= 2 && ((p.startsWith("\"") && p.endsWith("\"")) || (p.startsWith("`") && p.endsWith("`"))
          || (p.startsWith("[") && p.endsWith("]")))) {
        p = p.substring(1, p.length() - 1);
      }
      if (sb.length() > 0) {
        sb.append('.');
      }
      sb.append(p.toLowerCase(Locale.ROOT));
    }
    return sb.toString();
  }

  private static Map<String, List<String>> emptyClauses() {
    Map<String, List<String>> clauses = new LinkedHashMap<>();
    for (String clause : QueryShape.CLAUSES) {
      clauses.put(clause, List.of());
    }
    return clauses;
  }

  private static List<String> sorted(List<String> items) {
    return items.stream().sorted().toList();
  }
}
