package dev.llmsql.judge.audit;

import dev.llmsql.audit.GoldInspector;
import dev.llmsql.audit.GoldShape;
import dev.llmsql.judge.dialect.SqlDialect;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.expression.Alias;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.Function;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.FromItem;
import net.sf.jsqlparser.statement.select.Join;
import net.sf.jsqlparser.statement.select.Limit;
import net.sf.jsqlparser.statement.select.OrderByElement;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.SelectItem;
import net.sf.jsqlparser.statement.select.WithItem;
import net.sf.jsqlparser.util.TablesNamesFinder;

/**
 * Reads golds with JSqlParser (SQLite's lexical rules) for the audit: the outermost {@code ORDER BY ... LIMIT k}
 * rewritten to read one row more with its sort keys (and with {@code OFFSET n} the row before its first too),
 * the base-table columns sorted or taken MIN/MAX of in any query block, and the tables read. Registered with
 * {@link java.util.ServiceLoader}.
 */
public final class ParsedGoldInspector implements GoldInspector {

  /** The inspector; {@link java.util.ServiceLoader} makes it. */
  public ParsedGoldInspector() {
  }

  @Override
  public GoldShape inspect(String sql) {
    Statement statement;
    try {
      statement = SqlDialect.SQLITE.parseOne(sql);
    } catch (JSQLParserException | RuntimeException e) {
      return GoldShape.UNPARSED;
    }
    if (!(statement instanceof Select select)) {
      return GoldShape.UNPARSED;
    }
    Set<String> ctes = new java.util.HashSet<>();
    if (select.getWithItemsList() != null) {
      for (WithItem<?> item : select.getWithItemsList()) {
        ctes.add(plain(item.getAliasName()));
      }
    }
    Blocks blocks = new Blocks();
    Set<String> read = blocks.getTables((Statement) select);
    List<String> tables = new ArrayList<>();
    for (String table : read) {
      if (!ctes.contains(plain(table))) {
        tables.add(table);
      }
    }
    Set<GoldShape.SortedColumn> sorted = new LinkedHashSet<>();
    for (PlainSelect block : blocks.found) {
      sortedColumns(block, ctes, sorted);
    }
    boolean ordered = select.getOrderByElements() != null && !select.getOrderByElements().isEmpty();
    List<GoldShape.LimitProbe> probes = new ArrayList<>();
    for (PlainSelect block : blocks.found) {
      boolean outermost = block == select;
      if (outermost && select.getWithItemsList() != null) {
        continue;   // the outermost block alone would lose its common table expressions
      }
      GoldShape.LimitProbe probe = probe(outermost ? sql : block.toString(), block, outermost);
      if (probe != null) {
        probes.add(outermost ? 0 : probes.size(), probe);
      }
    }
    return new GoldShape(true, ordered, probes, List.copyOf(sorted), tables);
  }

  /**
   * A block read one row past its limit, its sort keys appended; null when it has no plain {@code ORDER BY ...
   * LIMIT k}. {@code sql} is the block's own text, parsed again so the statement's tree is left as it was.
   */
  private static GoldShape.LimitProbe probe(String sql, PlainSelect block, boolean outermost) {
    Limit limit = block.getLimit();
    if (block.getOrderByElements() == null || block.getOrderByElements().isEmpty() || limit == null
        || !(limit.getRowCount() instanceof LongValue count) || count.getValue() <= 0
        || count.getValue() >= Integer.MAX_VALUE || block.getFetch() != null || block.getTop() != null) {
      return null;
    }
    PlainSelect copy;
    try {
      if (!(SqlDialect.SQLITE.parseOne(sql) instanceof PlainSelect parsed)) {
        return null;
      }
      copy = parsed;
    } catch (JSQLParserException | RuntimeException e) {
      return null;
    }
    List<Expression> keys = new ArrayList<>();
    for (OrderByElement e : copy.getOrderByElements()) {
      Expression key = resolve(e.getExpression(), copy.getSelectItems());
      if (key == null) {
        return null;
      }
      keys.add(key);
    }
    if (copy.getDistinct() != null) {
      // appended keys must not split rows DISTINCT merges: only keys the select list already has
      Set<String> selected = new java.util.HashSet<>();
      copy.getSelectItems().forEach(item -> selected.add(String.valueOf(item.getExpression())));
      if (!keys.stream().allMatch(k -> selected.contains(String.valueOf(k)))) {
        return null;
      }
    }
    for (int i = 0; i < keys.size(); i++) {
      copy.addSelectItem(keys.get(i), new Alias("\"llmsql_sort_key_" + (i + 1) + "\""));
    }
    // an offset cuts the sorted rows too: read from the last row it skips, so a tie across it shows
    Expression offset = copy.getLimit().getOffset() != null ? copy.getLimit().getOffset()
        : copy.getOffset() != null ? copy.getOffset().getOffset() : null;
    long skipped = offset instanceof LongValue n && n.getValue() > 0 ? n.getValue() : 0;
    if (skipped >= Integer.MAX_VALUE || count.getValue() + 2 >= Integer.MAX_VALUE) {
      return null;
    }
    if (skipped > 0) {
      LongValue earlier = new LongValue(skipped - 1);
      if (copy.getLimit().getOffset() != null) {
        copy.getLimit().setOffset(earlier);
      } else {
        copy.getOffset().setOffset(earlier);
      }
    }
    copy.getLimit().setRowCount(new LongValue(count.getValue() + 1 + (skipped > 0 ? 1 : 0)));
    return new GoldShape.LimitProbe((int) count.getValue(), copy.toString(), keys.size(), outermost, (int) skipped);
  }

