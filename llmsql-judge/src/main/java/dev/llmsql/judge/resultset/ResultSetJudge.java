package dev.llmsql.judge.resultset;

import static java.util.Objects.requireNonNull;

import dev.llmsql.benchmark.Question;
import dev.llmsql.config.Settings;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.ResultComparison;
import dev.llmsql.judge.scoring.PeerScorings;
import dev.llmsql.judge.scoring.RelativeEfficiency;
import dev.llmsql.extraction.TablePlaceholder;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.Flag;
import dev.llmsql.judgement.Judgement;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * An execution judge: runs the gold(s) and the prediction and compares the rows with a
 * {@link ResultSetComparator}. Named presets reproduce the peers' verdicts; the builder mixes options.
 * A question may have several golds (alternative SQL, gold results): the first that matches wins. When
 * every gold fails, the verdict is a gold error (a benchmark defect), never a silent 0.
 *
 * <pre>{@code
 * Evaluator.builder().judge(ResultSetJudge.spiderExec()).build();
 * Judge mine = ResultSetJudge.builder().name("mine")
 *     .comparator(ResultSetComparator.builder().duplicates(Duplicates.SET).build())
 *     .rowOrder(RowOrder.GOLD_ORDER_BY)
 *     .build();
 * }</pre>
 */
public final class ResultSetJudge implements Judge {

  private final String name;
  private final ResultSetComparator comparator;
  private final RowOrder rowOrder;
  private final CandidatePolicy candidates;
  private final boolean stripDistinct;
  private final boolean repairOperators;
  private final int timedRuns;
  private final PeerProcedure procedure;
  private final boolean keepEqualRatios;
  private final boolean testSuite;
  private final boolean csvRoundTrip;
  private final boolean spider2Metadata;

