package dev.llmsql.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.Audit;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Issue 23.5: every setting of {@code Audit.Builder} is declared once in {@link AuditSettings}; the settings it
 * shares with {@code Evaluator.Builder} are the evaluator's declarations (same name, default and range), and the
 * builder takes its defaults and checks from there ({@code SettingsAgreementTest} checks {@code llmsql audit}).
 */
class AuditSettingsTest {

  @Test
  void everyBuilderMethod_isOneDeclaredSetting_andEveryDeclarationIsABuilderMethod() {
    Set<String> methods = Arrays.stream(Audit.Builder.class.getDeclaredMethods())
        .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
        .map(Method::getName).filter(n -> !n.equals("build"))
        .collect(Collectors.toCollection(TreeSet::new));
    Set<String> declared = AuditSettings.ALL.stream().map(Setting::name)
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(declared).hasSize(AuditSettings.ALL.size()).hasSize(16).isEqualTo(methods);
  }

  @Test
  void theSharedSettings_areTheEvaluatorsDeclarations() {
    assertThat(AuditSettings.SHARED).hasSize(13);
    for (Setting<?> s : AuditSettings.SHARED) {
      Setting<?> evaluator = EvaluatorSettings.ALL.stream().filter(e -> e.name().equals(s.name())).findFirst()
          .orElseThrow();
      assertThat(s.defaultValue()).as(s.name()).isEqualTo(evaluator.defaultValue());
      assertThat(s.range()).as(s.name()).isEqualTo(evaluator.range());
      assertThat(s.option()).as(s.name()).isEqualTo(evaluator.option());
    }
    // the audit's own: the slow share and the two Java objects
    assertThat(AuditSettings.ALL.stream().filter(s -> !AuditSettings.SHARED.contains(s)).map(Setting::name))
        .containsExactly("inspector", "slowFraction", "listener");
    assertThat(Audit.DEFAULT_SLOW_FRACTION).isEqualTo(0.5);
  }

  @Test
  void help_isTheAuditsOwnWords_withTheSharedDefaultsFilledIn() {
    assertThat(AuditSettings.MAX_ROWS.help()).contains("rows one statement may return (default 100000)");
    assertThat(AuditSettings.QUERY_TIMEOUT.help()).contains("how long one statement may run (default 10, as "
        + "evaluate's)");
    assertThat(AuditSettings.MAX_ROW_BYTES.help())
        .contains("the most one result row may take, in bytes (default 16 MiB)");
    assertThat(AuditSettings.MAX_RESULT_BYTES.help())
        .contains("the most one result may take, in bytes (default 128 MiB)");
    assertThat(AuditSettings.SLOW_FRACTION.help())
        .contains("a gold taking more than this share of the timeout is gold_slow (default 0.5; 1 = only timeouts)");
    assertThat(AuditSettings.ENGINE.help()).isEmpty();   // the command line lists the engines it finds
    assertThatThrownBy(() -> Setting.of("x", 1_000L, null).cli("--x", "(default {default MiB})").help())
        .isInstanceOf(IllegalStateException.class).hasMessage("x's default 1000 is not a whole number of MiB");
  }

  /** Each ranged setting: the audit builder refuses one past either bound with the evaluator's message. */
  @Test
  void theBuildersChecks_areTheDeclarations() throws Exception {
    int checked = RangedBuilderChecks.check(AuditSettings.ALL, Audit.Builder.class, Audit::builder, Set.of());
    assertThat(checked).isEqualTo(6);
    assertThatThrownBy(() -> Audit.builder().maxRows(0))
        .hasMessage("maxRows must be between 1 and 100000000, but was 0");
    assertThatThrownBy(() -> Audit.builder().slowFraction(0))
        .hasMessage("slowFraction must be more than 0 and at most 1, but was 0.0");
  }
}
