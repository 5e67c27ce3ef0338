package dev.llmsql.cli;

import static java.util.Objects.requireNonNull;

import dev.llmsql.Evaluator;
import dev.llmsql.benchmark.BenchmarkUnavailableException;
import dev.llmsql.config.Range;
import dev.llmsql.gate.Gate;
import dev.llmsql.gate.GateResult;
import dev.llmsql.judge.Judges;
import dev.llmsql.judge.compare.JudgeDisagreements;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.report.EvaluationListener;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.ReportNotSavedException;
import dev.llmsql.report.ReportText;
import dev.llmsql.scoring.Scorings;
import dev.llmsql.report.csv.CsvReport;
import dev.llmsql.report.html.HtmlReport;
import dev.llmsql.report.html.Leaderboard;
import dev.llmsql.report.leaderboard.LeaderboardYaml;
import dev.llmsql.report.leaderboard.PublishedRun;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code llmsql} command line, testable without a JVM exit: {@link #run} returns the exit status.
 * Commands: {@code evaluate}, {@code report} (turn a saved full report into HTML or CSV),
 * {@code leaderboard} (compare several reports) and {@code dataset import} (CSV or tables.jsonl to SQLite), {@code inference api} (ask a model
 * for predictions), {@code falcon run} (several models, several rounds, Falcon's tables),
 * {@code suite run} (SCALE-style capability suites);
 * {@code --help} on each.
 *
 * <pre>{@code
 * int status = new Cli(System.out, System.err).run(new String[] {"evaluate", "--outputs", "o.jsonl"});
 * }</pre>
 */
public final class Cli {

  /** Evaluation ran (whatever its accuracy). */
  public static final int OK = 0;
  /** Evaluation could not run for an unexpected reason. */
  public static final int FAILED = 1;
  /** The command line is wrong. */
  public static final int USAGE = 2;
  /** Predictions or questions cannot be read. */
  public static final int BAD_INPUT = 3;
  /** The benchmark could not be downloaded or found. */
  public static final int NO_BENCHMARK = 4;
  /** Evaluation finished but the report could not be saved. */
  public static final int NOT_SAVED = 5;
  /** Evaluation finished, reports were written, but the CI gate ({@code --fail-under}, {@code --baseline}) failed. */
  public static final int GATE_FAILED = 6;

  static final String VERSION = "0.1.0-SNAPSHOT";

  private static final int MAX_PRINTED_PROBLEMS = 10;

  /** The report formats {@code --format} takes. */
  static final List<String> FORMATS = List.of("json", "csv", "html");

  private final PrintStream out;
  private final PrintStream err;
  private final Terminal terminal;
  private final java.util.function.Function<String, String> environment;

  /** A command line writing plain text (no progress bar, no colours) to {@code out} and {@code err}. */
  public Cli(PrintStream out, PrintStream err) {
    this(out, err, Terminal.PLAIN);
  }

  /** A command line for {@code terminal} (see {@link Terminal#detect()}). */
  public Cli(PrintStream out, PrintStream err, Terminal terminal) {
    this(out, err, terminal, System::getenv);
  }

  /** A command line reading environment variables (API keys) from {@code environment}; for tests. */
  Cli(PrintStream out, PrintStream err, Terminal terminal, java.util.function.Function<String, String> environment) {
    this.out = requireNonNull(out, "out");
    this.err = requireNonNull(err, "err");
    this.terminal = requireNonNull(terminal, "terminal");
    this.environment = requireNonNull(environment, "environment");
  }

  /**
   * Runs a command line; returns the exit status. Whatever goes wrong inside, the user gets one line and
   * {@link #FAILED}; the stack trace only with {@code --verbose} (or {@code -v}).
   */
  public int run(String[] args) {
    try {
      return dispatch(args);
    } catch (RuntimeException | Error e) {
      if (e instanceof VirtualMachineError && !(e instanceof OutOfMemoryError || e instanceof StackOverflowError)) {
        throw e;   // the JVM itself is broken: nothing sensible to print
      }
      boolean verbose = List.of(args).contains("--verbose") || List.of(args).contains("-v");
      err.println("llmsql: unexpected error: " + oneLine(String.valueOf(e))
          + (verbose ? "" : " (run again with --verbose for the stack trace)"));
      if (verbose) {
        e.printStackTrace(err);
      }
      err.flush();
      return FAILED;
    }
  }

  private int dispatch(String[] args) {
    if (args.length == 0 || isHelp(args[0])) {
      out.print(Usage.MAIN);
      return args.length == 0 ? USAGE : OK;
    }
    if (args[0].equals("--version") || args[0].equals("-V")) {
      out.println("llmsql " + VERSION);
      return OK;
    }
    List<String> rest = List.of(args).subList(1, args.length);
    switch (args[0]) {
      case "evaluate" -> { }
      case "report" -> {
        return report(rest);
      }
      case "leaderboard" -> {
        return leaderboard(rest);
      }
      case "compare" -> {
        return new CompareCommand(out, err).run(rest);
      }
      case "dataset" -> {
        return new DatasetCommand(out, err).run(rest);
      }
      case "inference" -> {
        return new InferenceCommand(out, err, environment, terminal).run(rest);
      }
      case "falcon" -> {
        return new FalconCommand(out, err, environment, terminal).run(rest);
      }
      case "suite" -> {
        return new SuiteCommand(out, err, environment, terminal).run(rest);
      }
      default -> {
        err.println("llmsql: unknown command '" + args[0] + "'; known: evaluate, report, leaderboard, compare, "
            + "dataset, inference, falcon, suite (see llmsql --help)");
        return USAGE;
      }
    }
    Arguments a;
    try {
      a = Arguments.parse(List.of(args).subList(1, args.length));
    } catch (IllegalArgumentException e) {
      err.println("llmsql evaluate: " + e.getMessage() + " (see llmsql evaluate --help)");
      return USAGE;
    }
    if (a.help) {
      out.print(Usage.EVALUATE);
      return OK;
    }
    if (a.out != null && a.formats.isEmpty()) {
      a.formats = FORMATS;
    }
    if (!a.formats.isEmpty() && a.out == null) {
      a.out = Path.of("");
    }
    return evaluate(a);
  }

  private int evaluate(Arguments a) {
    Evaluator evaluator;
    Map<String, Object> runMetadata = Map.of();
    if (a.runMetadata != null) {
      // read before the long run: a typo in the metadata must not cost the evaluation
      try {
        runMetadata = LeaderboardYaml.readMetadata(a.runMetadata);
      } catch (IllegalArgumentException e) {
        err.println("llmsql evaluate: --run-metadata " + oneLine(e.getMessage()));
        return BAD_INPUT;
      } catch (IOException e) {
        err.println("llmsql evaluate: --run-metadata " + a.runMetadata + " could not be read (" + e
            + "); give a readable YAML or JSON file");
        return BAD_INPUT;
      }
    }
    EvaluationReport baseline = null;
    if (a.baseline != null) {
      // read before the long run: a wrong baseline path must not cost the evaluation
      try {
        baseline = FullReportJson.read(a.baseline);
      } catch (IOException e) {
        err.println("llmsql evaluate: --baseline " + oneLine(describe(e)));
        return BAD_INPUT;
      }
    }
    Optional<Gate> gate;
    try {
      gate = gate(a, baseline);
      Evaluator.Builder b = configure(a);
      modelName(a.modelName, runMetadata).ifPresent(b::modelName);
      evaluator = b.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql evaluate: " + e.getMessage());
      return USAGE;
    }
    if (a.verbose) {
      err.println("llmsql evaluate: " + evaluator);
    }
    try {
      if (a.saveReport != null && !a.noSaveReport) {
        ReportFiles.requireWritableTarget(a.saveReport, inputs(a));
      }
      for (String format : a.formats) {
        ReportFiles.requireWritableTarget(formatFile(a, format), inputs(a));
      }
      if (a.leaderboardYaml != null) {
        ReportFiles.requireWritableTarget(a.leaderboardYaml, inputs(a));
      }
      if (a.junitXml != null) {
        ReportFiles.requireWritableTarget(a.junitXml, inputs(a));
      }
      EvaluationReport report = evaluator.run(a.outputs);
      printSummary(report, a);
      if (!a.compareJudges.isEmpty()) {
        compareJudges(evaluator, a);
      }
      int status = write(report, a);
      status = status == OK ? writeLeaderboardYaml(report, a, runMetadata) : status;
      if (gate.isEmpty()) {
        return status;
      }
      int gateStatus = checkGate(gate.get(), report, a);
      return status != OK ? status : gateStatus;
    } catch (InvalidInputException e) {
      err.println("llmsql evaluate: " + oneLine(e.getMessage()));
      return BAD_INPUT;
    } catch (OutputTargetException e) {
      err.println("llmsql evaluate: " + oneLine(e.getMessage()));
      return USAGE;
    } catch (BenchmarkUnavailableException e) {
      err.println("llmsql evaluate: " + oneLine(e.getMessage()));
      return NO_BENCHMARK;
    } catch (ReportNotSavedException e) {
      printSummary(e.report(), a);
      err.println("llmsql evaluate: " + oneLine(e.getMessage()));
      return NOT_SAVED;
    } catch (UncheckedIOException | IllegalStateException e) {
      err.println("llmsql evaluate: " + oneLine(e.getMessage()));
      return FAILED;
    }
  }

  /** The CI gate of --fail-under, --baseline, --tolerance and --max-regressions, if any was given. */
  private static Optional<Gate> gate(Arguments a, EvaluationReport baseline) {
    if (a.failUnder.isEmpty() && baseline == null) {
      return Optional.empty();
    }
    Gate.Builder g = Gate.builder();
    a.failUnder.forEach((name, min) -> {
      if (!name.equals("accuracy") && !a.scorings.contains(name)) {
        throw new IllegalArgumentException("--fail-under " + name + " needs that score: add --scoring " + name
            + " (or gate on accuracy)");
      }
      g.failUnder(name, min);
    });
    if (baseline != null) {
      g.baseline(baseline);
    }
    if (a.tolerance != null) {
      g.tolerance(a.tolerance);
    }
    if (a.maxRegressions != null) {
      g.maxRegressions(a.maxRegressions);
    }
    return Optional.of(g.build());
  }

  /** Checks the gate, prints its line (and GitHub annotations), writes JUnit XML; returns the exit status. */
  private int checkGate(Gate gate, EvaluationReport report, Arguments a) {
    GateResult result;
    try {
      result = gate.check(report);
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql evaluate: --baseline " + a.baseline + ": " + oneLine(e.getMessage()));
      return BAD_INPUT;
    }
    if (a.github) {
      result.toGithubAnnotations(Optional.of(a.outputs.toString())).forEach(out::println);
    }
    out.println(result.summary());
    out.flush();
    if (a.junitXml != null) {
      try {
        ReportFiles.write(a.junitXml, o -> o.write(result.toJunitXml().getBytes(StandardCharsets.UTF_8)));
      } catch (IOException | UncheckedIOException | OutputTargetException e) {
        err.println("llmsql evaluate: evaluation finished but " + a.junitXml + " could not be written (" + e
            + "); choose another path with --gate-format junit-xml=FILE");
        return NOT_SAVED;
      }
    }
    return result.passed() ? OK : GATE_FAILED;
  }

  /** Runs the predictions once per judge (no report files, no mismatches) and prints where they differ. */
  private void compareJudges(Evaluator evaluator, Arguments a) {
    List<EvaluationReport> reports = new ArrayList<>();
    for (String name : a.compareJudges) {
      reports.add(evaluator.toBuilder().judge(Judges.named(name)).noReportFile().showMismatches(false)
          .keepResults(true).build()
          .run(a.outputs));
    }
    out.println();
    out.print(JudgeDisagreements.of(reports).render(5));
    out.flush();
  }

  private Evaluator.Builder configure(Arguments a) {
    Evaluator.Builder b = Evaluator.builder();
    if (a.judge != null) {
      b.judge(Judges.named(a.judge));
    }
    for (String name : a.compareJudges) {
      Judges.named(name);   // fail on an unknown name before the long run, not after it
    }
    for (String name : a.scorings) {
      b.scoring(Scorings.named(name));
    }
    if (a.version != null && a.questions == null) {
      b.version(a.version);   // with local questions it only names the version in a leaderboard entry
    }
    if (a.workdir != null) {
      b.workdirPath(a.workdir);
    }
    if (a.hubEndpoint != null) {
      b.hubEndpoint(a.hubEndpoint);
    }
    if (a.questions != null) {
      b.questionsPath(a.questions);
    }
    if (a.db != null && a.engine == null) {
      b.dbPath(a.db);   // with --engine the file is given as database(...) below, which excludes dbPath
    }
    if (a.databasesDir != null) {
      b.databasesDir(a.databasesDir);
    }
    if (a.jdbcUrl != null) {
      b.database(jdbcDatabase(a));
    } else if (a.engine != null && a.db != null) {
      // a file named for one engine run by another is the user's choice: the engine decides, not the name
      b.database(dev.llmsql.execution.Database.file(a.db));
    }
    if (a.engine != null) {
      b.engine(dev.llmsql.execution.QueryEngines.named(a.engine));
    }
    if (a.noSaveReport) {
      b.noReportFile();
    } else if (a.saveReport != null) {
      b.saveReport(a.saveReport);
    }
    boolean printMismatches = a.showMismatches && !a.quiet;
    if (printMismatches) {
      b.showMismatches(out, a.maxMismatches);
    } else {
      b.showMismatches(false);
    }
    if (a.noGoldCache) {
      b.noGoldCache();
    } else if (a.goldCache != null) {
      b.goldCache(a.goldCache);
    }
    if (a.queryTimeout != null) {
      b.queryTimeout(a.queryTimeout);
    }
    if (a.maxRows != null) {
      b.maxRows(a.maxRows);
    }
    if (a.maxValueBytes != null) {
      b.maxValueBytes(a.maxValueBytes);
    }
    if (a.maxRowBytes != null) {
      b.maxRowBytes(a.maxRowBytes);
    }
    if (a.maxResultBytes != null) {
      b.maxResultBytes(a.maxResultBytes);
    }
    if (a.keepMismatches != null) {
      b.keepMismatches(a.keepMismatches);
    }
    // Per-question results are kept only for the --format files and the baseline that need them, so memory
    // stays flat otherwise.
    b.keepResults(!a.formats.isEmpty() || a.baseline != null);
    if (a.threads != null) {
      b.threads(a.threads);
    }
    if (a.allowEmpty) {
      b.allowEmptyInput(true);
    }
    if (!a.quiet) {
      b.listener(new DownloadProgress(err, a.verbose));
      b.listener(new Progress(err, terminal, System::nanoTime, Progress.DEFAULT_LINE_NANOS,
          printMismatches ? a.maxMismatches : 0));
    }
    return b;
  }

  private void printSummary(EvaluationReport report, Arguments a) {
    if (a.quiet) {
      out.println(String.format(Locale.ROOT, "%.2f%% accuracy (%d of %d matched)", report.accuracy() * 100,
          report.matches(), report.total()));
      out.flush();
      return;
    }
    out.println();
    String summary = ReportText.summary(report);
    if (terminal.colour()) {
      String accuracy = String.format(Locale.ROOT, "%.2f%%", report.accuracy() * 100);
      String painted = report.accuracy() >= 0.8 ? terminal.green(accuracy)
          : report.accuracy() >= 0.5 ? terminal.yellow(accuracy) : terminal.red(accuracy);
      summary = summary.replaceFirst("(?m)^(  Accuracy: +)" + java.util.regex.Pattern.quote(accuracy),
          "$1" + java.util.regex.Matcher.quoteReplacement(terminal.bold(painted)));
    }
    out.print(summary);
    List<InputProblem> problems = report.inputProblems();
    int shown = a.verbose ? problems.size() : MAX_PRINTED_PROBLEMS;
    if (!problems.isEmpty()) {
      out.println();
      out.println("Input problems (" + problems.size() + "):");
      problems.stream().limit(shown).forEach(p ->
          out.println("  " + p.location() + ": " + p.kind() + ": " + p.message()));
      if (problems.size() > shown) {
        out.println("  ... and " + (problems.size() - shown) + " more (see the report, or --verbose)");
      }
    }
    out.flush();
  }

  /**
   * The model's name for the report: {@code --model-name}, else {@code model.name} of the run metadata (what
   * {@code llmsql inference api} records).
   */
  static java.util.Optional<String> modelName(String modelName, Map<String, Object> metadata) {
    if (modelName != null) {
      return java.util.Optional.of(modelName);
    }
    return metadata.get("model") instanceof Map<?, ?> model && model.get("name") instanceof String name
        && !name.isBlank() ? java.util.Optional.of(name) : java.util.Optional.empty();
  }

  /** Writes --save-leaderboard-yaml, when asked; returns the exit status. */
  private int writeLeaderboardYaml(EvaluationReport report, Arguments a, Map<String, Object> runMetadata) {
    if (a.leaderboardYaml == null) {
      return OK;
    }
    LeaderboardYaml.Builder entry = LeaderboardYaml.builder().report(report).runMetadata(runMetadata)
        .answersPath(a.outputs.toString());
    if (a.modelName != null) {
      entry.modelName(a.modelName);
    }
    if (report.version().isEmpty() && a.version != null) {
      entry.version(a.version);
    }
    try {
      entry.build().write(a.leaderboardYaml);
    } catch (IOException | UncheckedIOException | OutputTargetException e) {
      err.println("llmsql evaluate: evaluation finished but " + a.leaderboardYaml + " could not be written ("
          + e + "); choose another path with --save-leaderboard-yaml");
      return NOT_SAVED;
    }
    if (!a.quiet) {
      out.println("  " + String.format(Locale.ROOT, "%-15s %s", "Leaderboard:", a.leaderboardYaml));
    }
    out.flush();
    return OK;
  }

  /** Writes the --format files into --out; returns the exit status. */
  private int write(EvaluationReport report, Arguments a) {
    if (a.formats.isEmpty()) {
      return OK;
    }
    for (String format : a.formats) {
      Path file = formatFile(a, format);
      try {
        switch (format) {
          case "json" -> FullReportJson.write(report, file);
          case "csv" -> CsvReport.write(report, file);
          default -> HtmlReport.write(report, file);
        }
      } catch (IOException | UncheckedIOException | OutputTargetException e) {
        err.println("llmsql evaluate: evaluation finished but " + file + " could not be written (" + e
            + "); choose another directory with --out");
        return NOT_SAVED;
      }
      if (!a.quiet) {
        out.println("  " + String.format(Locale.ROOT, "%-15s %s", format.toUpperCase(Locale.ROOT) + ":", file));
      }
    }
    out.flush();
    return OK;
  }

  private static Path formatFile(Arguments a, String format) {
    String name = a.name != null ? a.name : stem(String.valueOf(a.outputs.getFileName()));
    return a.out.resolve(name + "." + format);
  }

  /** The run's input files named by their options, which no output may overwrite. */
  private static java.util.Map<String, Path> inputs(Arguments a) {
    java.util.Map<String, Path> inputs = new java.util.LinkedHashMap<>();
    inputs.put("--outputs file", a.outputs);
    inputs.put("--questions-path file", a.questions);
    inputs.put("--db-path file", a.db);
    inputs.put("--baseline report", a.baseline);
    inputs.put("--run-metadata file", a.runMetadata);
    return inputs;
  }

  private static String stem(String fileName) {
    for (String ext : List.of(".jsonl", ".json", ".html", ".csv")) {
      if (fileName.endsWith(ext) && fileName.length() > ext.length()) {
        return fileName.substring(0, fileName.length() - ext.length());
      }
    }
    return fileName;
  }

  /** {@code llmsql report REPORT.json [--format html|csv] [--out FILE]}. */
  private int report(List<String> args) {
    Path input = null;
    String format = "html";
    Path output = null;
    try {
      for (int i = 0; i < args.size(); i++) {
        String arg = args.get(i);
        switch (arg) {
          case "--help", "-h" -> {
            out.print(Usage.REPORT);
            return OK;
          }
          case "--format" -> {
            format = value(args, i++, arg);
            if (!format.equals("html") && !format.equals("csv")) {
              throw new IllegalArgumentException("--format takes html or csv, but was '" + format + "'");
            }
          }
          case "--out" -> output = Path.of(value(args, i++, arg));
          default -> {
            if (arg.startsWith("-")) {
              throw new IllegalArgumentException("unknown option " + arg);
            }
            if (input != null) {
              throw new IllegalArgumentException("one report at a time, but got " + input + " and " + arg
                  + "; use 'llmsql leaderboard' to compare reports");
            }
            input = Path.of(arg);
          }
        }
      }
      if (input == null) {
        throw new IllegalArgumentException("REPORT.json is required (written by llmsql evaluate --format json)");
      }
    } catch (IllegalArgumentException e) {
      err.println("llmsql report: " + e.getMessage() + " (see llmsql report --help)");
      return USAGE;
    }
    Path file = output != null ? output : input.resolveSibling(stem(input.getFileName().toString()) + "." + format);
    try {
      ReportFiles.requireWritableTarget(file, java.util.Map.of("report", input));
    } catch (OutputTargetException e) {
      err.println("llmsql report: " + oneLine(e.getMessage()));
      return USAGE;
    }
    EvaluationReport report;
    try {
      report = FullReportJson.read(input);
    } catch (IOException e) {
      err.println("llmsql report: " + oneLine(describe(e)));
      return BAD_INPUT;
    }
    try {
      if (format.equals("csv")) {
        CsvReport.write(report, file);
      } else {
        HtmlReport.write(report, file);
      }
    } catch (IOException | OutputTargetException e) {
      err.println("llmsql report: " + file + " could not be written (" + e + "); choose another path with --out");
      return NOT_SAVED;
    }
    out.println(file);
    return OK;
  }

  /** {@code llmsql leaderboard R1.json R2.json ... [--out board.html]}. */
  private int leaderboard(List<String> args) {
    List<Path> inputs = new ArrayList<>();
    Path output = Path.of("leaderboard.html");
    try {
      for (int i = 0; i < args.size(); i++) {
        String arg = args.get(i);
        switch (arg) {
          case "--help", "-h" -> {
            out.print(Usage.LEADERBOARD);
            return OK;
          }
          case "--out" -> output = Path.of(value(args, i++, arg));
          default -> {
            if (arg.startsWith("-")) {
              throw new IllegalArgumentException("unknown option " + arg);
            }
            inputs.add(Path.of(arg));
          }
        }
      }
      if (inputs.isEmpty()) {
        throw new IllegalArgumentException("give one or more REPORT.json files (written by llmsql evaluate "
            + "--format json)");
      }
    } catch (IllegalArgumentException e) {
      err.println("llmsql leaderboard: " + e.getMessage() + " (see llmsql leaderboard --help)");
      return USAGE;
    }
    java.util.Map<String, Path> reports = new java.util.LinkedHashMap<>();
    inputs.forEach(in -> reports.put("report " + in, in));
    try {
      ReportFiles.requireWritableTarget(output, reports);
    } catch (OutputTargetException e) {
      err.println("llmsql leaderboard: " + oneLine(e.getMessage()));
      return USAGE;
    }
    List<Leaderboard.Entry> entries = new ArrayList<>();
    List<Leaderboard.SuiteEntry> suites = new ArrayList<>();
    List<PublishedRun> published = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (Path input : inputs) {
      try {
        if (isLeaderboardYaml(input)) {
          published.addAll(PublishedRun.read(input));
          continue;
        }
        java.util.Optional<Leaderboard.SuiteEntry> suite = suiteScores(input);
        if (suite.isPresent()) {
          suites.add(suite.get());
          continue;
        }
        String name = stem(input.getFileName().toString());
        // Two runs of one model often share a file name in different directories: keep rows apart.
        if (!names.add(name)) {
          name = input.toString();
          names.add(name);
        }
        entries.add(new Leaderboard.Entry(name, FullReportJson.readAnyReport(input)));
      } catch (IOException e) {
        err.println("llmsql leaderboard: " + oneLine(describe(e)));
        return BAD_INPUT;
      } catch (IllegalArgumentException e) {
        err.println("llmsql leaderboard: " + oneLine(e.getMessage()));
        return BAD_INPUT;
      }
    }
    if (entries.isEmpty() && suites.isEmpty() && published.isEmpty()) {
      err.println("llmsql leaderboard: " + inputs + " held no report and no leaderboard entry; give REPORT.json "
          + "files or .yaml entries");
      return BAD_INPUT;
    }
    try {
      Leaderboard.write(entries, suites, published, output);
    } catch (IOException | OutputTargetException e) {
      err.println("llmsql leaderboard: " + output + " could not be written (" + e
          + "); choose another path with --out");
      return NOT_SAVED;
    }
    out.println(output);
    return OK;
  }

  /** An upstream leaderboard entry file (.yaml, .yml) or a directory of them. */
  private static boolean isLeaderboardYaml(Path input) {
    String name = input.getFileName() == null ? "" : input.getFileName().toString().toLowerCase(Locale.ROOT);
    return java.nio.file.Files.isDirectory(input) || name.endsWith(".yaml") || name.endsWith(".yml");
  }

  /** A capability-suite score report's entry, or empty for anything else (a full evaluation report). */
  private static java.util.Optional<Leaderboard.SuiteEntry> suiteScores(Path input) throws IOException {
    // score reports are small and start with "model"; full reports can be large, so peek before parsing
    String head;
    try (java.io.Reader reader = java.nio.file.Files.newBufferedReader(input, java.nio.charset.StandardCharsets.UTF_8)) {
      char[] buffer = new char[200];
      int n = reader.read(buffer);
      head = n < 0 ? "" : new String(buffer, 0, n);
    }
    if (!head.replaceAll("\\s", "").startsWith("{\"model\":")) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(dev.llmsql.suite.SuiteReports.readScoreReport(input));
  }

  private static String value(List<String> args, int i, String name) {
    if (i + 1 >= args.size()) {
      throw new IllegalArgumentException(name + " needs a value");
    }
    return args.get(i + 1);
  }

  private static String describe(IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException n) {
      return n.getFile() + (n.getFile() != null && java.nio.file.Files.exists(Path.of(n.getFile()))
          ? ": not a regular file (a directory, device or pipe); give a report JSON file"
          : ": file not found; check the path");
    }
    return e.getMessage();
  }

  private static boolean isHelp(String arg) {
    return arg.equals("--help") || arg.equals("-h") || arg.equals("help");
  }

  private static String oneLine(String message) {
    return String.valueOf(message).replaceAll("\\s*\\R\\s*", " ");
  }

  /**
   * Draws download progress on standard error, one line per 10%, for every command that downloads; with
   * {@code verbose} also which cached files are used without a download.
   */
  static final class DownloadProgress implements EvaluationListener, dev.llmsql.benchmark.DownloadListener {
    private final PrintStream err;
    private final boolean verbose;
    private URI current;
    private long lastTenth = -1;

    DownloadProgress(PrintStream err, boolean verbose) {
      this.err = err;
      this.verbose = verbose;
    }

    @Override
    public void progress(URI uri, long bytesDone, long bytesTotal) {
      onDownloadProgress(uri, bytesDone, bytesTotal);
    }

    @Override
    public void retrying(URI uri, int attempt, String reason) {
      onDownloadRetry(uri, attempt, reason);
    }

    @Override
    public void cached(java.nio.file.Path file) {
      if (verbose) {
        err.println("Using cached " + file + " (no download)");
      }
    }

    @Override
    public void onDownloadProgress(URI uri, long bytesDone, long bytesTotal) {
      if (!uri.equals(current)) {
        current = uri;
        lastTenth = -1;
        err.println("Downloading " + uri);
      }
      if (bytesTotal > 0) {
        long tenth = bytesDone * 10 / bytesTotal;
        if (tenth != lastTenth) {
          lastTenth = tenth;
          err.printf(Locale.ROOT, "  %3d%% (%,d of %,d bytes)%n", tenth * 10, bytesDone, bytesTotal);
        }
      }
    }

    @Override
    public void onDownloadRetry(URI uri, int attempt, String reason) {
      err.println("  retrying " + uri + " (attempt " + attempt + "): " + reason);
    }
  }

  /**
   * The {@code --jdbc-url} database; the password comes from the environment variable {@code --jdbc-password-env}
   * names, so it is in no command line, history or process list.
   */
  private dev.llmsql.execution.Database jdbcDatabase(Arguments a) {
    if (a.db != null || a.databasesDir != null) {
      throw new IllegalArgumentException("--jdbc-url excludes --db-path and --databases-dir: give the database "
          + "one way");
    }
    Map<String, String> properties = new java.util.LinkedHashMap<>();
    if (a.jdbcUser != null) {
      properties.put("user", a.jdbcUser);
    }
    if (a.jdbcPasswordEnv != null) {
      String password = environment.apply(a.jdbcPasswordEnv);
      if (password == null || password.isEmpty()) {
        throw new IllegalArgumentException("--jdbc-password-env " + a.jdbcPasswordEnv + ": the environment "
            + "variable is not set; export it with the database password");
      }
      properties.put("password", password);
    }
    return dev.llmsql.execution.Database.jdbc(a.jdbcUrl, properties);
  }

  /** Parsed options of {@code evaluate}. */
  static final class Arguments {
    Path outputs;
    String version;
    Path workdir;
    URI hubEndpoint;
    Path questions;
    Path db;
    Path databasesDir;
    String engine;
    String jdbcUrl;
    String jdbcUser;
    String jdbcPasswordEnv;
    Path saveReport;
    boolean noSaveReport;
    Path goldCache;
    boolean noGoldCache;
    boolean allowEmpty;
    int maxMismatches = Evaluator.DEFAULT_MAX_MISMATCHES;
    boolean showMismatches = true;
    Duration queryTimeout;
    Integer maxRows;
    Integer maxValueBytes;
    Integer maxRowBytes;
    Integer maxResultBytes;
    Integer keepMismatches;
    Integer threads;
    String judge;
    List<String> compareJudges = List.of();
    List<String> scorings = new ArrayList<>();
    boolean help;
    List<String> formats = List.of();
    Path out;
    String name;
    boolean quiet;
    boolean verbose;
    String modelName;
    Path runMetadata;
    Path leaderboardYaml;
    Map<String, Double> failUnder = new LinkedHashMap<>();
    Path baseline;
    Double tolerance;
    Integer maxRegressions;
    Path junitXml;
    boolean github;

    static Arguments parse(List<String> args) {
      Arguments a = new Arguments();
      for (int i = 0; i < args.size(); i++) {
        String arg = args.get(i);
        String name = arg;
        String inline = null;
        int eq = arg.indexOf('=');
        if (arg.startsWith("--") && eq > 0) {
          name = arg.substring(0, eq);
          inline = arg.substring(eq + 1);
        }
        switch (name) {
          case "--help", "-h" -> a.help = true;
          case "--no-show-mismatches" -> a.showMismatches = false;
          case "--no-save-report" -> a.noSaveReport = true;
          case "--no-gold-cache" -> a.noGoldCache = true;
          case "--allow-empty" -> a.allowEmpty = true;
          case "--quiet", "-q" -> a.quiet = true;
          case "--verbose", "-v" -> a.verbose = true;
          default -> {
            String value = inline;
            if (value == null) {
              if (i + 1 >= args.size()) {
                throw new IllegalArgumentException(name + " needs a value");
              }
              value = args.get(++i);
            }
            a.set(name, value);
          }
        }
      }
      if (!a.help && a.outputs == null) {
        throw new IllegalArgumentException("--outputs FILE is required (the predictions JSONL)");
      }
      if (a.quiet && a.verbose) {
        throw new IllegalArgumentException("--quiet and --verbose exclude each other; choose one");
      }
      if (a.baseline == null && (a.tolerance != null || a.maxRegressions != null)) {
        throw new IllegalArgumentException((a.tolerance != null ? "--tolerance" : "--max-regressions")
            + " needs --baseline REPORT.json to compare against");
      }
      if (a.failUnder.isEmpty() && a.baseline == null && (a.junitXml != null || a.github)) {
        throw new IllegalArgumentException("--gate-format needs a gate: --fail-under or --baseline");
      }
      return a;
    }

    private void set(String name, String value) {
      switch (name) {
        case "--outputs" -> outputs = Path.of(value);
        case "--version" -> version = Options.version(name, value);
        case "--workdir-path" -> workdir = Path.of(value);
        case "--hub-endpoint" -> hubEndpoint = Options.url(name, value);
        case "--questions-path" -> questions = Path.of(value);
        case "--db-path" -> db = Path.of(value);
        case "--databases-dir" -> databasesDir = Path.of(value);
        case "--engine" -> engine = value.strip().toLowerCase(Locale.ROOT);
        case "--jdbc-url" -> jdbcUrl = value;
        case "--jdbc-user" -> jdbcUser = value;
        case "--jdbc-password-env" -> jdbcPasswordEnv = value;
        case "--save-report" -> saveReport = Path.of(value);
        case "--gold-cache" -> goldCache = Path.of(value);
        case "--max-mismatches" -> maxMismatches = Options.number(name, value, Range.MISMATCHES);
        case "--query-timeout" -> queryTimeout = Options.seconds(name, value, Range.QUERY_TIMEOUT_MILLIS);
        case "--max-rows" -> maxRows = Options.number(name, value, Range.MAX_ROWS);
        case "--max-value-bytes" -> maxValueBytes = Options.number(name, value, Range.MAX_VALUE_BYTES);
        case "--max-row-bytes" -> maxRowBytes = Options.number(name, value, Range.RESULT_BYTES);
        case "--max-result-bytes" -> maxResultBytes = Options.number(name, value, Range.RESULT_BYTES);
        case "--keep-mismatches" -> keepMismatches = Options.number(name, value, Range.MISMATCHES);
        case "--threads" -> threads = Options.number(name, value, Range.THREADS);
        case "--judge" -> judge = value;
        case "--compare-judges" -> compareJudges = judgeList(value);
        case "--scoring" -> scorings.addAll(List.of(value.split("\\s*,\\s*")));
        case "--format" -> formats = formats(value);
        case "--out" -> out = Path.of(value);
        case "--name" -> this.name = fileName(value);
        case "--model-name" -> modelName = value;
        case "--run-metadata" -> runMetadata = Path.of(value);
        case "--save-leaderboard-yaml" -> leaderboardYaml = Path.of(value);
        case "--fail-under" -> failUnder(value);
        case "--baseline" -> baseline = Path.of(value);
        case "--tolerance" -> tolerance = Options.rate(name, value);
        case "--max-regressions" -> maxRegressions = Options.number(name, value, Range.MISMATCHES);
        case "--gate-format" -> gateFormat(value);
        default -> throw new IllegalArgumentException("unknown option " + name);
      }
    }

    /** {@code 0.7} (accuracy) or {@code accuracy=0.7,soft-f1=0.5}; may be given more than once. */
    private void failUnder(String value) {
      for (String part : value.split(",")) {
        String p = part.strip();
        int eq = p.indexOf('=');
        String score = eq < 0 ? "accuracy" : p.substring(0, eq).strip();
        String number = eq < 0 ? p : p.substring(eq + 1);
        if (score.isEmpty()) {
          throw new IllegalArgumentException("--fail-under takes SCORE=MIN[,SCORE=MIN] or MIN for accuracy, e.g. "
              + "accuracy=0.7,soft-f1=0.5, but was " + Range.quote(value));
        }
        double min = score.equals("accuracy") ? Options.rate("--fail-under " + score, number)
            : Options.nonNegative("--fail-under " + score, number);
        if (failUnder.putIfAbsent(score, min) != null) {
          throw new IllegalArgumentException("--fail-under gives " + score + " twice; give each score once");
        }
      }
    }

    /** {@code junit-xml=FILE} or {@code github}; may be given more than once. */
    private void gateFormat(String value) {
      String v = value.strip();
      if (v.equals("github")) {
        github = true;
      } else if (v.startsWith("junit-xml=") && v.length() > "junit-xml=".length()) {
        junitXml = Path.of(v.substring("junit-xml=".length()));
      } else {
        throw new IllegalArgumentException("--gate-format takes junit-xml=FILE or github, but was "
            + Range.quote(value));
      }
    }

    /** Splits {@code a,b:opt1,opt2,c} at the commas that start a new judge (options stay with theirs). */
    private static List<String> judgeList(String value) {
      List<String> names = new ArrayList<>();
      for (String part : value.split(",")) {
        String p = part.trim();
        if (!names.isEmpty() && names.get(names.size() - 1).contains(":") && !Judges.names().contains(p)) {
          names.set(names.size() - 1, names.get(names.size() - 1) + "," + p);
        } else if (!p.isEmpty()) {
          names.add(p);
        }
      }
      if (names.size() < 2) {
        throw new IllegalArgumentException("--compare-judges needs at least two judges, e.g. "
            + "llmsql,spider-exec,bird; known: " + String.join(", ", Judges.names()));
      }
      return names;
    }

    private static List<String> formats(String value) {
      Set<String> chosen = new LinkedHashSet<>();
      for (String f : value.split(",")) {
        String format = f.strip().toLowerCase(Locale.ROOT);
        if (!FORMATS.contains(format)) {
          throw new IllegalArgumentException("--format takes a comma-separated list of json, csv, html, but got '"
              + f.strip() + "'");
        }
        chosen.add(format);
      }
      return List.copyOf(chosen);
    }

    private static String fileName(String value) {
      if (value.isBlank() || value.contains("/") || value.contains("\\") || value.startsWith(".")) {
        throw new IllegalArgumentException("--name is a file name for the reports (e.g. gpt-4o), but was '"
            + value + "'");
      }
      return value;
    }

  }
}
