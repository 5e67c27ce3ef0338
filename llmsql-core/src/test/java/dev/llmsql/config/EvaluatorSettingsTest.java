package dev.llmsql.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.Evaluator;
import dev.llmsql.execution.ExecutionLimits;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Issue 23.5: every setting of {@code Evaluator.Builder} is declared once in {@link EvaluatorSettings}, and the
 * builder takes its defaults and checks from there (the command line's side is {@code SettingsAgreementTest} in
 * llmsql-cli, Spark's {@code SparkSettingsTest}).
 */
class EvaluatorSettingsTest {

  private static Set<String> builderMethods() {
    return Arrays.stream(Evaluator.Builder.class.getDeclaredMethods())
        .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
        .map(Method::getName)
        .filter(n -> !n.equals("build") && !n.equals("toString"))
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void everyBuilderMethod_isOneDeclaredSetting_andEveryDeclarationIsABuilderMethod() {
    Set<String> declared = EvaluatorSettings.ALL.stream().map(Setting::name)
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(declared).hasSize(EvaluatorSettings.ALL.size());   // no name declared twice
    Set<String> methods = builderMethods();
    assertThat(methods).hasSize(32);
    assertThat(declared).containsAll(methods);
    // the one declaration that is not a method: downloadMinimumRate's second argument, with its own option
    declared.removeAll(methods);
    assertThat(declared).containsExactly("downloadMinimumRate window");
  }

  @Test
  void everySetting_isAnOptionOrSaysWhyItIsApiOnly() {
    for (Setting<?> s : EvaluatorSettings.ALL) {
      assertThat(s.option().isPresent()).as(s.name()).isNotEqualTo(s.apiOnlyReason().isPresent());
    }
    assertThat(EvaluatorSettings.ALL.stream().filter(s -> s.option().isEmpty()).map(Setting::name))
        .containsExactly("benchmark", "listener", "keepResults", "executor");
    assertThat(EvaluatorSettings.DOWNLOAD).allMatch(s -> s.option().isPresent());
  }

  @Test
  void help_fillsInTheDeclaredDefaultAndRange() {
    assertThat(EvaluatorSettings.MAX_ROWS.help()).contains("row cap per statement (default 100000; 1 to 100000000)");
    assertThat(EvaluatorSettings.QUERY_TIMEOUT.help())
        .contains("interrupt a statement after this long (default 10; 0.001 to 86400)");
    assertThat(EvaluatorSettings.DOWNLOAD_RATE_WINDOW.help())
        .contains("the window --download-min-rate is averaged over (default 30; 1 to 86400)");
    assertThat(EvaluatorSettings.THREADS.help())
        .contains("predictions evaluated at once (default: available processors; 1 to 256)");
    assertThat(EvaluatorSettings.VERSION.help()).contains("LLMSQL version to download (default 2.0)");
    assertThat(EvaluatorSettings.DOWNLOAD_MAX_FILE_BYTES.help()).contains("the largest file downloaded, in bytes; a "
        + "larger one fails before its first byte, naming this option (default 1073741824; 1 to 1099511627776)");
    assertThat(EvaluatorSettings.JUDGE.help()).isEmpty();   // the command line lists the judges it finds
    assertThat(EvaluatorSettings.KEEP_RESULTS.help()).isEmpty();
  }

  @Test
  void theLibrarysDefaults_areTheDeclarations() {
    assertThat(Evaluator.DEFAULT_MAX_ROWS).isEqualTo(100_000);
    assertThat(Evaluator.DEFAULT_QUERY_TIMEOUT).isEqualTo(Duration.ofSeconds(10));
    assertThat(Evaluator.DEFAULT_MAX_MISMATCHES).isEqualTo(5);
    assertThat(Evaluator.DEFAULT_KEEP_MISMATCHES).isEqualTo(10_000);
    assertThat(Evaluator.DEFAULT_VERSION).isEqualTo("2.0");
    assertThat(Evaluator.DEFAULT_WORKDIR).isEqualTo(EvaluatorSettings.WORKDIR_PATH.defaultValue());
    assertThat(ExecutionLimits.DEFAULT_MAX_VALUE_BYTES).isEqualTo(250_000);
    assertThat(ExecutionLimits.DEFAULT_MAX_ROW_BYTES).isEqualTo(16L << 20);
    assertThat(ExecutionLimits.DEFAULT_MAX_RESULT_BYTES).isEqualTo(128L << 20);
    assertThat(new ExecutionLimits(Duration.ofSeconds(1), 1, 1).maxResultBytes())
        .isEqualTo(EvaluatorSettings.MAX_RESULT_BYTES.defaultValue());
  }

  /**
   * Each one-argument ranged setting: the builder accepts the declared default and both bounds, and refuses one
   * past either bound with the declaration's own message.
   */
  @Test
  void theBuildersChecks_areTheDeclarations() throws Exception {
    int checked = RangedBuilderChecks.check(EvaluatorSettings.ALL, Evaluator.Builder.class, Evaluator::builder,
        Set.of("downloadMinimumRate", "downloadMinimumRate window"));
    assertThat(checked).isEqualTo(9);
    assertThatThrownBy(() -> Evaluator.builder().downloadMaxFileBytes(0))
        .hasMessage("downloadMaxFileBytes must be between 1 and 1099511627776, but was 0");
    assertThatThrownBy(() -> Evaluator.builder().downloadMinimumRate(-1, Duration.ofSeconds(30)))
        .hasMessage("downloadMinimumRate must be between 0 and 1000000000, but was -1");
    assertThatThrownBy(() -> Evaluator.builder().downloadMinimumRate(1, Duration.ofMillis(999)))
        .hasMessage("downloadMinimumRate window must be between 1 s and 86400 s, but was PT0.999S");
  }

  @Test
  void setting_refusesAnOptionWithoutDashesAndAnApiOnlySettingWithoutReason() {
    assertThatThrownBy(() -> Setting.of("x", 1, null).cli("x", "help"))
        .hasMessage("an option starts with --, but was 'x'");
    assertThatThrownBy(() -> Setting.of("x", 1, null).apiOnly(" "))
        .hasMessage("an API-only setting says why it has no option");
    assertThatThrownBy(() -> EvaluatorSettings.MAX_ROWS.check(null)).isInstanceOf(NullPointerException.class)
        .hasMessage("maxRows");
  }
}
