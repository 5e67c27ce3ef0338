package dev.llmsql.execution;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * The bounds every statement runs under: a timeout that really interrupts the query, a row cap that keeps
 * memory bounded, and how many connections may run at once.
 *
 * <pre>{@code
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(10), 100_000, 4);
 * }</pre>
 *
 * @param queryTimeout how long one statement may run, positive
 * @param maxRows how many rows one statement may return, positive
 * @param concurrency how many statements may run at once, positive
 */
public record ExecutionLimits(Duration queryTimeout, int maxRows, int concurrency) {

  public ExecutionLimits {
    requireNonNull(queryTimeout, "queryTimeout");
    if (queryTimeout.isNegative() || queryTimeout.isZero()) {
      throw new IllegalArgumentException("queryTimeout must be positive, but was " + queryTimeout);
    }
    if (maxRows <= 0) {
      throw new IllegalArgumentException("maxRows must be positive, but was " + maxRows);
    }
    if (concurrency <= 0) {
      throw new IllegalArgumentException("concurrency must be positive, but was " + concurrency);
    }
  }
}
