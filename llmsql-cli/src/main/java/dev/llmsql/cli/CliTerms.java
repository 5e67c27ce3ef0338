package dev.llmsql.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Messages in the command line's words: a library message's builder calls and settings named as this command's
 * options ({@link #inCliTerms}), one line per message ({@link #oneLine}), a missing file said plainly
 * ({@link #describe}). One place, so every command reads the same.
 */
final class CliTerms {

  /** Builder calls whose CLI option is not their name in kebab case. */
  private static final Map<String, String> OPTION_OF_CALL = Map.of("database", "--jdbc-url",
      "noReportFile", "--no-save-report", "allowEmptyInput", "--allow-empty", "workdir", "--workdir-path",
      "endpoint", "--hub-endpoint", "readTimeout", "--timeout", "maxFileBytes", "--download-max-file-bytes");

  /** The longest error line shown: a value of megabytes that a message echoes made a line of megabytes. */
  private static final int MAX_LINE_CHARS = 2_000;

  /**
   * " (builder: calls)" and ", builder calls" in a library message: one level of nested parentheses. The loops
   * are possessive: messages echo the user's input (a path, a field's value), and Java matches a greedy repeated
   * group by recursion, once per repetition (a 2,000-character value ended a run with a StackOverflowError).
   */
  private static final java.util.regex.Pattern BUILDER_HINT = java.util.regex.Pattern.compile(
      " ?\\(builder: (?:[^()]++|\\([^()]*+\\))*+\\)|, builder (?:[^();,]++|\\([^()]*+\\))*+");

  /**
   * Of two ways out, "raise maxAttempts(...) or --timeout", the builder call this command has no option for
   * goes: the option is the way on this command line.
   */
  private static final String UNMAPPED_OR_OPTION = "\\b[a-z][a-zA-Z0-9]*+\\(\\.\\.\\.\\) or (--[a-z-]++)";
  private static final String OPTION_OR_UNMAPPED = "(--[a-z-]++) or [a-z][a-zA-Z0-9]*+\\(\\.\\.\\.\\)";

  /** A fix that raises a builder setting this command has no option for: not a way out on this command line. */
  private static final String UNMAPPED_RAISE = "; raise [a-z][a-zA-Z0-9]*+\\(\\.\\.\\.\\)[^;]*+";

  private static final java.util.regex.Pattern CALL =
      java.util.regex.Pattern.compile("\\b([a-z][a-zA-Z0-9]*+)(?:\\(([^()]*+)\\))?");

  /**
   * A library message in the command line's words: each builder call or setting it names that is an option of
   * {@code spec} ({@code questionsPath(path)}, {@code maxRowBytes}, {@code threads(4)}) becomes that option
   * ({@code --questions-path}, {@code --max-row-bytes}, {@code --threads 4}); "X / X", where the library named
   * both spellings, is said once. One place, so every message the library writes reads right on the command line.
   */
  static String inCliTerms(String message, CommandSpec spec) {
    return inCliTerms(message, spec, false);
  }

  /**
   * {@link #inCliTerms(String, CommandSpec)}; with {@code settings}, bare setting names ({@code maxRowBytes}) too,
   * for a builder's own messages: in other messages such a word may be the user's (a column, a file).
   */
  static String inCliTerms(String message, CommandSpec spec, boolean settings) {
    // the library's hints for its Java callers ("(builder: questionsPath(...).dbPath(...))", ", builder
    // minimumRate(...)") name no option: on the command line they go, the option beside them stays
    String plain = BUILDER_HINT.matcher(message).replaceAll("");
    java.util.regex.Matcher m = CALL.matcher(plain);
    StringBuilder text = new StringBuilder();
    while (m.find()) {
      String name = m.group(1);
      String args = m.group(2);
      boolean camel = !name.equals(name.toLowerCase(Locale.ROOT));
      String option = OPTION_OF_CALL.getOrDefault(name, "--" + name.replaceAll("([A-Z])", "-$1")
          .toLowerCase(Locale.ROOT));
      // part of an option, a path or a file name: left as it is
      boolean inWord = m.start() > 0 && "-/\\._".indexOf(plain.charAt(m.start() - 1)) >= 0;
      // the head of a chained builder example ("questionsPath(...).dbPath(...)") is code, not an option
      inWord |= m.end() + 1 < plain.length() && plain.charAt(m.end()) == '.'
          && Character.isLetter(plain.charAt(m.end() + 1));
      if (inWord || !spec.optionsMap().containsKey(option) || args == null && !(camel && settings)) {
        m.appendReplacement(text, java.util.regex.Matcher.quoteReplacement(m.group()));
        continue;
      }
      String value = args == null ? "" : args.strip().replaceAll("^\"|\"$", "");
      boolean placeholder = value.isEmpty() || value.equals("...") || value.equals("path") || value.equals("dir")
          || value.equals("file") || value.equals("true");
      m.appendReplacement(text, java.util.regex.Matcher.quoteReplacement(option + (placeholder ? "" : " " + value)));
    }
    m.appendTail(text);
    return text.toString().replaceAll("(--[a-z-]+) / \\1\\b", "$1").replaceAll("(--[a-z-]+) \\(\\1\\)", "$1")
        .replace("builder --", "--").replaceAll(UNMAPPED_OR_OPTION, "$1").replaceAll(OPTION_OR_UNMAPPED, "$1")
        .replaceAll(UNMAPPED_RAISE, "");
  }

  /** A read failure in the user's words: a missing path or a directory named plainly, else the message. */
  static String describe(IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException n) {
      return n.getFile() + (n.getFile() != null && java.nio.file.Files.exists(Path.of(n.getFile()))
          ? ": not a regular file (a directory, device or pipe); give a report JSON file"
          : ": file not found; check the path");
    }
    return e.getMessage();
  }

  /**
   * {@code message} on one line, safe for a terminal ({@link dev.llmsql.execution.Cells#printable}: a value it
   * echoes cannot move the cursor or retitle the window) and at most 2,000 characters (a value of megabytes
   * made a line of megabytes).
   */
  static String oneLine(String message) {
    String line = dev.llmsql.execution.Cells.printable(String.valueOf(message).replaceAll("\\s*\\R\\s*", " "));
    if (line.length() <= MAX_LINE_CHARS) {
      return line;
    }
    int end = Character.isHighSurrogate(line.charAt(MAX_LINE_CHARS - 1)) ? MAX_LINE_CHARS - 1 : MAX_LINE_CHARS;
    return line.substring(0, end) + "\u2026 (" + line.length() + " characters)";
  }

  private CliTerms() {
  }
}
