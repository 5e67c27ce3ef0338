package dev.llmsql.suite;

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
   * {@code text} (the line at {@code line}, or with line 0 the whole file) is not JSON: says where and what stands
   * there, or that the text ends early, from Jackson's location only (its message names its internals,
   * {@code [Source: REDACTED ...]}).
   */
  static SuiteFormatException notJson(Path file, int line, String text,
                                      com.fasterxml.jackson.core.JsonProcessingException e, String hint) {
    com.fasterxml.jackson.core.JsonLocation at = e.getLocation();
    if (at == null) {
      return new SuiteFormatException(file, line, "not valid JSON; " + hint);
    }
    int atLine = line > 0 ? line : at.getLineNr();
    int offset = (int) Math.min(at.getCharOffset(), text.length());
    String what;
    if (offset < 0) {
      what = "invalid text";
    } else if (text.substring(offset).isBlank()) {
      what = (line > 0 ? "the line" : "the file") + " ends before the JSON is complete";
    } else {
      char c = text.charAt(offset);
      what = c > ' ' && c != 0x7F ? "unexpected '" + c + "'"
          : String.format(java.util.Locale.ROOT, "unexpected character U+%04X", (int) c);
    }
    return new SuiteFormatException(file, atLine, "not valid JSON at column " + at.getColumnNr() + ": " + what
        + "; " + hint);
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
