package dev.llmsql.cli;

import dev.llmsql.report.EvaluationListener;
import java.io.PrintStream;
import java.net.URI;
import java.util.Locale;

/**
 * Draws download progress on standard error, one line per 10%, for every command that downloads; with
 * {@code verbose} also which cached files are used without a download.
 */
final class DownloadProgress implements EvaluationListener, dev.llmsql.benchmark.DownloadListener {
  private final PrintStream err;
  private final boolean verbose;
  private URI current;
  private long lastTenth = -1;

  DownloadProgress(PrintStream err, boolean verbose) {
    this.err = err;
    this.verbose = verbose;
  }

  @Override
  public void progress(URI uri, long bytesDone, long bytesTotal) {
    onDownloadProgress(uri, bytesDone, bytesTotal);
  }

  @Override
  public void retrying(URI uri, int attempt, String reason) {
    onDownloadRetry(uri, attempt, reason);
  }

  @Override
  public void cached(java.nio.file.Path file) {
    if (verbose) {
      err.println("Using cached " + file + " (no download)");
    }
  }

  @Override
  public void onDownloadProgress(URI uri, long bytesDone, long bytesTotal) {
    if (!uri.equals(current)) {
      current = uri;
      lastTenth = -1;
      err.println("Downloading " + uri);
    }
    if (bytesTotal > 0) {
      long tenth = bytesDone * 10 / bytesTotal;
      if (tenth != lastTenth) {
        lastTenth = tenth;
        err.printf(Locale.ROOT, "  %3d%% (%,d of %,d bytes)%n", tenth * 10, bytesDone, bytesTotal);
      }
    }
  }

  @Override
  public void onDownloadRetry(URI uri, int attempt, String reason) {
    err.println("  retrying " + uri + " (attempt " + attempt + "): " + reason);
  }
}
