package dev.llmsql.judge.scoring;

import java.util.List;

/**
 * BIRD's R-VES arithmetic ({@code evaluation_ves.py}), on timings already measured: the time ratio of a
 * matched question (gold time / predicted time per run, runs outside mean +- 3 standard deviations dropped,
 * strictly, the rest averaged), its reward (1.25 if the ratio is at least 2, 1 if at least 1, 0.75 if at least
 * 0.5, 0.5 if at least 0.25, else 0.25; 0 for a ratio of 0) and the question's points, 100 times the square
 * root of the reward. When every ratio is equal the standard deviation is 0, BIRD's strict rule keeps none and
 * its mean divides by zero, which its runner scores 0; {@code keepEqualRatios} keeps them instead.
 *
 * <pre>{@code
 * double ratio = RelativeEfficiency.timeRatio(List.of(2.0, 2.1, 1.9), false);   // 2.0
 * double points = RelativeEfficiency.points(RelativeEfficiency.reward(ratio));   // 111.80...
 * }</pre>
 */
public final class RelativeEfficiency {

  private RelativeEfficiency() {
  }

  /**
   * The mean of the ratios strictly inside mean +- 3 population standard deviations; 0 when none are (BIRD's
   * division by zero, scored 0) unless {@code keepEqualRatios}, which then averages them all.
   */
  public static double timeRatio(List<Double> ratios, boolean keepEqualRatios) {
    if (ratios.isEmpty()) {
      return 0;
    }
    double mean = ratios.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double sd = Math.sqrt(ratios.stream().mapToDouble(v -> (v - mean) * (v - mean)).average().orElse(0));
    double[] kept = ratios.stream().mapToDouble(Double::doubleValue)
        .filter(v -> v < mean + 3 * sd && v > mean - 3 * sd).toArray();
    if (kept.length == 0) {
      return keepEqualRatios ? mean : 0;
    }
    double sum = 0;
    for (double v : kept) {
      sum += v;
    }
    return sum / kept.length;
  }

  /** BIRD's reward for a time ratio gold / predicted; 0 for a ratio of 0 (not matched, or BIRD failed). */
  public static double reward(double timeRatio) {
    if (timeRatio == 0) {
      return 0;
    }
    if (timeRatio >= 2) {
      return 1.25;
    }
    if (timeRatio >= 1) {
      return 1.0;
    }
    if (timeRatio >= 0.5) {
      return 0.75;
    }
    if (timeRatio >= 0.25) {
      return 0.5;
    }
    return 0.25;
  }

  /** A question's R-VES points, {@code sqrt(reward) * 100}; BIRD's R-VES is their mean over all questions. */
  public static double points(double reward) {
    return Math.sqrt(reward) * 100;
  }
}
