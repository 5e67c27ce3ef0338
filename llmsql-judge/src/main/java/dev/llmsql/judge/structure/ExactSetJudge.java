package dev.llmsql.judge.structure;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judge.Judge;
import dev.llmsql.judge.JudgeContext;
import dev.llmsql.judge.Outcome;
import dev.llmsql.judge.Reason;
import dev.llmsql.judge.Verdict;
import dev.llmsql.judge.dialect.SqlDialect;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.select.Select;

/**
 * Spider-style exact-set match without running anything: the first SQL candidate and the gold are parsed
 * with JSqlParser and compared clause by clause ({@link QueryShape}): select list, tables, join
 * conditions, where conditions as a set ({@code a AND b} = {@code b AND a}), group by, having, order by,
 * limit, set operations and nested queries (compared as wholes where they appear). Literal values are
 * ignored by default, as Spider does ({@code WHERE age > 20} matches {@code WHERE age > 30}); LIMIT then
 * counts only by its presence. Every verdict carries per-clause scores as measures {@code clause_select},
 * {@code clause_where}, ... (F1 of the clause's items; 1 or 0 for order by, limit and set operations).
 * Several golds: the first that matches wins. A gold that does not parse is a gold error.
 *
 * <pre>{@code
 * Evaluator.builder().judge(ExactSetJudge.spider()).build();
 * Judge withValues = ExactSetJudge.builder().ignoreValues(false).build();   // "exact-set:keep-values"
 * }</pre>
 */
public final class ExactSetJudge implements Judge {

  /** The measure prefix of per-clause scores, e.g. {@code clause_where}. */
  public static final String CLAUSE_MEASURE_PREFIX = "clause_";
  private static final Set<String> ORDERED = Set.of(QueryShape.ORDER_BY, QueryShape.LIMIT, QueryShape.SET_OPS);
  private static final int MAX_DETAIL = 600;

  private final boolean ignoreValues;
  private final SqlDialect dialect;
  private final String name;

  private ExactSetJudge(Builder b) {
    this.ignoreValues = b.ignoreValues;
    this.dialect = b.dialect;
    this.name = b.name != null ? b.name : ignoreValues ? "exact-set" : "exact-set:keep-values";
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Spider's exact-set match: values ignored, SQLite's lexical rules. */
  public static ExactSetJudge spider() {
    return builder().build();
  }

  /**
   * The canonical clauses of one query.
   *
   * @throws IllegalArgumentException when the SQL does not parse or is not a single query, with the
   *     parser's message
   */
  public static QueryShape shape(String sql, boolean ignoreValues) {
    return shape(sql, ignoreValues, SqlDialect.SQLITE);
  }

  private static QueryShape shape(String sql, boolean ignoreValues, SqlDialect dialect) {
    Statement statement;
    try {
      statement = dialect.parseOne(sql);
    } catch (JSQLParserException e) {
      throw new IllegalArgumentException("does not parse: " + firstLine(e), e);
    }
    if (!(statement instanceof Select select)) {
      throw new IllegalArgumentException("is not a query but " + statement.getClass().getSimpleName());
    }
    return new Canonicalizer(ignoreValues).shape(select);
  }

  /** Compares two queries directly; the gold's failure to parse is a gold error. */
  public Verdict compare(String gold, String prediction) {
    return judge(List.of(gold), prediction);
  }

  @Override
  public Verdict judge(JudgeContext context) {
    List<String> golds = context.question().goldSql();
    if (golds.isEmpty()) {
      return Verdict.goldError("exact-set match needs gold SQL; the question gives only gold results");
    }
    if (context.candidates().isEmpty()) {
      return Verdict.noSql();
    }
    return judge(golds, context.candidates().get(0));
  }

  private Verdict judge(List<String> golds, String prediction) {
    QueryShape pred;
    try {
      pred = shape(prediction, ignoreValues, dialect);
    } catch (IllegalArgumentException e) {
      return Verdict.error(Reason.PRED_ERROR, "the prediction " + e.getMessage());
    }
    Verdict best = null;
    List<String> goldProblems = new ArrayList<>();
    for (String goldSql : golds) {
      QueryShape gold;
      try {
        gold = shape(goldSql, ignoreValues, dialect);
      } catch (IllegalArgumentException e) {
        goldProblems.add("the gold " + e.getMessage());
        continue;
      }
      Verdict verdict = compare(gold, pred);
      if (verdict.outcome() == Outcome.MATCH) {
        return verdict;
      }
      if (best == null) {
        best = verdict;
      }
    }
    return best != null ? best : Verdict.goldError(String.join("; ", goldProblems));
  }

  private static Verdict compare(QueryShape gold, QueryShape pred) {
    Map<String, Double> measures = new LinkedHashMap<>();
    List<String> differences = new ArrayList<>();
    for (String clause : QueryShape.CLAUSES) {
      List<String> g = gold.clauses().get(clause);
      List<String> p = pred.clauses().get(clause);
      double score = ORDERED.contains(clause) ? (g.equals(p) ? 1.0 : 0.0) : f1(g, p);
      measures.put(CLAUSE_MEASURE_PREFIX + clause, score);
      if (!g.equals(p)) {
        differences.add(clause + ": gold " + g + " vs prediction " + p);
      }
    }
    if (differences.isEmpty()) {
      return new Verdict(Outcome.MATCH, Reason.EQUAL, "", measures);
    }
    String detail = "clauses differ: " + String.join("; ", differences);
    if (detail.length() > MAX_DETAIL) {
      detail = detail.substring(0, MAX_DETAIL) + "...";
    }
    return new Verdict(Outcome.MISMATCH, Reason.OTHER, detail, measures);
  }

  /** F1 of two multisets; two empty clauses agree fully. */
  static double f1(List<String> gold, List<String> pred) {
    if (gold.isEmpty() && pred.isEmpty()) {
      return 1.0;
    }
    Map<String, Integer> counts = new HashMap<>();
    gold.forEach(g -> counts.merge(g, 1, Integer::sum));
    int common = 0;
    for (String p : pred) {
      Integer left = counts.get(p);
      if (left != null && left > 0) {
        common++;
        counts.put(p, left - 1);
      }
    }
    return 2.0 * common / (gold.size() + pred.size());
  }

  private static String firstLine(Exception e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    Throwable cause = e.getCause();
    if (cause != null && cause.getMessage() != null) {
      message = cause.getMessage();
    }
    int nl = message.indexOf('\n');
    return (nl < 0 ? message : message.substring(0, nl)).trim();
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String toString() {
    return "ExactSetJudge[" + name + ", ignoreValues=" + ignoreValues + ", dialect=" + dialect.id() + "]";
  }

  /** Options of {@link ExactSetJudge}; values ignored and SQLite's lexical rules by default. */
  public static final class Builder {
    private boolean ignoreValues = true;
    private SqlDialect dialect = SqlDialect.SQLITE;
    private String name;

    private Builder() {
    }

    /** Whether literal values are ignored (Spider's default, {@code true}). */
    public Builder ignoreValues(boolean ignoreValues) {
      this.ignoreValues = ignoreValues;
      return this;
    }

    /** The lexical rules to parse with (quoting, escapes); {@link SqlDialect#SQLITE} by default. */
    public Builder dialect(SqlDialect dialect) {
      this.dialect = requireNonNull(dialect, "dialect");
      return this;
    }

    /** The name in reports; {@code exact-set} or {@code exact-set:keep-values} by default. */
    public Builder name(String name) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("name must not be blank; leave it unset for the default");
      }
      this.name = name;
      return this;
    }

    public ExactSetJudge build() {
      return new ExactSetJudge(this);
    }
  }
}
