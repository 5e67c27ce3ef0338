package dev.llmsql.sqlite.download;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.URI;
import java.util.OptionalInt;

/**
 * A benchmark file could not be downloaded. The message names the URL, the HTTP status (when there was
 * one) and how to pass local files instead; {@link #uri()} and {@link #status()} give the same facts to
 * code, e.g. a CLI choosing its exit code.
 *
 * <pre>{@code
 * try {
 *   LlmsqlHub.version("2.0").resolve(DownloadListener.NONE);
 * } catch (DownloadException e) {
 *   if (e.status().orElse(0) == 401) System.err.println("set HF_TOKEN");
 * }
 * }</pre>
 */
public final class DownloadException extends IOException {

  private static final long serialVersionUID = 1L;

  private final URI uri;
  private final int status;
  private final boolean resumable;

  DownloadException(String message, URI uri, int status, Throwable cause, boolean resumable) {
    super(message, cause);
    this.uri = requireNonNull(uri, "uri");
    this.status = status;
    this.resumable = resumable;
  }

  /** Whether what arrived was kept for the next run to resume (a cut or slow transfer). */
  boolean resumable() {
    return resumable;
  }

  /** The URL that was requested (before any redirect), never null. */
  public URI uri() {
    return uri;
  }

  /** The HTTP error status of the last attempt, or empty when it got none (no network, cut transfer). */
  public OptionalInt status() {
    return status > 0 ? OptionalInt.of(status) : OptionalInt.empty();
  }
}
