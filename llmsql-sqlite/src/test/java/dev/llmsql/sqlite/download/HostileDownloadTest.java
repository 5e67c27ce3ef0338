package dev.llmsql.sqlite.download;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.net.httpserver.HttpExchange;
import dev.llmsql.benchmark.DownloadListener;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile-input suite, downloads (issue 12.4): cut, mislabelled, error-page, dripping and damaged downloads
 * are never cached or reused. The hub is a real loopback HTTP server that, like huggingface.co, redirects
 * LFS files to a storage host (here: the same server under another name) with {@code X-Linked-Size} and
 * {@code X-Linked-Etag}, and serves small files itself with their git blob SHA-1 as ETag. Corpus:
 * {@code hostile/captive-portal.html}, the page a captive portal or failing proxy sends with status 200.
 */
class HostileDownloadTest {

  private static final String BASE = "/datasets/llmsql-bench/llmsql-2.0/resolve/main/";
  private static final byte[] DATABASE = LlmsqlHubTest.bytes(200_000);
  private static final byte[] QUESTIONS =
      "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1\", \"table_id\": \"1-1\"}\n".getBytes(UTF_8);
  private static final String DB_SHA256 = sha256(DATABASE);
  private static final String LOCAL_FILES = "pass local files: --questions-path questions.jsonl "
      + "--db-path sqlite_tables.db (builder: questionsPath(...).dbPath(...))";
  private static final String VERIFY_FIX = "the server sent something other than the file the hub published: "
      + "check the endpoint (builder endpoint(...) or HF_ENDPOINT), any proxy and the network login";

  @TempDir
  Path workdir;
  private TestServer server;
  private final List<String> events = new CopyOnWriteArrayList<>();
  private final DownloadListener listener = new DownloadListener() {
    @Override
    public void progress(URI uri, long bytesDone, long bytesTotal) {
    }

    @Override
    public void retrying(URI uri, int attempt, String reason) {
      events.add("retrying #" + attempt + " " + reason);
    }

    @Override
    public void discarded(Path file, String reason) {
      events.add("discarded " + file.getFileName() + ": " + reason);
    }

    @Override
    public void cached(Path file) {
      events.add("cached " + file.getFileName());
    }
  };

  @BeforeEach
  void start() throws IOException {
    server = new TestServer();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private LlmsqlHub.Builder hub() {
    return hub(2);
  }

  private LlmsqlHub.Builder hub(int attempts) {
    return LlmsqlHub.builder().workdir(workdir).endpoint(server.uri()).retryBackoff(Duration.ZERO)
        .maxAttempts(attempts).environment(Map.of());
  }

  private Path dir() {
    return workdir.resolve("llmsql-2.0");
  }

  private URI dbUri() {
    return server.uri().resolve(BASE + "sqlite_tables.db");
  }

  /** The hub's answer for an LFS file: a redirect to storage carrying the published size and SHA-256. */
  private void lfs(long size, String sha256, TestServer.Handler storage) {
    server.route(BASE + "sqlite_tables.db", ex -> {
      ex.getResponseHeaders().add("X-Linked-Size", String.valueOf(size));
      ex.getResponseHeaders().add("X-Linked-Etag", "\"" + sha256 + "\"");
      TestServer.redirect(ex, 302, server.localhostUri() + "/storage/db");
    });
    server.route("/storage/", storage);
  }

  private static void body(HttpExchange ex, String contentType, byte[] body, int length) throws IOException {
    ex.getResponseHeaders().add("Content-Type", contentType);
    ex.getResponseHeaders().add("ETag", "\"storage-v1\"");
    ex.sendResponseHeaders(200, length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body, 0, length);
    }
  }

  @Test
  void truncatedBodyWithMatchingLength_isRejectedAgainstThePublishedSize() {
    lfs(DATABASE.length, DB_SHA256, ex -> body(ex, "application/octet-stream", DATABASE, 100_000));

    assertThatThrownBy(() -> hub().build().fetch("sqlite_tables.db", listener))
        .isInstanceOf(DownloadException.class)
        .hasMessage("Could not download " + dbUri() + ": verification failed: the server sent 100000 bytes but "
            + "the hub published 200000 after 2 attempts; " + VERIFY_FIX + ", or " + LOCAL_FILES);
    assertThat(listing()).isEmpty();
  }

