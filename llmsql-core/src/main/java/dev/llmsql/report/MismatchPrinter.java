package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;

/**
 * Prints the first mismatches as they are found, like LLMSQL's {@code show_mismatches}; the builder installs
 * one on the stream the caller chose.
 *
 * <pre>{@code
 * Evaluator.builder().showMismatches(System.out, 5).build();
 * }</pre>
 */
public final class MismatchPrinter implements EvaluationListener {

  private final PrintStream out;
  private final int max;

  /**
   * @param out where to print, never null
   * @param max how many mismatches to print at most, not negative
   */
  public MismatchPrinter(PrintStream out, int max) {
    this.out = requireNonNull(out, "out");
    if (max < 0) {
      throw new IllegalArgumentException("max must not be negative, but was " + max);
    }
    this.max = max;
  }

  @Override
  public void onMismatch(Mismatch mismatch, int ordinal) {
    if (ordinal <= max) {
      out.print(ReportText.mismatch(mismatch, ordinal));
      out.flush();
    }
  }

  @Override
  public String toString() {
    return "MismatchPrinter(max=" + max + ")";
  }
}
