package dev.llmsql.config;

import java.net.URI;
import java.time.Duration;
import java.util.Locale;

/**
 * The whole numbers one setting accepts, {@code min} to {@code max} inclusive. Each setting has exactly one
 * range, used by its builder and by the command line option that sets it, so a value the library would
 * refuse is refused when the command line is read, with the same bounds in the message. The bounds are
 * documented in the README's option table.
 *
 * <pre>{@code
 * int threads = Range.THREADS.check("threads", 300);
 * // IllegalArgumentException: threads must be between 1 and 256, but was 300
 * Duration timeout = Range.QUERY_TIMEOUT_MILLIS.check("queryTimeout", Duration.ofSeconds(5));
 * }</pre>
 *
 * @param min the smallest value accepted
 * @param max the largest value accepted
 * @param millis whether the values are milliseconds (shown to users as seconds)
 */
public record Range(long min, long max, boolean millis) {

  /** A scheme, {@code //}, and user info up to the last {@code @} before the path, query or fragment. */
  private static final java.util.regex.Pattern USER_INFO =
      java.util.regex.Pattern.compile("^(\\s*[A-Za-z][A-Za-z0-9+.-]*://)[^/?#]*@");

  /**
   * Predictions judged at once. A fixed cap (not a multiple of the cores) so one command line behaves the
   * same on every machine; far above what SQLite's per-file reads gain from.
   */
  public static final Range THREADS = new Range(1, 256, false);
  /** Rows one statement may return. */
  public static final Range MAX_ROWS = new Range(1, 100_000_000, false);
  /** Longest string or blob one statement may build or read, in bytes: up to SQLite's own hard cap (10^9). */
  public static final Range MAX_VALUE_BYTES = new Range(1, 1_000_000_000, false);
  /** Bytes one result row, or one whole result, may take (estimated heap bytes). */
  public static final Range RESULT_BYTES = new Range(1, Integer.MAX_VALUE, false);
  /** How long one statement may run: 1 ms to one day. */
  public static final Range QUERY_TIMEOUT_MILLIS = new Range(1, 86_400_000, true);
  /** Mismatches printed or kept in a report (counts stay exact whatever the value). */
  public static final Range MISMATCHES = new Range(0, Integer.MAX_VALUE, false);
  /** Requests in flight to one model server, or cases in flight per model. */
  public static final Range CONCURRENCY = new Range(1, 256, false);
  /** How long one model request may take: 1 s to one day. */
  public static final Range REQUEST_TIMEOUT_MILLIS = new Range(1_000, 86_400_000, true);
  /** Answer length cap of one model request, in tokens. */
  public static final Range MAX_TOKENS = new Range(1, 1_000_000, false);
  /** Requests per model call, the first included. */
  public static final Range MAX_ATTEMPTS = new Range(1, 100, false);
  /** Rounds of a Falcon run. */
  public static final Range ROUNDS = new Range(1, 1_000, false);
  /** Questions of a quick run ({@code --limit}). */
  public static final Range LIMIT = new Range(1, Integer.MAX_VALUE, false);
  /**
   * The slowest a download may go, in bytes per second averaged over {@link #DOWNLOAD_RATE_WINDOW_MILLIS}
   * (curl's {@code --speed-limit}); 0 turns the check off.
   */
  public static final Range DOWNLOAD_MIN_RATE = new Range(0, 1_000_000_000, false);
  /** The window a download's rate is averaged over (curl's {@code --speed-time}): 1 s to one day. */
  public static final Range DOWNLOAD_RATE_WINDOW_MILLIS = new Range(1_000, 86_400_000, true);
  /**
   * The largest file a download may be, in bytes: up to 1 TiB, far past any benchmark file yet still a bound on
   * what a wrong endpoint can write to the disk.
   */
  public static final Range DOWNLOAD_MAX_FILE_BYTES = new Range(1, 1L << 40, false);
  /**
   * The largest answer body read from a model, in bytes: at least 1 KiB (an error body's worth), at most 1 GiB,
   * as the body is held in memory.
   */
  public static final Range RESPONSE_BYTES = new Range(1_024, 1L << 30, false);

  public Range {
    if (min > max) {
      throw new IllegalArgumentException("min " + min + " is above max " + max);
    }
  }

  /** Whether {@code value} lies in the range. */
  public boolean contains(long value) {
    return value >= min && value <= max;
  }

  /**
   * {@code value} if the range holds it.
   *
   * @throws IllegalArgumentException "{@code name} must be between MIN and MAX, but was VALUE"
   */
  public int check(String name, long value) {
    if (!contains(value)) {
      throw new IllegalArgumentException(name + " must be between " + describe() + ", but was " + value);
    }
    return (int) value;
  }

