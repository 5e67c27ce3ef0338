package dev.llmsql.cli;

import java.util.Map;

/**
 * What the output is attached to: an interactive terminal gets a redrawn progress bar and (unless
 * {@code NO_COLOR} is set, see no-color.org) colours; anything else (a file, a pipe, a CI log) gets plain
 * periodic lines and no escape codes.
 *
 * <pre>{@code
 * new Cli(System.out, System.err, Terminal.detect()).run(args);
 * }</pre>
 *
 * @param interactive a person watches: progress is redrawn in place
 * @param colour ANSI colours may be used
 */
public record Terminal(boolean interactive, boolean colour) {

  /** Not a terminal: plain lines, no colours (tests, pipes, CI). */
  public static final Terminal PLAIN = new Terminal(false, false);

  /** The terminal of this process: {@code System.console()} and the environment decide. */
  public static Terminal detect() {
    return detect(System.console() != null, System.getenv());
  }

  /** The terminal given whether a console is attached and the environment variables. */
  static Terminal detect(boolean console, Map<String, String> env) {
    boolean noColor = env.getOrDefault("NO_COLOR", "").length() > 0 || "dumb".equals(env.get("TERM"));
    return new Terminal(console, console && !noColor);
  }

  String green(String s) {
    return paint("32", s);
  }

  String yellow(String s) {
    return paint("33", s);
  }

  String red(String s) {
    return paint("31", s);
  }

  String bold(String s) {
    return paint("1", s);
  }

  private String paint(String code, String s) {
    return colour ? "\u001b[" + code + "m" + s + "\u001b[0m" : s;
  }
}
