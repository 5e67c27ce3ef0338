package dev.llmsql.cli;

import dev.llmsql.benchmark.DownloadListener;
import dev.llmsql.config.Range;
import dev.llmsql.inference.Inference;
import dev.llmsql.inference.InferenceSummary;
import dev.llmsql.judge.llm.ChatClient;
import dev.llmsql.judge.llm.ProcessLog;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.sqlite.download.LlmsqlHub;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** {@code llmsql inference api --model M --base-url U --output-file F [options]}. */
final class InferenceCommand {

  private static final int MAX_PRINTED_FAILURES = 10;

  private final PrintStream out;
  private final PrintStream err;
  private final Function<String, String> environment;
  private final Terminal terminal;

  InferenceCommand(PrintStream out, PrintStream err, Function<String, String> environment, Terminal terminal) {
    this.out = out;
    this.err = err;
    this.environment = environment;
    this.terminal = terminal;
  }

  int run(List<String> args) {
    if (args.isEmpty() || args.get(0).equals("--help") || args.get(0).equals("-h")) {
      out.print(Usage.INFERENCE);
      return args.isEmpty() ? Cli.USAGE : Cli.OK;
    }
    if (!args.get(0).equals("api")) {
      err.println("llmsql inference: unknown backend '" + args.get(0) + "'; known: api (an OpenAI-compatible "
          + "server; see llmsql inference --help)");
      return Cli.USAGE;
    }
    String model = null;
    String baseUrl = null;
    Path output = null;
    String version = "2.0";
    Path workdir = null;
    URI hubEndpoint = null;
    Path questions = null;
    Path tables = null;
    String apiKeyEnv = ChatClient.DEFAULT_API_KEY_ENV;
    Path processLog = null;
    Integer shots = null;
    Integer limit = null;
    int concurrency = Inference.DEFAULT_CONCURRENCY;
    Duration timeout = ChatClient.DEFAULT_READ_TIMEOUT;
    Integer maxTokens = null;
    Options.Feedback feedback = new Options.Feedback();
    try {
      for (int i = 1; i < args.size(); i++) {
        String arg = args.get(i);
        if (arg.equals("--help") || arg.equals("-h")) {
          out.print(Usage.INFERENCE);
          return Cli.OK;
        }
        if (feedback.read(arg)) {
          continue;
        }
        String value = Options.value(args, i++, arg);
        switch (arg) {
          case "--model" -> model = value;
          case "--base-url" -> baseUrl = Options.url(arg, value).toString();
          case "--output-file" -> output = Path.of(value);
          case "--version" -> version = Options.version(arg, value);
          case "--workdir-path" -> workdir = Path.of(value);
          case "--hub-endpoint" -> hubEndpoint = Options.url(arg, value);
          case "--questions-path" -> questions = Path.of(value);
          case "--tables-path" -> tables = Path.of(value);
          case "--api-key-env" -> apiKeyEnv = value;
          case "--process-log" -> processLog = Path.of(value);
          case "--shots" -> shots = Options.shots(arg, value);
          case "--limit" -> limit = Options.number(arg, value, Range.LIMIT);
          case "--concurrency" -> concurrency = Options.number(arg, value, Range.CONCURRENCY);
          case "--timeout" -> timeout = Options.seconds(arg, value, Range.REQUEST_TIMEOUT_MILLIS);
          case "--max-tokens" -> maxTokens = Options.number(arg, value, Range.MAX_TOKENS);
          default -> throw new IllegalArgumentException("unknown option " + arg);
        }
      }
      if (model == null || baseUrl == null || output == null) {
        throw new IllegalArgumentException("--model, --base-url and --output-file are required");
      }
      if ((questions == null) != (tables == null)) {
        throw new IllegalArgumentException("--questions-path and --tables-path go together; give both, or "
            + "neither to download LLMSQL " + version);
      }
    } catch (IllegalArgumentException e) {
      err.println("llmsql inference api: " + e.getMessage() + " (see llmsql inference --help)");
      return Cli.USAGE;
    }
    Path log = processLog != null ? processLog
        : output.toAbsolutePath().resolveSibling(stem(output) + ".process.jsonl");
    Path runFile = output.toAbsolutePath().resolveSibling(stem(output) + ".run.json");
    try {
      java.util.Map<String, Path> inputs = new java.util.LinkedHashMap<>();
      inputs.put("--questions-path file", questions);
      inputs.put("--tables-path file", tables);
      ReportFiles.requireWritableTarget(output, inputs);
      inputs.put("--output-file", output);
      ReportFiles.requireWritableTarget(log, inputs);
      inputs.put("--process-log", log);
      ReportFiles.requireWritableTarget(runFile, inputs);
    } catch (OutputTargetException e) {
      err.println("llmsql inference api: " + e.getMessage());
      return Cli.USAGE;
    }
    Cli.DownloadProgress downloads = feedback.quiet ? null : new Cli.DownloadProgress(err, feedback.verbose);
    Progress progress = feedback.progress(err, terminal);
    Inference inference;
    String runMetadata;
    try {
      if (questions == null) {
        LlmsqlHub source = hub(version, workdir, hubEndpoint);
        DownloadListener listener = downloads == null ? DownloadListener.NONE : downloads;
        questions = source.fetch(LlmsqlHub.QUESTIONS_FILE, listener);
        tables = source.fetch(LlmsqlHub.TABLES_FILE, listener);
      }
      boolean llmsql2 = isLlmsql2(questions);
      if (llmsql2 && shots != null && shots != 0) {
        throw new IllegalArgumentException("LLMSQL 2.0 is zero-shot, but --shots " + shots + " was given; drop "
            + "--shots (or give --shots 0) for 2.0 questions");
      }
      if (maxTokens == null) {
        maxTokens = llmsql2 ? Inference.LLMSQL2_MAX_NEW_TOKENS : Inference.LLMSQL1_MAX_NEW_TOKENS;
      }
      ChatClient.Builder client = ChatClient.builder().baseUrl(baseUrl).model(model).apiKeyEnv(apiKeyEnv)
          .environment(environment).jsonMode(false).maxConcurrency(concurrency).readTimeout(timeout)
          .maxTokens(maxTokens)
          .processLog(ProcessLog.to(log));
      Inference.Builder b = Inference.builder().client(client.build()).questionsPath(questions)
          .tablesPath(tables).concurrency(concurrency);
      if (shots != null) {
        b.shots(shots);
      }
      if (limit != null) {
        b.limit(limit);
      }
      if (progress != null) {
        b.listener(progress);
      }
      inference = b.build();
      if (feedback.verbose) {
        err.println("llmsql inference api: questions " + questions + ", tables " + tables + ", predictions "
            + output + ", process log " + log);
        err.println("llmsql inference api: " + inference);
      }
      runMetadata = runMetadata(model, llmsql2 ? 0 : shots == null ? Inference.DEFAULT_SHOTS : shots,
          maxTokens, llmsql2 ? "2.0" : null);
    } catch (InvalidInputException e) {
      err.println("llmsql inference api: " + e.getMessage());
      return Cli.BAD_INPUT;
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql inference api: " + e.getMessage());
      return Cli.USAGE;
    } catch (IOException | UncheckedIOException e) {
      err.println("llmsql inference api: " + e.getMessage());
      return Cli.NO_BENCHMARK;
    }
    InferenceSummary s;
    try {
      s = inference.run(output);
    } catch (IllegalArgumentException | InvalidInputException e) {
      err.println("llmsql inference api: " + e.getMessage());
      return Cli.BAD_INPUT;
    } catch (UncheckedIOException | IllegalStateException e) {
      err.println("llmsql inference api: " + e.getMessage());
      return Cli.FAILED;
    } finally {
      if (progress != null) {
        progress.finish();
      }
    }
    out.println(String.format(Locale.ROOT, "%d question(s): %d written, %d already in %s, %d failed (%.1f s)",
        s.selected(), s.written(), s.skipped(), output, s.failed().size(), s.wallTime().toMillis() / 1000.0));
    Map<Long, String> failed = new TreeMap<>(s.failed());
    failed.entrySet().stream().limit(MAX_PRINTED_FAILURES).forEach(e ->
        out.println("  question " + e.getKey() + ": " + e.getValue()));
    if (failed.size() > MAX_PRINTED_FAILURES) {
      out.println("  ... and " + (failed.size() - MAX_PRINTED_FAILURES) + " more; run again to retry them");
    } else if (!failed.isEmpty()) {
      out.println("  run the same command again to retry them");
    }
    try {
      java.nio.file.Files.writeString(runFile, runMetadata);
      out.println("run metadata (model name, inference arguments): " + runFile + "; then: llmsql evaluate "
          + "--outputs " + output + " --run-metadata " + runFile);
    } catch (IOException e) {
      err.println("llmsql inference api: " + runFile + " could not be written (" + e.getMessage() + "); the "
          + "predictions are complete, pass --model-name to llmsql evaluate instead");
    }
    return s.failed().isEmpty() ? Cli.OK : Cli.FAILED;
  }

