package dev.llmsql.cli;

import dev.llmsql.benchmark.BenchmarkUnavailableException;
import dev.llmsql.benchmark.DownloadListener;
import dev.llmsql.config.Range;
import dev.llmsql.inference.Inference;
import dev.llmsql.inference.falcon.FalconRun;
import dev.llmsql.inference.falcon.RoundResult;
import dev.llmsql.judge.Judges;
import dev.llmsql.judge.llm.ChatClient;
import dev.llmsql.judge.llm.ProcessLog;
import dev.llmsql.prediction.InvalidInputException;
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
import java.util.Set;
import java.util.function.Function;

/**
 * {@code llmsql falcon run --model SPEC... --out DIR [options]}: DB-GPT Falcon-style runs, several models times
 * several rounds over one benchmark, through {@link FalconRun}.
 */
final class FalconCommand {

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
      // the name labels rows and names files; a model such as "meta-llama/Llama-3-8b" cannot be a file name
      return new ModelSpec(model, name != null ? name : model.replaceAll("[^A-Za-z0-9._-]", "-"), baseUrl,
          concurrency, apiKeyEnv);
    }
  }

  private final PrintStream out;
  private final PrintStream err;
  private final Function<String, String> environment;
  private final Terminal terminal;

  FalconCommand(PrintStream out, PrintStream err, Function<String, String> environment, Terminal terminal) {
    this.out = out;
    this.err = err;
    this.environment = environment;
    this.terminal = terminal;
  }

  int run(List<String> args) {
    if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h")) {
      out.print(Usage.FALCON);
      return args.isEmpty() ? Cli.USAGE : Cli.OK;
    }
    if (!args.get(0).equals("run")) {
      err.println("llmsql falcon: unknown subcommand '" + args.get(0) + "'; known: run (see llmsql falcon "
          + "--help)");
      return Cli.USAGE;
    }
    List<ModelSpec> models = new ArrayList<>();
    String baseUrl = null;
    String apiKeyEnv = ChatClient.DEFAULT_API_KEY_ENV;
    int concurrency = Inference.DEFAULT_CONCURRENCY;
    Duration timeout = ChatClient.DEFAULT_READ_TIMEOUT;
    int maxTokens = 512;
    double temperature = 0.0;
    int rounds = 1;
    Integer shots = null;
    Integer limit = null;
    String judge = null;
    Path output = null;
    String version = "2.0";
    Path workdir = null;
    URI hubEndpoint = null;
    Path questions = null;
    Path tables = null;
    Path db = null;
    Options.Feedback feedback = new Options.Feedback();
    try {
      for (int i = 1; i < args.size(); i++) {
        String arg = args.get(i);
        if (arg.equals("--help") || arg.equals("-h")) {
          out.print(Usage.FALCON);
          return Cli.OK;
        }
        if (feedback.read(arg)) {
          continue;
        }
        String value = Options.value(args, i++, arg);
        switch (arg) {
          case "--model" -> models.add(ModelSpec.parse(value));
          case "--base-url" -> baseUrl = Options.url(arg, value).toString();
          case "--api-key-env" -> apiKeyEnv = value;
          case "--concurrency" -> concurrency = Options.number(arg, value, Range.CONCURRENCY);
          case "--timeout" -> timeout = Options.seconds(arg, value, Range.REQUEST_TIMEOUT_MILLIS);
          case "--max-tokens" -> maxTokens = Options.number(arg, value, Range.MAX_TOKENS);
          case "--temperature" -> temperature = Options.temperature(arg, value);
          case "--rounds" -> rounds = Options.number(arg, value, Range.ROUNDS);
          case "--shots" -> shots = Options.shots(arg, value);
          case "--limit" -> limit = Options.number(arg, value, Range.LIMIT);
          case "--judge" -> judge = value;
          case "--out" -> output = Path.of(value);
          case "--version" -> version = Options.version(arg, value);
          case "--workdir-path" -> workdir = Path.of(value);
          case "--hub-endpoint" -> hubEndpoint = Options.url(arg, value);
          case "--questions-path" -> questions = Path.of(value);
          case "--tables-path" -> tables = Path.of(value);
          case "--db-path" -> db = Path.of(value);
          default -> throw new IllegalArgumentException("unknown option " + arg);
        }
      }
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
            + "three, or none to download LLMSQL " + version);
      }
    } catch (IllegalArgumentException e) {
      err.println("llmsql falcon run: " + e.getMessage() + " (see llmsql falcon --help)");
      return Cli.USAGE;
    }
    FalconRun run;
    Progress progress = feedback.progress(err, terminal);
    try {
      if (questions == null) {
        LlmsqlHub source = InferenceCommand.hub(version, workdir, hubEndpoint);
        DownloadListener downloads = feedback.quiet ? DownloadListener.NONE
            : new Cli.DownloadProgress(err, feedback.verbose);
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
            .maxTokens(maxTokens).temperature(temperature).processLog(ProcessLog.to(output.resolve(m.name() + ".process.jsonl")))
            .build();
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
      err.println("llmsql falcon run: " + e.getMessage());
      return Cli.BAD_INPUT;
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql falcon run: " + e.getMessage());
      return Cli.USAGE;
    } catch (IOException | UncheckedIOException e) {
      err.println("llmsql falcon run: " + e.getMessage());
      return Cli.NO_BENCHMARK;
    }
    List<RoundResult> results;
    try {
      results = run.run();
    } catch (dev.llmsql.report.OutputTargetException e) {
      err.println("llmsql falcon run: " + e.getMessage());
      return Cli.USAGE;
    } catch (InvalidInputException | IllegalArgumentException e) {
      err.println("llmsql falcon run: " + e.getMessage());
      return Cli.BAD_INPUT;
    } catch (BenchmarkUnavailableException e) {
      err.println("llmsql falcon run: " + e.getMessage());
      return Cli.NO_BENCHMARK;
    } catch (UncheckedIOException | IllegalStateException e) {
      err.println("llmsql falcon run: " + e.getMessage());
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
