package dev.llmsql.cli;

import dev.llmsql.benchmark.BenchmarkUnavailableException;
import dev.llmsql.benchmark.DownloadListener;
import dev.llmsql.config.Range;
import dev.llmsql.models.inference.Inference;
import dev.llmsql.models.falcon.FalconRun;
import dev.llmsql.models.falcon.RoundResult;
import dev.llmsql.judgement.Judges;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ChatSettings;
import dev.llmsql.models.judge.ProcessLog;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.report.RunInputs;
import dev.llmsql.sqlite.download.LlmsqlHub;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code llmsql falcon run --model SPEC... --out DIR [options]}: DB-GPT Falcon-style runs, several models times
 * several rounds over one benchmark, through {@link FalconRun}.
 */
@Command(name = "run", header = "several models x rounds, DB-GPT Falcon's tables", customSynopsis = "llmsql falcon run --model SPEC [--model SPEC...] --out DIR "
    + "[options]", description = Usage.FALCON_DESCRIPTION, footer = Usage.FALCON_FOOTER, optionListHeading = "%n",
    modelTransformer = SettingsHelp.ForFalcon.class)
final class FalconCommand implements Callable<Integer>, Commands.Sectioned {

  /** One {@code --model} option: {@code MODEL[,base-url=U][,concurrency=N][,api-key-env=VAR][,name=LABEL]}. */
  record ModelSpec(String model, String name, String baseUrl, Integer concurrency, String apiKeyEnv) {

    static ModelSpec parse(String spec) {
      String[] parts = spec.split(",", -1);
      String model = parts[0].trim();
      if (model.isEmpty() || model.contains("=")) {
        throw new IllegalArgumentException("--model '" + spec + "' must start with the server's model name, "
            + "e.g. --model gpt-4o-mini,base-url=https://api.openai.com/v1,concurrency=8");
      }
      String name = null;
      String baseUrl = null;
      Integer concurrency = null;
      String apiKeyEnv = null;
      for (int i = 1; i < parts.length; i++) {
        int eq = parts[i].indexOf('=');
        String key = eq < 0 ? parts[i].trim() : parts[i].substring(0, eq).trim();
        String value = eq < 0 ? "" : parts[i].substring(eq + 1).trim();
        if (value.isEmpty()) {
          throw new IllegalArgumentException("--model '" + spec + "': '" + parts[i].trim() + "' needs a value, "
              + "e.g. " + (key.isEmpty() ? "concurrency" : key) + "=...");
        }
        switch (key) {
          case "name" -> name = value;
          case "base-url" -> baseUrl = Options.url("base-url in --model '" + spec + "'", value).toString();
          case "concurrency" -> concurrency = Options.number("concurrency in --model '" + spec + "'", value,
              Range.CONCURRENCY);
          case "api-key-env" -> apiKeyEnv = value;
          default -> throw new IllegalArgumentException("--model '" + spec + "': unknown setting '" + key
              + "'; known: name, base-url, concurrency, api-key-env");
        }
      }
      if (name != null) {
        // checked here, before anything is created: the process log's folder was made outside --out, then refused
        try {
          FalconRun.requireModelName(name);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("--model '" + spec + "': " + e.getMessage(), e);
        }
      }
      // the name labels rows and names files; a model such as "meta-llama/Llama-3-8b" cannot be a file name
      return new ModelSpec(model, name != null ? name : model.replaceAll("[^A-Za-z0-9._-]", "-"), baseUrl,
          concurrency, apiKeyEnv);
    }
  }

  private final PrintStream out;
  private final PrintStream err;
  private final Function<String, String> environment;
  private final Terminal terminal;
  @Spec
  CommandSpec spec;