  /**
   * The run's part of an LLMSQL leaderboard entry (model name, backend, arguments), in the shape
   * {@code llmsql evaluate --run-metadata} merges into the report's model name and leaderboard YAML.
   */
  static String runMetadata(String model, int shots, int maxTokens, String version) {
    com.fasterxml.jackson.databind.node.ObjectNode root = JSON.createObjectNode();
    root.putObject("model").put("name", model);
    if (version != null) {
      root.put("version", version);
    }
    com.fasterxml.jackson.databind.node.ObjectNode inference = root.putObject("inference");
    inference.put("backend", "api");
    // no base URL: some servers take their key in the query string, and this file is meant to be shared
    inference.putObject("arguments").put("num_fewshots", shots)
        .put("max_new_tokens", maxTokens).put("temperature", 0.0);
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot happen for a tree of strings and numbers", e);
    }
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();


  /** Whether the questions are LLMSQL 2.0's; an unreadable or malformed file is left for the run to report. */
  private static boolean isLlmsql2(Path questions) {
    try {
      return java.nio.file.Files.isRegularFile(questions) && Inference.isLlmsql2(questions);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      return false;
    }
  }

  private static String stem(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".jsonl") ? name.substring(0, name.length() - ".jsonl".length()) : name;
  }

  /** Downloads without progress output (Falcon's rounds print their own table). */
  static final DownloadListener QUIET = DownloadListener.NONE;

  /** The LLMSQL download for --version, --workdir-path and --hub-endpoint (null: defaults). */
  static LlmsqlHub hub(String version, Path workdir, URI hubEndpoint) {
    LlmsqlHub.Builder hub = LlmsqlHub.builder().version(version);
    if (workdir != null) {
      hub.workdir(workdir);
    }
    if (hubEndpoint != null) {
      hub.endpoint(hubEndpoint);
    }
    return hub.build();
  }
}
