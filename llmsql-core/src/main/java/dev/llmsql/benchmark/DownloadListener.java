package dev.llmsql.benchmark;

import java.net.URI;

/**
 * Told about the progress of benchmark downloads, so a CLI can draw a progress bar and a library
 * user can log. Callbacks come from the downloading thread.
 *
 * <pre>{@code
 * DownloadListener log = (uri, done, total) -> System.err.printf("%s %d/%d%n", uri, done, total);
 * }</pre>
 */
@FunctionalInterface
public interface DownloadListener {

  /** Ignores every event. */
  DownloadListener NONE = (uri, bytesDone, bytesTotal) -> { };

  /**
   * Some bytes of {@code uri} have arrived.
   *
   * @param bytesDone bytes on disk so far (including a resumed part)
   * @param bytesTotal the full size, or -1 when the server did not say
   */
  void progress(URI uri, long bytesDone, long bytesTotal);

  /** A file was found in the cache and will not be downloaded. */
  default void cached(java.nio.file.Path file) { }

  /** A download finished. */
  default void finished(URI uri, java.nio.file.Path file, long bytes) { }

  /** A transfer failed and will be retried (and resumed where the server allows). */
  default void retrying(URI uri, int attempt, String reason) { }

  /**
   * A cached file failed its check (size or SHA-256 against the record written when it was downloaded and
   * verified, or no such record) and is downloaded again; {@code reason} says what was wrong, in one line.
   */
  default void discarded(java.nio.file.Path file, String reason) { }
}
