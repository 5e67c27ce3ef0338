package dev.llmsql.sqlite.download;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.benchmark.DownloadListener;
import dev.llmsql.config.Range;
import dev.llmsql.files.AtomicFiles;
import dev.llmsql.retry.RetryPolicy;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One file over HTTP into a partial file beside the target ({@code {name}.part}, with its validator in
 * {@code {name}.part.json}), checked against what the hub published (size, SHA-256 or git blob SHA-1) and
 * by a content check, then renamed into place with a verification record beside it. A cut transfer is
 * resumed with {@code Range} and {@code If-Range}, within the run and by the next run; no byte for the read
 * timeout, fewer bytes than the minimum rate over its window (curl's {@code --speed-limit} and
 * {@code --speed-time}), or the whole file not done within the total timeout, ends the transfer. A file larger
 * than the size bound (announced, published or sent) ends it too, and its part is deleted: an endless body
 * would fill the disk. Redirects are followed here rather than by the client so the token only ever goes to the
 * endpoint's origin.
 */
final class Downloader {

  /** Looks at a complete download before it is accepted: null when fine, else what is wrong, in one line. */
  @FunctionalInterface
  interface ContentCheck {
    ContentCheck NONE = file -> null;

    String problem(Path file) throws IOException;
  }

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Map<Path, Boolean> ACTIVE = new ConcurrentHashMap<>();
  private static final String VERIFY_FIX = "the server sent something other than the file the hub published: "
      + "check the endpoint (builder endpoint(...) or HF_ENDPOINT), any proxy and the network login";

  private static final Logger log = LoggerFactory.getLogger(Downloader.class);

