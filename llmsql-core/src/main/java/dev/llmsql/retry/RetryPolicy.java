package dev.llmsql.retry;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Optional;

/**
 * The one retry policy of this project: at most {@code maxAttempts} tries; after failed try {@code n}, a wait of
 * the failure's own hint when it gives one (an HTTP {@code Retry-After}), else {@code initialBackoff} doubled for
 * each earlier try, never more than {@code maxBackoff}. Which failures may be retried is the caller's call (a
 * refusal such as HTTP 401 never is); this class only says how often and how long to wait, and is the one place
 * this project sleeps between tries.
 *
 * <pre>{@code
 * RetryPolicy policy = RetryPolicy.of(4, Duration.ofSeconds(1), Duration.ofSeconds(60));
 * URL url = URI.create("http://localhost:8000/v1/models").toURL();
 * for (int attempt = 1; ; attempt++) {
 *   try (InputStream in = url.openStream()) {
 *     System.out.println(new String(in.readAllBytes(), StandardCharsets.UTF_8));
 *     break;
 *   } catch (IOException e) {
 *     if (!policy.mayRetryAfter(attempt)) { throw e; }
 *     RetryPolicy.pause(policy.waitMillis(attempt, Optional.empty()));   // 1 s, 2 s, 4 s ...; or the Retry-After
 *   }
 * }
 * }</pre>
 */
public final class RetryPolicy {

  /** For a loop that stops at a deadline of its own rather than after a number of tries. */
  public static final int UNLIMITED_ATTEMPTS = Integer.MAX_VALUE;

  private final int maxAttempts;
  private final Duration initialBackoff;
  private final Duration maxBackoff;

  private RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {
    this.maxAttempts = maxAttempts;
    this.initialBackoff = initialBackoff;
    this.maxBackoff = maxBackoff;
  }

  /**
   * A policy of at most {@code maxAttempts} tries (the first included) with back-off from {@code initialBackoff}
   * doubling up to {@code maxBackoff}.
   *
   * @throws IllegalArgumentException if {@code maxAttempts < 1} or not {@code 0 <= initialBackoff <= maxBackoff}
   */
  public static RetryPolicy of(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {
    requireNonNull(initialBackoff, "initialBackoff");
    requireNonNull(maxBackoff, "maxBackoff");
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1, but was " + maxAttempts);
    }
    if (initialBackoff.isNegative() || maxBackoff.compareTo(initialBackoff) < 0) {
      throw new IllegalArgumentException("backoff needs 0 <= initial <= max, but was " + initialBackoff + " and "
          + maxBackoff);
    }
    return new RetryPolicy(maxAttempts, initialBackoff, maxBackoff);
  }

  /** The most tries, the first included. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** Whether another try may follow failed try {@code attempt} (counted from 1). */
  public boolean mayRetryAfter(int attempt) {
    return attempt < maxAttempts;
  }

  /**
   * The wait in milliseconds after failed try {@code attempt} (from 1): {@code hint} when present, else
   * {@code initialBackoff} x 2^(attempt-1); either way within 0 and {@code maxBackoff}.
   */
  public long waitMillis(int attempt, Optional<Duration> hint) {
    long exponential = initialBackoff.toMillis() << Math.min(attempt - 1, 20);
    long wait = hint.map(Duration::toMillis).orElse(exponential);
    return Math.min(Math.max(wait, 0), maxBackoff.toMillis());
  }

  /** {@link #waitMillis(int, Optional)} without a hint. */
  public long waitMillis(int attempt) {
    return waitMillis(attempt, Optional.empty());
  }

  /**
   * Waits {@code millis} before the next try. The caller decides what an interrupt means for it (an
   * {@code InterruptedIOException}, a failed call), so the interrupt is passed on rather than absorbed.
   */
  public static void pause(long millis) throws InterruptedException {
    Thread.sleep(millis);
  }

  @Override
  public String toString() {
    return "RetryPolicy[maxAttempts=" + maxAttempts + ", backoff " + initialBackoff + " doubling up to "
        + maxBackoff + "]";
  }
}
