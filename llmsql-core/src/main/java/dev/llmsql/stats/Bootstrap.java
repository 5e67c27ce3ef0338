package dev.llmsql.stats;

import java.util.Arrays;
import java.util.Random;
import java.util.function.ToDoubleFunction;

/**
 * A seeded percentile bootstrap over questions: resample the n questions with replacement
 * {@link #resamples()} times, compute the score on each resample, and take the 2.5th and 97.5th percentiles
 * (sorted values at indices {@code floor(0.025·B)} and {@code ceil(0.975·B) - 1}). The draws come from
 * {@link java.util.Random} seeded with {@link #seed()}, whose algorithm the JDK specifies, so the same
 * questions give the same interval on every machine and Java version.
 *
 * <pre>{@code
 * Bootstrap bootstrap = Bootstrap.builder().resamples(2000).seed(7).build();
 * Interval ci = bootstrap.proportion(new boolean[] {true, false, true, true});
 * }</pre>
 *
 * @param resamples how many resamples (B), 100 to 1,000,000
 * @param seed the seed of the draws
 */
public record Bootstrap(int resamples, long seed) {

  /** Resamples by default: enough for stable 2.5/97.5 percentiles at a cost of a second on 80,000 questions. */
  public static final int DEFAULT_RESAMPLES = 1000;
  /** The seed by default, fixed so every report of the same results prints the same interval. */
  public static final long DEFAULT_SEED = 42L;
  /** The defaults. */
  public static final Bootstrap DEFAULT = new Bootstrap(DEFAULT_RESAMPLES, DEFAULT_SEED);

  public Bootstrap {
    if (resamples < 100 || resamples > 1_000_000) {
      throw new IllegalArgumentException("resamples takes 100 to 1,000,000, but was " + resamples);
    }
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** How the intervals are described in reports, e.g. {@code bootstrap (1000 resamples, seed 42)}. */
  public String method() {
    return "bootstrap (" + resamples + " resamples, seed " + seed + ")";
  }

  /** The interval of the share of {@code true} values (accuracy from per-question verdicts). */
  public Interval proportion(boolean[] hits) {
    int n = requireQuestions(hits.length);
    Random random = new Random(seed);
    double[] stats = new double[resamples];
    for (int b = 0; b < resamples; b++) {
      int count = 0;
      for (int i = 0; i < n; i++) {
        if (hits[random.nextInt(n)]) {
          count++;
        }
      }
      stats[b] = (double) count / n;
    }
    return percentiles(stats);
  }

  /**
   * The interval of any statistic over {@code n} questions: {@code statistic} gets the indices (0 to n-1,
   * with repeats) of one resample. The draws are the same as {@link #proportion}'s, so both give the same
   * interval for accuracy.
   */
  public Interval interval(int n, ToDoubleFunction<int[]> statistic) {
    requireQuestions(n);
    Random random = new Random(seed);
    double[] stats = new double[resamples];
    int[] indices = new int[n];
    for (int b = 0; b < resamples; b++) {
      for (int i = 0; i < n; i++) {
        indices[i] = random.nextInt(n);
      }
      stats[b] = statistic.applyAsDouble(indices);
    }
    return percentiles(stats);
  }

  private Interval percentiles(double[] stats) {
    Arrays.sort(stats);
    int lowIndex = (int) Math.floor(0.025 * resamples);
    int highIndex = (int) Math.ceil(0.975 * resamples) - 1;
    return new Interval(stats[lowIndex], stats[highIndex], method());
  }

  private static int requireQuestions(int n) {
    if (n <= 0) {
      throw new IllegalArgumentException("a bootstrap needs at least one question");
    }
    return n;
  }

  /**
   * Configures a {@link Bootstrap}; {@link #build()} checks the values.
   *
   * <pre>{@code
   * Bootstrap b = Bootstrap.builder().resamples(2000).build();
   * }</pre>
   */
  public static final class Builder {
    private int resamples = DEFAULT_RESAMPLES;
    private long seed = DEFAULT_SEED;
    private final java.util.Map<String, Object> given = new java.util.HashMap<>();
    private final java.util.List<String> conflicts = new java.util.ArrayList<>();

    private Builder() {
    }

    /** {@code value}, noting a conflict when {@code setting} was given another value before. */
    private <T> T once(String setting, T value) {
      Object before = given.putIfAbsent(setting, value);
      if (before != null && !before.equals(value)) {
        conflicts.add(setting + "(" + before + ") and " + setting + "(" + value + ") conflict; set " + setting
            + " once");
      }
      return value;
    }

    /** Resamples, 100 to 1,000,000 (default 1000). */
    public Builder resamples(int resamples) {
      this.resamples = once("resamples", resamples);
      return this;
    }

    /** The seed (default 42). */
    public Builder seed(long seed) {
      this.seed = once("seed", seed);
      return this;
    }

    /**
     * The bootstrap; rejects resamples outside 100 to 1,000,000, and a setting given twice with different values
     * ({@link IllegalStateException} naming both).
     */
    public Bootstrap build() {
      if (!conflicts.isEmpty()) {
        throw new IllegalStateException(String.join("; ", conflicts));
      }
      return new Bootstrap(resamples, seed);
    }
  }
}
