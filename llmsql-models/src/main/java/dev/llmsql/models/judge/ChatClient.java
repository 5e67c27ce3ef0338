package dev.llmsql.models.judge;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.config.Settings;
import dev.llmsql.retry.RetryPolicy;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A client for OpenAI-compatible chat-completions APIs ({@code POST {baseUrl}/chat/completions}), built on
 * {@code java.net.http} and Jackson, with no vendor SDK. It retries 429, 5xx, 408, timeouts and I/O errors
 * with exponential back-off, honouring {@code Retry-After}; limits how many requests run at once; and
 * appends every exchange to an optional {@link ProcessLog}. The API key is read from an environment
 * variable whose name is configurable and is sent only in the {@code Authorization} header: it is never
 * logged, stored in the log, or shown by {@link #toString()}. Thread-safe; share one client.
 *
 * <p>Defaults: base URL {@value #DEFAULT_BASE_URL}, key from {@value #DEFAULT_API_KEY_ENV}, temperature 0,
 * 512 max tokens, JSON response mode on, connect timeout 10 s, read timeout 60 s, 4 attempts, back-off
 * 1 s doubling up to 60 s, 4 concurrent requests, answers of at most 4 MiB. Whatever the server sends back
 * (answers, error bodies, exception texts) has the key and any {@code Authorization} value masked before it
 * reaches a caller, an exception or the process log.
 *
 * <pre>{@code
 * ChatClient client = ChatClient.builder()
 *     .baseUrl("http://localhost:8000/v1").model("qwen2.5-7b-instruct")
 *     .apiKeyEnv("MY_LLM_KEY").readTimeout(Duration.ofSeconds(30))
 *     .processLog(ProcessLog.to(Path.of("judge-log.jsonl")))
 *     .build();
 * String answer = client.complete(List.of(ChatMessage.user("Answer in JSON: {\"answer\": \"yes\"}"))).content();
 * }</pre>
 */
public final class ChatClient {

  public static final String DEFAULT_BASE_URL = "https://api.openai.com/v1";
  public static final String DEFAULT_API_KEY_ENV = "OPENAI_API_KEY";
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(10);
  public static final Duration DEFAULT_READ_TIMEOUT = ChatSettings.READ_TIMEOUT.defaultValue();
  public static final int DEFAULT_MAX_ATTEMPTS = 4;
  public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofSeconds(1);
  public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(60);
  public static final int DEFAULT_MAX_CONCURRENCY = 4;
  /** The largest answer body read, 4 MiB; a larger one fails that call (never retried) instead of filling memory. */
  public static final long DEFAULT_MAX_RESPONSE_BYTES = 4L << 20;

  private static final ObjectMapper JSON = new ObjectMapper();
  /** How a failure to reach the server at all starts: its fix is the address, not more time. */
  private static final String CANNOT_CONNECT = "cannot connect";
  private static final int MAX_ERROR_BODY = 300;
  /** Of an error answer only the start is shown; the rest is read no further. */
  private static final int MAX_ERROR_BYTES = 64 * 1024;

  private final URI endpoint;
  private final String model;
  private final String apiKeyEnv;
  private final String apiKey;
  private final double temperature;
  private final int maxTokens;
  private final boolean jsonMode;
  private final Duration readTimeout;
  private final int maxAttempts;
  private final RetryPolicy retry;
  private final int maxConcurrency;
  private final Semaphore permits;
  private final ProcessLog processLog;
  private final HttpClient http;
  private final long maxResponseBytes;
  private final Redactor redactor;

  private ChatClient(Builder b) {
    String base = b.baseUrl.endsWith("/") ? b.baseUrl.substring(0, b.baseUrl.length() - 1) : b.baseUrl;
    this.endpoint = URI.create(base + "/chat/completions");
    this.model = b.model;
    this.apiKeyEnv = b.apiKeyEnv;
    String key = b.environment.apply(b.apiKeyEnv);
    this.apiKey = key == null || key.isBlank() ? null : key.trim();
    this.temperature = b.temperature;
    this.maxTokens = b.maxTokens;
    this.jsonMode = b.jsonMode;
    this.readTimeout = b.readTimeout;
    this.maxAttempts = b.maxAttempts;
    this.retry = RetryPolicy.of(b.maxAttempts, b.initialBackoff, b.maxBackoff);
    this.maxConcurrency = b.maxConcurrency;
    this.permits = new Semaphore(b.maxConcurrency, true);
    this.processLog = b.processLog;
    this.maxResponseBytes = b.maxResponseBytes;
    this.redactor = new Redactor(apiKey);
    this.http = HttpClient.newBuilder().connectTimeout(b.connectTimeout).version(HttpClient.Version.HTTP_1_1)
        .build();
  }

  public static Builder builder() {
    return new Builder();
  }

  public String model() {
    return model;
  }

  /**
   * Sends the conversation and returns the first choice's content, retrying as configured.
   *
   * @throws ChatException when every attempt failed or the server refused the request for good
   */
  public ChatResponse complete(List<ChatMessage> messages) {
    requireNonNull(messages, "messages");
    String body = requestBody(messages);
    long waited = 0;
    String lastProblem = "";
    Throwable lastCause = null;
    boolean lastUnavailable = false;
    for (int attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1) {
        sleep(waited);
      }
      long start = System.nanoTime();
      Attempt result = redacted(send(body));
      long latency = (System.nanoTime() - start) / 1_000_000;
      log(messages, result, latency, attempt, waited);
      if (result.response != null) {
        return new ChatResponse(result.response.content(), attempt, latency, result.response.promptTokens(),
            result.response.completionTokens());
      }
      lastProblem = result.problem;
      lastCause = result.cause;
      lastUnavailable = result.serverUnavailable();
      if (!result.retryable) {
        throw failure(result.problem + " from " + endpoint, result.fix.isEmpty() ? fixFor(result.status)
            : result.fix, attempt,
            result.serverUnavailable(), lastCause);
      }
      waited = backoff(attempt, result.retryAfter);
    }
    // nothing listening, or no such host, is no slow server: more time or attempts would not help
    boolean unreached = lastProblem.startsWith(CANNOT_CONNECT);
    String what = unreached ? CANNOT_CONNECT + " to " + endpoint + lastProblem.substring(CANNOT_CONNECT.length())
        : lastProblem + " from " + endpoint;
    throw failure(what + " after " + maxAttempts + " attempt(s)", unreached
        ? "; check that the server is up and baseUrl(...) names it"
        : "; raise maxAttempts(...) or readTimeout(...) if the server is just slow", maxAttempts, lastUnavailable,
        lastCause);
  }

  /**
   * The one point every server-derived text passes before it reaches a caller, an exception or the process
   * log: the answer's content, the problem and the cause, with the key and any credential masked.
   */
  private Attempt redacted(Attempt a) {
    ChatResponse response = a.response == null ? null : new ChatResponse(redactor.redact(a.response.content()),
        a.response.attempts(), a.response.latencyMillis(), a.response.promptTokens(),
        a.response.completionTokens());
    return new Attempt(response, a.status, redactor.redact(a.problem), a.fix, a.retryable, a.retryAfter,
        redactor.scrub(a.cause));
  }

  private ChatException failure(String problem, String fix, int attempts, boolean serverUnavailable,
                                Throwable cause) {
    return new ChatException(redactor.redact(problem), redactor.redact(fix), attempts, serverUnavailable, cause);
  }

  /** The outcome of one HTTP request. */
  private record Attempt(ChatResponse response, int status, String problem, String fix, boolean retryable,
                         Optional<Duration> retryAfter, Throwable cause) {

    static Attempt failed(int status, String problem, boolean retryable, Optional<Duration> retryAfter,
                          Throwable cause) {
      return new Attempt(null, status, problem, "", retryable, retryAfter, cause);
    }

    /**
     * Whether this failure says the server cannot be used for any request (see
     * {@link ChatException#serverUnavailable()}): no HTTP answer at all, or a status about the server, the
     * address or the credentials rather than this request.
     */
    boolean serverUnavailable() {
      return response == null && (status == 0 || status == 401 || status == 403 || status == 404
          || status == 408 || status == 429 || status >= 500);
    }
  }

  private Attempt send(String body) {
    HttpRequest.Builder request = HttpRequest.newBuilder(endpoint)
        .timeout(readTimeout)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (apiKey != null) {
      request.header("Authorization", "Bearer " + apiKey);
    }
    try {
      permits.acquire();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ChatException("interrupted while waiting for a free request slot", 0, e);
    }
    HttpResponse<BoundedBody.Bytes> response;
    CompletableFuture<HttpResponse<BoundedBody.Bytes>> future = null;
    try {
      future = http.sendAsync(request.build(), info -> info.statusCode() == 200
          ? new BoundedBody(maxResponseBytes, info.headers()) : new BoundedBody(MAX_ERROR_BYTES, null));
      // the request timeout covers the wait for headers; this also bounds reading the body
      response = future.get(readTimeout.toMillis() + 100, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      return Attempt.failed(0, "no answer within " + readTimeout.toMillis() + " ms", true, Optional.empty(), e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof java.net.http.HttpTimeoutException) {
        return Attempt.failed(0, "no answer within " + readTimeout.toMillis() + " ms", true, Optional.empty(),
            cause);
      }
      if (cause instanceof java.net.ConnectException) {
        return Attempt.failed(0, CANNOT_CONNECT + connectReason(cause), true, Optional.empty(), cause);
      }
      return Attempt.failed(0, "I/O error " + cause, cause instanceof IOException, Optional.empty(), cause);
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new ChatException("interrupted while waiting for " + endpoint, 0, e);
    } finally {
      permits.release();
    }
    int status = response.statusCode();
    BoundedBody.Bytes answer = response.body();
    if (status == 200) {
      if (answer.cut()) {
        // the same question would get the same flood again: not retried, an error for this call only
        return new Attempt(null, status, "answer larger than " + maxResponseBytes + " bytes (the cap)", "; raise "
            + "maxResponseBytes(...) if the model really answers at such length", false, Optional.empty(), null);
      }
      try {
        return new Attempt(parse(answer.bytes()), status, "", "", false, Optional.empty(), null);
      } catch (IOException | RuntimeException e) {
        // Jackson's own message adds where and a note on its source-in-location feature: neither helps here
        String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage()
            : e.getMessage();
        return Attempt.failed(status, "unreadable chat-completions answer (" + shown(why) + "): "
            + shown(answer.text()), true, Optional.empty(), e);
      }
    }
    boolean retryable = status == 429 || status == 408 || status >= 500;
    return Attempt.failed(status, "HTTP " + status + " " + shown(answer.text()), retryable,
        response.headers().firstValue("Retry-After").flatMap(ChatClient::parseRetryAfter), null);
  }

  /** Why a connection failed, as the deepest cause says it (java.net.http's own exception has no message). */
  private static String connectReason(Throwable error) {
    for (Throwable t = error; t != null && t.getCause() != t; t = t.getCause()) {
      if (t instanceof java.nio.channels.UnresolvedAddressException) {
        return " (no such host)";
      }
      if (t.getMessage() != null && !t.getMessage().isBlank()) {
        return " (" + t.getMessage().strip() + ")";
      }
    }
    return "";
  }

  private static ChatResponse parse(byte[] body) throws IOException {
    JsonNode root = JSON.readTree(body);
    JsonNode content = root.path("choices").path(0).path("message").path("content");
    if (!content.isTextual()) {
      throw new IOException("no choices[0].message.content");
    }
    JsonNode usage = root.path("usage");
    return new ChatResponse(content.asText(), 1, 0, usage.path("prompt_tokens").asInt(-1),
        usage.path("completion_tokens").asInt(-1));
  }

  private String requestBody(List<ChatMessage> messages) {
    ObjectNode body = JSON.createObjectNode();
    body.put("model", model);
    ArrayNode array = body.putArray("messages");
    for (ChatMessage m : messages) {
      array.addObject().put("role", m.role()).put("content", m.content());
    }
    body.put("temperature", temperature);
    body.put("max_tokens", maxTokens);
    if (jsonMode) {
      body.putObject("response_format").put("type", "json_object");
    }
    return body.toString();
  }

  private void log(List<ChatMessage> messages, Attempt result, long latency, int attempt, long waited) {
    if (processLog == null) {
      return;
    }
    String status = result.response != null || result.status > 0 ? String.valueOf(result.status)
        : result.problem.startsWith("no answer") ? "timeout" : "io-error";
    String answer = result.response != null ? result.response.content() : result.problem;
    int promptTokens = result.response != null ? result.response.promptTokens() : -1;
    int completionTokens = result.response != null ? result.response.completionTokens() : -1;
    processLog.append(model, messages, answer, status, latency, promptTokens, completionTokens, attempt, waited);
  }

  /** The wait before the next attempt: Retry-After when given, else initial x 2^(attempt-1); both capped. */
  long backoff(int attempt, Optional<Duration> retryAfter) {
    return retry.waitMillis(attempt, retryAfter);
  }

  /** Retry-After as seconds or an HTTP date. */
  static Optional<Duration> parseRetryAfter(String value) {
    String v = value.trim();
    try {
      return Optional.of(Duration.ofMillis(Math.round(Double.parseDouble(v) * 1000)));
    } catch (NumberFormatException notSeconds) {
      try {
        ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
        Duration d = Duration.between(ZonedDateTime.now(at.getZone()), at);
        return Optional.of(d.isNegative() ? Duration.ZERO : d);
      } catch (DateTimeParseException notDate) {
        return Optional.empty();
      }
    }
  }

  private static void sleep(long millis) {
    try {
      RetryPolicy.pause(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ChatException("interrupted during back-off", 0, e);
    }
  }

  private String fixFor(int status) {
    return switch (status) {
      case 401, 403 -> ": check the API key in the environment variable " + apiKeyEnv
          + (apiKey == null ? " (it is not set)" : "") + ", or choose another with apiKeyEnv(...)";
      case 404 -> ": check baseUrl(...) (it should end before /chat/completions) and model(...)";
      case 400 -> ": the server refused the request; check model(...)"
          + (jsonMode ? " and whether it supports jsonMode(true)" : "");
      default -> "";
    };
  }

  /**
   * A server's text as an error shows it: redacted first, then made one line and cut, since a key cut short
   * no longer matches the key (the server picks where its body gets cut).
   */
  private String shown(String text) {
    String oneLine = text == null ? "" : redactor.redact(text).replaceAll("\\s+", " ").strip();
    return oneLine.length() <= MAX_ERROR_BODY ? oneLine : oneLine.substring(0, MAX_ERROR_BODY) + "...";
  }

  /** The options, never the key itself. */
  @Override
  public String toString() {
    return "ChatClient[endpoint=" + endpoint + ", model=" + model + ", apiKeyEnv=" + apiKeyEnv
        + (apiKey == null ? " (not set)" : " (set)") + ", temperature=" + temperature + ", maxTokens=" + maxTokens
        + ", jsonMode=" + jsonMode + ", readTimeout=" + readTimeout + ", maxAttempts=" + maxAttempts
        + ", maxConcurrency=" + maxConcurrency + ", maxResponseBytes=" + maxResponseBytes + (processLog == null ? "" : ", processLog=" + processLog.file())
        + "]";
  }

  /** Options of {@link ChatClient}; only {@link #model(String)} is required. */
  public static final class Builder {
    private String baseUrl = DEFAULT_BASE_URL;
    private String model;
    private String apiKeyEnv = DEFAULT_API_KEY_ENV;
    private Function<String, String> environment = System::getenv;
    private double temperature = 0.0;
    private int maxTokens = 512;
    private boolean jsonMode = true;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private Duration readTimeout = DEFAULT_READ_TIMEOUT;
    private int maxAttempts = DEFAULT_MAX_ATTEMPTS;
    private Duration initialBackoff = DEFAULT_INITIAL_BACKOFF;
    private Duration maxBackoff = DEFAULT_MAX_BACKOFF;
    private int maxConcurrency = DEFAULT_MAX_CONCURRENCY;
    private ProcessLog processLog;
    private long maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
    private final Settings settings = new Settings("ChatClient.Builder");

    private Builder() {
    }

    /**
     * The API root, e.g. {@code http://localhost:8000/v1}; {@code /chat/completions} is appended. User info
     * ({@code user:password@}) is dropped: it is never sent, and every error names the endpoint.
     */
    public Builder baseUrl(String baseUrl) {
      String url = dev.llmsql.config.Range.withoutUserInfo(requireNonNull(baseUrl, "baseUrl"));
      // a host too: "http://" passed a prefix check, and every request then failed for minutes of retries
      URI uri = url.startsWith("http://") || url.startsWith("https://") ? parse(url) : null;
      if (uri == null || uri.getHost() == null) {
        throw new IllegalArgumentException("baseUrl must be an http:// or https:// URL with a host, but was '"
            + url + "'; e.g. https://api.openai.com/v1");
      }
      this.baseUrl = settings.once("baseUrl", url);
      return this;
    }

    public Builder model(String model) {
      if (model == null || model.isBlank()) {
        throw new IllegalArgumentException("model must not be blank; give the server's model name, e.g. gpt-4o-mini");
      }
      this.model = settings.once("model", model);
      return this;
    }

    /** The name of the environment variable holding the API key; {@value #DEFAULT_API_KEY_ENV} by default. */
    public Builder apiKeyEnv(String name) {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("apiKeyEnv must name an environment variable, e.g. OPENAI_API_KEY");
      }
      this.apiKeyEnv = settings.once("apiKeyEnv", name);
      return this;
    }

    /** Where environment variables are read from; {@code System::getenv} by default. */
    public Builder environment(Function<String, String> environment) {
      this.environment = settings.once("environment", requireNonNull(environment, "environment"));
      return this;
    }

    public Builder temperature(double temperature) {
      if (!(temperature >= 0 && temperature <= 2)) {
        throw new IllegalArgumentException("temperature must lie in [0, 2], but was " + temperature);
      }
      this.temperature = settings.once("temperature", temperature);
      return this;
    }

    public Builder maxTokens(int maxTokens) {
      if (maxTokens < 1) {
        throw new IllegalArgumentException("maxTokens must be at least 1, but was " + maxTokens);
      }
      this.maxTokens = settings.once("maxTokens", maxTokens);
      return this;
    }

    /** Whether to ask for {@code response_format: json_object}; on by default. */
    public Builder jsonMode(boolean jsonMode) {
      this.jsonMode = settings.once("jsonMode", jsonMode);
      return this;
    }

    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = settings.once("connectTimeout", positive(timeout, "connectTimeout"));
      return this;
    }

    /** How long one request may take until its whole answer has arrived. */
    public Builder readTimeout(Duration timeout) {
      this.readTimeout = settings.once("readTimeout", positive(timeout, "readTimeout"));
      return this;
    }

    /** Requests per call, first included; 1 disables retries. */
    public Builder maxAttempts(int maxAttempts) {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1, but was " + maxAttempts);
      }
      this.maxAttempts = settings.once("maxAttempts", maxAttempts);
      return this;
    }

    /** The first back-off, doubled after each failed attempt, and the cap on any wait (Retry-After too). */
    public Builder backoff(Duration initial, Duration max) {
      requireNonNull(initial, "initial");
      requireNonNull(max, "max");
      if (initial.isNegative() || max.compareTo(initial) < 0) {
        throw new IllegalArgumentException("backoff needs 0 <= initial <= max, but was " + initial + " and " + max);
      }
      this.initialBackoff = settings.once("initial backoff", initial);
      this.maxBackoff = settings.once("max backoff", max);
      return this;
    }

    /** How many requests may be in flight at once across all callers. */
    public Builder maxConcurrency(int maxConcurrency) {
      if (maxConcurrency < 1) {
        throw new IllegalArgumentException("maxConcurrency must be at least 1, but was " + maxConcurrency);
      }
      this.maxConcurrency = settings.once("maxConcurrency", maxConcurrency);
      return this;
    }

    /**
     * The largest answer body read (default {@value ChatClient#DEFAULT_MAX_RESPONSE_BYTES} bytes, at least 1 KiB);
     * a longer answer fails that call, without retry, and is read no further.
     */
    public Builder maxResponseBytes(long bytes) {
      if (bytes < 1024) {
        throw new IllegalArgumentException("maxResponseBytes must be at least 1024, but was " + bytes);
      }
      this.maxResponseBytes = settings.once("maxResponseBytes", bytes);
      return this;
    }

    public Builder processLog(ProcessLog processLog) {
      requireNonNull(processLog, "processLog");
      settings.once("processLog", processLog.file());   // two logs of one file are one setting
      this.processLog = processLog;
      return this;
    }

    public ChatClient build() {
      if (model == null) {
        throw new IllegalStateException("model is required; call model(\"...\") with the server's model name");
      }
      return new ChatClient(this);
    }

    private static URI parse(String url) {
      try {
        return new URI(url);
      } catch (java.net.URISyntaxException e) {
        return null;
      }
    }

    private static Duration positive(Duration d, String what) {
      requireNonNull(d, what);
      if (d.isZero() || d.isNegative()) {
        throw new IllegalArgumentException(what + " must be positive, but was " + d);
      }
      return d;
    }
  }
}