  @Option(names = "--model", paramLabel = "SPEC", order = 0, converter = Converters.ModelSpec.class,
      description = Usage.FALCON_MODEL_OPTION)
  List<ModelSpec> models = new ArrayList<>();
  @Option(names = "--base-url", paramLabel = "U", order = 1, converter = Converters.HttpUrl.class,
      description = "API root of models without base-url=, e.g. http://localhost:8000/v1")
  URI baseUri;
  @Option(names = "--api-key-env", paramLabel = "NAME", order = 2)
  String apiKeyEnv = ChatSettings.API_KEY_ENV.defaultValue();
  @Option(names = "--concurrency", paramLabel = "N", order = 3, converter = Converters.Concurrency.class)
  int concurrency = ChatSettings.CONCURRENCY.defaultValue();
  @Option(names = "--timeout", paramLabel = "SECONDS", order = 4, converter = Converters.RequestTimeout.class)
  Duration timeout = ChatSettings.READ_TIMEOUT.defaultValue();
  @Option(names = "--max-tokens", paramLabel = "N", order = 5, converter = Converters.MaxTokens.class,
      description = "answer length cap (default 512; 1 to 1000000)")
  int maxTokens = 512;
  @Option(names = "--temperature", paramLabel = "T", order = 6, converter = Converters.Temperature.class,
      description = "sampling temperature of every round (default 0; 0 to 2); above 0 the rounds differ, which is "
          + "what several rounds are for")
  double temperature = 0.0;
  @Option(names = "--max-response-bytes", paramLabel = "BYTES", order = 7,
      converter = Converters.MaxResponseBytes.class)
  long maxResponseBytes = ChatSettings.MAX_RESPONSE_BYTES.defaultValue();
  @Mixin
  Options.Hub download = new Options.Hub();
  @Option(names = "--questions-path", paramLabel = "FILE", order = 103,
      description = "local questions JSONL; with --tables-path and --db-path, no download")
  Path questions;
  @Option(names = "--tables-path", paramLabel = "FILE", order = 104,
      description = "local tables.jsonl (table_id, header, types, rows) for the prompts")
  Path tables;
  @Option(names = "--db-path", paramLabel = "FILE", order = 105,
      description = "local SQLite database the SQL runs on (e.g. from 'llmsql dataset import')")
  Path db;
  @Option(names = "--out", paramLabel = "DIR", order = 200,
      description = "where predictions, logs and the two CSV tables go")
  Path output;
  @Option(names = "--rounds", paramLabel = "N", order = 201, converter = Converters.Rounds.class,
      description = "rounds per model (default 1; 1 to 1000)")
  int rounds = 1;
  @Option(names = "--shots", paramLabel = "0|1|5", order = 202, converter = Converters.Shots.class,
      description = "worked examples per LLMSQL 1.0 prompt (default 5); LLMSQL 2.0 questions are zero-shot")
  Integer shots;
  @Option(names = "--limit", paramLabel = "N", order = 203, converter = Converters.Limit.class,
      description = "only the first N questions, for a quick run (1 to 2147483647)")
  Integer limit;
  @Option(names = "--judge", paramLabel = "NAME", order = 204,
      description = "how answers are judged (default llmsql; see llmsql evaluate --help)")
  String judge;
  @Mixin
  Options.Feedback feedback = new Options.Feedback();
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  FalconCommand(PrintStream out, PrintStream err, Function<String, String> environment, Terminal terminal) {
    this.out = out;
    this.err = err;
    this.environment = environment;
    this.terminal = terminal;
  }

  @Override
  public List<String> sections() {
    return List.of("Models (--model once per model):", "Benchmark (default: LLMSQL 2.0, downloaded into "
        + "llmsql_workdir):", "Run:");
  }

