package dev.llmsql.judge.resultset;

import static java.util.Objects.requireNonNull;

/**
 * How numbers are compared.
 *
 * <pre>{@code
 * Numbers.exact();          // 2 = 2.0, 0.1 + 0.2 != 0.3 (LLMSQL, Spider, BIRD)
 * Numbers.absolute(1e-2);   // |a - b| <= 0.01 (Spider 2.0)
 * Numbers.round(2);         // both rounded to 2 decimals HALF_UP first
 * }</pre>
 *
 * @param kind the rule
 * @param epsilon the tolerance for {@link Kind#ABSOLUTE} and {@link Kind#RELATIVE}, else 0
 * @param decimals the decimals for {@link Kind#ROUND}, else 0
 */
public record Numbers(Kind kind, double epsilon, int decimals) {

  /** The rules. */
  public enum Kind {
    /** Numerically equal: integer 2 equals real 2.0 (SQL and Python equality). */
    EXACT,
    /** Equal and of the same storage type: integer 2 differs from real 2.0 (strict). */
    EXACT_TYPES,
    /** Within an absolute tolerance. */
    ABSOLUTE,
    /** Within a tolerance relative to the larger magnitude (pandas-like). */
    RELATIVE,
    /** Equal after rounding to some decimals, HALF_UP on the decimal text of the value. */
    ROUND
  }

  public Numbers {
    requireNonNull(kind, "kind");
    if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
      throw new IllegalArgumentException("epsilon must be a finite number >= 0, but was " + epsilon);
    }
    if (decimals < 0 || decimals > 15) {
      throw new IllegalArgumentException("decimals must lie in [0, 15], but was " + decimals);
    }
  }

  public static Numbers exact() {
    return new Numbers(Kind.EXACT, 0, 0);
  }

  public static Numbers exactTypes() {
    return new Numbers(Kind.EXACT_TYPES, 0, 0);
  }

  public static Numbers absolute(double epsilon) {
    return new Numbers(Kind.ABSOLUTE, epsilon, 0);
  }

  public static Numbers relative(double epsilon) {
    return new Numbers(Kind.RELATIVE, epsilon, 0);
  }

  public static Numbers round(int decimals) {
    return new Numbers(Kind.ROUND, 0, decimals);
  }

  boolean tolerant() {
    return (kind == Kind.ABSOLUTE || kind == Kind.RELATIVE) && epsilon > 0;
  }

  @Override
  public String toString() {
    return switch (kind) {
      case EXACT -> "exact";
      case EXACT_TYPES -> "exact types";
      case ABSOLUTE -> "abs " + epsilon;
      case RELATIVE -> "rel " + epsilon;
      case ROUND -> "round " + decimals + " HALF_UP";
    };
  }
}
