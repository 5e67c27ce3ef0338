package dev.llmsql.cli;

import dev.llmsql.models.inference.InferenceListener;
import dev.llmsql.report.EvaluationListener;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import java.io.PrintStream;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Shows progress with rate and ETA, of an evaluation (per prediction) or of an inference run, Falcon round or
 * suite (per model answer): on a terminal a bar redrawn in place (at most 10 times a second), elsewhere one
 * plain line per interval so CI logs stay short. One bar for every command, so they all look alike.
 */
final class Progress implements EvaluationListener, InferenceListener {

  static final long REDRAW_NANOS = 100_000_000L;
  static final long DEFAULT_LINE_NANOS = 10_000_000_000L;
  private static final int BAR = 30;

  private final PrintStream err;
  private final Terminal terminal;
  private final LongSupplier clock;
  private final long lineNanos;
  private final int mismatchesPrinted;
  private long total;
  private long done;
  private long mismatches;
  private long started;
  private long lastShown;
  private boolean drawn;

  /**
   * @param mismatchesPrinted how many mismatches another listener prints to the same terminal; the bar
   *     clears its line before each so they do not mix
   */
  Progress(PrintStream err, Terminal terminal, LongSupplier clock, long lineNanos, int mismatchesPrinted) {
    this.err = err;
    this.terminal = terminal;
    this.clock = clock;
    this.lineNanos = lineNanos;
    this.mismatchesPrinted = mismatchesPrinted;
  }

  @Override
  public void onStart(long predictions) {
    total = predictions;
    done = 0;
    started = clock.getAsLong();
    lastShown = started;
  }

  @Override
  public void onInferenceStart(int toAsk, int alreadyAnswered) {
    onStart(toAsk);
  }

  @Override
  public void onAnswer(long questionId, boolean failed) {
    step(false);
  }

  @Override
  public void onResult(QuestionResult result) {
    step(!result.outcome().isMatch());
  }

  /** One more done; {@code mismatch}: another listener may print it right after this call. */
  private void step(boolean mismatch) {
    done++;
    long now = clock.getAsLong();
    if (terminal.interactive()) {
      if (mismatch && ++mismatches <= mismatchesPrinted) {
        // The mismatch is printed right after this call: leave the line empty for it, redraw later.
        if (drawn) {
          err.print("\r\u001b[K");
          err.flush();
          drawn = false;
        }
        return;
      }
      if (now - lastShown >= REDRAW_NANOS) {
        lastShown = now;
        err.print("\r" + bar(now) + "\u001b[K");
        err.flush();
        drawn = true;
      }
    } else if (now - lastShown >= lineNanos) {
      lastShown = now;
      err.println("progress: " + figures(now));
      err.flush();
    }
  }

  @Override
  public void onFinish(EvaluationReport report) {
    finish();
  }

  /** Ends the bar on a terminal (its last state stays on screen); nothing in plain mode. */
  void finish() {
    if (terminal.interactive() && done > 0) {
      err.println("\r" + bar(clock.getAsLong()) + "\u001b[K");
      err.flush();
    }
  }

  /** The bar with figures, e.g. {@code [#########.....] 600/1000  60%  240.0/s  ETA 0:02}. */
  String bar(long now) {
    int filled = total <= 0 ? 0 : (int) Math.min(BAR, done * BAR / total);
    return "[" + (filled == 0 ? "" : terminal.green("#".repeat(filled))) + ".".repeat(BAR - filled) + "] "
        + figures(now);
  }

  /** e.g. {@code 600/1000 (60%), 240.0/s, ETA 0:02}. */
  String figures(long now) {
    double seconds = Math.max(1e-9, (now - started) / 1e9);
    double rate = done / seconds;
    long left = Math.max(0, total - done);
    String eta = rate <= 0 ? "?" : clock(Math.round(left / rate));
    return String.format(Locale.ROOT, "%d/%d (%d%%), %.1f/s, ETA %s", done, total,
        total <= 0 ? 100 : done * 100 / total, rate, eta);
  }

  private static String clock(long seconds) {
    return seconds >= 3600
        ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
        : String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
  }
}
