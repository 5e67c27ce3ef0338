package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;

/**
 * One metric's SCALE score for one model: M (points), Mmax (max points) and round(100 M / Mmax, 1).
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").build();
 * CapabilitySuite suite = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json")).judge(judge).build();
 * ModelResult model = suite.run(target);
 * MetricScore m = model.capabilities().get(0).metrics().get(0);
 * m.score();   // e.g. 62.5
 * }</pre>
 *
 * @param capability the capability
 * @param metric the metric
 * @param weight its weight W
 * @param evaluation how it was judged
 * @param points M: the weights of passed cases (rules)
 * @param maxPoints Mmax: the weights of all scored cases (rules); failed cases are left out
 * @param score round(100 M / Mmax, 1), 0 when Mmax is 0
 * @param cases how many cases passed, were wrong, failed to run
 */
public record MetricScore(String capability, String metric, int weight, Evaluation evaluation, long points,
                          long maxPoints, BigDecimal score, Cases cases) {

  public MetricScore {
    requireNonNull(capability, "capability");
    requireNonNull(metric, "metric");
    requireNonNull(evaluation, "evaluation");
    requireNonNull(score, "score");
    requireNonNull(cases, "cases");
  }

  /**
   * How a metric's cases ended.
   *
   * @param passed cases passed
   * @param wrong cases wrong
   * @param failed cases that failed to run
   */
  public record Cases(int passed, int wrong, int failed) {
  }

  /** Cases passed. */
  public int passed() {
    return cases.passed();
  }

  /** Cases wrong. */
  public int wrong() {
    return cases.wrong();
  }

  /** Cases that failed to run. */
  public int failed() {
    return cases.failed();
  }

  /** Passed / (passed + wrong) in percent, one decimal, 0 when nothing was judged. */
  public BigDecimal correctRate() {
    return dev.llmsql.judge.scoring.WeightedScoring.percent(passed(), (long) passed() + wrong());
  }
}