  @Test
  void wrongLength_oneByteMore_isRejected() {
    byte[] longer = java.util.Arrays.copyOf(DATABASE, DATABASE.length + 1);
    lfs(DATABASE.length, DB_SHA256, ex -> body(ex, "application/octet-stream", longer, longer.length));

    assertThatThrownBy(() -> hub(1).build().fetch("sqlite_tables.db", listener))
        .hasMessage("Could not download " + dbUri() + ": verification failed: the server sent 200001 bytes but "
            + "the hub published 200000; " + VERIFY_FIX + ", or " + LOCAL_FILES);
    assertThat(listing()).isEmpty();
  }

  @Test
  void htmlErrorPageWith200_labelledHtml_failsAtOnce() throws Exception {
    byte[] page = portal();
    lfs(DATABASE.length, DB_SHA256, ex -> body(ex, "text/html; charset=utf-8", page, page.length));

    assertThatThrownBy(() -> hub().build().fetch("sqlite_tables.db", listener))
        .hasMessage("Could not download " + dbUri() + ": HTTP 200 with an HTML page (Content-Type: text/html; "
            + "charset=utf-8) instead of the file from " + server.localhostUri() + "/storage/db; " + VERIFY_FIX
            + ", or " + LOCAL_FILES);
    assertThat(events).isEmpty();
    assertThat(listing()).isEmpty();
  }

  @Test
  void htmlErrorPageWith200_unlabelled_failsTheDigest() throws Exception {
    byte[] page = portal();
    lfs(page.length, DB_SHA256, ex -> body(ex, "application/octet-stream", page, page.length));

    assertThatThrownBy(() -> hub().build().fetch("sqlite_tables.db", listener))
        .hasMessage("Could not download " + dbUri() + ": verification failed: its SHA-256 is " + sha256(page)
            + " but the hub published " + DB_SHA256 + " after 2 attempts; " + VERIFY_FIX + ", or " + LOCAL_FILES);
    assertThat(listing()).isEmpty();
  }

  @Test
  void htmlErrorPageWith200_noDigestAnywhere_failsTheContentCheck() throws Exception {
    byte[] page = portal();
    server.route(BASE + "sqlite_tables.db", ex -> {
      ex.getResponseHeaders().add("Content-Type", "application/octet-stream");
      TestServer.send(ex, 200, page);
    });

    assertThatThrownBy(() -> hub().build().fetch("sqlite_tables.db", listener))
        .hasMessage("Could not download " + dbUri() + ": verification failed: it is not an SQLite database (no "
            + "SQLite header); " + VERIFY_FIX + ", or " + LOCAL_FILES);
    assertThat(listing()).isEmpty();
  }

  @Test
  void smallFileServedByTheHub_isCheckedAgainstItsGitBlobSha1() throws Exception {
    server.route(BASE + "questions.jsonl", ex -> {
      ex.getResponseHeaders().add("ETag", "\"" + gitBlobSha1(QUESTIONS) + "\"");
      TestServer.send(ex, 200, QUESTIONS);
    });

    Path questions = hub().build().fetch("questions.jsonl", listener);

    assertThat(questions).hasBinaryContent(QUESTIONS);
    assertThat(Files.readString(dir().resolve("questions.jsonl.verified.json")))
        .contains("\"size\" : " + QUESTIONS.length, "\"sha256\" : \"" + sha256(QUESTIONS) + "\"",
            "\"crc32c\" : \"" + crc32c(QUESTIONS) + "\"",
            "\"verified_against\" : \"git blob SHA-1 published by the hub (ETag)\"");
  }

  @Test
  void smallFileWithAnotherGitBlobSha1_isRejected() {
    byte[] other = "{\"question_id\": 2}\n".getBytes(UTF_8);
    server.route(BASE + "questions.jsonl", ex -> {
      ex.getResponseHeaders().add("ETag", "\"" + gitBlobSha1(QUESTIONS) + "\"");
      TestServer.send(ex, 200, other);
    });

    assertThatThrownBy(() -> hub(1).build().fetch("questions.jsonl", listener))
        .hasMessageContaining(": verification failed: its git blob SHA-1 is " + gitBlobSha1(other)
            + " but the hub published " + gitBlobSha1(QUESTIONS) + "; ");
    assertThat(listing()).isEmpty();
  }

