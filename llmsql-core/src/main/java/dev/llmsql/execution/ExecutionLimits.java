package dev.llmsql.execution;

import static java.util.Objects.requireNonNull;

import dev.llmsql.config.EvaluatorSettings;
import java.time.Duration;

/**
 * The bounds every statement runs under: a timeout that really interrupts the query, how many connections may
 * run at once, and how much a result may hold: rows, and bytes per value, per row and per result (estimated
 * as the Java heap the cells take), so that no prediction or gold query can exhaust memory. A statement over a
 * bound fails with {@link FailureKind#ROW_LIMIT} or {@link FailureKind#SIZE_LIMIT}, naming the bound.
 *
 * <pre>{@code
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(10), 100_000, 4);
 * ExecutionLimits wide = new ExecutionLimits(Duration.ofSeconds(10), 100_000, 4, 1_000_000, 64L << 20, 512L << 20);
 * }</pre>
 *
 * @param queryTimeout how long one statement may run, positive
 * @param maxRows how many rows one statement may return, positive
 * @param concurrency how many statements may run at once, positive
 * @param maxValueBytes the longest string or blob a statement may build or read (for SQLite also the longest
 *     stored row), in bytes, positive
 * @param maxRowBytes the most one result row may take, in bytes, at least {@code maxValueBytes}
 * @param maxResultBytes the most one result may take, in bytes, at least {@code maxRowBytes}
 */
public record ExecutionLimits(Duration queryTimeout, int maxRows, int concurrency, int maxValueBytes,
                              long maxRowBytes, long maxResultBytes) {

  /**
   * Default {@link #maxValueBytes()}: 250,000 bytes ({@link EvaluatorSettings#MAX_VALUE_BYTES}); docs/SECURITY.md
   * says why.
   */
  public static final int DEFAULT_MAX_VALUE_BYTES = EvaluatorSettings.MAX_VALUE_BYTES.defaultValue();
  /** Default {@link #maxRowBytes()}: 16 MiB ({@link EvaluatorSettings#MAX_ROW_BYTES}). */
  public static final long DEFAULT_MAX_ROW_BYTES = EvaluatorSettings.MAX_ROW_BYTES.defaultValue();
  /** Default {@link #maxResultBytes()}: 128 MiB ({@link EvaluatorSettings#MAX_RESULT_BYTES}). */
  public static final long DEFAULT_MAX_RESULT_BYTES = EvaluatorSettings.MAX_RESULT_BYTES.defaultValue();

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
    if (maxValueBytes <= 0) {
      throw new IllegalArgumentException("maxValueBytes must be positive, but was " + maxValueBytes);
    }
    if (maxRowBytes < maxValueBytes) {
      throw new IllegalArgumentException("maxRowBytes must be at least maxValueBytes (" + maxValueBytes
          + "), but was " + maxRowBytes);
    }
    if (maxResultBytes < maxRowBytes) {
      throw new IllegalArgumentException("maxResultBytes must be at least maxRowBytes (" + maxRowBytes
          + "), but was " + maxResultBytes);
    }
  }

  /** The given timeout, row cap and concurrency, with the default byte bounds. */
  public ExecutionLimits(Duration queryTimeout, int maxRows, int concurrency) {
    this(queryTimeout, maxRows, concurrency, DEFAULT_MAX_VALUE_BYTES, DEFAULT_MAX_ROW_BYTES,
        DEFAULT_MAX_RESULT_BYTES);
  }
}
