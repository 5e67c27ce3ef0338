package dev.llmsql.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A builder's one-argument setters against the ranged settings that declare them: each accepts the declared
 * default and both bounds, and refuses one past either bound with the declaration's own message. Shared by
 * {@code EvaluatorSettingsTest} and {@code AuditSettingsTest}.
 *
 * <pre>{@code
 * int checked = RangedBuilderChecks.check(EvaluatorSettings.ALL, Evaluator.Builder.class, Evaluator::builder,
 *     Set.of());
 * }</pre>
 */
final class RangedBuilderChecks {

  private RangedBuilderChecks() {
  }

  /**
   * Checks every ranged setting of {@code settings} on a fresh builder each time; a setting named in
   * {@code notOneArgument} has no one-argument setter (its caller checks it); any other without one fails.
   *
   * @return how many settings were checked
   */
  static int check(List<Setting<?>> settings, Class<?> builderType, Supplier<?> newBuilder,
                   Set<String> notOneArgument) throws Exception {
    int checked = 0;
    for (Setting<?> s : settings) {
      if (s.range().isEmpty() || notOneArgument.contains(s.name())) {
        continue;
      }
      Range r = s.range().orElseThrow();
      Method m = Arrays.stream(builderType.getMethods())
          .filter(x -> x.getName().equals(s.name()) && x.getParameterCount() == 1).findFirst().orElseThrow();
      Class<?> type = m.getParameterTypes()[0];
      for (long value : List.of(r.min(), r.max())) {
        m.invoke(newBuilder.get(), value(type, value));
      }
      if (s.defaultValue() != null) {
        m.invoke(newBuilder.get(), s.defaultValue());
      }
      for (long value : List.of(r.min() - 1, r.max() + 1)) {
        if (type == int.class && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
          continue;   // an int cannot say it
        }
        Object given = value(type, value);
        String expected = message(() -> check(s, given));
        assertThat(message(() -> m.invoke(newBuilder.get(), given))).as(s.name()).isEqualTo(expected)
            .startsWith(s.name() + " must be between " + r.describe() + ", but was ");
      }
      checked++;
    }
    return checked;
  }

  @SuppressWarnings("unchecked")
  private static <T> void check(Setting<T> s, Object value) {
    s.check((T) value);
  }

  private static Object value(Class<?> type, long value) {
    return type == int.class ? (Object) (int) value : type == long.class ? (Object) value : Duration.ofMillis(value);
  }

  private interface Call {
    void run() throws Exception;
  }

  private static String message(Call call) {
    try {
      call.run();
    } catch (InvocationTargetException e) {
      return e.getCause().getMessage();
    } catch (Exception e) {
      return e.getMessage();
    }
    throw new AssertionError("no exception");
  }
}