  @Override
  public Integer call() {
    String baseUrl = baseUri == null ? null : baseUri.toString();
    try {
      feedback.check();
      if (models.isEmpty() || output == null) {
        throw new IllegalArgumentException("--model (once per model) and --out are required");
      }
      for (ModelSpec m : models) {
        if (m.baseUrl() == null && baseUrl == null) {
          throw new IllegalArgumentException("model '" + m.model() + "' has no base URL; give --base-url U for "
              + "all models or base-url=U in its --model");
        }
      }
      int local = (questions == null ? 0 : 1) + (tables == null ? 0 : 1) + (db == null ? 0 : 1);
      if (local != 0 && local != 3) {
        throw new IllegalArgumentException("--questions-path, --tables-path and --db-path go together; give all "
            + "three, or none to download LLMSQL " + download.versionOrDefault());
      }
    } catch (IllegalArgumentException e) {
      return Commands.usageError(spec, err, e.getMessage());
    }
    // before any download or model call: a file at --out failed the first process log, naming no option
    Optional<String> badTarget = OutputTargets.directoryProblem("--out", output, "the predictions, logs and CSV "
        + "tables go into").or(download::workdirProblem);
    if (badTarget.isPresent()) {
      err.println("llmsql falcon run: " + badTarget.get());
      return Cli.USAGE;
    }
    FalconRun run;
    Progress progress = feedback.progress(err, terminal);
    try {
      if (questions == null) {
        LlmsqlHub source = download.hub();
        DownloadListener downloads = feedback.quiet ? DownloadListener.NONE
            : new DownloadProgress(err, feedback.verbose);
        questions = source.fetch(LlmsqlHub.QUESTIONS_FILE, downloads);
        tables = source.fetch(LlmsqlHub.TABLES_FILE, downloads);
        db = source.fetch(LlmsqlHub.DATABASE_FILE, downloads);
      } else {
        for (Path file : List.of(questions, tables, db)) {
          if (!Files.isRegularFile(file)) {
            String option = file == questions ? "--questions-path" : file == tables ? "--tables-path" : "--db-path";
            err.println("llmsql falcon run: " + option + " " + file + " does not exist; check the path");
            return Cli.NO_BENCHMARK;
          }
        }
      }
      Optional<String> badLog = JudgeLogTarget.problem(judge == null ? List.of() : List.of(judge), environment,
          RunInputs.none().with("--questions-path file", questions).with("--tables-path file", tables)
              .with("--db-path file", db), Map.of());
      if (badLog.isPresent()) {
        err.println("llmsql falcon run: " + badLog.get());
        return Cli.USAGE;
      }
      FalconRun.Builder b = FalconRun.builder().rounds(rounds).concurrency(concurrency)
          .questionsPath(questions).tablesPath(tables).dbPath(db).outputDir(output);
      if (shots != null) {
        b.shots(shots);
      }
      Set<String> names = new HashSet<>();
      for (ModelSpec m : models) {
        if (!names.add(m.name())) {
          throw new IllegalArgumentException("two models are named '" + m.name() + "'; add name=LABEL to one "
              + "--model to tell them apart");
        }
        int n = m.concurrency() != null ? m.concurrency() : concurrency;
        ChatClient client = ChatClient.builder().baseUrl(m.baseUrl() != null ? m.baseUrl() : baseUrl)
            .model(m.model()).apiKeyEnv(m.apiKeyEnv() != null ? m.apiKeyEnv() : apiKeyEnv)
            .environment(environment).jsonMode(false).maxConcurrency(Math.max(n, 1)).readTimeout(timeout)
            .maxTokens(maxTokens).temperature(temperature).maxResponseBytes(maxResponseBytes)
            .processLog(ProcessLog.to(output.resolve(m.name() + ".process.jsonl"))).build();
        b.model(m.name(), client, n);
      }
      if (limit != null) {
        b.limit(limit);
      }
      if (judge != null) {
        b.judge(Judges.named(judge));
      }
      if (progress != null) {
        b.listener(progress);
      }
      run = b.build();
      if (feedback.verbose) {
        err.println("llmsql falcon run: questions " + questions + ", tables " + tables + ", database " + db);
        err.println("llmsql falcon run: " + run);
      }
    } catch (InvalidInputException e) {
      err.println("llmsql falcon run: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
      return Cli.BAD_INPUT;
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql falcon run: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
      return Cli.USAGE;
    } catch (IOException | UncheckedIOException e) {
      // the hub's hint names evaluate's local files; this command takes the tables too
      String message = String.valueOf(e.getMessage()).replace(LlmsqlHub.LOCAL_FILES_HINT, "pass local files: "
          + "--questions-path questions.jsonl --tables-path tables.jsonl --db-path sqlite_tables.db");
      err.println("llmsql falcon run: " + CliTerms.inCliTerms(CliTerms.oneLine(message), spec));
      return Cli.NO_BENCHMARK;
    }
    List<RoundResult> results;
    try {
      results = run.run();
    } catch (dev.llmsql.report.OutputTargetException e) {
      err.println("llmsql falcon run: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
      return Cli.USAGE;
    } catch (InvalidInputException | IllegalArgumentException e) {
      err.println("llmsql falcon run: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
      return Cli.BAD_INPUT;
    } catch (BenchmarkUnavailableException e) {
      err.println("llmsql falcon run: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
      return Cli.NO_BENCHMARK;
    } catch (UncheckedIOException | IllegalStateException e) {
      err.println("llmsql falcon run: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
      return Cli.FAILED;
    } finally {
      if (progress != null) {
        progress.finish();
      }
    }
    int unanswered = print(results);
    out.println("Tables: " + output.resolve(FalconRun.EXECUTION_CSV) + ", " + output.resolve(FalconRun.COMPARISON_CSV)
        + ", " + output.resolve(FalconRun.EVALUATION_CSV));
    if (unanswered > 0) {
      out.println(unanswered + " model call(s) failed and count as FAILED; run the same command again to retry "
          + "them (answers already given are kept)");
      return Cli.FAILED;
    }
    return Cli.OK;
  }

  /** Prints the execution table; returns how many questions got no answer from their model. */
  private int print(List<RoundResult> results) {
    int width = Math.max("model".length(), results.stream().mapToInt(r -> r.model().length()).max().orElse(0));
    String row = "%5s  %-" + width + "s  %9s  %8s  %5s  %5s  %6s  %13s  %8s%n";
    out.printf(Locale.ROOT, row, "round", "model", "questions", "executed", "right", "wrong", "failed",
        "executability", "accuracy");
    int unanswered = 0;
    for (RoundResult r : results) {
      out.printf(Locale.ROOT, row, r.round(), r.model(), r.questions(), r.executed(), r.right(), r.wrong(),
          r.failed(), percent(r.executabilityRate()), percent(r.accuracy()));
      unanswered += r.questions() - r.report().results().size();
    }
    return unanswered;
  }

  private static String percent(double rate) {
    return String.format(Locale.ROOT, "%.1f%%", rate * 100);
  }
}
