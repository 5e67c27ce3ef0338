package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.config.AuditSettings;
import dev.llmsql.config.EvaluatorSettings;
import dev.llmsql.config.Range;
import dev.llmsql.config.Setting;
import dev.llmsql.models.inference.Inference;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ChatSettings;
import dev.llmsql.models.suite.CapabilitySuite;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * Issue 23.5: the command line and {@code Evaluator.Builder} agree because both read {@link EvaluatorSettings}:
 * every setting of the builder is an option of {@code llmsql evaluate} with the declared help (default and range
 * in it) and a converter refusing what the builder refuses, or is API-only with a reason
 * ({@code EvaluatorSettingsTest} checks the builder's side, {@code SparkSettingsTest} Spark's).
 */
class SettingsAgreementTest {

  private final CommandLine tree = new Cli(new PrintStream(new ByteArrayOutputStream()),
      new PrintStream(new ByteArrayOutputStream()), Terminal.PLAIN).commands();

  private CommandSpec command(String... names) {
    CommandLine c = tree;
    for (String name : names) {
      c = c.getSubcommands().get(name);
    }
    return c.getCommandSpec();
  }

  @Test
  void everySettingWithAnOption_isAnEvaluateOptionWithTheDeclaredHelp() {
    CommandSpec evaluate = command("evaluate");
    int options = 0;
    for (Setting<?> s : EvaluatorSettings.ALL) {
      if (s.option().isEmpty()) {
        assertThat(s.apiOnlyReason()).as(s.name()).isPresent();
        continue;
      }
      OptionSpec option = evaluate.findOption(s.option().orElseThrow());
      assertThat(option).as(s.option().orElseThrow()).isNotNull();
      if (s.help().isPresent()) {
        assertThat(option.description()).as(s.name()).containsExactly(s.help().orElseThrow());
      } else {
        // judges, scorings and engines: the command line lists what the class path offers
        assertThat(s.name()).isIn("judge", "scoring", "engine");
        assertThat(String.join("", option.description())).as(s.name()).isNotBlank();
      }
      options++;
    }
    assertThat(options).isEqualTo(29);
    assertThat(evaluate.findOption("--max-rows").description())
        .containsExactly("row cap per statement (default 100000; 1 to 100000000)");
  }

  /**
   * {@code llmsql audit}: every setting of {@code Audit.Builder} with an option shows the audit's declared help;
   * the bounds it shares with evaluate convert within the same ranges.
   */
  @Test
  void everyAuditSettingWithAnOption_isAnAuditOptionWithTheDeclaredHelp() throws Exception {
    CommandSpec audit = command("audit");
    int options = 0;
    for (Setting<?> s : AuditSettings.ALL) {
      if (s.option().isEmpty()) {
        assertThat(s.apiOnlyReason()).as(s.name()).isPresent();
        continue;
      }
      OptionSpec option = audit.findOption(s.option().orElseThrow());
      assertThat(option).as(s.option().orElseThrow()).isNotNull();
      if (s.help().isPresent()) {
        assertThat(option.description()).as(s.name()).containsExactly(s.help().orElseThrow());
      } else {
        assertThat(s.name()).isEqualTo("engine");
      }
      if (s.range().isPresent()) {
        Range r = s.range().orElseThrow();
        ITypeConverter<?> converter = option.converters()[0];
        assertThat(number(converter.convert(text(r, r.max())))).as(s.name()).isEqualTo(r.max());
        assertThatThrownBy(() -> converter.convert(text(r, r.min() - 1))).as(s.name())
            .isInstanceOf(TypeConversionException.class);
      }
      options++;
    }
    assertThat(options).isEqualTo(13);
    assertThat(audit.findOption("--max-row-bytes").description())
        .containsExactly("the most one result row may take, in bytes (default 16 MiB)");
  }

