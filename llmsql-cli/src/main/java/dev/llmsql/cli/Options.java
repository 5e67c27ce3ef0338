package dev.llmsql.cli;

import java.util.List;

/**
 * Reading option values for the subcommands ({@code dataset}, {@code inference}, {@code falcon}, {@code suite}),
 * with one wording for every bad value.
 *
 * <pre>{@code
 * String value = Options.value(args, i++, arg);            // "--limit needs a value"
 * int limit = Options.wholeNumber(arg, value);             // "--limit takes a whole number, but was 'x'"
 * }</pre>
 */
final class Options {

  private Options() {
  }

  /** The value after option {@code name} at {@code i}; another option there counts as missing. */
  static String value(List<String> args, int i, String name) {
    if (i + 1 >= args.size() || args.get(i + 1).startsWith("--")) {
      throw new IllegalArgumentException(name + " needs a value");
    }
    return args.get(i + 1);
  }

  /** {@code value} as an int of 0 or more. */
  static int wholeNumber(String name, String value) {
    try {
      int n = Integer.parseInt(value);
      if (n < 0) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " takes a whole number, but was '" + value + "'");
    }
  }

  /** {@code value} as an int of {@code min} or more. */
  static int atLeast(String name, String value, int min) {
    try {
      int n = Integer.parseInt(value);
      if (n < min) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " takes a whole number of at least " + min + ", but was '" + value
          + "'");
    }
  }
}
