package dev.llmsql.cli;

import dev.llmsql.benchmark.DownloadListener;
import dev.llmsql.models.inference.Inference;
import dev.llmsql.models.inference.InferenceSummary;
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
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code llmsql inference api --model M --base-url U --output-file F [options]}. */
@Command(name = "api", header = "ask an OpenAI-compatible server for predictions", customSynopsis = "llmsql inference api --model M --base-url U --output-file F "
    + "[options]", description = Usage.INFERENCE_DESCRIPTION, footer = Usage.INFERENCE_FOOTER,
    optionListHeading = "%n",
    modelTransformer = SettingsHelp.ForInference.class)
final class InferenceCommand implements Callable<Integer>, Commands.Sectioned {

  private static final int MAX_PRINTED_FAILURES = 10;

  private final PrintStream out;
  private final PrintStream err;
  private final Function<String, String> environment;
  private final Terminal terminal;
  @Spec
  CommandSpec spec;

  @Option(names = "--model", paramLabel = "M", order = 0, description = "the server's model name")
  String model;
  @Option(names = "--base-url", paramLabel = "U", order = 1, converter = Converters.HttpUrl.class,
      description = "API root, e.g. http://localhost:8000/v1 (/chat/completions is appended)")
  URI baseUri;
  @Option(names = "--api-key-env", paramLabel = "NAME", order = 2)
  String apiKeyEnv = ChatSettings.API_KEY_ENV.defaultValue();
  @Option(names = "--concurrency", paramLabel = "N", order = 3, converter = Converters.Concurrency.class)
  int concurrency = ChatSettings.CONCURRENCY.defaultValue();
  @Option(names = "--timeout", paramLabel = "SECONDS", order = 4, converter = Converters.RequestTimeout.class)
  Duration timeout = ChatSettings.READ_TIMEOUT.defaultValue();
  @Option(names = "--max-tokens", paramLabel = "N", order = 5, converter = Converters.MaxTokens.class,
      description = "answer length cap (default 4096 for LLMSQL 2.0 questions, 256 for 1.0; 1 to 1000000)")
  Integer maxTokens;
  @Option(names = "--max-response-bytes", paramLabel = "BYTES", order = 6,
      converter = Converters.MaxResponseBytes.class)
  long maxResponseBytes = ChatSettings.MAX_RESPONSE_BYTES.defaultValue();
  @Mixin
  Options.Hub download = new Options.Hub();
  @Option(names = "--questions-path", paramLabel = "FILE", order = 103,
      description = "local questions JSONL (question_id, question, table_id)")
  Path questions;
  @Option(names = "--tables-path", paramLabel = "FILE", order = 104,
      description = "local tables.jsonl (table_id, header, types, rows)")
  Path tables;
  @Option(names = "--output-file", paramLabel = "F", order = 200, description = "predictions JSONL, appended to")
  Path output;
  @Option(names = "--shots", paramLabel = "0|1|5", order = 201, converter = Converters.Shots.class,
      description = "worked examples per LLMSQL 1.0 prompt (default 5); LLMSQL 2.0 questions are zero-shot: each "
          + "one's \"prompt\" field is sent as it is (rendered from its \"tables\" when absent), and --shots 1 or 5 "
          + "is a usage error")
  Integer shots;
  @Option(names = "--limit", paramLabel = "N", order = 202, converter = Converters.Limit.class,
      description = "only the first N questions, for a quick run (1 to 2147483647)")
  Integer limit;
  @Option(names = "--process-log", paramLabel = "FILE", order = 203,
      description = "exchange log (default F without .jsonl, plus .process.jsonl)")
  Path processLog;
  @Mixin
  Options.Feedback feedback = new Options.Feedback();
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  InferenceCommand(PrintStream out, PrintStream err, Function<String, String> environment, Terminal terminal) {
    this.out = out;
    this.err = err;
    this.environment = environment;
    this.terminal = terminal;
  }

  @Override
  public List<String> sections() {
    return List.of("Model:", "Questions (default: LLMSQL 2.0 questions.jsonl and tables.jsonl, downloaded into "
        + "llmsql_workdir):", "Run:");
  }

  @Override
  public Integer call() {
    String baseUrl = baseUri == null ? null : baseUri.toString();
    try {
      feedback.check();
      if (model == null || baseUrl == null || output == null) {
        throw new IllegalArgumentException("--model, --base-url and --output-file are required");
      }
      if ((questions == null) != (tables == null)) {
        throw new IllegalArgumentException("--questions-path and --tables-path go together; give both, or "
            + "neither to download LLMSQL " + download.versionOrDefault());
      }
    } catch (IllegalArgumentException e) {
      return Commands.usageError(spec, err, e.getMessage());
    }
    // a missing local file is a benchmark not there, as in evaluate and audit (it was a usage error naming no option)
    for (String option : List.of("--questions-path", "--tables-path")) {
      Path file = option.equals("--questions-path") ? questions : tables;
      if (file != null && !java.nio.file.Files.exists(file)) {
        err.println("llmsql inference api: " + option + " " + file + ": file not found; check the path");
        return Cli.NO_BENCHMARK;
      }
    }
    Path log = processLog != null ? processLog
        : output.toAbsolutePath().resolveSibling(stem(output) + ".process.jsonl");
    Path runFile = output.toAbsolutePath().resolveSibling(stem(output) + ".run.json");
    // before any download or request: a parent that is a file failed making the log's folder (exit 4, no option)
    RunInputs inputs = RunInputs.none().with("--questions-path file", questions).with("--tables-path file", tables);
    Optional<String> badTarget = OutputTargets.fileProblem("--output-file", output, inputs)
        .or(() -> OutputTargets.fileProblem(processLog != null ? "--process-log" : "the default --process-log", log,
            inputs.with("--output-file", output)))
        .or(() -> OutputTargets.fileProblem("--output-file's run metadata", runFile,
            inputs.with("--output-file", output).with("--process-log", log)))
        .or(download::workdirProblem);
    if (badTarget.isPresent()) {
      err.println("llmsql inference api: " + badTarget.get());
      return Cli.USAGE;
    }
    DownloadProgress downloads = feedback.quiet ? null : new DownloadProgress(err, feedback.verbose);
    Progress progress = feedback.progress(err, terminal);
    Inference inference;
    String runMetadata;
    try {
      if (questions == null) {
        LlmsqlHub source = download.hub();
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
          .maxTokens(maxTokens).maxResponseBytes(maxResponseBytes)
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
      err.println("llmsql inference api: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
      return Cli.BAD_INPUT;
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql inference api: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
      return Cli.USAGE;
    } catch (IOException | UncheckedIOException e) {
      // the hub's hint names evaluate's local files; this command takes questions and tables
      String message = String.valueOf(e.getMessage()).replace(LlmsqlHub.LOCAL_FILES_HINT,
          "pass local files: --questions-path questions.jsonl --tables-path tables.jsonl");
      err.println("llmsql inference api: " + CliTerms.inCliTerms(CliTerms.oneLine(message), spec));
      return Cli.NO_BENCHMARK;
    }
    InferenceSummary s;
    try {
      s = inference.run(output);
    } catch (IllegalArgumentException | InvalidInputException e) {
      err.println("llmsql inference api: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
      return Cli.BAD_INPUT;
    } catch (UncheckedIOException | IllegalStateException e) {
      err.println("llmsql inference api: " + CliTerms.inCliTerms(CliTerms.oneLine(e.getMessage()), spec));
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
        out.println("  question " + e.getKey() + ": " + CliTerms.inCliTerms(CliTerms.oneLine(e.getValue()), spec)));
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
}
