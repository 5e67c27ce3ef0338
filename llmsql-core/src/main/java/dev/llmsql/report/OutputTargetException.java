package dev.llmsql.report;

import java.nio.file.Path;

/**
 * An output path that must not be written: it exists and is not a regular file (a directory, a device such as
 * {@code /dev/null} or {@code /dev/full}, a FIFO, a socket), or it is one of the run's own inputs. Thrown
 * before anything is written, so the target is left exactly as it was.
 *
 * <pre>{@code
 * try { ReportFiles.write(Path.of("/dev/null"), out -> out.write(1)); }
 * catch (OutputTargetException e) { System.err.println(e.getMessage()); }
 * // "/dev/null: exists and is not a regular file (a device, FIFO or socket); choose another path"
 * }</pre>
 */
public class OutputTargetException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final transient Path target;
  private final String reason;

  public OutputTargetException(Path target, String message) {
    super(target + ": " + message);
    this.target = target;
    this.reason = message;
  }

  /** The path that was refused. */
  public Path target() {
    return target;
  }

  /**
   * Why it was refused, without the path ({@code "exists and is not a regular file (...); choose another
   * path"}): for a caller that refuses a file derived from another, so its message can name both.
   */
  public String reason() {
    return reason;
  }
}
