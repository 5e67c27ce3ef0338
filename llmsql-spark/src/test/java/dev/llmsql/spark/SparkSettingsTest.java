package dev.llmsql.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.config.EvaluatorSettings;
import dev.llmsql.config.Range;
import dev.llmsql.config.Setting;
import dev.llmsql.execution.ExecutionLimits;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 23.5: Spark's builder takes the settings it shares with {@code Evaluator.Builder} from the same
 * declarations, so its defaults and checks are the evaluator's (no Spark session needed: only the builders run).
 */
class SparkSettingsTest {

  @Test
  void everyBuilderMethod_isASharedOrOwnDeclaration() {
    Set<String> methods = Arrays.stream(SparkEvaluation.Builder.class.getDeclaredMethods())
        .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
        .map(Method::getName).filter(n -> !n.equals("build") && !n.equals("benchmark"))
        .collect(Collectors.toCollection(TreeSet::new));
    Set<String> declared = Stream.concat(SparkSettings.SHARED.stream(), SparkSettings.OWN.stream())
        .map(Setting::name).collect(Collectors.toCollection(TreeSet::new));
    assertThat(methods).isEqualTo(declared).hasSize(12);
    assertThat(SparkSettings.SHARED).allMatch(EvaluatorSettings.ALL::contains);
  }

  @Test
  void defaults_areTheEvaluatorsDeclarations() {
    SparkEvaluation evaluation = SparkEvaluation.builder()
        .benchmark(SparkBenchmark.singleDatabase("b", Path.of("q.jsonl"), Path.of("db.sqlite"))).build();
    ExecutionLimits limits = evaluation.limits();
    assertThat(limits.queryTimeout()).isEqualTo(EvaluatorSettings.QUERY_TIMEOUT.defaultValue())
        .isEqualTo(Duration.ofSeconds(10));
    assertThat(limits.maxRows()).isEqualTo(Evaluator.DEFAULT_MAX_ROWS);
    assertThat(limits.maxValueBytes()).isEqualTo(ExecutionLimits.DEFAULT_MAX_VALUE_BYTES);
    assertThat(limits.maxRowBytes()).isEqualTo(ExecutionLimits.DEFAULT_MAX_ROW_BYTES);
    assertThat(limits.maxResultBytes()).isEqualTo(ExecutionLimits.DEFAULT_MAX_RESULT_BYTES);
    // the evaluator each task runs is given every shared bound, each the declared default
    assertThat(evaluation.evaluatorBuilder("m").toString()).isEqualTo("{modelName=m, noReportFile, "
        + "showMismatches=false, noGoldCache, threads=1, queryTimeout=PT10S, maxRows=100000, maxValueBytes=250000, "
        + "maxRowBytes=16777216, maxResultBytes=134217728, keepMismatches=10000}");
    assertThat(SparkEvaluation.DEFAULT_PREDICTIONS_PER_TASK).isEqualTo(2_000);
  }

  @Test
  void checks_areTheEvaluatorsForEveryRangedSharedSetting() throws Exception {
    int checked = 0;
    for (Setting<?> s : SparkSettings.SHARED) {
      if (s.range().isEmpty()) {
        continue;
      }
      Range r = s.range().orElseThrow();
      Method spark = method(SparkEvaluation.Builder.class, s.name());
      Method single = method(Evaluator.Builder.class, s.name());
      assertThat(spark.getParameterTypes()).isEqualTo(single.getParameterTypes());
      Class<?> type = spark.getParameterTypes()[0];
      for (long value : List.of(r.min() - 1, r.max() + 1)) {
        if (type == int.class && value > Integer.MAX_VALUE) {
          continue;
        }
        Object given = type == int.class ? (Object) (int) value : type == long.class ? (Object) value
            : Duration.ofMillis(value);
        String expected = message(single, Evaluator.builder(), given);
        assertThat(expected).startsWith(s.name() + " must be between ");
        assertThat(message(spark, SparkEvaluation.builder(), given)).as(s.name()).isEqualTo(expected);
      }
      checked++;
    }
    assertThat(checked).isEqualTo(6);
    assertThat(message(method(SparkEvaluation.Builder.class, "threadsPerTask"), SparkEvaluation.builder(), 257))
        .isEqualTo("threadsPerTask must be between 1 and 256, but was 257");
  }

  private static Method method(Class<?> type, String name) {
    return Arrays.stream(type.getMethods()).filter(m -> m.getName().equals(name) && m.getParameterCount() == 1)
        .findFirst().orElseThrow();
  }

  private static String message(Method m, Object target, Object value) throws IllegalAccessException {
    try {
      m.invoke(target, value);
    } catch (InvocationTargetException e) {
      return e.getCause().getMessage();
    }
    throw new AssertionError(m.getName() + "(" + value + ") was accepted");
  }
}