  /** An ORDER BY term as an expression of the FROM clause: a position or a select-list alias replaced. */
  private static Expression resolve(Expression term, List<SelectItem<?>> items) {
    if (term instanceof LongValue position) {
      long n = position.getValue();
      if (n < 1 || n > items.size()) {
        return null;
      }
      Expression e = items.get((int) n - 1).getExpression();
      return e instanceof net.sf.jsqlparser.statement.select.AllColumns ? null : e;
    }
    if (term instanceof Column c && c.getTable() == null) {
      for (SelectItem<?> item : items) {
        if (item.getAlias() != null && plain(item.getAlias().getName()).equals(plain(c.getColumnName()))) {
          return item.getExpression();
        }
      }
    }
    return term;
  }

  /** The base-table columns a block's ORDER BY sorts by, and its MIN/MAX take. */
  private static void sortedColumns(PlainSelect block, Set<String> ctes, Set<GoldShape.SortedColumn> out) {
    Map<String, String> scope = new HashMap<>();
    List<String> baseTables = new ArrayList<>();
    addScope(block.getFromItem(), ctes, scope, baseTables);
    if (block.getJoins() != null) {
      for (Join join : block.getJoins()) {
        addScope(join.getFromItem(), ctes, scope, baseTables);
      }
    }
    if (block.getOrderByElements() != null) {
      for (OrderByElement e : block.getOrderByElements()) {
        Expression key = resolve(e.getExpression(), block.getSelectItems());
        column(key, "ORDER BY", scope, baseTables, out);
        minMax(key, scope, baseTables, out);
      }
    }
    for (SelectItem<?> item : block.getSelectItems()) {
      minMax(item.getExpression(), scope, baseTables, out);
    }
  }

  private static void minMax(Expression e, Map<String, String> scope, List<String> baseTables,
                             Set<GoldShape.SortedColumn> out) {
    if (e instanceof Function f && f.getParameters() != null && f.getParameters().size() == 1
        && (f.getName().equalsIgnoreCase("min") || f.getName().equalsIgnoreCase("max"))) {
      column(f.getParameters().get(0), f.getName().toUpperCase(Locale.ROOT), scope, baseTables, out);
    }
  }

  private static void column(Expression e, String clause, Map<String, String> scope, List<String> baseTables,
                             Set<GoldShape.SortedColumn> out) {
    if (!(e instanceof Column c)) {
      return;
    }
    String table;
    if (c.getTable() != null && c.getTable().getName() != null) {
      table = scope.get(plain(c.getTable().getName()));
    } else {
      table = baseTables.size() == 1 ? baseTables.get(0) : null;
    }
    if (table != null) {
      out.add(new GoldShape.SortedColumn(table, c.getColumnName(), clause));
    }
  }

  private static void addScope(FromItem item, Set<String> ctes, Map<String, String> scope, List<String> baseTables) {
    if (!(item instanceof Table t) || ctes.contains(plain(t.getName()))) {
      return;
    }
    String name = t.getFullyQualifiedName();
    baseTables.add(name);
    scope.put(plain(t.getName()), name);
    if (t.getAlias() != null) {
      scope.put(plain(t.getAlias().getName()), name);
    }
  }

  /** A name without its quotes, in lower case, as SQLite compares identifiers. */
  private static String plain(String name) {
    if (name == null) {
      return "";
    }
    String n = name;
    if (n.length() >= 2 && (n.startsWith("\"") && n.endsWith("\"") || n.startsWith("`") && n.endsWith("`")
        || n.startsWith("[") && n.endsWith("]"))) {
      n = n.substring(1, n.length() - 1);
    }
    return n.toLowerCase(Locale.ROOT);
  }

  /** Every query block of a statement, as JSqlParser's table finder walks them. */
  private static final class Blocks extends TablesNamesFinder<Void> {
    final List<PlainSelect> found = new ArrayList<>();

    @Override
    public <S> Void visit(PlainSelect plainSelect, S context) {
      found.add(plainSelect);
      return super.visit(plainSelect, context);
    }
  }
}