  /**
   * {@code value} if the range (of milliseconds) holds it; durations too large to count in milliseconds are
   * refused, not overflowed.
   *
   * @throws IllegalArgumentException "{@code name} must be between MIN s and MAX s, but was VALUE"
   */
  public Duration check(String name, Duration value) {
    if (value == null) {
      throw new NullPointerException(name);
    }
    Duration low = Duration.ofMillis(min);
    Duration high = Duration.ofMillis(max);
    if (value.compareTo(low) < 0 || value.compareTo(high) > 0) {
      throw new IllegalArgumentException(name + " must be between " + describe() + ", but was " + value);
    }
    return value;
  }

  /**
   * A command line value in this range: a whole number, or for a range of milliseconds a number of seconds
   * (decimals allowed). Anything else, including NaN, infinities and numbers too large for any type, gives
   * one message naming the option and the range.
   *
   * @throws IllegalArgumentException "{@code option} takes a whole number between 1 and 256, but was 'x'"
   */
  public long parse(String option, String value) {
    String text = value == null ? "" : value.strip();
    try {
      // plain decimals only: Java would also read "5d" (a double, not five days), "0x1p3" and "Infinity"
      if (millis && text.matches("\\+?([0-9]{1,30}(\\.[0-9]{0,30})?|\\.[0-9]{1,30})([eE][+-]?[0-9]{1,5})?")) {
        double seconds = Double.parseDouble(text);
        // only a finite value within the range is rounded, so nothing overflows on the way
        if (Double.isFinite(seconds) && seconds * 1000 >= min - 0.5 && seconds * 1000 <= max + 0.5) {
          long ms = Math.round(seconds * 1000);
          if (contains(ms)) {
            return ms;
          }
        }
      } else if (!millis && text.matches("[+-]?[0-9]{1,19}")) {
        long n = Long.parseLong(text);
        if (contains(n)) {
          return n;
        }
      }
    } catch (NumberFormatException e) {
      // falls through to the one message below
    }
    throw new IllegalArgumentException(option + " takes " + (millis ? "seconds" : "a whole number") + " between "
        + bounds("") + ", but was " + quote(value));
  }

  /** The range as users read it, e.g. {@code "1 and 256"} or, for milliseconds, {@code "0.001 s and 86400 s"}. */
  public String describe() {
    return bounds(" s");
  }

  /** The range as an option's help shows it, e.g. {@code "1 to 256"} or {@code "0.001 to 86400"} (seconds). */
  String span() {
    return millis ? seconds(min) + " to " + seconds(max) : min + " to " + max;
  }

  private String bounds(String secondsUnit) {
    return millis ? seconds(min) + secondsUnit + " and " + seconds(max) + secondsUnit : min + " and " + max;
  }

  /**
   * A user's value quoted for a one-line message: {@code 'value'}, control characters (a newline in an option
   * value) escaped, and at most 100 characters shown, so a hostile value cannot split or flood the message.
   */
  public static String quote(String value) {
    if (value == null) {
      return "nothing";
    }
    StringBuilder b = new StringBuilder("'");
    int shown = Math.min(value.length(), 100);
    for (int i = 0; i < shown; i++) {
      char c = value.charAt(i);
      if (Character.isISOControl(c)) {
        b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        b.append(c);
      }
    }
    b.append('\'');
    if (value.length() > shown) {
      b.append(" (").append(value.length() - shown).append(" more characters)");
    }
    return b.toString();
  }

  static String seconds(long ms) {
    return ms % 1000 == 0 ? Long.toString(ms / 1000) : String.format(Locale.ROOT, "%.3f", ms / 1000.0);
  }

  /**
   * {@code value} as an http or https URL with a host, the only schemes the downloader and model clients speak;
   * without its user info ({@code user:password@}), which no client here sends and no message may show.
   *
   * @throws IllegalArgumentException "{@code name} takes an http:// or https:// URL, but was 'ftp://x'"
   */
  public static URI httpUrl(String name, String value) {
    String shown = withoutUserInfo(value);
    URI uri;
    try {
      uri = new URI(shown == null ? "" : shown.strip());
    } catch (java.net.URISyntaxException e) {
      uri = null;
    }
    if (uri == null || uri.getScheme() == null || uri.getHost() == null
        || !uri.getScheme().equalsIgnoreCase("http") && !uri.getScheme().equalsIgnoreCase("https")) {
      throw new IllegalArgumentException(name + " takes an http:// or https:// URL with a host, but was "
          + quote(shown));
    }
    return uri;
  }

  /**
   * {@code url} without the user info of its authority ({@code http://user:password@host/} becomes
   * {@code http://host/}): java.net.http never sends it, yet every message naming the URL would show the
   * password. Text that is no such URL, and null, come back unchanged.
   */
  public static String withoutUserInfo(String url) {
    return url == null ? null : USER_INFO.matcher(url).replaceFirst("$1");
  }
}
