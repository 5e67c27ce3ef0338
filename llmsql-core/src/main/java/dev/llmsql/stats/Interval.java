package dev.llmsql.stats;

import static java.util.Objects.requireNonNull;

import java.util.Locale;

/**
 * A 95% confidence interval of a score, with how it was computed.
 *
 * <pre>{@code
 * Interval ci = Wilson.interval(27, 50);
 * ci.format();   // "[0.4051, 0.6693]"
 * }</pre>
 *
 * @param low the lower bound
 * @param high the upper bound, never below {@code low}
 * @param method how it was computed, e.g. {@code "bootstrap (1000 resamples, seed 42)"} or {@code "wilson"}
 */
public record Interval(double low, double high, String method) {

  public Interval {
    requireNonNull(method, "method");
    if (Double.isNaN(low) || Double.isNaN(high) || low > high) {
      throw new IllegalArgumentException("an interval needs low <= high, but was [" + low + ", " + high + "]");
    }
  }

  /** Whether the two intervals share at least one point: their scores are not told apart. */
  public boolean overlaps(Interval other) {
    return low <= other.high && other.low <= high;
  }

  /** Whether {@code value} lies within the bounds. */
  public boolean contains(double value) {
    return low <= value && value <= high;
  }

  /** The bounds with four decimals, e.g. {@code [0.4051, 0.6693]}. */
  public String format() {
    return String.format(Locale.ROOT, "[%.4f, %.4f]", low, high);
  }

  /** The bounds as percentages with two decimals, e.g. {@code 40.51% to 66.93%}. */
  public String formatPercent() {
    return String.format(Locale.ROOT, "%.2f%% to %.2f%%", low * 100, high * 100);
  }
}