  private ResultSetJudge(Builder b) {
    this.csvRoundTrip = b.csvRoundTrip;
    this.spider2Metadata = b.spider2Metadata;
    this.keepEqualRatios = b.keepEqualRatios;
    this.procedure = b.procedure;
    this.name = b.name;
    this.comparator = b.comparator;
    this.rowOrder = b.rowOrder;
    this.candidates = b.candidates;
    this.stripDistinct = b.stripDistinct;
    this.repairOperators = b.repairOperators;
    this.timedRuns = b.timedRuns;
    this.testSuite = b.testSuite;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** LLMSQL's rules: any candidate, multiset, order ignored, positional columns, 2 = 2.0, '2' != 2. */
  public static ResultSetJudge llmsql() {
    return builder().name("llmsql-rs").build();
  }

  /**
   * Spider test-suite execution match with its defaults ({@code eval_exec_match}): the prediction runs as
   * given (a completion with prose or a markdown fence fails, as there), DISTINCT stripped from gold and
   * prediction, {@code ! =} repaired, any column permutation, multiset, order counted when the gold has a
   * top-level ORDER BY, and a match must hold on every test-suite variant of the database
   * ({@link JudgeContext#testSuiteVariants()}).
   */
  public static ResultSetJudge spiderExec() {
    return spiderExec(false, true);
  }

  /** Spider execution match, optionally keeping DISTINCT and skipping the {@code ! =} repair. */
  public static ResultSetJudge spiderExec(boolean keepDistinct, boolean repairOperators) {
    return spiderExec(keepDistinct, repairOperators, false, true);
  }

  /**
   * Spider execution match with every option: {@code extract} runs the first SQL candidate extracted from
   * the completion instead of the text as given; {@code testSuite} false judges on the named database only.
   * Named {@code spider-exec} with its options in this order: {@code keep-distinct}, {@code no-repair},
   * {@code extract}, {@code no-test-suite}.
   */
  public static ResultSetJudge spiderExec(boolean keepDistinct, boolean repairOperators, boolean extract,
                                          boolean testSuite) {
    List<String> options = new ArrayList<>();
    if (keepDistinct) {
      options.add("keep-distinct");
    }
    if (!repairOperators) {
      options.add("no-repair");
    }
    if (extract) {
      options.add("extract");
    }
    if (!testSuite) {
      options.add("no-test-suite");
    }
    return builder().name("spider-exec" + (options.isEmpty() ? "" : ":" + String.join(",", options)))
        .comparator(ResultSetComparator.builder().columns(ColumnMatching.ANY_PERMUTATION).build())
        .rowOrder(RowOrder.GOLD_ORDER_BY)
        .candidates(extract ? CandidatePolicy.FIRST : CandidatePolicy.WHOLE_COMPLETION)
        .stripDistinct(!keepDistinct)
        .repairOperators(repairOperators)
        .testSuite(testSuite)
        .build();
  }

  /** BIRD's EX: {@code set(pred) == set(gold)}, positional columns, order ignored, exact values. */
  public static ResultSetJudge bird() {
    return builder().name("bird")
        .comparator(ResultSetComparator.builder().duplicates(Duplicates.SET).build())
        .candidates(CandidatePolicy.FIRST)
        .build();
  }

  /**
   * BIRD's EX with R-VES timing: {@link #bird()}, and on each match gold and prediction run {@code runs}
   * more times for the {@code time_ratio} measure ({@link Builder#timedRuns}). Named {@code bird:ves} (10 runs).
   */
  public static ResultSetJudge birdVes(int runs) {
    return birdVes(runs, false);
  }

  /**
   * {@link #birdVes(int)}, optionally keeping equal timing ratios instead of BIRD's division by zero
   * ({@link Builder#keepEqualRatios}; named {@code bird:ves,keep-equal-ratios}).
   */
  public static ResultSetJudge birdVes(int runs, boolean keepEqualRatios) {
    return builder().name(keepEqualRatios ? "bird:ves,keep-equal-ratios" : "bird:ves")
        .comparator(ResultSetComparator.builder().duplicates(Duplicates.SET).build())
        .candidates(CandidatePolicy.FIRST)
        .timedRuns(runs)
        .keepEqualRatios(keepEqualRatios)
        .build();
  }

  /**
   * Defog sql-eval's {@code compare_query_results} as its runners read it, exact or subset match
   * ({@link DefogProcedure}), its defects included: NULL filled with -99999, a 1-row result against a 0-row
   * gold passes (numpy broadcasting), rows re-sorted by the query's ORDER BY columns when the question asks
   * to order, a column mixing numbers and text scores 0, pandas' tolerance.
   */
  public static ResultSetJudge defog() {
    return defog(true);
  }

  /**
   * Defog, optionally without numpy's broadcasting in the first exact check (the fix of Defog's defect;
   * named {@code defog:no-broadcast}).
   */
  public static ResultSetJudge defog(boolean broadcasting) {
    return builder().name(broadcasting ? "defog" : "defog:no-broadcast")
        .procedure(DefogProcedure.builder().broadcasting(broadcasting).build())
        .rowOrder(RowOrder.QUESTION_ASKS)
        .candidates(CandidatePolicy.FIRST)
        .build();
  }

  /**
   * The former name of {@link #defog()}: Defog's verdict is its exact or its subset match.
   *
   * @deprecated use {@link #defog()}
   */
  @Deprecated
  public static ResultSetJudge defogSubset() {
    return defog();
  }

  /**
   * DB-GPT Falcon's {@code DataCompareService} ({@link FalconProcedure}): columns as comma-joined text,
   * numbers as 2-decimal text, text {@code 'null'} as NULL and {@code 'true'}/{@code 'false'} as 1/0 (any case),
   * every gold column must appear in the prediction, rows kept aligned; order
   * counted only for questions flagged {@code ordered}; two empty results differ, as in Falcon; several
   * standard answers, first RIGHT wins.
   */
  public static ResultSetJudge falcon() {
    return falcon(false);
  }

  /**
   * DB-GPT Falcon ({@link FalconProcedure}), optionally with two empty results matching (the fix of Falcon's
   * defect; named {@code falcon:empty-match}).
   */
  public static ResultSetJudge falcon(boolean emptyResultsMatch) {
    return falcon(emptyResultsMatch, false);
  }

  /**
   * DB-GPT Falcon with both options: {@code emptyResultsMatch} makes two empty results match;
   * {@code unflaggedOrdered} counts row order for questions without an {@code ordered} flag, as DB-GPT's
   * spreadsheet runner does (Falcon's own dev-file runner reads a missing {@code is_order} as "0", unordered,
   * the default). Named {@code falcon} with options {@code empty-match}, {@code unflagged-ordered}.
   */
  public static ResultSetJudge falcon(boolean emptyResultsMatch, boolean unflaggedOrdered) {
    return falcon(emptyResultsMatch, unflaggedOrdered, false);
  }

  /**
   * {@code falcon:typed} ({@code typedValues}): text {@code 'null'}, {@code 'true'}, {@code 'false'} keep their
   * type instead of becoming NULL, 1, 0 as Falcon's accurate_decimal makes them; in code, the builder with
   * {@code FalconProcedure.builder().typedValues(true)}.
   */
  static ResultSetJudge falcon(boolean emptyResultsMatch, boolean unflaggedOrdered, boolean typedValues) {
    List<String> options = new ArrayList<>();
    if (emptyResultsMatch) {
      options.add("empty-match");
    }
    if (unflaggedOrdered) {
      options.add("unflagged-ordered");
    }
    if (typedValues) {
      options.add("typed");
    }
    return builder().name("falcon" + (options.isEmpty() ? "" : ":" + String.join(",", options)))
        .procedure(FalconProcedure.builder().emptyResultsMatch(emptyResultsMatch).typedValues(typedValues).build())
        .rowOrder(unflaggedOrdered ? RowOrder.QUESTION_FLAG_ORDERED_UNLESS_FALSE : RowOrder.QUESTION_FLAG)
        .candidates(CandidatePolicy.FIRST)
        .build();
  }

  /**
   * Spider 2.0's {@code evaluate.py} per question: {@code compare_pandas_table} (each gold column's values must
   * appear as some predicted column, extras allowed; NaN equals NaN only; numbers by
   * {@code math.isclose(abs_tol=1e-2)}; under {@code ignore_order} both columns sorted by Python's text of
   * each value), cut to the question's {@code condition_cols}, any of several gold results matching
   * ({@code compare_multi_pandas_table}), order counted unless the question says {@code ignore_order} (else
   * its {@code ordered} flag); both results typed as its CSV round trip types them ({@code to_csv}, then
   * {@code read_csv}: text {@code '2'} equals 2, {@code ''} and {@code 'null'} are NaN).
   */
  public static ResultSetJudge spider2() {
    return spider2(false);
  }

  /**
   * Spider 2.0, optionally comparing the values as SQLite typed them instead of after the CSV round trip
   * (ours; named {@code spider2:typed}).
   */
  public static ResultSetJudge spider2(boolean typed) {
    return spider2(typed, false);
  }

  /**
   * Spider 2.0 with both options: {@code typed} (above) and {@code oneToOne}, which gives each gold column a
   * predicted column of its own instead of letting one predicted column stand for several gold columns, as
   * {@code compare_pandas_table} does (ours). Named {@code spider2} with options {@code typed},
   * {@code one-to-one}.
   */
  public static ResultSetJudge spider2(boolean typed, boolean oneToOne) {
    List<String> options = new ArrayList<>();
    if (typed) {
      options.add("typed");
    }
    if (oneToOne) {
      options.add("one-to-one");
    }
    return builder().name("spider2" + (options.isEmpty() ? "" : ":" + String.join(",", options)))
        .procedure(new Spider2Procedure(oneToOne))
        .rowOrder(RowOrder.QUESTION_FLAG)
        .candidates(CandidatePolicy.FIRST)
        .csvRoundTrip(!typed)
        .spider2Metadata(true)
        .build();
  }

  /**
   * Ours, the strictest: multiset, order counted when the gold has a top-level ORDER BY, positional
   * columns counted from the labels, integer 2 differs from real 2.0 and text '2', first candidate only.
   */
  public static ResultSetJudge strict() {
    return builder().name("strict")
        .comparator(ResultSetComparator.builder().numbers(Numbers.exactTypes()).widthFromLabels(true).build())
        .rowOrder(RowOrder.GOLD_ORDER_BY)
        .candidates(CandidatePolicy.FIRST)
        .build();
  }

  public ResultSetComparator comparator() {
    return comparator;
  }

  public RowOrder rowOrder() {
    return rowOrder;
  }

  /** The peer procedure used instead of the comparator, if any. */
  public java.util.Optional<PeerProcedure> procedure() {
    return java.util.Optional.ofNullable(procedure);
  }

  /**
   * Compares a predicted result with one gold result as this judge does (its procedure, or its comparator
   * with its row-order rule).
   *
   * @param goldSql the gold SQL, or null when the gold is given as results
   */
  public Comparison compare(Question question, String goldSql, QueryResult gold, String predictedSql,
                            QueryResult predicted) {
    return compare(question, goldSql, gold, predictedSql, predicted, 0, 1);
  }

  /**
   * {@link #compare(Question, String, QueryResult, String, QueryResult)} against gold {@code goldIndex} of
   * {@code goldCount}, which picks that gold's Spider 2.0 {@code condition_cols}.
   *
   * @throws IllegalArgumentException when the question's Spider 2.0 metadata cannot be read
   */
  private Comparison compare(Question question, String goldSql, QueryResult gold, String predictedSql,
                             QueryResult predicted, int goldIndex, int goldCount) {
    boolean ordered = rowOrder.applies(question, goldSql);
    if (spider2Metadata) {
      Boolean ignoreOrder = Spider2Metadata.ignoreOrder(question);
      if (ignoreOrder != null) {
        ordered = !ignoreOrder;
      }
      gold = Spider2Metadata.project(gold, question, goldIndex, goldCount);
    }
    if (csvRoundTrip) {
      gold = CsvRoundTrip.apply(gold);
      predicted = CsvRoundTrip.apply(predicted);
    }
    return procedure != null
        ? procedure.compare(gold, goldSql, predicted, predictedSql, question, ordered)
        : comparator.compare(gold, predicted, ordered);
  }

  @Override
  public boolean readsCompletionAsGiven() {
    return candidates == CandidatePolicy.WHOLE_COMPLETION;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Judgement judge(JudgeContext context) {
    return Judgement.of(context, verdict(context));
  }

  private Verdict verdict(JudgeContext context) {
    Verdict verdict = judgeOn(context);
    if (!testSuite || !verdict.outcome().isMatch()) {
      return verdict;
    }
    // test-suite accuracy: a match on the named database counts only if it holds on every variant
    for (Map.Entry<String, JudgeContext> variant : context.testSuiteVariants().entrySet()) {
      Verdict there = judgeOn(variant.getValue());
      if (!there.outcome().isMatch()) {
        return there.withDetail("on test-suite database " + variant.getKey() + ": " + there.detail());
      }
    }
    return verdict;
  }

  private Verdict judgeOn(JudgeContext context) {
    Question question = context.question();
    List<Gold> golds = golds(context);
    List<Gold> usable = golds.stream().filter(g -> g.outcome() instanceof QueryOutcome.Success).toList();
    if (usable.isEmpty()) {
      QueryOutcome.Failure failure = (QueryOutcome.Failure) golds.get(0).outcome();
      return Verdict.goldError((golds.size() > 1 ? "all " + golds.size() + " golds failed; the first: " : "")
          + "gold SQL failed: " + failure.message());
    }
    java.util.Optional<QueryResult> submitted = context.submittedResult();
    if (submitted.isPresent()) {
      return judgeSubmitted(question, usable, golds.size(), submitted.get());
    }
    List<String> sqls = candidates(context);
    QueryResult firstGold = ((QueryOutcome.Success) usable.get(0).outcome()).result();
    Verdict last = Verdict.noSql();
    boolean lastFailed = false;
    boolean lastSingleNull = false;
    // the judge's answer when no candidate matches: the closest by Soft-F1, the first among equals
    Verdict answer = null;
    String answerSql = null;
    double answerF1 = -1;
    for (String sql : sqls) {
      QueryOutcome outcome = context.execute(prepare(sql));
      if (outcome instanceof QueryOutcome.Failure failure) {
        last = Verdict.error(Judges.reasonFor(failure), failure.message());
        lastFailed = true;
        lastSingleNull = false;
        continue;
      }
      Comparison first = null;
      QueryResult predicted = ((QueryOutcome.Success) outcome).result();
      for (Gold gold : usable) {
        Comparison c;
        try {
          c = compare(question, gold.sql(), ((QueryOutcome.Success) gold.outcome()).result(), sql, predicted,
              gold.index(), golds.size());
        } catch (IllegalArgumentException e) {
          return Verdict.goldError("question " + question.id() + ": " + e.getMessage());
        }
        if (c.equal()) {
          // BIRD pairs rows by position, so a match in another row order scores below 1
          Verdict match = llmsqlCounts(Verdict.match().withMeasure(PeerScorings.SOFT_F1,
              softF1(((QueryOutcome.Success) gold.outcome()).result(), predicted)), false,
              predicted.isSingleNull());
          if (timedRuns > 1 && gold.sql() != null) {
            return timed(match, timeRatio(context, prepare(gold.sql()), prepare(sql)));
          }
          long goldNanos = gold.outcome().nanos();
          if (goldNanos == 0 && gold.sql() != null && outcome.nanos() > 0) {
            // a gold answered by the gold cache was not timed in this run: time it now, so whether a match has
            // a time ratio (and BIRD's R-VES counts it) never depends on what an earlier run left in the cache
            List<Long> fresh = context.timeRuns(prepare(gold.sql()), 1);
            goldNanos = fresh.isEmpty() ? 0 : Math.max(fresh.get(0), 1);
          }
          return goldNanos > 0 && outcome.nanos() > 0 ? timed(match, (double) goldNanos / outcome.nanos()) : match;
        }
        if (first == null) {
          first = c;
        }
      }
      double f1 = softF1(firstGold, predicted);
      last = Verdict.mismatch(first.reason(), usable.size() > 1
          ? first.detail() + " (against the first of " + usable.size() + " golds)" : first.detail())
          .withMeasure(PeerScorings.SOFT_F1, f1);
      lastFailed = false;
      lastSingleNull = predicted.isSingleNull();
      if (f1 > answerF1) {
        answer = last;
        answerSql = sql;
        answerF1 = f1;
      }
    }
    if (answer == null) {
      return llmsqlCounts(last, lastFailed, lastSingleNull);
    }
    if (!answerSql.equals(sqls.get(sqls.size() - 1))) {
      // run the answer again (the evaluation's run cache answers it) so the mismatch shows its rows
      context.execute(prepare(answerSql));
    }
    return llmsqlCounts(answer, lastFailed, lastSingleNull);
  }

  /**
   * With several candidates (LLMSQL's rule), decides LLMSQL's counts, which look at the last candidate
   * whatever the verdict is about: {@link Flag#SQL_ERROR} when it failed (and none matched),
   * {@link Flag#PRED_NONE} when the deciding candidate (the match, else the last) returned one NULL.
   */
  private Verdict llmsqlCounts(Verdict verdict, boolean lastFailed, boolean decidingSingleNull) {
    if (candidates != CandidatePolicy.ANY) {
      return verdict;
    }
    return verdict.with(Flag.SQL_ERROR, lastFailed).with(Flag.PRED_NONE, decidingSingleNull);
  }

  private static Verdict timed(Verdict match, double ratio) {
    return match.withMeasure(PeerScorings.TIME_RATIO, ratio)
        .withMeasure(PeerScorings.VES_REWARD, RelativeEfficiency.reward(ratio));
  }

  /**
   * BIRD's time ratio from repeated runs: gold and prediction run {@code timedRuns} times each, afresh and
   * interleaved in pairs; the ratios gold/prediction of each pair go through BIRD's outlier rule
   * ({@link RelativeEfficiency#timeRatio}). 0, as BIRD scores it, when a timed run fails.
   */
  private double timeRatio(JudgeContext context, String goldSql, String predSql) {
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < timedRuns; i++) {
      List<Long> g = context.timeRuns(goldSql, 1);
      List<Long> p = context.timeRuns(predSql, 1);
      if (g.isEmpty() || p.isEmpty()) {
        return 0;
      }
      ratios.add((double) Math.max(g.get(0), 1) / Math.max(p.get(0), 1));
    }
    return RelativeEfficiency.timeRatio(ratios, keepEqualRatios);
  }

  /**
   * BIRD's Soft-F1 on SQL-equal values (2 = 2.0), at any size as BIRD computes it: the rows are in memory
   * already (bounded by the executor's row cap) and the work is linear in rows.
   */
  private static double softF1(QueryResult gold, QueryResult predicted) {
    return SoftF1.of(canonical(gold), canonical(predicted));
  }

  private static List<List<Object>> canonical(QueryResult result) {
    List<List<Object>> rows = new ArrayList<>(result.rowCount());
    for (List<Object> row : result.rows()) {
      rows.add(row.stream().map(ResultComparison::canonical).collect(java.util.stream.Collectors.toList()));
    }
    return rows;
  }

  /**
   * A prediction given as a result: compared with each gold as a candidate's rows would be, nothing run; the
   * first gold that matches wins.
   */
  private Verdict judgeSubmitted(Question question, List<Gold> usable, int goldCount, QueryResult predicted) {
    Comparison first = null;
    for (Gold gold : usable) {
      QueryResult goldResult = ((QueryOutcome.Success) gold.outcome()).result();
      Comparison c;
      try {
        c = compare(question, gold.sql(), goldResult, null, predicted, gold.index(), goldCount);
      } catch (IllegalArgumentException e) {
        return Verdict.goldError("question " + question.id() + ": " + e.getMessage());
      }
      if (c.equal()) {
        return Verdict.match().withMeasure(PeerScorings.SOFT_F1, softF1(goldResult, predicted));
      }
      if (first == null) {
        first = c;
      }
    }
    QueryResult firstGold = ((QueryOutcome.Success) usable.get(0).outcome()).result();
    return Verdict.mismatch(first.reason(), usable.size() > 1
        ? first.detail() + " (against the first of " + usable.size() + " golds)" : first.detail())
        .withMeasure(PeerScorings.SOFT_F1, softF1(firstGold, predicted));
  }

  /** One gold: its SQL (null for a given result), its outcome, and its place among the question's golds. */
  private record Gold(String sql, QueryOutcome outcome, int index) {
  }

  private List<Gold> golds(JudgeContext context) {
    Question q = context.question();
    if (!stripDistinct && !repairOperators) {
      List<QueryOutcome> outcomes = context.golds();
      List<String> sqls = q.goldSql();
      List<Gold> golds = new ArrayList<>();
      for (int i = 0; i < outcomes.size(); i++) {
        golds.add(new Gold(i < sqls.size() ? sqls.get(i) : null, outcomes.get(i), i));
      }
      return golds;
    }
    List<Gold> golds = new ArrayList<>();
    for (String sql : q.goldSql()) {
      String prepared = prepare(sql);
      boolean primary = sql.equals(q.sql());
      golds.add(new Gold(sql, primary && prepared.equals(sql) ? context.gold() : context.executeGold(prepared),
          golds.size()));
    }
    for (var result : q.goldResults()) {
      golds.add(new Gold(null, QueryOutcome.success(result, 0), golds.size()));
    }
    return golds;
  }

  private List<String> candidates(JudgeContext context) {
    List<String> all = context.candidates();
    return switch (candidates) {
      case ANY -> all;
      case FIRST -> all.isEmpty() ? List.of() : List.of(all.get(0));
      case WHOLE_COMPLETION -> {
        String text = context.prediction().completion().strip();
        String tableId = context.question().tableId();
        if (text.isEmpty()) {
          yield List.of();
        }
        yield List.of(tableId == null ? text : TablePlaceholder.replace(text, tableId));
      }
    };
  }

  private String prepare(String sql) {
    String s = repairOperators ? SqlText.repairOperators(sql) : sql;
    return stripDistinct ? SqlText.stripDistinct(s) : s;
  }

  @Override
  public String toString() {
    return "ResultSetJudge{" + name + ", " + comparator + ", rowOrder=" + rowOrder + ", candidates=" + candidates
        + (stripDistinct ? ", stripDistinct" : "") + (repairOperators ? ", repairOperators" : "")
        + (timedRuns > 1 ? ", timedRuns=" + timedRuns : "") + (procedure != null ? ", procedure=" + procedure : "")
        + (testSuite ? ", testSuite" : "") + (csvRoundTrip ? ", csvRoundTrip" : "")
        + (spider2Metadata ? ", spider2Metadata" : "") + "}";
  }

  /** Options of a {@link ResultSetJudge}; defaults are LLMSQL's. */
  public static final class Builder {
    private String name = "result-set";
    private ResultSetComparator comparator = ResultSetComparator.builder().build();
    private boolean comparatorGiven;
    private RowOrder rowOrder = RowOrder.IGNORE;
    private CandidatePolicy candidates = CandidatePolicy.ANY;
    private boolean stripDistinct;
    private boolean repairOperators;
    private int timedRuns = 1;
    private PeerProcedure procedure;
    private boolean keepEqualRatios;
    private boolean testSuite;
    private boolean csvRoundTrip;
    private boolean spider2Metadata;
    private final Settings settings = new Settings("ResultSetJudge.Builder");

    private Builder() {
    }

    /**
     * Whether both results are retyped as a pandas CSV round trip types them before comparing, as Spider 2.0's
     * evaluator reads results from CSV (text {@code '2'} becomes 2, {@code ''} and {@code 'null'} NULL); default
     * false. Soft-F1 is computed from the values as SQLite gave them either way.
     */
    public Builder csvRoundTrip(boolean csvRoundTrip) {
      this.csvRoundTrip = settings.once("csvRoundTrip", csvRoundTrip);
      return this;
    }

    /**
     * Whether the question's Spider 2.0 evaluation fields steer the comparison: {@code condition_cols} (the gold
     * columns, by position, the prediction must hold; one list, or one per gold result) cuts each gold before
     * comparing, and {@code ignore_order} (when present) decides row order instead of the {@link #rowOrder}
     * rule; default false. A {@code condition_cols} that cannot be read makes the verdict a gold error.
     */
    public Builder spider2Metadata(boolean spider2Metadata) {
      this.spider2Metadata = settings.once("spider2Metadata", spider2Metadata);
      return this;
    }

    /**
     * With {@link #timedRuns} above 1: when every timed ratio is equal, average them instead of BIRD's
     * division by zero (its outlier rule keeps none of them, and its runner scores the question 0); default
     * false, BIRD's behaviour.
     */
    public Builder keepEqualRatios(boolean keepEqualRatios) {
      this.keepEqualRatios = settings.once("keepEqualRatios", keepEqualRatios);
      return this;
    }

    /**
     * A peer's whole comparison procedure, used instead of the {@link #comparator}; default none. For peers
     * whose rules are steps rather than options (Falcon, Defog).
     */
    public Builder procedure(PeerProcedure procedure) {
      this.procedure = settings.once("procedure", requireNonNull(procedure, "procedure"));
      return this;
    }

    /**
     * Whether a match must also hold on every test-suite variant of the question's database (other
     * {@code *.sqlite} files in its folder, {@link JudgeContext#testSuiteVariants()}), as Spider's
     * {@code eval_exec_match} requires; default false.
     */
    public Builder testSuite(boolean testSuite) {
      this.testSuite = settings.once("testSuite", testSuite);
      return this;
    }

    /** The name reports show; default {@code "result-set"}. */
    public Builder name(String name) {
      requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("name must not be blank; it labels the judge in reports");
      }
      this.name = settings.once("name", name);
      return this;
    }

    public Builder comparator(ResultSetComparator comparator) {
      this.comparator = settings.once("comparator", requireNonNull(comparator, "comparator"));
      this.comparatorGiven = true;
      return this;
    }

    /** When row order counts; default {@link RowOrder#IGNORE}. */
    public Builder rowOrder(RowOrder rowOrder) {
      this.rowOrder = settings.once("rowOrder", requireNonNull(rowOrder, "rowOrder"));
      return this;
    }

    /** Which SQL of the completion runs; default {@link CandidatePolicy#ANY}. */
    public Builder candidates(CandidatePolicy candidates) {
      this.candidates = settings.once("candidates", requireNonNull(candidates, "candidates"));
      return this;
    }

    /** Remove DISTINCT from gold and prediction before running them (Spider's default); default false. */
    public Builder stripDistinct(boolean stripDistinct) {
      this.stripDistinct = settings.once("stripDistinct", stripDistinct);
      return this;
    }

    /** Repair {@code ! =}, {@code > =}, {@code < =} in gold and prediction (Spider); default false. */
    public Builder repairOperators(boolean repairOperators) {
      this.repairOperators = settings.once("repairOperators", repairOperators);
      return this;
    }

    /**
     * How many timed runs of gold and prediction give a match's {@code time_ratio} (R-VES); default 1, the
     * runs the judge made anyway. With more, both run that many extra times afresh (bypassing the
     * evaluation's cache of identical statements), and outlying ratios are dropped as BIRD does.
     */
    public Builder timedRuns(int runs) {
      if (runs < 1 || runs > 1000) {
        throw new IllegalArgumentException("timedRuns must lie in [1, 1000], but was " + runs
            + "; BIRD uses 100, 10 is a cheaper estimate");
      }
      this.timedRuns = settings.once("timedRuns", runs);
      return this;
    }

    public ResultSetJudge build() {
      if (comparatorGiven && procedure != null) {
        throw new IllegalStateException("ResultSetJudge.Builder: comparator(...) and procedure(...) exclude each "
            + "other: a procedure compares by its own steps; give one of them");
      }
      return new ResultSetJudge(this);
    }
  }
}
