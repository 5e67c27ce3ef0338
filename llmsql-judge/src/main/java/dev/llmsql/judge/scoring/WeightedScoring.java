package dev.llmsql.judge.scoring;

import static java.util.Objects.requireNonNull;

import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import dev.llmsql.scoring.Scoring;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SCALE's capability score. Each question is a case of the metric named by one of its tags, weighted by
 * its difficulty (1, 2, 3; an unknown difficulty weighs 0 as in SCALE, so such a case adds nothing to either sum;
 * {@link Builder#unknownDifficultyWeight} changes that, {@code weighted:unknown-as-1} counts it 1). Metric score M = sum of weights of correct cases, Mmax = sum
 * of weights of all scored cases; metric % = round(100 M / Mmax, 1); capability = round(100 sum(W M) /
 * sum(W Mmax), 1), rounded as Python's {@code round} does (see {@link #percent}). Cases that failed to run (gold error, judge
 * failure, internal error) are left out of both sums; a question whose tags name no configured metric is
 * not scored; no cases gives 0. Without configured metrics every question is one metric of weight 1. A
 * question judged by rules ({@code rule:<id>} measures, e.g. from {@code LlmJudge} with
 * {@code VerdictForm.RULES}) counts each rule as its own item weighted by {@code rule_difficulty:<id>}.
 *
 * <pre>{@code
 * Scoring s = WeightedScoring.builder().metric("execution_accuracy", 4).metric("explain", 2).build();
 * }</pre>
 */
public final class WeightedScoring implements Scoring {

  private final Map<String, Integer> weights;
  private final int unknownDifficultyWeight;

  private WeightedScoring(Map<String, Integer> weights, int unknownDifficultyWeight) {
    this.weights = Map.copyOf(weights);
    this.order = List.copyOf(weights.keySet());
    this.unknownDifficultyWeight = unknownDifficultyWeight;
  }

  private final List<String> order;

  public static Builder builder() {
    return new Builder();
  }

  /** The capability score in points (0 to 100), with each metric's percentage in the explanation. */
  @Override
  public Score score(List<QuestionResult> results) {
    Map<String, long[]> metrics = new LinkedHashMap<>();   // metric -> {M, Mmax}
    for (String m : order) {
      metrics.put(m, new long[2]);
    }
    if (order.isEmpty()) {
      metrics.put("all", new long[2]);
    }
    for (QuestionResult r : results) {
      if (PeerScorings.failedToRun(r)) {
        continue;
      }
      String metric = order.isEmpty() ? "all" : r.tags().stream().filter(weights::containsKey).findFirst()
          .orElse(null);
      if (metric == null) {
        continue;
      }
      long[] m = metrics.get(metric);
      boolean rules = false;
      // SCALE's rule-based metrics: each rule is an item of its own, weighted by its difficulty
      for (Map.Entry<String, Double> measure : r.verdict().measures().entrySet()) {
        if (measure.getKey().startsWith(PeerScorings.RULE_PREFIX)) {
          rules = true;
          String id = measure.getKey().substring(PeerScorings.RULE_PREFIX.length());
          long weight = Math.round(r.verdict().measure(PeerScorings.RULE_DIFFICULTY_PREFIX + id).orElse(1));
          m[1] += weight;
          if (measure.getValue() >= 1.0) {
            m[0] += weight;
          }
        }
      }
      if (!rules) {
        long weight = r.difficulty() == 0 ? unknownDifficultyWeight : r.difficulty();
        m[1] += weight;
        if (r.outcome().isMatch()) {
          m[0] += weight;
        }
      }
    }
    long num = 0;
    long den = 0;
    StringBuilder explanation = new StringBuilder();
    for (Map.Entry<String, long[]> e : metrics.entrySet()) {
      long w = order.isEmpty() ? 1 : weights.get(e.getKey());
      long[] m = e.getValue();
      num += w * m[0];
      den += w * m[1];
      explanation.append(explanation.length() == 0 ? "" : "; ").append(e.getKey()).append(" (weight ").append(w)
          .append(") ").append(m[0]).append('/').append(m[1]).append(" = ").append(percent(m[0], m[1]));
    }
    BigDecimal capability = percent(num, den);
    explanation.append("; capability sum(W*M)/sum(W*Mmax) = ").append(num).append('/').append(den);
    return new Score("capability", capability.doubleValue(), explanation.toString());
  }

  /**
   * SCALE's {@code round(100 * a / b, 1)} as Python computes it, 0 when b is 0: the quotient is the nearest
   * double, and that double's exact binary value is rounded half-even. So 100 * 1 / 16 = 6.25 (exact) gives
   * 6.2, while 100 * 23 / 2000 = 1.15 (stored as 1.149999...) gives 1.1, not the 1.2 that rounding the
   * exact decimal quotient would give.
   */
  public static BigDecimal percent(long a, long b) {
    if (b == 0) {
      return BigDecimal.ZERO.setScale(1);
    }
    double quotient = (double) (100 * a) / b;
    return new BigDecimal(quotient).setScale(1, RoundingMode.HALF_EVEN);
  }

  /** Metric weights; a metric not configured is not scored. */
  public static final class Builder {
    private final Map<String, Integer> weights = new LinkedHashMap<>();
    private Integer unknownDifficultyWeight;

    private Builder() {
    }

    /**
     * The weight of a question without a difficulty; default 0, SCALE's (its table of difficulty weights has
     * no entry for it, so the case adds nothing to M or Mmax, and a benchmark without difficulties scores 0).
     * 1 counts such a question as an easy one, which makes the score plain accuracy on such benchmarks.
     */
    public Builder unknownDifficultyWeight(int weight) {
      if (weight < 0 || weight > 3) {
        throw new IllegalArgumentException("the weight of an unknown difficulty must lie in [0, 3], but was "
            + weight + "; 0 is SCALE's, 1 counts such a question as easy");
      }
      if (unknownDifficultyWeight != null && unknownDifficultyWeight != weight) {
        throw new IllegalStateException("WeightedScoring.Builder: unknownDifficultyWeight was set twice, to "
            + unknownDifficultyWeight + " and to " + weight + "; set it once");
      }
      this.unknownDifficultyWeight = weight;
      return this;
    }

    /** A metric (a question tag) and its weight, a positive whole number. */
    public Builder metric(String tag, int weight) {
      requireNonNull(tag, "tag");
      if (weight <= 0) {
        throw new IllegalArgumentException("metric weight must be positive, but was " + weight + " for '" + tag
            + "'; leave a metric out to not score it");
      }
      if (weights.containsKey(tag)) {
        throw new IllegalArgumentException("metric '" + tag + "' was already given weight " + weights.get(tag));
      }
      weights.put(tag, weight);
      return this;
    }

    public WeightedScoring build() {
      return new WeightedScoring(weights, unknownDifficultyWeight == null ? 0 : unknownDifficultyWeight);
    }
  }
}
