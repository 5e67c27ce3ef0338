package dev.llmsql.sqlite.download;

import java.util.HashMap;
import java.util.Map;

/**
 * The settings one builder was given, so that a setting given twice with different values is refused instead of
 * the later call silently winning (the strict-builder rule of docs/ARCHITECTURE.md, "Configuration"). One copy per
 * package: Java has no type shared by a module's packages only.
 */
final class Settings {
  private final String builder;
  private final Map<String, Object> given = new HashMap<>();

  Settings(String builder) {
    this.builder = builder;
  }

  /**
   * {@code value}, once {@code setting} is known not to have been given another value before; the same value
   * twice is fine.
   *
   * @throws IllegalStateException naming the setting and both values
   */
  <T> T once(String setting, T value) {
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
