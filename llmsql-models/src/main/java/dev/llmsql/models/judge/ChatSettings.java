package dev.llmsql.models.judge;

import dev.llmsql.config.Range;
import dev.llmsql.config.Setting;
import java.time.Duration;
import java.util.List;

/**
 * The settings every command that asks a model shares ({@code llmsql inference api}, {@code falcon run},
 * {@code suite run}), declared once: the key's variable, the request timeout and attempts of
 * {@link ChatClient.Builder}, and the requests in flight of {@code Inference.Builder}, {@code FalconRun.Builder}
 * and {@code CapabilitySuite.Builder}. Each command gives an option its own words with
 * {@link Setting#cli(String, String)}; the name, default and range (which the command line's converter enforces)
 * are these. {@code SettingsAgreementTest} checks that the three commands show and use them.
 *
 * <pre>{@code
 * ChatSettings.READ_TIMEOUT.defaultValue();   // PT1M, as ChatClient.DEFAULT_READ_TIMEOUT
 * ChatSettings.READ_TIMEOUT.help();
 * // Optional[per request (default 60; 1 to 86400); 429, 5xx and timeouts are retried with back-off]
 * }</pre>
 */
public final class ChatSettings {

  /** The environment variable holding the API key. */
  public static final Setting<String> API_KEY_ENV = Setting.of("apiKeyEnv", ChatClient.DEFAULT_API_KEY_ENV,
          null)
      .cli("--api-key-env", "environment variable holding the key (default {default})");
  /** How long one request may take; the command line takes 1 s to a day. */
  public static final Setting<Duration> READ_TIMEOUT = Setting.of("readTimeout", Duration.ofSeconds(60),
          Range.REQUEST_TIMEOUT_MILLIS)
      .cli("--timeout", "per request (default {default}; {range}); 429, 5xx and timeouts are retried with back-off");
  /** Requests per call, first included. */
  public static final Setting<Integer> MAX_ATTEMPTS = Setting.of("maxAttempts", ChatClient.DEFAULT_MAX_ATTEMPTS,
          Range.MAX_ATTEMPTS)
      .cli("--max-attempts", "requests per call, first included (default {default}; {range})");
  /**
   * Questions (or cases) in flight per model, and so requests per model: the client's own default
   * ({@code Inference.DEFAULT_CONCURRENCY} and {@code CapabilitySuite.DEFAULT_CONCURRENCY} are this value).
   */
  public static final Setting<Integer> CONCURRENCY = Setting.of("concurrency", ChatClient.DEFAULT_MAX_CONCURRENCY,
          Range.CONCURRENCY)
      .cli("--concurrency", "requests in flight at once (default {default}; {range})");

  /** The largest answer body read; the command line holds it to 1 GiB, as an answer is kept in memory. */
  public static final Setting<Long> MAX_RESPONSE_BYTES = Setting.of("maxResponseBytes",
          ChatClient.DEFAULT_MAX_RESPONSE_BYTES, Range.RESPONSE_BYTES)
      .cli("--max-response-bytes", "the largest answer read from a model, in bytes; a larger one fails that call "
          + "without retry (default {default}; {range})");

  /** Every setting above. */
  public static final List<Setting<?>> ALL = List.of(API_KEY_ENV, READ_TIMEOUT, MAX_ATTEMPTS, CONCURRENCY,
      MAX_RESPONSE_BYTES);

  private ChatSettings() {
  }
}