  @Test
  void slowDrip_endsWithTheTotalTimeoutKeepingWhatArrived() {
    lfs(DATABASE.length, DB_SHA256, ex -> {
      ex.sendResponseHeaders(200, DATABASE.length);
      OutputStream out = ex.getResponseBody();
      try {
        for (int i = 0; i < DATABASE.length; i++) {
          out.write(DATABASE[i]);
          out.flush();
          Thread.sleep(100);
        }
      } catch (InterruptedException | IOException stopped) {
        // the client gave up, or the test is over
      }
    });

    DownloadException e = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> org.junit.jupiter.api.Assertions
        .assertThrows(DownloadException.class, () -> hub().readTimeout(Duration.ofSeconds(5))
            .totalTimeout(Duration.ofSeconds(1)).build().fetch("sqlite_tables.db", listener)));

    assertThat(e.getMessage()).matches(java.util.regex.Pattern.quote("Could not download " + dbUri()
        + ": not finished within 1 s (the total timeout), at byte ") + "\\d+" + java.util.regex.Pattern.quote(
        "; the part is kept and the next run resumes it; raise totalTimeout(...) for a slow link, or " + LOCAL_FILES));
    assertThat(events).isEmpty();
    assertThat(listing()).containsExactly("sqlite_tables.db.part", "sqlite_tables.db.part.json");
  }

  @Test
  void belowTheMinimumRate_endsWithOneLineKeepingThePart_andTheNextRunResumesFromThere() throws Exception {
    // GIVEN: a hub that sends 10,000 bytes at once, then drips 10 bytes a second (issue 22.6)
    AtomicInteger calls = new AtomicInteger();
    List<String> seen = new CopyOnWriteArrayList<>();
    lfs(DATABASE.length, DB_SHA256, ex -> {
      String range = ex.getRequestHeaders().getFirst("Range");
      seen.add(range + " / " + ex.getRequestHeaders().getFirst("If-Range"));
      ex.getResponseHeaders().add("ETag", "\"storage-v1\"");
      if (calls.incrementAndGet() == 1) {
        ex.sendResponseHeaders(200, DATABASE.length);
        OutputStream out = ex.getResponseBody();
        try {
          out.write(DATABASE, 0, 10_000);
          out.flush();
          for (int i = 10_000; i < DATABASE.length; i++) {
            out.write(DATABASE[i]);
            out.flush();
            Thread.sleep(100);
          }
        } catch (InterruptedException | IOException stopped) {
          // the client gave up, or the test is over
        }
        return;
      }
      int from = Integer.parseInt(range.substring("bytes=".length(), range.length() - 1));
      ex.getResponseHeaders().add("Content-Range", "bytes " + from + "-199999/200000");
      ex.sendResponseHeaders(206, DATABASE.length - from);
      ex.getResponseBody().write(DATABASE, from, DATABASE.length - from);
    });

    // WHEN: a minimum of 1,024 bytes a second over a 1-second window (the defaults are 1,024 over 30 s)
    DownloadException e = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> org.junit.jupiter.api.Assertions
        .assertThrows(DownloadException.class, () -> hub().minimumRate(1_024).rateWindow(Duration.ofSeconds(1))
            .build().fetch("sqlite_tables.db", listener)));

    // THEN: one line, not retried, the part kept
    long kept = Files.size(dir().resolve("sqlite_tables.db.part"));
    assertThat(kept).isBetween(10_000L, 10_100L);
    assertThat(e.getMessage()).matches(java.util.regex.Pattern.quote("Could not download " + dbUri()
        + ": too slow from localhost:" + server.uri().getPort() + ": ") + "\\d{1,2}" + java.util.regex.Pattern.quote(
        " bytes/s over the last 1 s, below the minimum of 1024 bytes/s, at byte " + kept + " of 200000; the part is "
        + "kept: run again to resume from byte " + kept + "; lower the minimum rate (--download-min-rate, builder "
        + "minimumRate(...); 0 turns it off) for a slow link, or " + LOCAL_FILES));
    assertThat(e.resumable()).isTrue();
    assertThat(events).isEmpty();
    assertThat(listing()).containsExactly("sqlite_tables.db.part", "sqlite_tables.db.part.json");

    // WHEN: the next run
    Path db = hub().minimumRate(1_024).rateWindow(Duration.ofSeconds(1)).build().fetch("sqlite_tables.db", listener);

    // THEN: it asked for the rest only, and the file is whole
    assertThat(seen).containsExactly("null / null", "bytes=" + kept + "- / \"storage-v1\"");
    assertThat(db).hasBinaryContent(DATABASE);
    assertThat(listing()).containsExactly("sqlite_tables.db", "sqlite_tables.db.verified.json");
  }

  @Test
  void minimumRateAndWindow_outOfRangeOrSetTwice_areRefused() {
    assertThatThrownBy(() -> LlmsqlHub.builder().minimumRate(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("minimumRate must be between 0 and 1000000000, but was -1");
    assertThatThrownBy(() -> LlmsqlHub.builder().rateWindow(Duration.ofMillis(500)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("rateWindow must be between 1 s and 86400 s, but was PT0.5S");
    assertThatThrownBy(() -> LlmsqlHub.builder().minimumRate(100).minimumRate(200))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("LlmsqlHub.Builder: minimumRate was set twice, to 100 and to 200; set it once");
    assertThat(LlmsqlHub.DEFAULT_MINIMUM_RATE).isEqualTo(1_024);
    assertThat(LlmsqlHub.DEFAULT_RATE_WINDOW).isEqualTo(Duration.ofSeconds(30));
  }

  private static final String TOO_LARGE_FIX = "raise it with maxFileBytes(...) (builder: "
      + "Evaluator.builder().downloadMaxFileBytes(...)) if the file really is that large "
      + "(the part is deleted), check the endpoint (builder endpoint(...) or HF_ENDPOINT), or " + LOCAL_FILES;

  @Test
  void endlessBody_stopsAtTheSizeBound_withOneLine_andDeletesThePart() {
    // GIVEN: a 200 with no length that never ends (it wrote 6 GB in 25 s, and the next run resumed and grew it)
    server.route(BASE + "sqlite_tables.db", ex -> {
      ex.sendResponseHeaders(200, 0);
      byte[] chunk = new byte[8192];
      try (OutputStream out = ex.getResponseBody()) {
        while (true) {
          out.write(chunk);
        }
      } catch (IOException stopped) {
        // the client gave up
      }
    });

    // WHEN
    DownloadException e = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> org.junit.jupiter.api.Assertions
        .assertThrows(DownloadException.class, () -> hub().maxFileBytes(100_000).build()
            .fetch("sqlite_tables.db", listener)));

    // THEN: not retried, nothing kept
    assertThat(e.getMessage()).isEqualTo("Could not download " + dbUri() + ": the body went past the bound of "
        + "100000 bytes for one file; " + TOO_LARGE_FIX);
    assertThat(e.resumable()).isFalse();
    assertThat(events).isEmpty();
    assertThat(server.paths()).containsExactly(BASE + "sqlite_tables.db");
    assertThat(listing()).isEmpty();
  }

  @Test
  void publishedSizeOverTheDefaultBound_failsBeforeAnyByte() {
    // GIVEN: the hub publishes 5 GB, five times the default bound of 1 GiB
    lfs(5_000_000_000L, DB_SHA256, ex -> body(ex, "application/octet-stream", DATABASE, DATABASE.length));

    assertThatThrownBy(() -> hub().build().fetch("sqlite_tables.db", listener))
        .isInstanceOf(DownloadException.class)
        .hasMessage("Could not download " + dbUri() + ": the hub publishes 5000000000 bytes, over the bound of "
            + "1073741824 bytes for one file; " + TOO_LARGE_FIX);
    assertThat(LlmsqlHub.DEFAULT_MAX_FILE_BYTES).isEqualTo(1L << 30);
    assertThat(server.paths()).containsExactly(BASE + "sqlite_tables.db");
    assertThat(listing()).isEmpty();
  }

  @Test
  void publishedSizeOneOverTheBound_fails_andAFileAtTheBoundIsFine() throws Exception {
    // GIVEN: the hub publishes 200,000 bytes
    lfs(DATABASE.length, DB_SHA256, ex -> body(ex, "application/octet-stream", DATABASE, DATABASE.length));

    // WHEN / THEN: one byte less allowed
    assertThatThrownBy(() -> hub().maxFileBytes(DATABASE.length - 1).build().fetch("sqlite_tables.db", listener))
        .isInstanceOf(DownloadException.class)
        .hasMessage("Could not download " + dbUri() + ": the hub publishes 200000 bytes, over the bound of 199999 "
            + "bytes for one file; " + TOO_LARGE_FIX);
    assertThat(listing()).isEmpty();

    // WHEN / THEN: exactly the bound
    assertThat(hub().maxFileBytes(DATABASE.length).build().fetch("sqlite_tables.db", listener))
        .hasBinaryContent(DATABASE);
  }

  @Test
  void announcedLengthFromStorageOverTheBound_failsWithoutWriting() {
    // GIVEN: nothing published; storage announces 300,000 bytes
    server.route(BASE + "sqlite_tables.db", ex -> TestServer.redirect(ex, 302, server.localhostUri() + "/storage/db"));
    byte[] big = LlmsqlHubTest.bytes(300_000);
    server.route("/storage/", ex -> body(ex, "application/octet-stream", big, big.length));

    assertThatThrownBy(() -> hub().maxFileBytes(250_000).build().fetch("sqlite_tables.db", listener))
        .isInstanceOf(DownloadException.class)
        .hasMessage("Could not download " + dbUri() + ": the server announces 300000 bytes from "
            + server.localhostUri() + "/storage/db, over the bound of 250000 bytes for one file; " + TOO_LARGE_FIX);
    assertThat(listing()).isEmpty();
  }

  @Test
  void announcedLengthOverTheBound_withAShortBody_failsAtOnceWithoutRetrying() {
    // GIVEN: storage announces 300,000 bytes, sends 100 and hangs up (it was retried five times, 16 s, as an I/O
    // error)
    List<String> seen = new CopyOnWriteArrayList<>();
    server.route(BASE + "sqlite_tables.db", ex -> TestServer.redirect(ex, 302, server.localhostUri() + "/storage/db"));
    byte[] big = LlmsqlHubTest.bytes(300_000);
    server.route("/storage/", ex -> {
      seen.add(ex.getRequestURI().getPath());
      TestServer.cut(ex, big, 100);
    });

    assertThatThrownBy(() -> hub().maxFileBytes(250_000).build().fetch("sqlite_tables.db", listener))
        .isInstanceOf(DownloadException.class)
        .hasMessage("Could not download " + dbUri() + ": the server announces 300000 bytes from "
            + server.localhostUri() + "/storage/db, over the bound of 250000 bytes for one file; " + TOO_LARGE_FIX);
    assertThat(seen).hasSize(1);
    assertThat(listing()).isEmpty();
  }

  @Test
  void partLargerThanTheBound_leftByAnEarlierVersion_isNotResumed() throws Exception {
    // GIVEN: a 300,000-byte part of an endless body, with its validator, as an earlier version kept it
    List<String> seen = new CopyOnWriteArrayList<>();
    lfs(DATABASE.length, DB_SHA256, ex -> {
      seen.add(ex.getRequestHeaders().getFirst("Range"));
      body(ex, "application/octet-stream", DATABASE, DATABASE.length);
    });
    Files.createDirectories(dir());
    Files.write(dir().resolve("sqlite_tables.db.part"), new byte[300_000]);
    Files.writeString(dir().resolve("sqlite_tables.db.part.json"), "{\"uri\": \"" + dbUri()
        + "\", \"validator\": \"\\\"storage-v1\\\"\"}");

    // WHEN
    Path db = hub().maxFileBytes(DATABASE.length).build().fetch("sqlite_tables.db", listener);

    // THEN: asked for the whole file, not for the bytes after the part
    assertThat(seen).containsExactly((String) null);
    assertThat(db).hasBinaryContent(DATABASE);
    assertThat(listing()).containsExactly("sqlite_tables.db", "sqlite_tables.db.verified.json");
  }

  @Test
  void maxFileBytes_belowOneOrSetTwice_isRefused() {
    assertThatThrownBy(() -> LlmsqlHub.builder().maxFileBytes(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxFileBytes must be at least 1, but was 0");
    assertThatThrownBy(() -> LlmsqlHub.builder().maxFileBytes(5).maxFileBytes(6))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void killedDownload_isResumedByTheNextRunWithRangeAndIfRange() throws Exception {
    // GIVEN: a first run whose transfer is cut at byte 100000 (as if the process had been killed)
    AtomicInteger calls = new AtomicInteger();
    List<String> seen = new CopyOnWriteArrayList<>();
    lfs(DATABASE.length, DB_SHA256, ex -> {
      seen.add(ex.getRequestHeaders().getFirst("Range") + " / " + ex.getRequestHeaders().getFirst("If-Range"));
      ex.getResponseHeaders().add("ETag", "\"storage-v1\"");
      if (calls.incrementAndGet() == 1) {
        TestServer.cut(ex, DATABASE, 100_000);
        return;
      }
      // the server checks the resume request before serving the rest
      if (!"bytes=100000-".equals(ex.getRequestHeaders().getFirst("Range"))
          || !"\"storage-v1\"".equals(ex.getRequestHeaders().getFirst("If-Range"))) {
        TestServer.send(ex, 400, new byte[0]);
        return;
      }
      ex.getResponseHeaders().add("Content-Range", "bytes 100000-199999/200000");
      ex.sendResponseHeaders(206, 100_000);
      ex.getResponseBody().write(DATABASE, 100_000, 100_000);
    });
    assertThatThrownBy(() -> hub(1).build().fetch("sqlite_tables.db", listener))
        .isInstanceOf(DownloadException.class);
    assertThat(Files.size(dir().resolve("sqlite_tables.db.part"))).isEqualTo(100_000);

    // WHEN: the next run (a new hub, as a new process would make)
    Path db = hub().build().fetch("sqlite_tables.db", listener);

    // THEN
    assertThat(seen).containsExactly("null / null", "bytes=100000- / \"storage-v1\"");
    assertThat(db).hasBinaryContent(DATABASE);
    assertThat(listing()).containsExactly("sqlite_tables.db", "sqlite_tables.db.verified.json");
    assertThat(Files.readString(dir().resolve("sqlite_tables.db.verified.json")))
        .contains("\"sha256\" : \"" + DB_SHA256 + "\"",
            "\"verified_against\" : \"SHA-256 published by the hub (X-Linked-Etag)\"");
  }

  @Test
  void corruptedCacheFile_isDownloadedAgainWithAWarning() throws Exception {
    AtomicInteger downloads = new AtomicInteger();
    lfs(DATABASE.length, DB_SHA256, ex -> {
      downloads.incrementAndGet();
      body(ex, "application/octet-stream", DATABASE, DATABASE.length);
    });
    Path db = hub().build().fetch("sqlite_tables.db", listener);
    byte[] damaged = DATABASE.clone();
    damaged[150_000] ^= 0x01;
    Files.write(db, damaged);

    hub().build().fetch("sqlite_tables.db", listener);

    assertThat(events).containsExactly("discarded sqlite_tables.db: its CRC-32C is " + crc32c(damaged) + " but "
        + crc32c(DATABASE) + " was verified");
    assertThat(downloads).hasValue(2);
    assertThat(db).hasBinaryContent(DATABASE);
    hub().build().fetch("sqlite_tables.db", listener);
    assertThat(events).last().isEqualTo("cached sqlite_tables.db");
  }

  @Test
  void cachedFileWithoutRecord_isDownloadedAgainWithAWarning() throws Exception {
    lfs(DATABASE.length, DB_SHA256, ex -> body(ex, "application/octet-stream", DATABASE, DATABASE.length));
    Files.createDirectories(dir());
    Files.write(dir().resolve("sqlite_tables.db"), java.util.Arrays.copyOf(DATABASE, 1000));

    Path db = hub().build().fetch("sqlite_tables.db", listener);

    assertThat(events).containsExactly("discarded sqlite_tables.db: no verification record "
        + "(sqlite_tables.db.verified.json), so it may be a cut or failed download");
    assertThat(db).hasBinaryContent(DATABASE);
  }

  private List<String> listing() {
    if (!Files.isDirectory(dir())) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(dir())) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static byte[] portal() throws IOException {
    try (InputStream in = HostileDownloadTest.class.getResourceAsStream("/hostile/captive-portal.html")) {
      return in.readAllBytes();
    }
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }

  private static String crc32c(byte[] bytes) {
    java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
    crc.update(bytes);
    return String.format("%08x", crc.getValue());
  }

  private static String gitBlobSha1(byte[] bytes) {
    try {
      MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
      sha1.update(("blob " + bytes.length + "\0").getBytes(UTF_8));
      return HexFormat.of().formatHex(sha1.digest(bytes));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new AssertionError(e);
    }
  }
}
