package dev.llmsql.sqlite.download;

import static java.util.Objects.requireNonNull;

import dev.llmsql.benchmark.BenchmarkFiles;
import dev.llmsql.benchmark.Benchmarks;
import dev.llmsql.benchmark.BenchmarkSource;
import dev.llmsql.benchmark.DownloadListener;
import dev.llmsql.config.EvaluatorSettings;
import dev.llmsql.config.Range;
import dev.llmsql.config.Settings;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The LLMSQL benchmark on the Hugging Face hub, downloaded on first use into
 * {@code {workdir}/llmsql-{version}/} and reused from there afterwards without any request.
 *
 * <p>Files come from {@code {endpoint}/datasets/{repo}/resolve/main/{file}}, repo
 * {@code llmsql-bench/llmsql-benchmark} for 1.0 and {@code llmsql-bench/llmsql-2.0} for 2.0. The endpoint
 * is {@code HF_ENDPOINT} or {@value #DEFAULT_ENDPOINT}; a token ({@code HF_TOKEN}) goes only to the
 * endpoint's own scheme, host and port, never to a host a redirect leads to. Downloads land in a
 * {@code .part} file renamed when complete and verified: against the size and SHA-256 the hub publishes
 * ({@code X-Linked-Size}, {@code X-Linked-Etag}; for a file the hub serves itself, the git blob SHA-1 of its
 * {@code ETag}), and by a content check (JSON lines, SQLite header). A record of the verified size and
 * SHA-256 ({@code {file}.verified.json}) is checked before each reuse; a cached file failing it, or without
 * it, is downloaded again with a warning. Cut transfers resume with {@code Range} and {@code If-Range}, within
 * the run and by the next run; 5xx and network errors are retried with doubling backoff, other 4xx fail at
 * once; no byte for the read timeout, fewer than the minimum rate averaged over its window (1,024 bytes a
 * second over 30 s by default, as curl's {@code --speed-limit}/{@code --speed-time}), or the file not done
 * within the total timeout, ends a transfer, keeping what arrived for the next run to resume.
 *
 * <p>Unlike LLMSQL, which puts the files directly in the work dir, each version gets its own folder, so
 * a 1.0 cache is never mistaken for 2.0. To reuse files LLMSQL already downloaded, pass them as local
 * files ({@code questionsPath(...).dbPath(...)}).
 *
 * <pre>{@code
 * BenchmarkSource hub = LlmsqlHub.builder()
 *     .version("2.0")
 *     .workdir(Path.of("llmsql_workdir"))
 *     .build();
 * BenchmarkFiles files = hub.resolve(DownloadListener.NONE); // llmsql_workdir/llmsql-2.0/...
 * }</pre>
 */
public final class LlmsqlHub implements BenchmarkSource {

  private static final Logger log = LoggerFactory.getLogger(LlmsqlHub.class);

  /** The hub used unless {@code HF_ENDPOINT} or {@link Builder#endpoint} says otherwise. */
  public static final String DEFAULT_ENDPOINT = "https://huggingface.co";
  /** Requests per file before giving up, the first included. */
  public static final int DEFAULT_MAX_ATTEMPTS = 5;
  /** The wait before the first retry; it doubles for each further retry, up to 30 seconds. */
  public static final Duration DEFAULT_RETRY_BACKOFF = Duration.ofSeconds(1);
  /** How long to wait for a TCP/TLS connection. */
  public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(30);
  /** How long to wait for response headers, or for more bytes of a body, before giving the try up. */
  public static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(60);
  /**
   * How long one file may take in all, retries included: a server dripping a byte a second never trips the
   * read timeout, this ends it (what arrived is kept and the next run resumes).
   */
  public static final Duration DEFAULT_TOTAL_TIMEOUT = Duration.ofHours(2);
  /**
   * The slowest a download may go, in bytes per second averaged over {@link #DEFAULT_RATE_WINDOW}: below it the
   * transfer ends (kept for the next run) instead of dripping until the total timeout. curl's
   * {@code --speed-limit} is the same idea; 1 KiB/s is far below any working link. Declared as
   * {@link EvaluatorSettings#DOWNLOAD_MINIMUM_RATE}.
   */
  public static final long DEFAULT_MINIMUM_RATE = EvaluatorSettings.DOWNLOAD_MINIMUM_RATE.defaultValue();
  /**
   * The window the minimum rate is averaged over (curl's {@code --speed-time}), 30 s; declared as
   * {@link EvaluatorSettings#DOWNLOAD_RATE_WINDOW}.
   */
  public static final Duration DEFAULT_RATE_WINDOW = EvaluatorSettings.DOWNLOAD_RATE_WINDOW.defaultValue();
  /**
   * The largest file downloaded, 1 GiB: about ten times LLMSQL's largest (its SQLite database, about 100 MB). A
   * larger or endless body (a broken mirror or proxy) ends the transfer and its part is deleted, where it filled
   * the disk at 240 MB/s.
   */
  public static final long DEFAULT_MAX_FILE_BYTES = 1L << 30;

  /** The questions JSONL, downloaded by {@link #resolve}. */
  public static final String QUESTIONS_FILE = "questions.jsonl";
  /** The SQLite database with one table per {@code table_id}, downloaded by {@link #resolve}. */
  public static final String DATABASE_FILE = "sqlite_tables.db";
  /** Table headers, types and rows (for prompts), downloaded only through {@link #fetch}. */
  public static final String TABLES_FILE = "tables.jsonl";

  private static final Map<String, String> REPOS = Map.of(
      "1.0", "llmsql-bench/llmsql-benchmark",
      "2.0", "llmsql-bench/llmsql-2.0");
  private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");
  /**
   * How a failed download of the questions or the database ends: the files {@code llmsql evaluate} and
   * {@code Evaluator} take instead. A command taking other local files puts its own in its place.
   */
  public static final String LOCAL_FILES_HINT = "pass local files: --questions-path questions.jsonl "
      + "--db-path sqlite_tables.db (builder: questionsPath(...).dbPath(...))";

  private final String version;
  private final String repo;
  private final Path directory;
  private final URI endpoint;
  private final String token;
  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final Duration totalTimeout;
  private final long minimumRate;
  private final Duration rateWindow;
  private final int maxAttempts;
  private final Duration retryBackoff;
  private final long maxFileBytes;

  private LlmsqlHub(Builder b) {
    UnaryOperator<String> env = b.environment;
    this.version = b.version;
    this.repo = REPOS.get(b.version);
    this.directory = b.workdir.resolve("llmsql-" + b.version);
    this.endpoint = b.endpoint != null ? b.endpoint : endpointFromEnvironment(env.apply("HF_ENDPOINT"));
    String envToken = env.apply("HF_TOKEN");
    this.token = b.token != null ? b.token
        : envToken != null && !envToken.isBlank() ? envToken.trim() : null;
    this.connectTimeout = b.connectTimeout;
    this.readTimeout = b.readTimeout;
    this.totalTimeout = b.totalTimeout;
    this.minimumRate = b.minimumRate;
    this.rateWindow = b.rateWindow;
    this.maxAttempts = b.maxAttempts;
    this.retryBackoff = b.retryBackoff;
    this.maxFileBytes = b.maxFileBytes;
  }

  /** The benchmark of {@code version} ({@code "1.0"} or {@code "2.0"}) with every other option default. */
  public static LlmsqlHub version(String version) {
    return builder().version(version).build();
  }

  /** A builder with the defaults: version 2.0, work dir {@code llmsql_workdir}. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Makes {@value #QUESTIONS_FILE} and {@value #DATABASE_FILE} available, downloading whichever is not
   * cached yet.
   *
   * @throws DownloadException when a download fails; the message names the URL, status and fix
   */
  @Override
  public BenchmarkFiles resolve(DownloadListener listener) throws IOException {
    requireNonNull(listener, "listener");
    Path questions = fetch(QUESTIONS_FILE, listener);
    Path database = fetch(DATABASE_FILE, listener);
    return BenchmarkFiles.singleDatabase(questions, database);
  }

  /**
   * The cached file {@code fileName} of this version's dataset repo, downloaded first if missing, e.g.
   * {@value #TABLES_FILE} for building prompts.
   *
   * @param fileName a plain file name in the repo's root, such as {@value #TABLES_FILE}
   * @return the local file, {@code {workdir}/llmsql-{version}/{fileName}}
   * @throws DownloadException when the download fails; the message names the URL, status and fix
   */
  public Path fetch(String fileName, DownloadListener listener) throws IOException {
    requireNonNull(fileName, "fileName");
    requireNonNull(listener, "listener");
    if (!FILE_NAME.matcher(fileName).matches()) {
      throw new IllegalArgumentException("fileName must be a plain file name such as \"" + TABLES_FILE
          + "\", but was \"" + fileName + "\"");
    }
    Path target = directory.resolve(fileName);
    if (Files.isRegularFile(target)) {
      String problem = Verification.problemWithCached(target);
      if (problem == null) {
        log.debug("Using cached {}", target);
        listener.cached(target);
        return target;
      }
      log.warn("Cached {} is not used: {}; downloading it again", target, problem);
      listener.discarded(target, problem);
    }
    URI uri = fileUri(fileName);
    log.info("Downloading {} to {}", uri, target);
    Downloader downloader = new Downloader(connectTimeout, readTimeout, totalTimeout, endpoint, token,
        maxAttempts, retryBackoff, "check the version (\"" + version + "\" is " + repo
            + ") and the endpoint (builder endpoint(...) or HF_ENDPOINT)", minimumRate, rateWindow, maxFileBytes);
    String localHint = fileName.equals(QUESTIONS_FILE) || fileName.equals(DATABASE_FILE)
        ? LOCAL_FILES_HINT
        : "download it yourself to " + target.toAbsolutePath();
    long bytes = downloader.download(uri, target, localHint, listener, contentCheck(fileName));
    log.info("Downloaded {} ({} bytes)", target, bytes);
    listener.finished(uri, target, bytes);
    return target;
  }

  /**
   * What a file of this name must look like, beyond any digest: an error page served with 200 by a proxy or
   * mirror that publishes no digest is caught here. JSONL starts with a JSON object; the database with
   * SQLite's header.
   */
  static Downloader.ContentCheck contentCheck(String fileName) {
    if (fileName.endsWith(".jsonl")) {
      return file -> {
        try (java.io.InputStream in = Files.newInputStream(file)) {
          for (int b; (b = in.read()) >= 0; ) {
            if (!Character.isWhitespace(b)) {
              return b == '{' ? null : "it does not start with a JSON object (first byte '" + (char) b + "')";
            }
          }
          return "it is empty";
        }
      };
    }
    if (fileName.endsWith(".db")) {
      return file -> {
        byte[] header = new byte[16];
        int n;
        try (java.io.InputStream in = Files.newInputStream(file)) {
          n = in.readNBytes(header, 0, 16);
        }
        return n == 16 && new String(header, java.nio.charset.StandardCharsets.ISO_8859_1)
            .equals("SQLite format 3\0") ? null : "it is not an SQLite database (no SQLite header)";
      };
    }
    return Downloader.ContentCheck.NONE;
  }

  /** Where {@code fileName} is downloaded from: {@code {endpoint}/datasets/{repo}/resolve/main/{file}}. */
  URI fileUri(String fileName) {
    String base = endpoint.toString();
    while (base.endsWith("/")) {
      base = base.substring(0, base.length() - 1);
    }
    return URI.create(base + "/datasets/" + repo + "/resolve/main/" + fileName);
  }

  /** The folder the files are cached in, {@code {workdir}/llmsql-{version}}. */
  public Path directory() {
    return directory;
  }

  @Override
  public String describe() {
    return "LLMSQL " + version + " (" + directory + ")";
  }

  @Override
  public String toString() {
    return "LlmsqlHub{version=" + version + ", directory=" + directory + ", endpoint=" + endpoint
        + ", token=" + (token == null ? "none" : "****") + "}";
  }

  private static URI endpointFromEnvironment(String value) {
    if (value == null || value.isBlank()) {
      return URI.create(DEFAULT_ENDPOINT);
    }
    try {
      return checkEndpoint(URI.create(value.trim()), "HF_ENDPOINT");
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("HF_ENDPOINT must be an http(s) URL such as "
          + DEFAULT_ENDPOINT + ", but was \"" + Range.withoutUserInfo(value) + "\"; fix or unset it", e);
    }
  }

  /**
   * The endpoint without user info ({@code user:password@}): java.net.http never sends it, and every download
   * message, log line and verification file names URLs made from the endpoint.
   */
  private static URI checkEndpoint(URI given, String what) {
    URI endpoint = URI.create(Range.withoutUserInfo(given.toString()));
    String scheme = endpoint.getScheme() == null ? "" : endpoint.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || endpoint.getHost() == null
        || endpoint.getRawQuery() != null || endpoint.getRawFragment() != null) {
      throw new IllegalArgumentException(what + " must be an http(s) URL such as " + DEFAULT_ENDPOINT
          + ", but was \"" + endpoint + "\"");
    }
    return endpoint;
  }

  /**
   * Configures an {@link LlmsqlHub}. Setters reject bad values at once; the last call of a setter wins.
   * Reusable: {@link #build()} copies the configuration.
   *
   * <pre>{@code
   * LlmsqlHub hub = LlmsqlHub.builder().version("1.0").maxAttempts(3).build();
   * }</pre>
   */
  public static final class Builder {
    private String version = Benchmarks.DEFAULT_LLMSQL_VERSION;
    private Path workdir = Benchmarks.DEFAULT_WORKDIR;
    private URI endpoint;
    private String token;
    private Duration connectTimeout = DEFAULT_CONNECT_TIMEOUT;
    private Duration readTimeout = DEFAULT_READ_TIMEOUT;
    private Duration totalTimeout = DEFAULT_TOTAL_TIMEOUT;
    private long minimumRate = DEFAULT_MINIMUM_RATE;
    private Duration rateWindow = DEFAULT_RATE_WINDOW;
    private int maxAttempts = DEFAULT_MAX_ATTEMPTS;
    private Duration retryBackoff = DEFAULT_RETRY_BACKOFF;
    private long maxFileBytes = DEFAULT_MAX_FILE_BYTES;
    private UnaryOperator<String> environment = System::getenv;
    private final List<String> set = new ArrayList<>();
    private final Settings settings = new Settings("LlmsqlHub.Builder");

    private Builder() {
    }

    /** The LLMSQL version, {@code "1.0"} or {@code "2.0"} (default). */
    public Builder version(String version) {
      this.version = settings.once("version", Benchmarks.requireLlmsqlVersion(version));
      return note("version=" + version);
    }

    /** The work dir; files go to its {@code llmsql-{version}} folder. Default {@code llmsql_workdir}. */
    public Builder workdir(Path workdir) {
      this.workdir = settings.once("workdir", requireNonNull(workdir, "workdir"));
      return note("workdir=" + workdir);
    }

    /** The hub, e.g. a mirror; default {@code HF_ENDPOINT}, else {@value LlmsqlHub#DEFAULT_ENDPOINT}. */
    public Builder endpoint(URI endpoint) {
      this.endpoint = settings.once("endpoint", checkEndpoint(requireNonNull(endpoint, "endpoint"), "endpoint"));
      return note("endpoint=" + this.endpoint);
    }

    /** A Hugging Face token sent to the endpoint's host only; default {@code HF_TOKEN}, else none. */
    public Builder token(String token) {
      requireNonNull(token, "token");
      if (token.isBlank()) {
        throw new IllegalArgumentException("token must not be blank; leave it unset to send none");
      }
      if (this.token != null && !this.token.equals(token.trim())) {
        // the tokens are secrets, so the message names neither
        throw new IllegalStateException("LlmsqlHub.Builder: token was set twice, to two different tokens; set it "
            + "once");
      }
      this.token = token.trim();
      return note("token=****");
    }

    /** How long to wait for a connection; default 30 seconds. */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = settings.once("connectTimeout", positive(timeout, "connectTimeout"));
      return note("connectTimeout=" + timeout);
    }

    /**
     * How long to wait for response headers, or for the next bytes of a body, before treating the
     * transfer as cut (retried and resumed); default 60 seconds.
     */
    public Builder readTimeout(Duration timeout) {
      this.readTimeout = settings.once("readTimeout", positive(timeout, "readTimeout"));
      return note("readTimeout=" + timeout);
    }

    /**
     * How long one file may take in all, retries included, however steadily bytes arrive; default 2 hours.
     * What arrived by then is kept, and the next run resumes it.
     */
    public Builder totalTimeout(Duration timeout) {
      this.totalTimeout = settings.once("totalTimeout", positive(timeout, "totalTimeout"));
      return note("totalTimeout=" + timeout);
    }

    /**
     * The slowest a transfer may go, in bytes per second averaged over {@link #rateWindow}; slower, it ends with
     * a message and what arrived is kept for the next run to resume. Default
     * 1,024 ({@link LlmsqlHub#DEFAULT_MINIMUM_RATE}); 0 turns the check off ({@link Range#DOWNLOAD_MIN_RATE}).
     */
    public Builder minimumRate(long bytesPerSecond) {
      this.minimumRate = settings.once("minimumRate",
          (long) Range.DOWNLOAD_MIN_RATE.check("minimumRate", bytesPerSecond));
      return note("minimumRate=" + bytesPerSecond);
    }

    /**
     * The window the minimum rate is averaged over; default 30 seconds
     * ({@link Range#DOWNLOAD_RATE_WINDOW_MILLIS}: 1 s to one day).
     */
    public Builder rateWindow(Duration window) {
      this.rateWindow = settings.once("rateWindow", Range.DOWNLOAD_RATE_WINDOW_MILLIS.check("rateWindow", window));
      return note("rateWindow=" + window);
    }

    /** Requests per file before giving up, the first included; default 5, at least 1. */
    public Builder maxAttempts(int attempts) {
      if (attempts < 1) {
        throw new IllegalArgumentException(
            "maxAttempts must be at least 1 (1 means no retry), but was " + attempts);
      }
      this.maxAttempts = settings.once("maxAttempts", attempts);
      return note("maxAttempts=" + attempts);
    }

    /** The wait before the first retry, doubled for each further one up to 30 s; default 1 s. */
    public Builder retryBackoff(Duration backoff) {
      requireNonNull(backoff, "retryBackoff");
      if (backoff.isNegative()) {
        throw new IllegalArgumentException("retryBackoff must not be negative, but was " + backoff);
      }
      this.retryBackoff = settings.once("retryBackoff", backoff);
      return note("retryBackoff=" + backoff);
    }

    /**
     * The largest file downloaded, in bytes; default 1 GiB ({@link LlmsqlHub#DEFAULT_MAX_FILE_BYTES}). A file the
     * hub or server says is larger fails at once; a body that grows past it stops; either way its part is deleted.
     */
    public Builder maxFileBytes(long bytes) {
      if (bytes < 1) {
        throw new IllegalArgumentException("maxFileBytes must be at least 1, but was " + bytes);
      }
      this.maxFileBytes = settings.once("maxFileBytes", bytes);
      return note("maxFileBytes=" + bytes);
    }

    /** Where HF_ENDPOINT and HF_TOKEN are read from; tests pass a map instead of the process's. */
    Builder environment(Map<String, String> variables) {
      Map<String, String> copy = Map.copyOf(variables);
      this.environment = copy::get;
      return this;
    }

    /** A hub with this configuration; reads {@code HF_ENDPOINT} and {@code HF_TOKEN} now. */
    public LlmsqlHub build() {
      return new LlmsqlHub(this);
    }

    private static Duration positive(Duration d, String name) {
      requireNonNull(d, name);
      if (d.isZero() || d.isNegative()) {
        throw new IllegalArgumentException(name + " must be positive, but was " + d);
      }
      return d;
    }

    private Builder note(String option) {
      String key = option.substring(0, option.indexOf('=') + 1);
      set.removeIf(s -> s.startsWith(key));
      set.add(option);
      return this;
    }

    @Override
    public String toString() {
      return "LlmsqlHub.Builder" + set;
    }
  }
}
