package dev.llmsql.cli;

import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ChatSettings;
import dev.llmsql.models.judge.ProcessLog;
import dev.llmsql.models.suite.CapabilityScore;
import dev.llmsql.models.suite.CapabilitySuite;
import dev.llmsql.models.suite.CaseResult;
import dev.llmsql.models.suite.CaseStatus;
import dev.llmsql.models.suite.JudgeVote;
import dev.llmsql.models.suite.ModelResult;
import dev.llmsql.models.suite.SuiteFormatException;
import dev.llmsql.models.suite.SuiteReports;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.net.URI;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import java.util.stream.Collectors;

/** {@code llmsql suite run --suite DIR --config F --model M --base-url U --judge-model J --out DIR [options]}. */
@Command(name = "run", header = "SCALE-style capability suites with LLM judges", customSynopsis = "llmsql suite run --suite DIR --config F --model M --base-url U "
    + "--judge-model J --out DIR [options]", description = Usage.SUITE_DESCRIPTION, footer = Usage.SUITE_FOOTER,
    optionListHeading = "%n", modelTransformer = SettingsHelp.ForSuite.class)
final class SuiteCommand implements Callable<Integer>, Commands.Sectioned {

  /** Where the command line writes the process log, inside {@code --out}. */
  static final String PROCESS_LOG = SuiteReports.PROCESS_LOGS + "/process.jsonl";

  private final PrintStream out;
  private final PrintStream err;
  private final Function<String, String> environment;
  private final Terminal terminal;
  @Spec
  CommandSpec spec;

  @Option(names = "--suite", paramLabel = "DIR", order = 0,
      description = "capability folders of metric JSONL files")
  Path suite;
  @Option(names = "--config", paramLabel = "F", order = 1, description = "the suite's JSON config")
  Path config;
  @Option(names = "--out", paramLabel = "DIR", order = 2, description = "where the reports and logs go")
  Path outDir;
  @Option(names = "--model", paramLabel = "M", order = 3,
      description = "a target model; repeat for several (they run at once)")
  List<String> models = new ArrayList<>();
  @Option(names = "--base-url", paramLabel = "U", order = 4, converter = Converters.HttpUrl.class,
      description = "their API root, e.g. http://localhost:8000/v1 (/chat/completions is appended)")
  URI baseUri;
  @Option(names = "--api-key-env", paramLabel = "NAME", order = 5)
  String apiKeyEnv = ChatSettings.API_KEY_ENV.defaultValue();
  @Option(names = "--judge-model", paramLabel = "J", order = 6,
      description = "a judge model; repeat for a vote (ties pass); needed for subjective/hybrid")
  List<String> judges = new ArrayList<>();
  @Option(names = "--judge-base-url", paramLabel = "U", order = 7, converter = Converters.HttpUrl.class,
      description = "the judges' API root (default --base-url)")
  URI judgeBaseUri;
  @Option(names = "--judge-api-key-env", paramLabel = "NAME", order = 8,
      description = "the judges' key variable (default --api-key-env)")
  String judgeApiKeyEnv;
  @Option(names = "--concurrency", paramLabel = "N", order = 9, converter = Converters.Concurrency.class)
  int concurrency = ChatSettings.CONCURRENCY.defaultValue();
  @Option(names = "--timeout", paramLabel = "SECONDS", order = 10, converter = Converters.RequestTimeout.class)
  Duration timeout = ChatSettings.READ_TIMEOUT.defaultValue();
  @Option(names = "--max-attempts", paramLabel = "N", order = 11, converter = Converters.MaxAttempts.class)
  int attempts = ChatSettings.MAX_ATTEMPTS.defaultValue();
  @Option(names = "--max-tokens", paramLabel = "N", order = 12, converter = Converters.MaxTokens.class,
      description = "answer length cap (default 1024; 1 to 1000000)")
  int maxTokens = 1024;
  @Option(names = "--query-timeout", paramLabel = "SECONDS", order = 13, converter = Converters.QueryTimeout.class,
      description = "limit on building and querying one execution case's in-memory database (default 5; 0.001 to "
          + "86400)")
  Duration queryTimeout;
  @Option(names = "--max-rows", paramLabel = "N", order = 14, converter = Converters.MaxRows.class,
      description = "row cap of one execution case's query (default 10000; 1 to 100000000)")
  Integer maxRows;
  @Option(names = "--max-response-bytes", paramLabel = "BYTES", order = 15,
      converter = Converters.MaxResponseBytes.class)
  long maxResponseBytes = ChatSettings.MAX_RESPONSE_BYTES.defaultValue();
  @Mixin
  Options.Feedback feedback = new Options.Feedback();
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  SuiteCommand(PrintStream out, PrintStream err, Function<String, String> environment, Terminal terminal) {
    this.out = out;
    this.err = err;
    this.environment = environment;
    this.terminal = terminal;
  }

