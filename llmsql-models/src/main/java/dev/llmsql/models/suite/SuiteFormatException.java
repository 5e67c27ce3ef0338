package dev.llmsql.models.suite;

import java.nio.file.Path;

/**
 * A suite dataset or config that cannot be used. The message names the file, the line (JSONL files) or the
 * key (the config), what is wrong and how to fix it.
 *
 * <pre>{@code
 * Path dir = Path.of("my-suite");
 * Path configFile = Path.of("my-suite.json");
 * try { CapabilitySuite.builder().dataset(dir, configFile); }
 * catch (SuiteFormatException e) { System.err.println(e.getMessage()); }
 * }</pre>
 */
public class SuiteFormatException extends IllegalArgumentException {

  private final Path file;
  private final int line;

  SuiteFormatException(Path file, int line, String message) {
    super(file + (line > 0 ? " line " + line : "") + ": " + message);
    this.file = file;
    this.line = line;
  }

  /**
   * {@code text} (the line at {@code line}, or with line 0 the whole file) is not JSON: where, what stands there and
   * what was expected, worded by {@link dev.llmsql.files.JsonSyntax} like every other JSON reader's.
   */
  static SuiteFormatException notJson(Path file, int line, String text,
                                      com.fasterxml.jackson.core.JsonProcessingException e, String hint) {
    return new SuiteFormatException(file, line, "not valid JSON " + dev.llmsql.files.JsonSyntax.describe(e,
        text == null ? "" : text) + "; " + hint);
  }

  /** The file at fault. */
  public Path file() {
    return file;
  }

  /** The 1-based line at fault, 0 when the problem is not on one line. */
  public int line() {
    return line;
  }
}
