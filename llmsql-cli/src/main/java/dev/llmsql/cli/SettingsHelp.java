package dev.llmsql.cli;

import dev.llmsql.config.AuditSettings;
import dev.llmsql.config.EvaluatorSettings;
import dev.llmsql.config.Setting;
import dev.llmsql.models.judge.ChatSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.Map;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The help of the options that set a declared setting ({@link EvaluatorSettings}, {@link AuditSettings}), handed
 * to picocli as the command's resource bundle: picocli reads an option's description from its bundle, under the
 * option's name without the dashes, before the annotation's. So the help is written once, in the declaration, and those
 * options' annotations carry none. A command names its transformer in {@code @Command(modelTransformer = ...)}.
 */
final class SettingsHelp {

  private SettingsHelp() {
  }

  /** {@code llmsql evaluate}: every setting of {@code Evaluator.Builder} that has an option. */
  static final class ForEvaluate implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      return install(spec, EvaluatorSettings.ALL);
    }
  }

  /** {@code llmsql audit}: every setting of {@code Audit.Builder} that has an option. */
  static final class ForAudit implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      return install(spec, AuditSettings.ALL);
    }
  }

  /** Commands that download LLMSQL ({@link Options.Hub}): the download's settings. */
  static final class ForDownload implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      return install(spec, EvaluatorSettings.DOWNLOAD);
    }
  }

  /** {@code llmsql inference api}: the download's settings and the model's ({@link ChatSettings}). */
  static final class ForInference implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      return install(spec, concat(EvaluatorSettings.DOWNLOAD, List.of(ChatSettings.API_KEY_ENV,
          ChatSettings.CONCURRENCY, ChatSettings.READ_TIMEOUT, ChatSettings.MAX_RESPONSE_BYTES)));
    }
  }

  /** {@code llmsql falcon run}: as inference's, the key and concurrency being those of models not saying theirs. */
  static final class ForFalcon implements IModelTransformer {
    static final Setting<String> API_KEY_ENV = ChatSettings.API_KEY_ENV.cli("--api-key-env",
        "variable holding the key of models without api-key-env= (default {default})");
    static final Setting<Integer> CONCURRENCY = ChatSettings.CONCURRENCY.cli("--concurrency",
        "requests in flight per model without concurrency= (default {default}; {range})");

    @Override
    public CommandSpec transform(CommandSpec spec) {
      return install(spec, concat(EvaluatorSettings.DOWNLOAD, List.of(API_KEY_ENV, CONCURRENCY,
          ChatSettings.READ_TIMEOUT, ChatSettings.MAX_RESPONSE_BYTES)));
    }
  }

  /** {@code llmsql suite run}: the model's settings, the concurrency being per model of cases. */
  static final class ForSuite implements IModelTransformer {
    static final Setting<Integer> CONCURRENCY = ChatSettings.CONCURRENCY.cli("--concurrency",
        "cases in flight per model, and requests per model (default {default}; {range})");

    @Override
    public CommandSpec transform(CommandSpec spec) {
      return install(spec, List.of(ChatSettings.API_KEY_ENV, CONCURRENCY, ChatSettings.READ_TIMEOUT,
          ChatSettings.MAX_ATTEMPTS, ChatSettings.MAX_RESPONSE_BYTES));
    }
  }

  private static List<Setting<?>> concat(List<Setting<?>> a, List<Setting<?>> b) {
    List<Setting<?>> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  /**
   * {@code spec} with the declared help of {@code settings} as its descriptions.
   *
   * @throws IllegalStateException when a declared option is not one of the command's, so a renamed option cannot
   *     lose its help unnoticed
   */
  static CommandSpec install(CommandSpec spec, List<Setting<?>> settings) {
    Map<String, String> help = new LinkedHashMap<>();
    for (Setting<?> s : settings) {
      s.help().ifPresent(text -> {
        String option = s.option().orElseThrow();
        if (spec.findOption(option) == null) {
          throw new IllegalStateException(spec.name() + " has no option " + option + " for setting " + s.name());
        }
        help.put(option.substring(2), text);
      });
    }
    spec.resourceBundle(new Bundle(help));
    return spec;
  }

  /** The help by option name without dashes, as picocli looks descriptions up. */
  private static final class Bundle extends ListResourceBundle {
    private final Object[][] contents;

    Bundle(Map<String, String> help) {
      List<Object[]> rows = new ArrayList<>();
      help.forEach((key, text) -> rows.add(new Object[] {key, text}));
      this.contents = rows.toArray(new Object[0][]);
    }

    @Override
    protected Object[][] getContents() {
      return contents;
    }
  }
}