  /**
   * The commands that ask a model share {@link ChatSettings}: each shows the declared default and range in its
   * own words, starts from the declared default, and the library's defaults are the same values.
   */
  @Test
  void theCommandsThatAskAModel_showAndStartFromTheChatSettings() {
    Map<String, List<Setting<?>>> shown = new java.util.LinkedHashMap<>();
    shown.put("inference api", List.of(ChatSettings.API_KEY_ENV, ChatSettings.CONCURRENCY,
        ChatSettings.READ_TIMEOUT, ChatSettings.MAX_RESPONSE_BYTES));
    shown.put("falcon run", List.of(SettingsHelp.ForFalcon.API_KEY_ENV, SettingsHelp.ForFalcon.CONCURRENCY,
        ChatSettings.READ_TIMEOUT, ChatSettings.MAX_RESPONSE_BYTES));
    shown.put("suite run", List.of(ChatSettings.API_KEY_ENV, SettingsHelp.ForSuite.CONCURRENCY,
        ChatSettings.READ_TIMEOUT, ChatSettings.MAX_ATTEMPTS, ChatSettings.MAX_RESPONSE_BYTES));
    int checked = 0;
    for (Map.Entry<String, List<Setting<?>>> command : shown.entrySet()) {
      CommandSpec spec = command(command.getKey().split(" "));
      for (Setting<?> s : command.getValue()) {
        Setting<?> declared = ChatSettings.ALL.stream().filter(d -> d.name().equals(s.name())).findFirst()
            .orElseThrow();
        assertThat(List.of(s.defaultValue(), s.range(), s.option()))
            .isEqualTo(List.of(declared.defaultValue(), declared.range(), declared.option()));
        OptionSpec option = spec.findOption(s.option().orElseThrow());
        assertThat(option.description()).as(command.getKey() + " " + s).containsExactly(s.help().orElseThrow());
        assertThat(option.<Object>initialValue()).as(command.getKey() + " " + s).isEqualTo(s.defaultValue());
        checked++;
      }
    }
    assertThat(checked).isEqualTo(13);
    assertThat(command("suite", "run").findOption("--max-response-bytes").description())
        .containsExactly("the largest answer read from a model, in bytes; a larger one fails that call without "
            + "retry (default 4194304; 1024 to 1073741824)");
    assertThat(command("falcon", "run").findOption("--concurrency").description())
        .containsExactly("requests in flight per model without concurrency= (default 4; 1 to 256)");
    assertThat(ChatClient.DEFAULT_MAX_RESPONSE_BYTES).isEqualTo(ChatSettings.MAX_RESPONSE_BYTES.defaultValue());
    assertThat(List.of(ChatClient.DEFAULT_API_KEY_ENV, ChatClient.DEFAULT_READ_TIMEOUT,
        ChatClient.DEFAULT_MAX_ATTEMPTS, Inference.DEFAULT_CONCURRENCY, CapabilitySuite.DEFAULT_CONCURRENCY))
        .isEqualTo(List.of(ChatSettings.API_KEY_ENV.defaultValue(), ChatSettings.READ_TIMEOUT.defaultValue(),
            ChatSettings.MAX_ATTEMPTS.defaultValue(), ChatSettings.CONCURRENCY.defaultValue(),
            ChatSettings.CONCURRENCY.defaultValue()));
  }

  @Test
  void everyCommandThatDownloads_showsTheDeclaredHelpOfTheDownloadSettings() {
    for (CommandSpec spec : List.of(command("evaluate"), command("inference", "api"), command("falcon", "run"))) {
      for (Setting<?> s : EvaluatorSettings.DOWNLOAD) {
        assertThat(spec.findOption(s.option().orElseThrow()).description()).as(spec.qualifiedName() + " " + s)
            .containsExactly(s.help().orElseThrow());
      }
    }
  }

  /** Each ranged option's converter takes the declared default and bounds, and refuses one past either bound. */
  @Test
  void everyRangedOption_convertsWithinTheDeclaredRangeOnly() throws Exception {
    CommandSpec evaluate = command("evaluate");
    int checked = 0;
    for (Setting<?> s : EvaluatorSettings.ALL) {
      if (s.option().isEmpty() || s.range().isEmpty()) {
        continue;
      }
      Range r = s.range().orElseThrow();
      ITypeConverter<?> converter = evaluate.findOption(s.option().orElseThrow()).converters()[0];
      assertThat(number(converter.convert(text(r, r.min())))).as(s.name()).isEqualTo(r.min());
      assertThat(number(converter.convert(text(r, r.max())))).as(s.name()).isEqualTo(r.max());
      if (s.defaultValue() != null) {
        long declared = number(s.defaultValue());
        assertThat(number(converter.convert(text(r, declared)))).as(s.name()).isEqualTo(declared);
      }
      for (long outside : List.of(r.min() - 1, r.max() + 1)) {
        assertThatThrownBy(() -> converter.convert(text(r, outside))).as(s.name() + " " + outside)
            .isInstanceOf(TypeConversionException.class)
            .hasMessageEndingWith(" between " + r.describe().replace(" s", "") + ", but was '" + text(r, outside)
                + "'");
      }
      checked++;
    }
    assertThat(checked).isEqualTo(11);
  }

  private static String text(Range r, long value) {
    return r.millis() ? new java.math.BigDecimal(value).movePointLeft(3).stripTrailingZeros().toPlainString()
        : Long.toString(value);
  }

  private static long number(Object value) {
    return value instanceof Duration d ? d.toMillis() : ((Number) value).longValue();
  }

  @Test
  void apiOnlySettings_sayWhy() {
    assertThat(EvaluatorSettings.ALL.stream().filter(s -> s.option().isEmpty())
        .map(s -> s.name() + ": " + s.apiOnlyReason().orElseThrow()).toList())
        .allMatch(line -> line.length() > 30)
        .hasSize(4);
    assertThat(String.format(Locale.ROOT, "%s", EvaluatorSettings.KEEP_RESULTS.apiOnlyReason().orElseThrow()))
        .startsWith("the command line keeps results exactly when --format");
  }
}
