package dev.llmsql.sqlite.download;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.benchmark.BenchmarkFiles;
import dev.llmsql.benchmark.DownloadListener;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LlmsqlHubTest {

  private static final String BASE = "/datasets/llmsql-bench/llmsql-2.0/resolve/main/";
  private static final byte[] QUESTIONS =
      "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1\", \"table_id\": \"1-1\"}\n"
          .getBytes(UTF_8);
  private static final byte[] DATABASE = bytes(200_000);
  private static final byte[] TABLES = "{\"table_id\": \"1-1\"}\n".getBytes(UTF_8);
  private static final String LOCAL_FILES = "pass local files: --questions-path questions.jsonl "
      + "--db-path sqlite_tables.db (builder: questionsPath(...).dbPath(...))";

  @TempDir
  Path workdir;

  private TestServer server;
  private final Events events = new Events();

  @BeforeEach
  void startServer() throws IOException {
    server = new TestServer();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  // GIVEN a hub on the test server with fast retries and no environment
  private LlmsqlHub.Builder hub() {
    return hub(server.uri(), 3);
  }

  private LlmsqlHub.Builder hub(URI endpoint, int attempts) {
    return LlmsqlHub.builder()
        .workdir(workdir)
        .endpoint(endpoint)
        .retryBackoff(Duration.ZERO)
        .maxAttempts(attempts)
        .environment(Map.of());
  }

  private void serveBenchmark() {
    server.route(BASE + "questions.jsonl", ex -> TestServer.send(ex, 200, QUESTIONS));
    server.route(BASE + "sqlite_tables.db", ex -> TestServer.send(ex, 200, DATABASE));
  }

  @Test
  void resolve_emptyWorkdir_downloadsBothFilesIntoVersionFolder() throws IOException {
    serveBenchmark();

    BenchmarkFiles files = hub().build().resolve(events);

    Path dir = workdir.resolve("llmsql-2.0");
    assertThat(files).isEqualTo(BenchmarkFiles.singleDatabase(
        dir.resolve("questions.jsonl"), dir.resolve("sqlite_tables.db")));
    assertThat(files.questions()).hasBinaryContent(QUESTIONS);
    assertThat(files.databaseFile()).hasBinaryContent(DATABASE);
    assertThat(server.paths()).containsExactly(BASE + "questions.jsonl", BASE + "sqlite_tables.db");
    assertThat(events.finished).containsExactly(
        server.uri() + BASE + "questions.jsonl -> " + files.questions() + " (" + QUESTIONS.length + ")",
        server.uri() + BASE + "sqlite_tables.db -> " + files.databaseFile() + " (200000)");
    assertThat(events.lastProgress()).isEqualTo(server.uri() + BASE + "sqlite_tables.db 200000/200000");
    assertThat(listing(dir)).containsExactly("questions.jsonl", "questions.jsonl.verified.json",
        "sqlite_tables.db", "sqlite_tables.db.verified.json");
  }

  @Test
  void resolve_cachedFiles_makesNoRequest() throws IOException {
    serveBenchmark();
    hub().build().resolve(DownloadListener.NONE);

    BenchmarkFiles files = hub().build().resolve(events);

    assertThat(server.paths()).hasSize(2);
    assertThat(events.cached).containsExactly(files.questions(), files.databaseFile());
    assertThat(events.finished).isEmpty();
  }

  @Test
  void resolve_doesNotDownloadTables() throws IOException {
    serveBenchmark();
    server.route(BASE + "tables.jsonl", ex -> TestServer.send(ex, 200, TABLES));

    hub().build().resolve(DownloadListener.NONE);

    assertThat(server.paths()).doesNotContain(BASE + "tables.jsonl");
  }

  @Test
  void fetch_tables_downloadsOnlyThatFile() throws IOException {
    server.route(BASE + "tables.jsonl", ex -> TestServer.send(ex, 200, TABLES));

    Path tables = hub().build().fetch(LlmsqlHub.TABLES_FILE, events);

    assertThat(tables).isEqualTo(workdir.resolve("llmsql-2.0/tables.jsonl")).hasBinaryContent(TABLES);
    assertThat(server.paths()).containsExactly(BASE + "tables.jsonl");
  }

  @Test
  void fetch_version1_usesBenchmarkRepoAndOwnFolder() throws IOException {
    String base1 = "/datasets/llmsql-bench/llmsql-benchmark/resolve/main/";
    server.route(base1 + "questions.jsonl", ex -> TestServer.send(ex, 200, QUESTIONS));

    Path questions = hub().version("1.0").build().fetch("questions.jsonl", events);

    assertThat(questions).isEqualTo(workdir.resolve("llmsql-1.0/questions.jsonl")).hasBinaryContent(QUESTIONS);
    assertThat(server.paths()).containsExactly(base1 + "questions.jsonl");
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 303, 307, 308})
  void fetch_relativeRedirect_followsToSecondPath(int status) throws IOException {
    server.route(BASE + "questions.jsonl", ex -> TestServer.redirect(ex, status, "/cdn/q?sig=abc"));
    server.route("/cdn/", ex -> TestServer.send(ex, 200, QUESTIONS));

    Path questions = hub().build().fetch("questions.jsonl", events);

    assertThat(questions).hasBinaryContent(QUESTIONS);
    assertThat(server.paths()).containsExactly(BASE + "questions.jsonl", "/cdn/q");
  }

  @Test
  void fetch_redirectToOtherHost_sendsTokenOnlyToEndpointHost() throws IOException {
    try (TestServer cdn = new TestServer()) {
      cdn.route("/blob", ex -> TestServer.send(ex, 200, QUESTIONS));
      server.route(BASE + "questions.jsonl",
          ex -> TestServer.redirect(ex, 302, cdn.localhostUri() + "/blob"));
      server.route("/back", ex -> TestServer.send(ex, 200, QUESTIONS));

      Path questions = hub().token("hf_secret").build().fetch("questions.jsonl", events);

      assertThat(questions).hasBinaryContent(QUESTIONS);
      assertThat(server.seen()).containsExactly(
          new TestServer.Seen(BASE + "questions.jsonl", null, "Bearer hf_secret"));
      assertThat(cdn.seen()).containsExactly(new TestServer.Seen("/blob", null, null));
    }
  }

  @Test
  void fetch_redirectBackToEndpointHost_keepsToken() throws IOException {
    server.route(BASE + "questions.jsonl", ex -> TestServer.redirect(ex, 307, server.uri() + "/back"));
    server.route("/back", ex -> TestServer.send(ex, 200, QUESTIONS));

    hub().token("hf_secret").build().fetch("questions.jsonl", events);

    assertThat(server.seen()).containsExactly(
        new TestServer.Seen(BASE + "questions.jsonl", null, "Bearer hf_secret"),
        new TestServer.Seen("/back", null, "Bearer hf_secret"));
  }

  @Test
  void fetch_environment_suppliesEndpointAndToken() throws IOException {
    serveBenchmark();

    LlmsqlHub hub = LlmsqlHub.builder().workdir(workdir)
        .environment(Map.of("HF_ENDPOINT", server.uri() + "/", "HF_TOKEN", "hf_env")).build();
    hub.fetch("questions.jsonl", events);

    assertThat(server.seen()).containsExactly(
        new TestServer.Seen(BASE + "questions.jsonl", null, "Bearer hf_env"));
  }

  @Test
  void fetch_redirectLoop_failsAfterLimit() {
    AtomicInteger hops = new AtomicInteger();
    server.route("/loop", ex -> TestServer.redirect(ex, 302, "/loop?n=" + hops.incrementAndGet()));
    server.route(BASE + "questions.jsonl", ex -> TestServer.redirect(ex, 302, "/loop"));
    URI uri = server.uri().resolve(BASE + "questions.jsonl");

    assertThatThrownBy(() -> hub().build().fetch("questions.jsonl", events))
        .isInstanceOf(DownloadException.class)
        .hasMessage("Could not download " + uri + ": more than 10 redirects, the last to "
            + server.uri() + "/loop?...; check the endpoint (builder endpoint(...) or HF_ENDPOINT), or "
            + LOCAL_FILES);
    assertThat(server.paths()).hasSize(11);
  }

  @Test
  void fetch_notFound_failsAtOnceNamingUrlStatusAndFix() {
    server.route(BASE + "questions.jsonl", ex -> TestServer.send(ex, 404, new byte[0]));
    URI uri = server.uri().resolve(BASE + "questions.jsonl");

    assertThatThrownBy(() -> hub().build().resolve(events))
        .isInstanceOfSatisfying(DownloadException.class, e -> {
          assertThat(e.uri()).isEqualTo(uri);
          assertThat(e.status()).hasValue(404);
        })
        .hasMessage("Could not download " + uri + ": HTTP 404; check the version (\"2.0\" is "
            + "llmsql-bench/llmsql-2.0) and the endpoint (builder endpoint(...) or HF_ENDPOINT), or "
            + LOCAL_FILES);
    assertThat(server.paths()).containsExactly(BASE + "questions.jsonl");
    assertThat(events.retrying).isEmpty();
    assertThat(listing(workdir.resolve("llmsql-2.0"))).isEmpty();
  }

  @Test
  void fetch_endpointWithAPassword_showsItNowhereAndSendsItNowhere() {
    server.route(BASE + "questions.jsonl", ex -> TestServer.send(ex, 404, new byte[0]));
    URI withPassword = URI.create("http://user:hunter2pass@127.0.0.1:" + server.uri().getPort());
    URI uri = server.uri().resolve(BASE + "questions.jsonl");
    LlmsqlHub hub = hub(withPassword, 3).build();

    assertThatThrownBy(() -> hub.fetch("questions.jsonl", events))
        .isInstanceOfSatisfying(DownloadException.class, e -> assertThat(e.uri()).isEqualTo(uri))
        .hasMessage("Could not download " + uri + ": HTTP 404; check the version (\"2.0\" is "
            + "llmsql-bench/llmsql-2.0) and the endpoint (builder endpoint(...) or HF_ENDPOINT), or "
            + LOCAL_FILES);
    assertThat(hub.toString()).contains("endpoint=" + server.uri()).doesNotContain("hunter2pass");
    assertThat(server.seen()).containsExactly(new TestServer.Seen(BASE + "questions.jsonl", null, null));
    assertThatThrownBy(() -> LlmsqlHub.builder().environment(Map.of("HF_ENDPOINT", "ftp://u:hunter2pass@h/"))
        .build())
        .hasMessage("HF_ENDPOINT must be an http(s) URL such as https://huggingface.co, but was \"ftp://h/\"; fix "
            + "or unset it");
  }

  @Test
  void fetch_unauthorizedWithoutToken_namesHfToken() {
    server.route(BASE + "tables.jsonl", ex -> TestServer.send(ex, 401, new byte[0]));
    URI uri = server.uri().resolve(BASE + "tables.jsonl");

    assertThatThrownBy(() -> hub().build().fetch("tables.jsonl", events))
        .hasMessage("Could not download " + uri + ": HTTP 401; set HF_TOKEN (builder: token(...)) to a "
            + "Hugging Face token that can read it, or download it yourself to "
            + workdir.resolve("llmsql-2.0/tables.jsonl").toAbsolutePath());
  }

  @Test
  void fetch_forbiddenAfterRedirect_namesFailingHost() {
    server.route(BASE + "questions.jsonl", ex -> TestServer.redirect(ex, 302, "/cdn/q?X-Amz-Signature=s"));
    server.route("/cdn/", ex -> TestServer.send(ex, 403, new byte[0]));
    URI uri = server.uri().resolve(BASE + "questions.jsonl");

    assertThatThrownBy(() -> hub().token("hf_secret").build().fetch("questions.jsonl", events))
        .hasMessage("Could not download " + uri + ": HTTP 403 from " + server.uri() + "/cdn/q?...; "
            + "check that the token (HF_TOKEN or builder token(...)) can read it, or " + LOCAL_FILES);
  }

  @Test
  void fetch_redirectWithAPasswordInItsLocation_showsItNowhere() {
    // the hub's Location header carried a user and password: every message naming the target showed them
    server.route(BASE + "questions.jsonl", ex -> TestServer.redirect(ex, 302, "http://user:hunter2pass@127.0.0.1:"
        + server.uri().getPort() + "/cdn/q?X-Amz-Signature=s"));
    server.route(BASE + "tables.jsonl", ex -> TestServer.redirect(ex, 302, "ftp://user:hunter2pass@cdn/t?sig=s"));
    server.route("/cdn/", ex -> TestServer.send(ex, 403, new byte[0]));
    URI uri = server.uri().resolve(BASE + "questions.jsonl");

    assertThatThrownBy(() -> hub().build().fetch("questions.jsonl", events))
        .hasMessage("Could not download " + uri + ": HTTP 403 from " + server.uri() + "/cdn/q?...; set HF_TOKEN "
            + "(builder: token(...)) to a Hugging Face token that can read it, or " + LOCAL_FILES);
    assertThatThrownBy(() -> hub().build().fetch("tables.jsonl", events))
        .hasMessageContaining(": HTTP 302 to unsupported Location \"ftp://cdn/t?...\"; check the endpoint")
        .hasMessageNotContaining("hunter2pass");
  }

  @Test
  void fetch_serverErrorThenSuccess_retries() throws IOException {
    AtomicInteger calls = new AtomicInteger();
    server.route(BASE + "questions.jsonl",
        ex -> TestServer.send(ex, calls.incrementAndGet() == 1 ? 500 : 200, QUESTIONS));
    URI uri = server.uri().resolve(BASE + "questions.jsonl");

    Path questions = hub().build().fetch("questions.jsonl", events);

    assertThat(questions).hasBinaryContent(QUESTIONS);
    assertThat(events.retrying).containsExactly(uri + " #1 HTTP 500");
    assertThat(server.paths()).hasSize(2);
  }

  @Test
  void fetch_serverErrorForever_failsAfterMaxAttemptsWithoutTmpFile() {
    server.route(BASE + "questions.jsonl", ex -> TestServer.send(ex, 500, new byte[0]));
    URI uri = server.uri().resolve(BASE + "questions.jsonl");

    assertThatThrownBy(() -> hub().build().resolve(events))
        .isInstanceOfSatisfying(DownloadException.class, e -> assertThat(e.status()).hasValue(500))
        .hasMessage("Could not download " + uri + ": HTTP 500 after 3 attempts; the server is failing; "
            + "try again later, or " + LOCAL_FILES);
    assertThat(server.paths()).hasSize(3);
    assertThat(events.retrying).containsExactly(uri + " #1 HTTP 500", uri + " #2 HTTP 500");
    assertThat(listing(workdir.resolve("llmsql-2.0"))).isEmpty();
  }

  @Test
  void fetch_cutMidFile_resumesWithRange() throws IOException {
    AtomicInteger calls = new AtomicInteger();
    server.route(BASE + "sqlite_tables.db", ex -> {
      if (calls.incrementAndGet() == 1) {
        TestServer.cut(ex, DATABASE, 100_000);
        return;
      }
      String range = ex.getRequestHeaders().getFirst("Range");
      int from = Integer.parseInt(range.substring("bytes=".length(), range.length() - 1));
      ex.getResponseHeaders().add("Content-Range",
          "bytes " + from + "-" + (DATABASE.length - 1) + "/" + DATABASE.length);
      ex.sendResponseHeaders(206, DATABASE.length - from);
      ex.getResponseBody().write(DATABASE, from, DATABASE.length - from);
    });

    Path db = hub().build().fetch("sqlite_tables.db", events);

    assertThat(server.seen()).extracting(TestServer.Seen::range).containsExactly(null, "bytes=100000-");
    assertThat(db).hasBinaryContent(DATABASE);
    assertThat(events.retrying).singleElement().asString()
        // the rest is the JDK's wording: "(IOException: fixed content-length: 200000, bytes received: 100000)"
        .startsWith(server.uri() + BASE + "sqlite_tables.db #1 transfer cut at byte 100000 of 200000 (");
    assertThat(events.lastProgress()).isEqualTo(server.uri() + BASE + "sqlite_tables.db 200000/200000");
    assertThat(listing(workdir.resolve("llmsql-2.0"))).containsExactly("sqlite_tables.db",
        "sqlite_tables.db.verified.json");
  }

  @Test
  void fetch_stalledMidFile_abortsAfterReadTimeoutAndResumes() throws IOException {
    CountDownLatch testOver = new CountDownLatch(1);
    AtomicInteger calls = new AtomicInteger();
    server.route(BASE + "sqlite_tables.db", ex -> {
      if (calls.incrementAndGet() == 1) {
        ex.sendResponseHeaders(200, DATABASE.length);
        ex.getResponseBody().write(DATABASE, 0, 100_000);
        ex.getResponseBody().flush();
        awaitQuietly(testOver); // the stall: connection open, no more bytes
        return;
      }
      ex.getResponseHeaders().add("Content-Range", "bytes 100000-199999/200000");
      ex.sendResponseHeaders(206, 100_000);
      ex.getResponseBody().write(DATABASE, 100_000, 100_000);
    });

    try {
      Path db = hub().readTimeout(Duration.ofMillis(300)).build().fetch("sqlite_tables.db", events);

      assertThat(db).hasBinaryContent(DATABASE);
      assertThat(server.seen()).extracting(TestServer.Seen::range).containsExactly(null, "bytes=100000-");
      assertThat(events.retrying).containsExactly(server.uri() + BASE + "sqlite_tables.db #1 no data for "
          + "300 ms at byte 100000 of 200000 from 127.0.0.1:" + server.uri().getPort());
    } finally {
      testOver.countDown();
    }
  }

  @Test
  void fetch_cutMidFileAndRangeIgnored_restartsFromZero() throws IOException {
    AtomicInteger calls = new AtomicInteger();
    server.route(BASE + "sqlite_tables.db", ex -> {
      if (calls.incrementAndGet() == 1) {
        TestServer.cut(ex, DATABASE, 100_000);
      } else {
        TestServer.send(ex, 200, DATABASE);
      }
    });

    Path db = hub().build().fetch("sqlite_tables.db", events);

    assertThat(server.seen()).extracting(TestServer.Seen::range).containsExactly(null, "bytes=100000-");
    assertThat(db).hasBinaryContent(DATABASE);
  }

  @Test
  void fetch_cutEveryTime_failsWithoutStatusKeepingThePartForTheNextRun() {
    server.route(BASE + "sqlite_tables.db", ex -> TestServer.cut(ex, DATABASE, 100_000));

    assertThatThrownBy(() -> hub(server.uri(), 2).build().fetch("sqlite_tables.db", events))
        .isInstanceOfSatisfying(DownloadException.class, e -> assertThat(e.status()).isEmpty())
        .hasMessageStartingWith("Could not download " + server.uri() + BASE
            + "sqlite_tables.db: transfer cut at byte 100000 of 200000 (")
        .hasMessageEndingWith(") after 2 attempts; check the network, proxy and endpoint "
            + "(builder endpoint(...) or HF_ENDPOINT), or " + LOCAL_FILES);
    assertThat(listing(workdir.resolve("llmsql-2.0"))).containsExactly("sqlite_tables.db.part",
        "sqlite_tables.db.part.json");
  }

  @Test
  void fetch_unreachableEndpoint_namesUrlAndFix() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    URI endpoint = URI.create("http://127.0.0.1:" + closedPort);

    assertThatThrownBy(() -> hub(endpoint, 2).build().resolve(events))
        .isInstanceOfSatisfying(DownloadException.class, e -> assertThat(e.status()).isEmpty())
        .hasMessage("Could not download " + endpoint + BASE + "questions.jsonl: cannot connect to "
            + "127.0.0.1:" + closedPort + " after 2 attempts; check the network, proxy and endpoint "
            + "(builder endpoint(...) or HF_ENDPOINT), or " + LOCAL_FILES);
    assertThat(events.retrying).containsExactly(
        endpoint + BASE + "questions.jsonl #1 cannot connect to 127.0.0.1:" + closedPort);
  }

  @Test
  void fetch_pathInName_isRejected() {
    assertThatThrownBy(() -> hub().build().fetch("../secrets", events))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("fileName must be a plain file name such as \"tables.jsonl\", but was \"../secrets\"");
  }

  @Test
  void fileUri_endpointWithTrailingSlash_buildsResolveUrl() {
    LlmsqlHub hub = LlmsqlHub.builder().version("1.0").endpoint(URI.create("https://hf-mirror.com/"))
        .environment(Map.of()).build();

    assertThat(hub.fileUri("questions.jsonl")).isEqualTo(URI.create(
        "https://hf-mirror.com/datasets/llmsql-bench/llmsql-benchmark/resolve/main/questions.jsonl"));
  }

  @Test
  void build_noEndpointAnywhere_usesHuggingFace() {
    LlmsqlHub hub = LlmsqlHub.builder().environment(Map.of()).build();

    assertThat(hub.fileUri("sqlite_tables.db")).isEqualTo(URI.create(
        "https://huggingface.co/datasets/llmsql-bench/llmsql-2.0/resolve/main/sqlite_tables.db"));
    assertThat(hub.directory()).isEqualTo(dev.llmsql.Evaluator.DEFAULT_WORKDIR.resolve("llmsql-2.0"));
    assertThat(hub.describe()).isEqualTo("LLMSQL 2.0 (" + dev.llmsql.Evaluator.DEFAULT_WORKDIR.resolve("llmsql-2.0") + ")");
  }

  @Test
  void build_invalidHfEndpoint_namesVariable() {
    assertThatThrownBy(() -> LlmsqlHub.builder().environment(Map.of("HF_ENDPOINT", "hf-mirror.com")).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("HF_ENDPOINT must be an http(s) URL such as https://huggingface.co, but was "
            + "\"hf-mirror.com\"; fix or unset it");
  }

  @Test
  void version_unknown_isRejected() {
    assertThatThrownBy(() -> LlmsqlHub.builder().version("3.0"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("version must be \"1.0\" or \"2.0\", but was \"3.0\"");
  }

  @Test
  void endpoint_notHttp_isRejected() {
    assertThatThrownBy(() -> LlmsqlHub.builder().endpoint(URI.create("ftp://example.com")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("endpoint must be an http(s) URL such as https://huggingface.co, but was "
            + "\"ftp://example.com\"");
  }

  @Test
  void maxAttempts_zero_isRejected() {
    assertThatThrownBy(() -> LlmsqlHub.builder().maxAttempts(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxAttempts must be at least 1 (1 means no retry), but was 0");
  }

  @Test
  void token_blank_isRejected() {
    assertThatThrownBy(() -> LlmsqlHub.builder().token(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("token must not be blank; leave it unset to send none");
  }

  @Test
  void connectTimeout_zero_isRejected() {
    assertThatThrownBy(() -> LlmsqlHub.builder().connectTimeout(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("connectTimeout must be positive, but was PT0S");
  }

  @Test
  void retryBackoff_negative_isRejected() {
    assertThatThrownBy(() -> LlmsqlHub.builder().retryBackoff(Duration.ofSeconds(-1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("retryBackoff must not be negative, but was PT-1S");
  }

  @Test
  void toString_token_isMasked() {
    LlmsqlHub.Builder builder = LlmsqlHub.builder().version("1.0").token("hf_secret").maxAttempts(2);
    LlmsqlHub hub = builder.endpoint(URI.create("https://huggingface.co")).environment(Map.of()).build();

    assertThat(builder).hasToString("LlmsqlHub.Builder[version=1.0, token=****, maxAttempts=2, "
        + "endpoint=https://huggingface.co]");
    assertThat(hub).hasToString("LlmsqlHub{version=1.0, directory="
        + dev.llmsql.Evaluator.DEFAULT_WORKDIR.resolve("llmsql-1.0") + ", endpoint=https://huggingface.co, token=****}");
  }

  private static List<String> listing(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** {@code n} bytes that pass the database's content check: SQLite's header, then a pattern. */
  static byte[] bytes(int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      b[i] = (byte) (i * 31 + i / 251);
    }
    byte[] header = "SQLite format 3\0".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    System.arraycopy(header, 0, b, 0, Math.min(n, header.length));
    return b;
  }

  /** Records what the hub reports, one readable line per event. */
  private static final class Events implements DownloadListener {
    final List<String> progress = new ArrayList<>();
    final List<String> finished = new ArrayList<>();
    final List<String> retrying = new ArrayList<>();
    final List<Path> cached = new ArrayList<>();

    @Override
    public void progress(URI uri, long bytesDone, long bytesTotal) {
      progress.add(uri + " " + bytesDone + "/" + bytesTotal);
    }

    @Override
    public void cached(Path file) {
      cached.add(file);
    }

    @Override
    public void finished(URI uri, Path file, long bytes) {
      finished.add(uri + " -> " + file + " (" + bytes + ")");
    }

    @Override
    public void retrying(URI uri, int attempt, String reason) {
      retrying.add(uri + " #" + attempt + " " + reason);
    }

    String lastProgress() {
      return progress.isEmpty() ? null : progress.get(progress.size() - 1);
    }
  }
}
