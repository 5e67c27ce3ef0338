package dev.llmsql.judge.structure;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A query as canonical clauses, the unit of Spider-style exact-set match: each clause is a list of
 * canonical items (sorted where order does not matter: select list, tables, join and where conditions,
 * group by, having; in order for ORDER BY). Table aliases are resolved, names lower-cased and unquoted,
 * {@code a AND b} equals {@code b AND a}, {@code x > 1} equals {@code 1 < x}, and sub-queries appear
 * as their own canonical text.
 *
 * <pre>{@code
 * QueryShape shape = ExactSetJudge.shape("SELECT T1.name FROM singer AS T1 WHERE T1.age > 20", true);
 * shape.clauses().get("where");   // [? < singer.age]
 * }</pre>
 *
 * @param clauses every clause of {@link #CLAUSES}, in that order, each possibly empty; never null
 */
public record QueryShape(Map<String, List<String>> clauses) {

  public static final String SELECT = "select";
  public static final String FROM = "from";
  public static final String JOIN = "join";
  public static final String WHERE = "where";
  public static final String GROUP_BY = "group_by";
  public static final String HAVING = "having";
  public static final String ORDER_BY = "order_by";
  public static final String LIMIT = "limit";
  public static final String SET_OPS = "set_ops";
  public static final String WITH = "with";
  /** The clauses compared, in report order. */
  public static final List<String> CLAUSES =
      List.of(SELECT, FROM, JOIN, WHERE, GROUP_BY, HAVING, ORDER_BY, LIMIT, SET_OPS, WITH);

  public QueryShape {
    requireNonNull(clauses, "clauses");
    Map<String, List<String>> all = new LinkedHashMap<>();
    for (String clause : CLAUSES) {
      List<String> items = clauses.get(clause);
      all.put(clause, items == null ? List.of() : List.copyOf(items));
    }
    clauses = java.util.Collections.unmodifiableMap(all);
  }

  /** This shape with one clause replaced. */
  QueryShape with(String clause, List<String> items) {
    Map<String, List<String>> all = new LinkedHashMap<>(clauses);
    all.put(clause, items);
    return new QueryShape(all);
  }

  /** One text holding every non-empty clause: two shapes are an exact-set match when these are equal. */
  public String canonical() {
    return clauses.entrySet().stream().filter(e -> !e.getValue().isEmpty())
        .map(e -> e.getKey() + " [" + String.join(" | ", e.getValue()) + "]")
        .collect(Collectors.joining(" "));
  }
}
