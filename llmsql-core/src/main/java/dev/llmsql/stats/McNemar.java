package dev.llmsql.stats;

/**
 * The exact McNemar test on paired verdicts: of the questions where two runs disagree, {@code b} matched only
 * in the first and {@code c} only in the second. Under "no difference" each disagreement goes either way with
 * probability 1/2, so the two-sided p-value is {@code min(1, 2 · P(X <= min(b, c)))} for
 * {@code X ~ Binomial(b + c, 1/2)}.
 *
 * <pre>{@code
 * McNemar test = McNemar.exact(10, 2);
 * test.pValue();   // 0.03857421875 (= 2 * 79 / 4096)
 * }</pre>
 *
 * @param b questions matched by the first run only
 * @param c questions matched by the second run only
 * @param pValue the exact two-sided p-value, 1 when there is no disagreement
 */
public record McNemar(int b, int c, double pValue) {

  public McNemar {
    if (b < 0 || c < 0) {
      throw new IllegalArgumentException("discordant counts cannot be negative, but were b=" + b + ", c=" + c);
    }
  }

  /** The exact test of {@code b} against {@code c}. */
  public static McNemar exact(int b, int c) {
    if (b < 0 || c < 0) {
      throw new IllegalArgumentException("discordant counts cannot be negative, but were b=" + b + ", c=" + c);
    }
    return new McNemar(b, c, twoSided(b, c));
  }

  /** Whether the difference is significant at level {@code alpha} ({@code p < alpha}). */
  public boolean significant(double alpha) {
    return pValue < alpha;
  }

  private static double twoSided(int b, int c) {
    int n = b + c;
    int k = Math.min(b, c);
    if (n == 0 || 2 * k == n) {
      return 1.0;
    }
    // Sum the binomial tail in log space: for thousands of discordant questions 0.5^n underflows a double.
    double logHalfN = n * Math.log(0.5);
    double logTerm = logHalfN;   // log(C(n, 0) / 2^n)
    double maxLog = logTerm;
    double[] logs = new double[k + 1];
    logs[0] = logTerm;
    for (int i = 1; i <= k; i++) {
      logTerm += Math.log((double) (n - i + 1) / i);
      logs[i] = logTerm;
      maxLog = Math.max(maxLog, logTerm);
    }
    double sum = 0;
    for (double l : logs) {
      sum += Math.exp(l - maxLog);
    }
    double tail = Math.exp(maxLog + Math.log(sum));
    return Math.min(1.0, 2 * tail);
  }
}
