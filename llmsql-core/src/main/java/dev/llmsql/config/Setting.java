package dev.llmsql.config;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.Optional;

/**
 * One setting, declared once: its name (the builder method, and the name in its messages), its default, the
 * {@link Range} it accepts and either the command line option that sets it with that option's one-line help,
 * or why it has no option. A builder takes its default and check from here, the command line its help, and
 * Spark's builder the same default and check, so the three cannot drift apart; {@link EvaluatorSettings}
 * holds the evaluator's, {@link AuditSettings} the audit's. The help may say {@code {default}},
 * {@code {default MiB}} (a byte count in mebibytes) and {@code {range}}, filled in from the declaration (durations
 * in seconds), so the text shown never disagrees with the value used.
 *
 * <pre>{@code
 * Setting<Integer> rows = EvaluatorSettings.MAX_ROWS;
 * int max = rows.check(500);    // 500
 * rows.defaultValue();          // 100000
 * rows.option();                // Optional[--max-rows]
 * rows.help();                  // "row cap per statement (default 100000; 1 to 100000000)"
 * rows.check(0);                // IllegalArgumentException: maxRows must be between 1 and 100000000, but was 0
 * }</pre>
 *
 * @param <T> the type of the setting's value
 */
public final class Setting<T> {
  private final String name;
  private final T defaultValue;
  private final Range range;
  private final String option;
  private final String help;
  private final String apiOnly;

  private Setting(String name, T defaultValue, Range range, String option, String help, String apiOnly) {
    this.name = requireNonNull(name, "name");
    this.defaultValue = defaultValue;
    this.range = range;
    this.option = option;
    this.help = help;
    this.apiOnly = apiOnly;
  }

  /**
   * A setting named {@code name} (its builder method), with its default ({@code null} when there is none or it
   * is computed at run time) and range ({@code null} when it is not a number); give it {@link #cli} or
   * {@link #apiOnly} next.
   */
  public static <T> Setting<T> of(String name, T defaultValue, Range range) {
    return new Setting<>(name, defaultValue, range, null, null, null);
  }

  /**
   * This setting, set on the command line by {@code option} (e.g. {@code "--max-rows"}), whose help is
   * {@code help} with {@code {default}} and {@code {range}} filled in. Called on a declared setting, it gives
   * another command's option for the same setting (same name, default and range, that command's words).
   */
  public Setting<T> cli(String option, String help) {
    if (!requireNonNull(option, "option").startsWith("--")) {
      throw new IllegalArgumentException("an option starts with --, but was " + Range.quote(option));
    }
    return new Setting<>(name, defaultValue, range, option, requireNonNull(help, "help"), null);
  }

  /**
   * This setting, set on the command line by {@code option}, whose help the command line writes: it lists what
   * the class path offers (judges, scorings, engines), which a declaration in llmsql-core cannot know.
   */
  public Setting<T> cli(String option) {
    return cli(option, "").withoutHelp();
  }

  private Setting<T> withoutHelp() {
    return new Setting<>(name, defaultValue, range, option, null, null);
  }

  /** This setting, without a command line option for {@code reason} (e.g. it takes a Java object). */
  public Setting<T> apiOnly(String reason) {
    if (requireNonNull(reason, "reason").isBlank()) {
      throw new IllegalArgumentException("an API-only setting says why it has no option");
    }
    return new Setting<>(name, defaultValue, range, null, null, reason);
  }

  /** The builder method setting it, also its name in messages, e.g. {@code "maxRows"}. */
  public String name() {
    return name;
  }

  /** The value used when the setting is not given; {@code null} when there is none or it is computed. */
  public T defaultValue() {
    return defaultValue;
  }

  /** The values it accepts, for a number or duration. */
  public Optional<Range> range() {
    return Optional.ofNullable(range);
  }

  /** The command line option setting it, e.g. {@code --max-rows}; empty for an API-only setting. */
  public Optional<String> option() {
    return Optional.ofNullable(option);
  }

  /**
   * The option's one-line help with its default and range filled in; empty for an API-only setting and for one
   * whose help the command line writes ({@link #cli(String)}).
   */
  public Optional<String> help() {
    if (help == null) {
      return Optional.empty();
    }
    String shown = help;
    if (shown.contains("{default MiB}")) {
      long bytes = ((Number) requireNonNull(defaultValue, name + " has no default to show")).longValue();
      if (bytes % (1 << 20) != 0) {
        throw new IllegalStateException(name + "'s default " + bytes + " is not a whole number of MiB");
      }
      shown = shown.replace("{default MiB}", (bytes >> 20) + " MiB");
    }
    if (shown.contains("{default}")) {
      shown = shown.replace("{default}", shown(requireNonNull(defaultValue, name + " has no default to show")));
    }
    if (shown.contains("{range}")) {
      shown = shown.replace("{range}", requireNonNull(range, name + " has no range to show").span());
    }
    return Optional.of(shown);
  }

  /** Why the setting has no command line option; empty when it has one. */
  public Optional<String> apiOnlyReason() {
    return Optional.ofNullable(apiOnly);
  }

  /**
   * {@code value} when the setting's range holds it (any value when it has no range).
   *
   * @throws IllegalArgumentException "{@code name} must be between MIN and MAX, but was VALUE"
   * @throws NullPointerException naming the setting, for a null value
   */
  public T check(T value) {
    requireNonNull(value, name);
    if (range != null) {
      if (value instanceof Duration d) {
        range.check(name, d);
      } else if (value instanceof Number n) {
        range.check(name, n.longValue());
      }
    }
    return value;
  }

  private static String shown(Object value) {
    return value instanceof Duration d ? Range.seconds(d.toMillis()) : value.toString();
  }

  @Override
  public String toString() {
    return name + (option != null ? " (" + option + ")" : "");
  }
}
