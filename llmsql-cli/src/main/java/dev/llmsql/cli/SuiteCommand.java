package dev.llmsql.cli;

import dev.llmsql.config.Range;
import dev.llmsql.judge.llm.ChatClient;
import dev.llmsql.judge.llm.ProcessLog;
import dev.llmsql.suite.CapabilityScore;
import dev.llmsql.suite.CapabilitySuite;
import dev.llmsql.suite.ModelResult;
import dev.llmsql.suite.SuiteFormatException;
import dev.llmsql.suite.SuiteReports;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** {@code llmsql suite run --suite DIR --config F --model M --base-url U --judge-model J --out DIR [options]}. */
final class SuiteCommand {

  /** Where the command line writes the process log, inside {@code --out}. */
  static final String PROCESS_LOG = SuiteReports.PROCESS_LOGS + "/process.jsonl";

  private final PrintStream out;
  private final PrintStream err;
  private final Function<String, String> environment;
  private final Terminal terminal;

  SuiteCommand(PrintStream out, PrintStream err, Function<String, String> environment, Terminal terminal) {
    this.out = out;
    this.err = err;
    this.environment = environment;
    this.terminal = terminal;
  }

  int run(List<String> args) {
    if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h")) {
      out.print(Usage.SUITE);
      return args.isEmpty() ? Cli.USAGE : Cli.OK;
    }
    if (args.get(0).equals("import-scale")) {
      return importScale(args.subList(1, args.size()));
    }
    if (!args.get(0).equals("run")) {
      err.println("llmsql suite: unknown subcommand '" + args.get(0) + "'; known: run, import-scale (see llmsql "
          + "suite --help)");
      return Cli.USAGE;
    }
    Path suite = null;
    Path config = null;
    List<String> models = new ArrayList<>();
    String baseUrl = null;
    List<String> judges = new ArrayList<>();
    String judgeBaseUrl = null;
    Path outDir = null;
    String apiKeyEnv = ChatClient.DEFAULT_API_KEY_ENV;
    String judgeApiKeyEnv = null;
    int concurrency = CapabilitySuite.DEFAULT_CONCURRENCY;
    Duration timeout = ChatClient.DEFAULT_READ_TIMEOUT;
    int maxTokens = 1024;
    int attempts = ChatClient.DEFAULT_MAX_ATTEMPTS;
    Duration queryTimeout = null;
    Integer maxRows = null;
    Options.Feedback feedback = new Options.Feedback();
    try {
      for (int i = 1; i < args.size(); i++) {
        String arg = args.get(i);
        if (arg.equals("--help") || arg.equals("-h")) {
          out.print(Usage.SUITE);
          return Cli.OK;
        }
        if (feedback.read(arg)) {
          continue;
        }
        String value = Options.value(args, i++, arg);
        switch (arg) {
          case "--suite" -> suite = Path.of(value);
          case "--config" -> config = Path.of(value);
          case "--model" -> models.add(value);
          case "--base-url" -> baseUrl = Options.url(arg, value).toString();
          case "--judge-model" -> judges.add(value);
          case "--judge-base-url" -> judgeBaseUrl = Options.url(arg, value).toString();
          case "--out" -> outDir = Path.of(value);
          case "--api-key-env" -> apiKeyEnv = value;
          case "--judge-api-key-env" -> judgeApiKeyEnv = value;
          case "--concurrency" -> concurrency = Options.number(arg, value, Range.CONCURRENCY);
          case "--timeout" -> timeout = Options.seconds(arg, value, Range.REQUEST_TIMEOUT_MILLIS);
          case "--max-tokens" -> maxTokens = Options.number(arg, value, Range.MAX_TOKENS);
          case "--max-attempts" -> attempts = Options.number(arg, value, Range.MAX_ATTEMPTS);
          case "--query-timeout" -> queryTimeout = Options.seconds(arg, value, Range.QUERY_TIMEOUT_MILLIS);
          case "--max-rows" -> maxRows = Options.number(arg, value, Range.MAX_ROWS);
          default -> throw new IllegalArgumentException("unknown option " + arg);
        }
      }
      if (suite == null || config == null || models.isEmpty() || baseUrl == null || outDir == null) {
        throw new IllegalArgumentException("--suite, --config, --model, --base-url and --out are required");
      }
    } catch (IllegalArgumentException e) {
      err.println("llmsql suite run: " + e.getMessage() + " (see llmsql suite --help)");
      return Cli.USAGE;
    }
    CapabilitySuite capabilitySuite;
    Progress progress = feedback.progress(err, terminal);
    List<ChatClient> targets = new ArrayList<>();
    try {
      ProcessLog log = ProcessLog.to(outDir.resolve(PROCESS_LOG));
      CapabilitySuite.Builder b = CapabilitySuite.builder().dataset(suite, config).concurrency(concurrency);
      if (queryTimeout != null) {
        b.queryTimeout(queryTimeout);
      }
      if (maxRows != null) {
        b.maxRows(maxRows);
      }
      for (String judge : judges) {
        b.judge(client(judgeBaseUrl != null ? judgeBaseUrl : baseUrl, judge,
            judgeApiKeyEnv != null ? judgeApiKeyEnv : apiKeyEnv, true, concurrency, timeout, maxTokens, attempts,
            log));
      }
      for (String model : models) {
        targets.add(client(baseUrl, model, apiKeyEnv, false, concurrency, timeout, maxTokens, attempts, log));
      }
      if (progress != null) {
        b.listener(progress);
      }
      capabilitySuite = b.build();
      if (feedback.verbose) {
        err.println("llmsql suite run: suite " + suite + ", config " + config + ", judges " + judges
            + ", reports into " + outDir);
        err.println("llmsql suite run: " + capabilitySuite);
      }
    } catch (SuiteFormatException | UncheckedIOException | dev.llmsql.prediction.InvalidInputException e) {
      err.println("llmsql suite run: " + e.getMessage());
      return Cli.BAD_INPUT;
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql suite run: " + e.getMessage().replace("judge(ChatClient.builder()...build())",
          "--judge-model J") + " (see llmsql suite --help)");
      return Cli.USAGE;
    }
    List<ModelResult> results;
    try {
      results = capabilitySuite.run(targets);
    } catch (IllegalArgumentException e) {
      err.println("llmsql suite run: " + e.getMessage().replace("target models", "--model values"));
      return Cli.USAGE;
    } catch (RuntimeException e) {
      err.println("llmsql suite run: " + e.getMessage());
      return Cli.FAILED;
    } finally {
      if (progress != null) {
        progress.finish();
      }
    }
    try {
      SuiteReports.write(results, outDir);
    } catch (IOException | UncheckedIOException e) {
      err.println("llmsql suite run: reports not written to " + outDir + ": " + e.getMessage());
      return Cli.NOT_SAVED;
    }
    long failed = 0;
    for (ModelResult r : results) {
      failed += r.failedCases();
      out.println(String.format(Locale.ROOT, "%s: %s (%d case(s), %d failed to run, %.1f s)", r.model(),
          r.capabilities().stream().map(SuiteCommand::score).collect(Collectors.joining(", ")), r.cases().size(),
          r.failedCases(), r.wallTime().toMillis() / 1000.0));
    }
    out.println("reports: " + outDir.resolve(SuiteReports.SCORE_REPORTS) + ", "
        + outDir.resolve(SuiteReports.CASE_REPORTS) + ", " + outDir.resolve(PROCESS_LOG) + ", "
        + outDir.resolve(SuiteReports.MODEL_PAGES) + ", " + outDir.resolve(SuiteReports.LEADERBOARD));
    if (failed > 0) {
      out.println("cases that failed to run are left out of the scores; see the case reports for why");
    }
    return failed == 0 ? Cli.OK : Cli.FAILED;
  }

  /** {@code llmsql suite import-scale DATASET_CONFIG.py --out suite.json}. */
  private int importScale(List<String> args) {
    Path from = null;
    Path to = null;
    try {
      for (int i = 0; i < args.size(); i++) {
        String arg = args.get(i);
        if (arg.equals("--help") || arg.equals("-h")) {
          out.print(Usage.SUITE);
          return Cli.OK;
        }
        if (arg.equals("--out")) {
          to = Path.of(Options.value(args, i++, arg));
        } else if (arg.startsWith("-") || from != null) {
          throw new IllegalArgumentException("unknown option " + arg);
        } else {
          from = Path.of(arg);
        }
      }
      if (from == null || to == null) {
        throw new IllegalArgumentException("give SCALE's dataset_config.py and --out FILE.json");
      }
      dev.llmsql.report.ReportFiles.requireWritableTarget(to, java.util.Map.of("SCALE config", from));
    } catch (IllegalArgumentException e) {
      err.println("llmsql suite import-scale: " + e.getMessage() + " (see llmsql suite --help)");
      return Cli.USAGE;
    }
    dev.llmsql.suite.ScaleConfigImport imported;
    try {
      imported = dev.llmsql.suite.ScaleConfigImport.read(from);
    } catch (SuiteFormatException | UncheckedIOException e) {
      err.println("llmsql suite import-scale: " + e.getMessage());
      return Cli.BAD_INPUT;
    }
    try {
      imported.write(to);
    } catch (IOException | UncheckedIOException e) {
      err.println("llmsql suite import-scale: " + to + " not written: " + e.getMessage());
      return Cli.NOT_SAVED;
    }
    imported.notes().forEach(n -> err.println("check: " + n));
    out.println(to + " (" + imported.prompts().size() + " prompt file(s) in "
        + to.toAbsolutePath().resolveSibling("prompts") + ")");
    return Cli.OK;
  }

  private ChatClient client(String baseUrl, String model, String keyEnv, boolean json, int concurrency,
                            Duration timeout, int maxTokens, int attempts, ProcessLog log) {
    return ChatClient.builder().baseUrl(baseUrl).model(model).apiKeyEnv(keyEnv).environment(environment)
        .jsonMode(json).maxConcurrency(concurrency).readTimeout(timeout).maxTokens(maxTokens).maxAttempts(attempts)
        .processLog(log).build();
  }

  private static String score(CapabilityScore c) {
    return c.capability() + " " + c.score().toPlainString();
  }
}
