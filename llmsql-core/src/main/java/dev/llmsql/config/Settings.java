package dev.llmsql.config;

import java.util.HashMap;
import java.util.Map;

/**
 * The settings one builder was given, so that a setting given twice with different values is refused instead of
 * the later call silently winning (the strict-builder rule of docs/ARCHITECTURE.md, "Configuration"). Every
 * builder of the library modules keeps one; a builder of your own can too.
 *
 * <pre>{@code
 * Settings given = new Settings("MyJudge.Builder");
 * int rounds = given.once("rounds", 3);
 * given.once("rounds", 3);    // the same value again is fine
 * given.once("rounds", 5);    // IllegalStateException:
 *                             // MyJudge.Builder: rounds was set twice, to 3 and to 5; set it once
 * }</pre>
 */
public final class Settings {
  private final String builder;
  private final Map<String, Object> given = new HashMap<>();

  /** Settings of the builder named {@code builder} in messages, e.g. {@code "ChatClient.Builder"}. */
  public Settings(String builder) {
    this.builder = builder;
  }

  /**
   * {@code value}, once {@code setting} is known not to have been given another value before; the same value
   * twice is fine.
   *
   * @throws IllegalStateException naming the setting and both values
   */
  public <T> T once(String setting, T value) {
    Object before = given.putIfAbsent(setting, value);
    if (before != null && !before.equals(value)) {
      // Object's toString (and a lambda's) is a generated class name, which helps nobody
      String both = before.getClass().isHidden() || value.getClass().isHidden() ? "two different functions"
          : !printable(before) || !printable(value) ? "two different objects" : before + " and to " + value;
      throw new IllegalStateException(builder + ": " + setting + " was set twice, to " + both + "; set it once");
    }
    return value;
  }

  private static boolean printable(Object value) {
    try {
      return value.getClass().getMethod("toString").getDeclaringClass() != Object.class;
    } catch (NoSuchMethodException e) {
      throw new AssertionError("every class has toString", e);
    }
  }
}