  static final int MAX_REDIRECTS = 10;
  private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);
  private static final long PROGRESS_INTERVAL_NANOS = Duration.ofMillis(100).toNanos();
  private static final long DISCARD_LIMIT = 64 * 1024;
  private static final String USER_AGENT = "llmsql-java";
  private static final Pattern CONTENT_RANGE = Pattern.compile("bytes (\\d+)-(\\d+)/(\\d+|\\*)");

  private final HttpClient client;
  private final URI tokenOrigin;
  private final String token;
  private final Duration connectTimeout;
  private final Duration readTimeout;
  private final Duration totalTimeout;
  private final long minimumRate;
  private final Duration rateWindow;
  private final RetryPolicy retry;
  private final String fixForStatus4xx;
  private final long maxFileBytes;

  /**
   * @param tokenOrigin the only origin (scheme, host, port) the token is sent to
   * @param token the bearer token, or null
   * @param fixForStatus4xx what to check after a 404, e.g. the version and endpoint
   * @param minimumRate bytes per second a body must average over {@code rateWindow}; 0 for no minimum
   * @param maxFileBytes the largest file downloaded
   */
  Downloader(Duration connectTimeout, Duration readTimeout, Duration totalTimeout, URI tokenOrigin, String token,
             int maxAttempts, Duration retryBackoff, String fixForStatus4xx, long minimumRate,
             Duration rateWindow, long maxFileBytes) {
    this.client = HttpClient.newBuilder()
        .connectTimeout(connectTimeout)
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
    this.tokenOrigin = tokenOrigin;
    this.token = token;
    this.connectTimeout = connectTimeout;
    this.readTimeout = readTimeout;
    this.totalTimeout = totalTimeout;
    this.minimumRate = minimumRate;
    this.rateWindow = rateWindow;
    // a back-off above the cap waits the cap from the first retry on, as it always did
    this.retry = RetryPolicy.of(maxAttempts, retryBackoff.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : retryBackoff,
        MAX_BACKOFF);
    this.fixForStatus4xx = fixForStatus4xx;
    this.maxFileBytes = maxFileBytes;
  }

  /**
   * Downloads {@code uri} to {@code target}, replacing it atomically once complete and verified, and writes
   * the verification record beside it.
   *
   * @param localHint how to do without the download, ending the failure message
   * @return the number of bytes written
   */
  long download(URI uri, Path target, String localHint, DownloadListener listener, ContentCheck check)
      throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    Path part = dir.resolve(target.getFileName() + ".part");
    Path meta = dir.resolve(target.getFileName() + ".part.json");
    // One download per file in this JVM at a time through the part file; closing a second channel on the
    // meta file would drop the first one's OS lock, so a second one does not even open it.
    if (ACTIVE.putIfAbsent(part, Boolean.TRUE) != null) {
      return downloadOnce(uri, target, localHint, listener, check);
    }
    try {
      return downloadResumable(uri, target, part, meta, localHint, listener, check);
    } finally {
      ACTIVE.remove(part);
    }
  }

  private long downloadResumable(URI uri, Path target, Path part, Path meta, String localHint,
                                 DownloadListener listener, ContentCheck check) throws IOException {
    try (FileChannel metaChannel = FileChannel.open(meta, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      FileLock lock = tryLock(metaChannel);
      if (lock == null) {
        // Another run is downloading the same file: ours goes to a file of its own, without resume.
        return downloadOnce(uri, target, localHint, listener, check);
      }
      Partial partial = new Partial(part, metaChannel);
      partial.resumeOrReset(uri, maxFileBytes);
      boolean keep = false;
      try {
        long bytes = transfer(uri, partial, localHint, listener, check);
        AtomicFiles.moveIntoPlace(part, target);
        Verification.write(target, partial.digests, partial.published, Downloader.withoutQuery(uri));
        return bytes;
      } catch (DownloadException e) {
        keep = e.resumable() && Files.isRegularFile(part) && Files.size(part) > 0;
        throw e;
      } finally {
        if (!keep) {
          deleteQuietly(part);
          deleteQuietly(meta);
        }
        lock.release();
      }
    }
  }

  /** The fallback while another download of the file runs: a uniquely named file, deleted on failure. */
  private long downloadOnce(URI uri, Path target, String localHint, DownloadListener listener, ContentCheck check)
      throws IOException {
    long[] bytes = new long[1];
    Partial[] done = new Partial[1];
    AtomicFiles.write(target, tmp -> {
      done[0] = new Partial(tmp, null);
      bytes[0] = transfer(uri, done[0], localHint, listener, check);
    });
    Verification.write(target, done[0].digests, done[0].published, Downloader.withoutQuery(uri));
    return bytes[0];
  }

  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException sameJvm) {
      return null;
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      log.warn("Could not delete partial download {}", file, e);
    }
  }

  /**
   * The partial file and what is known about it: the validator of the response its bytes came from (for
   * {@code If-Range}), persisted in the meta file so the next run can resume; and, once complete, what it
   * was checked against.
   */
  private static final class Partial {
    final Path file;
    final FileChannel meta;
    String validator;
    Verification.Published published = Verification.Published.NONE;
    Verification.Digests digests;

    Partial(Path file, FileChannel meta) {
      this.file = file;
      this.meta = meta;
    }

    /**
     * Keeps a partial file left by an earlier run for the same URL with a validator, and within the size bound (an
     * earlier version kept gigabytes of an endless body); else starts empty.
     */
    void resumeOrReset(URI uri, long maxBytes) throws IOException {
      JsonNode saved = null;
      if (meta.size() > 0 && meta.size() < 64 * 1024) {
        ByteBuffer bytes = ByteBuffer.allocate((int) meta.size());
        meta.read(bytes, 0);
        try {
          saved = JSON.readTree(bytes.array());
        } catch (IOException unreadable) {
          saved = null;
        }
      }
      if (saved != null && Files.isRegularFile(file) && uri.toString().equals(saved.path("uri").asText())
          && saved.path("validator").isTextual() && Files.size(file) <= maxBytes) {
        validator = saved.path("validator").asText();
        log.info("Resuming {} from byte {}", file, Files.size(file));
        return;
      }
      Files.deleteIfExists(file);
      Files.createFile(file);
      meta.truncate(0);
    }

    /** Notes the validator of the response now writing to the file, for a resume by this or a later run. */
    void validator(URI uri, HttpHeaders headers) {
      String etag = headers.firstValue("ETag").orElse(null);
      String v = etag != null && !etag.startsWith("W/") ? etag : headers.firstValue("Last-Modified").orElse(null);
      validator = v;
      if (meta == null) {
        return;
      }
      try {
        ObjectNode saved = JSON.createObjectNode().put("uri", uri.toString());
        if (v != null) {
          saved.put("validator", v);
        }
        meta.truncate(0);
        ByteBuffer bytes = ByteBuffer.wrap(saved.toString().getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
          meta.write(bytes, bytes.position());
        }
      } catch (IOException e) {
        log.debug("Could not note the validator of {}: {}", file, e.toString());
      }
    }
  }

  private long transfer(URI uri, Partial partial, String localHint, DownloadListener listener, ContentCheck check)
      throws IOException {
    long deadline = System.nanoTime() + totalTimeout.toNanos();
    for (int attempt = 1; ; attempt++) {
      long have = Files.size(partial.file);
      try {
        partial.published = attempt(uri, partial, have, listener, deadline);
        verify(partial, check);
        return Files.size(partial.file);
      } catch (Failure f) {
        if (!f.retryable || !retry.mayRetryAfter(attempt)) {
          throw f.toException(uri, attempt, localHint);
        }
        log.info("Download of {} failed ({}); retry {} of {}", uri, f.reason, attempt, retry.maxAttempts() - 1);
        listener.retrying(uri, attempt, f.reason);
        pause(attempt);
      }
    }
  }

  /** Checks a complete file against what was published and the content check; a mismatch starts over. */
  private static void verify(Partial partial, ContentCheck check) throws IOException {
    partial.digests = Verification.digest(partial.file);
    String mismatch = Verification.mismatch(partial.digests, partial.published);
    if (mismatch != null) {
      truncate(partial.file, 0);
      throw Failure.retryable(0, "verification failed: " + mismatch, VERIFY_FIX, null);
    }
    String problem = check.problem(partial.file);
    if (problem != null) {
      truncate(partial.file, 0);
      throw Failure.fatal(0, "verification failed: " + problem, VERIFY_FIX, null);
    }
  }

  /**
   * One request (plus redirects); returns only when the file is complete, with what the hub published about
   * it along the way.
   */
  private Verification.Published attempt(URI uri, Partial partial, long have, DownloadListener listener,
                                          long deadline) throws IOException {
    URI current = uri;
    Verification.Published published = Verification.Published.NONE;
    for (int redirects = 0; ; redirects++) {
      Exchange exchange = exchange(uri, current, partial, have, listener, deadline);
      int status = exchange.response.statusCode();
      published = published(published, exchange.response, current);
      if (published.size() > maxFileBytes) {
        throw tooLarge("the hub publishes " + published.size() + " bytes, over the bound of " + maxFileBytes);
      }
      if (exchange.announced > maxFileBytes) {
        throw tooLarge("the server announces " + exchange.announced + " bytes" + (current.equals(uri) ? ""
            : " from " + withoutQuery(current)) + ", over the bound of " + maxFileBytes);
      }
      if (exchange.html) {
        throw Failure.fatal(status, "HTTP " + status + " with an HTML page (Content-Type: "
            + exchange.response.headers().firstValue("Content-Type").orElse("") + ") instead of the file"
            + (current.equals(uri) ? "" : " from " + withoutQuery(current)), VERIFY_FIX, null);
      }
      if (isRedirect(status)) {
        if (redirects == MAX_REDIRECTS) {
          throw Failure.fatal(status, "more than " + MAX_REDIRECTS + " redirects, the last to "
              + withoutQuery(current), "check the endpoint (builder endpoint(...) or HF_ENDPOINT)", null);
        }
        current = redirectTarget(current, status, exchange.response);
        log.debug("Following HTTP {} to {}", status, withoutQuery(current));
        continue;
      }
      String where = current.equals(uri) ? "" : " from " + withoutQuery(current);
      if (exchange.toFile) {
        if (exchange.sink.overLimit()) {
          throw tooLarge("the body" + (current.equals(uri) ? "" : " from " + withoutQuery(current))
              + " went past the bound of " + maxFileBytes);
        }
        long done = exchange.sink.position();
        if (exchange.total >= 0 && done != exchange.total) {
          throw Failure.retryable(0, "transfer ended at byte " + done + sizeSuffix(exchange.total), null);
        }
        if (published.size() >= 0 && exchange.total >= 0 && exchange.total != published.size()) {
          truncate(partial.file, 0);
          throw Failure.retryable(0, "verification failed: the server sent " + exchange.total + " bytes but the "
              + "hub published " + published.size(), VERIFY_FIX, null);
        }
        if (exchange.reported != done) {
          listener.progress(uri, done, exchange.total);
        }
      } else if (status == 206 && have > 0) {
        // Bytes we cannot place; drop the partial file and ask for everything next time.
        truncate(partial.file, 0);
        throw Failure.retryable(status, "HTTP 206 with Content-Range \""
            + exchange.response.headers().firstValue("Content-Range").orElse("")
            + "\" for a resume at byte " + have + where, null);
      } else if (status == 416 && have > 0) {
        // The partial file is no prefix the server knows; start over.
        truncate(partial.file, 0);
        throw Failure.retryable(status, "HTTP 416 for a resume at byte " + have + where, null);
      } else if (status >= 500 || status == 429 || status == 408) {
        throw Failure.retryable(status, "HTTP " + status + where, null);
      } else if (status == 401 || status == 403) {
        throw Failure.fatal(status, "HTTP " + status + where, token == null
            ? "set HF_TOKEN (builder: token(...)) to a Hugging Face token that can read it"
            : "check that the token (HF_TOKEN or builder token(...)) can read it", null);
      } else {
        throw Failure.fatal(status, "HTTP " + status + where, fixForStatus4xx, null);
      }
      return published;
    }
  }

  /**
   * A file past the size bound: not retried, and the part is deleted (resuming it would only grow it). The way
   * out comes first and as a call, so the command line names its own option for it.
   */
  private Failure tooLarge(String what) {
    // the hub builder's name first (the command line maps it to its option); an Evaluator.Builder caller sets it
    // with downloadMaxFileBytes(...), which the hint names (the command line drops such hints)
    return Failure.fatal(0, what + " bytes for one file", "raise it with maxFileBytes(...) (builder: "
        + "Evaluator.builder().downloadMaxFileBytes(...)) if the file really is that large (the part is deleted), "
        + "check the endpoint (builder endpoint(...) or HF_ENDPOINT)", null);
  }

  /**
   * Adds what one response of the chain says about the file: the hub's {@code X-Linked-Size} and
   * {@code X-Linked-Etag} (the SHA-256 of an LFS file, on its redirect to storage), or for a file the hub
   * serves itself its {@code ETag} (the git blob SHA-1, or a SHA-256). Only the endpoint's own origin is
   * believed: a storage host's ETag is something else (often an MD5 of parts).
   */
  private Verification.Published published(Verification.Published known, HttpResponse<Void> response, URI from) {
    if (!sameOrigin(from, tokenOrigin)) {
      return known;
    }
    HttpHeaders h = response.headers();
    Verification.Published p = known;
    String linked = Verification.hexDigest(h.firstValue("X-Linked-Etag").orElse(null), 64);
    if (linked != null) {
      p = p.withSha256(linked);
    }
    OptionalLong size = h.firstValueAsLong("X-Linked-Size");
    if (size.isPresent() && size.getAsLong() >= 0) {
      p = p.withSize(size.getAsLong());
    }
    if ((response.statusCode() == 200 || response.statusCode() == 206) && p.sha256() == null) {
      String etag = h.firstValue("ETag").orElse(null);
      String sha256 = Verification.hexDigest(etag, 64);
      String sha1 = Verification.hexDigest(etag, 40);
      if (sha256 != null) {
        p = p.withSha256(sha256);
      } else if (sha1 != null) {
        p = p.withGitSha1(sha1);
      }
    }
    return p;
  }

  /** A finished request: its response and, when the body went to the file, how far it got. */
  private static final class Exchange {
    HttpResponse<Void> response;
    BodySink sink;
    boolean toFile;
    boolean html;
    /** The size a body over the bound announced (Content-Length, Content-Range), which is then not written. */
    long announced = -1;
    long total = -1;
    long reported = -1;
  }

  /**
   * Sends one request and waits for its body while watching it: progress is reported from this thread,
   * and a body that brings no byte for {@code readTimeout} is aborted as a cut transfer.
   */
  private Exchange exchange(URI uri, URI current, Partial partial, long have, DownloadListener listener,
                            long deadline) throws IOException {
    long left = deadline - System.nanoTime();
    if (left <= 0) {
      throw deadlineFailure(partial, have);
    }
    HttpRequest.Builder request = HttpRequest.newBuilder(current).GET()
        .timeout(Duration.ofNanos(Math.min(readTimeout.toNanos(), left)))
        .header("User-Agent", USER_AGENT);
    if (have > 0) {
      request.header("Range", "bytes=" + have + "-");
      if (partial.validator != null) {
        request.header("If-Range", partial.validator);
      }
    }
    if (token != null && sameOrigin(current, tokenOrigin)) {
      request.header("Authorization", "Bearer " + token);
    }
    Exchange exchange = new Exchange();
    AtomicReference<BodySink> sinkRef = new AtomicReference<>();
    AtomicReference<IOException> openError = new AtomicReference<>();
    HttpResponse.BodyHandler<Void> handler = info -> {
      BodySink sink = null;
      long[] range = bodyRange(info, have);
      exchange.html = range != null && info.headers().firstValue("Content-Type").orElse("").trim()
          .toLowerCase(Locale.ROOT).startsWith("text/html");
      if (range != null && range[1] > maxFileBytes) {
        exchange.announced = range[1];
      } else if (range != null && !exchange.html) {
        try {
          sink = BodySink.toFile(partial.file, range[0], maxFileBytes);
          exchange.total = range[1];
          exchange.toFile = true;
          if (info.statusCode() == 200 || partial.validator == null) {
            partial.validator(uri, info.headers());
          }
        } catch (IOException e) {
          openError.set(e);
        }
      }
      if (sink == null) {
        sink = BodySink.discarding(DISCARD_LIMIT);
      }
      sinkRef.set(sink);
      return sink;
    };
    CompletableFuture<HttpResponse<Void>> future = client.sendAsync(request.build(), handler);
    long lastSeen = -1;
    long lastChange = System.nanoTime();
    ArrayDeque<long[]> samples = new ArrayDeque<>();   // {nanoTime, position} of the body, oldest first
    try {
      while (true) {
        try {
          exchange.response = future.get(PROGRESS_INTERVAL_NANOS, TimeUnit.NANOSECONDS);
          exchange.sink = sinkRef.get();
          break;
        } catch (TimeoutException e) {
          long now = System.nanoTime();
          if (now - deadline >= 0) {
            BodySink sink = sinkRef.get();
            throw deadlineFailure(partial, sink != null && exchange.toFile ? sink.position() : have);
          }
          BodySink sink = sinkRef.get();
          if (sink == null) {
            continue; // waiting for headers: the request's own timeout applies
          }
          long position = sink.position();
          if (position != lastSeen) {
            lastSeen = position;
            lastChange = now;
            if (exchange.toFile) {
              listener.progress(uri, position, exchange.total);
              exchange.reported = position;
            }
          } else if (now - lastChange >= readTimeout.toNanos()) {
            throw Failure.retryable(0, "no data for " + text(readTimeout) + " at byte " + position
                + sizeSuffix(exchange.total) + " from " + authority(current), null);
          }
          if (exchange.toFile && minimumRate > 0) {
            samples.addLast(new long[] {now, position});
            long rate = rateBelowMinimum(samples, now, position);
            if (rate >= 0) {
              sink.abort();   // so the byte named below is where the part file ends, and the next run resumes
              throw tooSlow(rate, sink.position(), exchange.total, current, partial);
            }
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while downloading " + uri);
    } catch (ExecutionException e) {
      BodySink sink = sinkRef.get();
      IOException local = sink != null ? sink.localError() : null;
      if (local != null) {
        throw local; // the disk, not the network: retrying will not help
      }
      Throwable cause = e.getCause() instanceof CompletionException && e.getCause().getCause() != null
          ? e.getCause().getCause() : e.getCause();
      if (exchange.announced > maxFileBytes) {
        // a body shorter than its huge Content-Length fails in the client: over the bound all the same, and the
        // same answer again on every retry (five of them, 16 s)
        throw tooLarge("the server announces " + exchange.announced + " bytes" + (current.equals(uri) ? ""
            : " from " + withoutQuery(current)) + ", over the bound of " + maxFileBytes);
      }
      if (sink != null && exchange.toFile) {
        throw Failure.retryable(0, "transfer cut at byte " + sink.position() + sizeSuffix(exchange.total)
            + " (" + describe(cause) + ")", cause);
      }
      throw Failure.retryable(0, connectionProblem(cause, current), cause);
    } finally {
      BodySink sink = sinkRef.get();
      if (sink != null) {
        sink.abort(); // no-op when complete; otherwise no byte may reach the file after we return
      }
      future.cancel(true);
    }
    if (openError.get() != null) {
      throw openError.get();
    }
    return exchange;
  }

  /**
   * The rate of a body that brought fewer than {@code minimumRate} bytes a second over the last
   * {@code rateWindow}, as curl's {@code --speed-limit}/{@code --speed-time} measure it, or -1 while it is fast
   * enough, has not flowed for a whole window yet, or brought no byte at all in the window (a stall, which the
   * read timeout ends and the retry resumes within the run).
   */
  private long rateBelowMinimum(ArrayDeque<long[]> samples, long now, long position) {
    long window = rateWindow.toNanos();
    // the baseline is the newest sample at least a window old; older ones are no longer needed
    while (samples.size() > 1 && now - second(samples)[0] >= window) {
      samples.removeFirst();
    }
    long[] baseline = samples.peekFirst();
    long elapsed = now - baseline[0];
    if (elapsed < window || position == baseline[1]) {
      return -1;   // no whole window yet; or no byte at all, a stall the read timeout retries and resumes in the run
    }
    double perSecond = (position - baseline[1]) / (elapsed / 1e9);   // doubles: a day's window in ns overflows
    return perSecond >= minimumRate ? -1 : (long) perSecond;
  }

  /**
   * A hub dripping a byte a second would otherwise hold the run until the total timeout. Not retried (the link
   * is what it is); what arrived is kept for the next run to resume.
   */
  private Failure tooSlow(long rate, long position, long total, URI current, Partial partial) {
    return Failure.deadline("too slow from " + authority(current) + ": " + rate + " bytes/s over the last "
        + text(rateWindow) + ", below the minimum of " + minimumRate + " bytes/s, at byte " + position
        + sizeSuffix(total), (partial.meta != null ? "the part is kept: run again to resume from byte " + position
        + "; " : "") + "lower the minimum rate (--download-min-rate, builder minimumRate(...); 0 turns it off) "
        + "for a slow link");
  }

  private static long[] second(ArrayDeque<long[]> samples) {
    Iterator<long[]> it = samples.iterator();
    it.next();
    return it.next();
  }

  private Failure deadlineFailure(Partial partial, long at) {
    return Failure.deadline("not finished within " + text(totalTimeout) + " (the total timeout), at byte " + at,
        partial.meta != null
            ? "the part is kept and the next run resumes it; raise totalTimeout(...) for a slow link"
            : "raise totalTimeout(...) for a slow link");
  }

  /** Where a body goes: {start, total} in the file (total -1 if unknown), or null to discard it. */
  private static long[] bodyRange(HttpResponse.ResponseInfo info, long have) {
    if (info.statusCode() == 200) {
      return new long[] {0, contentLength(info.headers(), 0)};
    }
    if (info.statusCode() == 206 && have > 0) {
      Matcher m = CONTENT_RANGE.matcher(info.headers().firstValue("Content-Range").orElse("").trim());
      if (m.matches() && Long.parseLong(m.group(1)) <= have) {
        long start = Long.parseLong(m.group(1));
        long total = m.group(3).equals("*") ? contentLength(info.headers(), start)
            : Long.parseLong(m.group(3));
        return new long[] {start, total};
      }
    }
    return null;
  }

  private String connectionProblem(Throwable cause, URI current) {
    if (cause instanceof HttpConnectTimeoutException) {
      return "no connection to " + authority(current) + " within " + text(connectTimeout);
    }
    if (cause instanceof HttpTimeoutException) {
      return "no response within " + text(readTimeout) + " from " + authority(current);
    }
    if (cause instanceof ConnectException) {
      return "cannot connect to " + authority(current);
    }
    return describe(cause) + " from " + authority(current);
  }

  private static String text(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  private static String sizeSuffix(long total) {
    return total >= 0 ? " of " + total : "";
  }

  private static long contentLength(HttpHeaders headers, long offset) {
    OptionalLong length = headers.firstValueAsLong("Content-Length");
    return length.isPresent() ? offset + length.getAsLong() : -1;
  }

  private static boolean isRedirect(int status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
  }

  private static URI redirectTarget(URI from, int status, HttpResponse<?> response) throws Failure {
    String location = response.headers().firstValue("Location").orElse(null);
    if (location == null || location.isBlank()) {
      throw Failure.fatal(status, "HTTP " + status + " without a Location header from "
          + withoutQuery(from), "check the endpoint (builder endpoint(...) or HF_ENDPOINT)", null);
    }
    URI next;
    try {
      next = from.resolve(location.trim());
    } catch (IllegalArgumentException e) {
      throw Failure.fatal(status, "HTTP " + status + " to an invalid Location \"" + withoutQuery(location) + "\"",
          "check the endpoint (builder endpoint(...) or HF_ENDPOINT)", e);
    }
    String scheme = next.getScheme() == null ? "" : next.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https") || next.getHost() == null) {
      throw Failure.fatal(status, "HTTP " + status + " to unsupported Location \"" + withoutQuery(location)
          + "\"",
          "check the endpoint (builder endpoint(...) or HF_ENDPOINT)", null);
    }
    return next;
  }

  /** Scheme, host and port all equal: a redirect elsewhere must not carry the token. */
  static boolean sameOrigin(URI a, URI b) {
    return a.getScheme().equalsIgnoreCase(b.getScheme())
        && a.getHost() != null && a.getHost().equalsIgnoreCase(b.getHost())
        && port(a) == port(b);
  }

  private static int port(URI uri) {
    if (uri.getPort() != -1) {
      return uri.getPort();
    }
    return uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
  }

  private static String authority(URI uri) {
    return uri.getHost() + ":" + port(uri);
  }

  /**
   * Redirect targets on CDNs carry signatures in the query, and a server's {@code Location} may carry a user and
   * password: both are kept out of logs and messages.
   */
  static String withoutQuery(URI uri) {
    return withoutQuery(uri.toString());
  }

  private static String withoutQuery(String url) {
    String s = Range.withoutUserInfo(url);
    int q = s.indexOf('?');
    return q < 0 ? s : s.substring(0, q) + "?...";
  }

  private static String describe(Throwable e) {
    return e.getMessage() == null ? e.getClass().getSimpleName()
        : e.getClass().getSimpleName() + ": " + e.getMessage();
  }

  private static void truncate(Path file, long size) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
      channel.truncate(size);
    }
  }

  private void pause(int attempt) throws InterruptedIOException {
    long millis = retry.waitMillis(attempt);
    if (millis <= 0) {
      return;
    }
    try {
      RetryPolicy.pause(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while waiting to retry a download");
    }
  }

  /** Why an attempt failed; thrown inside this class only, turned into a DownloadException at the end. */
  private static final class Failure extends IOException {

    private static final long serialVersionUID = 1L;

    final int status;
    final String reason;
    final boolean retryable;
    final String fix;
    /** Whether the partial file is worth keeping for the next run (a cut or slow transfer, not a refusal). */
    final boolean resumable;

    private Failure(int status, String reason, boolean retryable, String fix, Throwable cause, boolean resumable) {
      super(reason, cause);
      this.status = status;
      this.reason = reason;
      this.retryable = retryable;
      this.fix = fix;
      this.resumable = resumable;
    }

    static Failure retryable(int status, String reason, Throwable cause) {
      return new Failure(status, reason, true, null, cause, true);
    }

    /** Retryable, with its own fix should it fail for good. */
    static Failure retryable(int status, String reason, String fix, Throwable cause) {
      return new Failure(status, reason, true, fix, cause, true);
    }

    static Failure fatal(int status, String reason, String fix, Throwable cause) {
      return new Failure(status, reason, false, fix, cause, false);
    }

    /** The total timeout: not retried, but what arrived is kept for the next run. */
    static Failure deadline(String reason, String fix) {
      return new Failure(0, reason, false, fix, null, true);
    }

    DownloadException toException(URI uri, int attempts, String localHint) {
      String fixText = fix != null ? fix
          : status > 0 ? "the server is failing; try again later"
          : "check the network, proxy and endpoint (builder endpoint(...) or HF_ENDPOINT)";
      String tries = attempts > 1 ? " after " + attempts + " attempts" : "";
      int httpStatus = status >= 400 ? status : 0;
      return new DownloadException("Could not download " + uri + ": " + reason + tries + "; "
          + fixText + ", or " + localHint, uri, httpStatus, getCause(), resumable);
    }
  }
}
