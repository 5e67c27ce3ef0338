package dev.llmsql.judge.structure;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.Judgement;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.judge.resultset.ResultSetJudge;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.report.SpiderScores;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code spider}: what Spider's {@code evaluation.py} reports per question with {@code etype=all}. The verdict
 * is test-suite execution ({@code spider-exec}); the verdict also records, as measures, the exact-set match
 * ({@code spider_exact}), the gold's hardness ({@code spider_hardness}) and each partial-match component's score
 * and totals as {@code evaluate()} reads them, from which {@link SpiderScores} builds Spider's table. Like
 * {@code evaluate()}, every {@code value} in the prediction becomes {@code 1} before it is parsed and run, and a
 * prediction Spider's parser rejects is scored against the empty query.
 *
 * <p>Options switch off the peer's quirks: {@code fix-hardness} counts aggregates in WHERE and HAVING by their
 * column instead of the NOT flag, {@code fix-and-or} reads the and/or totals in their own order, {@code plain-f1}
 * gives a level F1 of 0 where accuracy and recall are both 0.
 */
final class SpiderReportJudge implements Judge {

  private final Judge exec = ResultSetJudge.spiderExec(false, true);
  private final boolean notFlagAggregates;
  private final boolean swapAndOr;
  private final boolean plainF1;
  private final String name;

  SpiderReportJudge(boolean fixHardness, boolean fixAndOr, boolean plainF1) {
    this.notFlagAggregates = !fixHardness;
    this.swapAndOr = !fixAndOr;
    this.plainF1 = plainF1;
    List<String> options = new ArrayList<>();
    if (fixHardness) {
      options.add("fix-hardness");
    }
    if (fixAndOr) {
      options.add("fix-and-or");
    }
    if (plainF1) {
      options.add("plain-f1");
    }
    this.name = options.isEmpty() ? "spider" : "spider:" + String.join(",", options);
  }

  @Override
  public Judgement judge(JudgeContext context) {
    String completion = context.prediction().completion();
    // evaluate() replaces the placeholder 'value' before both parsing and execution
    JudgeContext ctx = completion.contains("value") ? new Plugged(context) : context;
    Judgement judgement = exec.judge(ctx);
    Map<String, Double> measures = spiderMeasures(ctx);
    if (measures.isEmpty()) {
      return judgement;
    }
    Verdict verdict = judgement.verdict();
    Map<String, Double> all = new LinkedHashMap<>(verdict.measures());
    all.putAll(measures);
    return judgement.withVerdict(new Verdict(verdict.outcome(), verdict.reason(), verdict.detail(), all,
        verdict.flags()));
  }

  /** Exact match, hardness and partial scores; empty when the gold or the schema cannot be read. */
  private Map<String, Double> spiderMeasures(JudgeContext ctx) {
    SpiderSchema schema;
    try {
      schema = SchemaReader.read(ctx);
    } catch (IllegalStateException e) {
      return Map.of();
    }
    SpiderSql.Query goldParsed;
    try {
      goldParsed = SpiderSql.parse(schema, ctx.question().sql());
    } catch (SpiderSql.Rejected e) {
      return Map.of();
    }
    SpiderSql.Query gold = SpiderSql.rebuild(goldParsed, schema, false);
    SpiderSql.Query pred;
    try {
      pred = SpiderSql.rebuild(SpiderSql.parse(schema, ctx.prediction().completion().strip()), schema, false);
    } catch (SpiderSql.Rejected e) {
      pred = SpiderSql.EMPTY;
    }
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(SpiderScores.EXACT, SpiderSql.exactMatch(pred, gold) ? 1.0 : 0.0);
    m.put(SpiderScores.HARDNESS_MEASURE,
        (double) SpiderSql.LEVELS.indexOf(SpiderSql.hardness(goldParsed, notFlagAggregates)) + 1);
    SpiderSql.partialMatch(pred, gold, swapAndOr).forEach((part, t) -> {
      m.put("spider_" + part + "_gold", (double) t[0]);
      m.put("spider_" + part + "_pred", (double) t[1]);
      m.put("spider_" + part, (double) t[2]);
    });
    if (plainF1) {
      m.put(SpiderScores.PLAIN_F1, 1.0);
    }
    return m;
  }

  @Override
  public boolean readsCompletionAsGiven() {
    return exec.readsCompletionAsGiven();
  }

  @Override
  public String name() {
    return name;
  }

  /** The context with {@code value} replaced by {@code 1} in the completion and its candidates. */
  private static final class Plugged implements JudgeContext {
    private final JudgeContext inner;

    Plugged(JudgeContext inner) {
      this.inner = inner;
    }

    @Override
    public Question question() {
      return inner.question();
    }

    @Override
    public Prediction prediction() {
      Prediction p = inner.prediction();
      return new Prediction(p.questionId(), p.completion().replace("value", "1"));
    }

    @Override
    public List<String> candidates() {
      return inner.candidates().stream().map(c -> c.replace("value", "1")).toList();
    }

    @Override
    public QueryOutcome gold() {
      return inner.gold();
    }

    @Override
    public QueryOutcome execute(String sql) {
      return inner.execute(sql);
    }

    @Override
    public QueryOutcome execute(String sql, int stopAfterRows) {
      return inner.execute(sql, stopAfterRows);
    }

    @Override
    public QueryOutcome executeGold(String sql) {
      return inner.executeGold(sql);
    }

    @Override
    public List<QueryOutcome> golds() {
      return inner.golds();
    }

    @Override
    public List<Long> timeRuns(String sql, int runs) {
      return inner.timeRuns(sql, runs);
    }

    @Override
    public Map<String, JudgeContext> testSuiteVariants() {
      Map<String, JudgeContext> variants = new LinkedHashMap<>();
      inner.testSuiteVariants().forEach((file, variant) -> variants.put(file, new Plugged(variant)));
      return variants;
    }

    @Override
    public Judgement judgement(Verdict verdict) {
      return inner.judgement(verdict);
    }
  }
}
