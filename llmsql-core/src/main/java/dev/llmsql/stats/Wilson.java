package dev.llmsql.stats;

/**
 * The Wilson score interval of a proportion, the interval of accuracy in every report: it needs only the
 * counts, and unlike the normal approximation it stays inside [0, 1] and is sensible at 0 and n.
 *
 * <pre>{@code
 * Interval ci = Wilson.interval(27, 50);   // [0.4040, 0.6703]
 * }</pre>
 */
public final class Wilson {

  /** The 97.5% quantile of the standard normal distribution, for a two-sided 95% interval. */
  public static final double Z95 = 1.959963984540054;

  private Wilson() {
  }

  /**
   * The 95% Wilson interval of {@code successes} out of {@code trials}:
   * {@code (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)}.
   *
   * @throws IllegalArgumentException when {@code trials} is not positive or {@code successes} is outside
   *     [0, trials]
   */
  public static Interval interval(long successes, long trials) {
    if (trials <= 0 || successes < 0 || successes > trials) {
      throw new IllegalArgumentException("a Wilson interval needs 0 <= successes <= trials and trials > 0, but was "
          + successes + " of " + trials);
    }
    double n = trials;
    double p = successes / n;
    double z2 = Z95 * Z95;
    double centre = p + z2 / (2 * n);
    double spread = Z95 * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    double denominator = 1 + z2 / n;
    return new Interval(Math.max(0, (centre - spread) / denominator), Math.min(1, (centre + spread) / denominator),
        "wilson");
  }
}
