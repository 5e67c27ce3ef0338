package dev.llmsql.judge.structure;

import static java.util.Objects.requireNonNull;

import dev.llmsql.config.Settings;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.Judgement;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
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
 * Spider's exact-set match. By default ({@code exact-set}) it is Spider's own evaluator
 * ({@code evaluation.py} with {@code process_sql.py}, as test-suite-sql-eval ships it), reimplemented: the
 * first SQL candidate and the gold are read with Spider's tokenizer and parser against the question's
 * database schema (read from the SQLite file, foreign keys from its declarations), values and DISTINCT are
 * dropped, foreign-key columns folded together, and the partial scores (select, where, group, having,
 * order, and/or, set operations, keywords) must all be 1 and the FROM tables equal. Its limits are kept:
 * a query its parser rejects (a select alias, {@code <>}, {@code IS NULL}, {@code LEFT JOIN}) is wrong;
 * join conditions are not compared; the completion is read as given ({@code extract}: its first SQL
 * candidate). Measures {@code clause_select}, ... carry each partial score.
 *
 * <p>{@code exact-set:structural} ({@link Builder#structural(boolean)}) is this project's own comparison
 * instead: JSqlParser reads both queries and compares them clause by clause ({@link QueryShape}), so any
 * SQL JSqlParser reads can match, no database is needed, join conditions count, and per-clause measures are
 * F1 scores. Literal values are ignored by default in both; {@code keep-values} compares them. Several
 * golds: the first that matches wins. A gold that does not parse is a gold error.
 *
 * <pre>{@code
 * Evaluator.builder().judge(ExactSetJudge.spider()).build();
 * Judge ours = ExactSetJudge.builder().structural(true).ignoreValues(false).build();
 * // "exact-set:structural,keep-values"
 * }</pre>
 */
public final class ExactSetJudge implements Judge {

  /** The measure prefix of per-clause scores, e.g. {@code clause_where}. */
  public static final String CLAUSE_MEASURE_PREFIX = "clause_";
  private static final Set<String> ORDERED = Set.of(QueryShape.ORDER_BY, QueryShape.LIMIT, QueryShape.SET_OPS);
  private static final int MAX_DETAIL = 600;

  private final boolean ignoreValues;
  private final boolean structural;
  private final boolean extract;
  private final SqlDialect dialect;
  private final String name;

  private ExactSetJudge(Builder b) {
    this.ignoreValues = b.ignoreValues;
    this.structural = b.structural;
    this.extract = b.extract || b.structural;
    this.dialect = b.dialect;
    List<String> options = new ArrayList<>();
    if (structural) {
      options.add("structural");
    }
    if (!ignoreValues) {
      options.add("keep-values");
    }
    if (b.extract && !structural) {
      options.add("extract");
    }
    this.name = b.name != null ? b.name : options.isEmpty() ? "exact-set" : "exact-set:" + String.join(",", options);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Spider's exact-set match as Spider's evaluator computes it: values ignored. */
  public static ExactSetJudge spider() {
    return builder().build();
  }

  /** This project's clause-by-clause comparison (JSqlParser, no database needed): values ignored. */
  public static ExactSetJudge structural() {
    return builder().structural(true).build();
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

  /**
   * Compares two queries directly with the structural comparison; the gold's failure to parse is a gold
   * error.
   *
   * @throws IllegalStateException for Spider's evaluator, which needs the database's schema: judge through an
   *     evaluation, or build with {@code structural(true)}
   */
  public Verdict compare(String gold, String prediction) {
    if (!structural) {
      throw new IllegalStateException("Spider's exact-set match reads the database schema; run it in an "
          + "evaluation, or use ExactSetJudge.structural() to compare SQL texts alone");
    }
    return judge(List.of(gold), prediction);
  }

  @Override
  public Judgement judge(JudgeContext context) {
    return Judgement.of(context, verdict(context));
  }

  private Verdict verdict(JudgeContext context) {
    List<String> golds = context.question().goldSql();
    if (golds.isEmpty()) {
      return Verdict.goldError("exact-set match needs gold SQL; the question gives only gold results");
    }
    if (context.candidates().isEmpty()) {
      return Verdict.noSql();
    }
    if (!structural) {
      // Spider reads the prediction as given; chatter around the SQL makes its parser reject it
      String prediction = extract ? context.candidates().get(0) : context.prediction().completion().strip();
      SpiderSchema schema;
      try {
        schema = SchemaReader.read(context);
      } catch (IllegalStateException e) {
        return Verdict.goldError(e.getMessage());
      }
      return spider(schema, golds, prediction);
    }
    return judge(golds, context.candidates().get(0));
  }

  /** Spider's evaluator on one schema: the first gold that matches wins. */
  Verdict spider(SpiderSchema schema, List<String> golds, String prediction) {
    SpiderSql.Query pred;
    String rejected = null;
    try {
      pred = SpiderSql.rebuild(SpiderSql.parse(schema, prediction), schema, !ignoreValues);
    } catch (SpiderSql.Rejected e) {
      // Spider scores a prediction its parser rejects as the empty query: wrong, whatever the gold
      pred = SpiderSql.EMPTY;
      rejected = e.getMessage();
    }
    Verdict best = null;
    List<String> goldProblems = new ArrayList<>();
    for (String goldSql : golds) {
      SpiderSql.Query gold;
      try {
        gold = SpiderSql.rebuild(SpiderSql.parse(schema, goldSql), schema, !ignoreValues);
      } catch (SpiderSql.Rejected e) {
        goldProblems.add("Spider's parser rejects the gold: " + e.getMessage());
        continue;
      }
      Map<String, Double> measures = new LinkedHashMap<>();
      List<String> failed = new ArrayList<>();
      SpiderSql.partialScores(pred, gold).forEach((part, score) -> {
        measures.put(CLAUSE_MEASURE_PREFIX + part, (double) score);
        if (score == 0) {
          failed.add(part);
        }
      });
      if (SpiderSql.exactMatch(pred, gold)) {
        return new Verdict(Outcome.MATCH, Reason.EQUAL, "", measures);
      }
      if (best == null) {
        String detail = rejected != null ? "Spider's parser rejects the prediction: " + rejected
            : failed.isEmpty() ? "the FROM tables differ" : "parts differ: " + String.join(", ", failed);
        best = new Verdict(rejected != null ? Outcome.ERROR : Outcome.MISMATCH,
            rejected != null ? Reason.PRED_ERROR : Reason.OTHER, detail, measures);
      }
    }
    return best != null ? best : Verdict.goldError(String.join("; ", goldProblems));
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
  public boolean readsCompletionAsGiven() {
    return !extract;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String toString() {
    return "ExactSetJudge[" + name + ", ignoreValues=" + ignoreValues + ", structural=" + structural
        + ", dialect=" + dialect.id() + "]";
  }

  /** Options of {@link ExactSetJudge}; values ignored and SQLite's lexical rules by default. */
  public static final class Builder {
    private boolean ignoreValues = true;
    private boolean structural;
    private boolean extract;
    private SqlDialect dialect = SqlDialect.SQLITE;
    private boolean dialectGiven;
    private String name;
    private final Settings settings = new Settings("ExactSetJudge.Builder");

    private Builder() {
    }

    /** Whether literal values are ignored (Spider's default, {@code true}). */
    public Builder ignoreValues(boolean ignoreValues) {
      this.ignoreValues = settings.once("ignoreValues", ignoreValues);
      return this;
    }

    /**
     * Whether to use this project's clause-by-clause comparison ({@code true}) instead of Spider's own
     * evaluator ({@code false}, the default); see the class comment for what differs.
     */
    public Builder structural(boolean structural) {
      this.structural = settings.once("structural", structural);
      return this;
    }

    /**
     * Whether Spider's evaluator reads the first SQL candidate extracted from the completion ({@code true})
     * instead of the completion as given ({@code false}, the default, as Spider does); the structural
     * comparison always reads the first candidate.
     */
    public Builder extract(boolean extract) {
      this.extract = settings.once("extract", extract);
      return this;
    }

    /** The lexical rules the structural comparison parses with (quoting, escapes); {@link SqlDialect#SQLITE} by default. */
    public Builder dialect(SqlDialect dialect) {
      this.dialect = settings.once("dialect", requireNonNull(dialect, "dialect"));
      this.dialectGiven = true;
      return this;
    }

    /** The name in reports; {@code exact-set} or {@code exact-set:keep-values} by default. */
    public Builder name(String name) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("name must not be blank; leave it unset for the default");
      }
      this.name = settings.once("name", name);
      return this;
    }

    public ExactSetJudge build() {
      if (dialectGiven && !structural) {
        // Spider's evaluator has its own tokenizer; a dialect it never reads would only look as if it counted
        throw new IllegalStateException("ExactSetJudge.Builder: dialect(" + dialect + ") and structural(false) "
            + "exclude each other: only the structural comparison parses with a dialect; add structural(true) or "
            + "leave dialect unset");
      }
      return new ExactSetJudge(this);
    }
  }
}