  @Override
  public List<String> sections() {
    return List.of("Options:");
  }

  @Override
  public Integer call() {
    String baseUrl = baseUri == null ? null : baseUri.toString();
    String judgeBaseUrl = judgeBaseUri == null ? null : judgeBaseUri.toString();
    try {
      feedback.check();
      if (suite == null || config == null || models.isEmpty() || baseUrl == null || outDir == null) {
        throw new IllegalArgumentException("--suite, --config, --model, --base-url and --out are required");
      }
    } catch (IllegalArgumentException e) {
      return Commands.usageError(spec, err, e.getMessage());
    }
    // before any model call: a file at --out failed the process log, naming no option
    Optional<String> badTarget = OutputTargets.directoryProblem("--out", outDir, "the reports and logs go into");
    if (badTarget.isPresent()) {
      err.println("llmsql suite run: " + badTarget.get());
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
      err.println("llmsql suite run: " + CliTerms.inCliTerms(e.getMessage(), spec));
      return Cli.BAD_INPUT;
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql suite run: " + CliTerms.inCliTerms(e.getMessage(), spec)
          .replace("judge(ChatClient.builder()...build())", "--judge-model J") + " (see llmsql suite --help)");
      return Cli.USAGE;
    }
    List<ModelResult> results;
    try {
      results = capabilitySuite.run(targets);
    } catch (IllegalArgumentException e) {
      err.println("llmsql suite run: " + CliTerms.inCliTerms(e.getMessage(), spec)
          .replace("target models", "--model values"));
      return Cli.USAGE;
    } catch (RuntimeException e) {
      err.println("llmsql suite run: " + CliTerms.inCliTerms(e.getMessage(), spec));
      return Cli.FAILED;
    } finally {
      if (progress != null) {
        progress.finish();
      }
    }
    results = results.stream().map(this::inCliTerms).toList();
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

  private ChatClient client(String baseUrl, String model, String keyEnv, boolean json, int concurrency,
                            Duration timeout, int maxTokens, int attempts, ProcessLog log) {
    return ChatClient.builder().baseUrl(baseUrl).model(model).apiKeyEnv(keyEnv).environment(environment)
        .jsonMode(json).maxConcurrency(concurrency).readTimeout(timeout).maxTokens(maxTokens).maxAttempts(attempts)
        .maxResponseBytes(maxResponseBytes).processLog(log).build();
  }

  /**
   * {@code r} with its failures in this command's words: the case reports and model pages are what a user of
   * the command line reads, and the library's hints name builder calls ("raise maxResponseBytes(...)"). Only
   * failures are rewritten: a judge's reason and a scored case's detail are the models' own words.
   */
  private ModelResult inCliTerms(ModelResult r) {
    List<CaseResult> cases = r.cases().stream().map(c -> new CaseResult(c.suiteCase(), c.prompt(), c.answer(),
        c.status(), c.status() == CaseStatus.FAILED ? CliTerms.inCliTerms(c.detail(), spec) : c.detail(),
        c.votes().stream().map(v -> v.failed() ? new JudgeVote(v.model(), v.verdict(), v.matchedRuleIds(),
            CliTerms.inCliTerms(v.reason(), spec)) : v).toList(), c.rules())).toList();
    return new ModelResult(r.model(), r.suite(), cases, r.capabilities(), r.unscored(), r.wallTime());
  }

  private static String score(CapabilityScore c) {
    return c.capability() + " " + c.score().toPlainString();
  }
}
