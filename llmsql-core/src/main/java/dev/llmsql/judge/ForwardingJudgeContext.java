package dev.llmsql.judge;

import static java.util.Objects.requireNonNull;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.prediction.Prediction;
import java.util.List;
import java.util.Map;

/**
 * A {@link JudgeContext} that passes every call, defaults included, to another one: the base for wrappers that
 * watch what a judge runs. Overriding only what they watch, they cannot bypass the engine's own versions of
 * the default methods (early stop, gold cache).
 *
 * <pre>{@code
 * class Counting extends ForwardingJudgeContext {
 *   int runs;
 *   Counting(JudgeContext context) { super(context); }
 *   @Override public QueryOutcome execute(String sql, int stopAfterRows) {
 *     runs++;
 *     return super.execute(sql, stopAfterRows);
 *   }
 * }
 * }</pre>
 */
public abstract class ForwardingJudgeContext implements JudgeContext {

  private final JudgeContext context;

  protected ForwardingJudgeContext(JudgeContext context) {
    this.context = requireNonNull(context, "context");
  }

  @Override
  public Question question() {
    return context.question();
  }

  @Override
  public Prediction prediction() {
    return context.prediction();
  }

  @Override
  public List<String> candidates() {
    return context.candidates();
  }

  @Override
  public QueryOutcome gold() {
    return context.gold();
  }

  @Override
  public QueryOutcome execute(String sql) {
    return context.execute(sql);
  }

  @Override
  public QueryOutcome execute(String sql, int stopAfterRows) {
    return context.execute(sql, stopAfterRows);
  }

  @Override
  public QueryOutcome executeGold(String sql) {
    return context.executeGold(sql);
  }

  @Override
  public List<QueryOutcome> golds() {
    return context.golds();
  }

  @Override
  public List<Long> timeRuns(String sql, int runs) {
    return context.timeRuns(sql, runs);
  }

  @Override
  public Map<String, JudgeContext> testSuiteVariants() {
    return context.testSuiteVariants();
  }
}
