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
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * The {@code llmsql} command line, testable without a JVM exit: {@link #run} returns the exit status.
 * Commands: {@code evaluate}, {@code report} (turn a saved full report into HTML or CSV),
 * {@code leaderboard} (compare several reports), {@code compare} (paired test of two runs), {@code dataset import}
 * (CSV, tables.jsonl or a SQLite benchmark into SQLite, DuckDB or PostgreSQL), {@code inference api} (ask a model
 * for predictions), {@code falcon run} (several models, several rounds, Falcon's tables),
 * {@code suite run} (SCALE-style capability suites), {@code completion} (a bash completion script);
 * {@code --help} on each. Each command is a picocli {@code @Command} whose typed options picocli reads and
 * explains; {@link Commands} runs the tree and maps every outcome to the exit codes below.
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
      return Commands.execute(args.length > 0 && args[0].equals("evaluate") ? evaluateOnly() : commands(), args,
          out, err);
    } catch (RuntimeException | Error e) {
      if (e instanceof VirtualMachineError && !(e instanceof OutOfMemoryError || e instanceof StackOverflowError)) {
        throw e;   // the JVM itself is broken: nothing sensible to print
      }
      Throwable shown = e instanceof CommandLine.ExecutionException && e.getCause() != null ? e.getCause() : e;
      boolean verbose = List.of(args).contains("--verbose") || List.of(args).contains("-v");
      err.println("llmsql: unexpected error: " + oneLine(String.valueOf(shown))
          + (verbose ? "" : " (run again with --verbose for the stack trace)"));
      if (verbose) {
        shown.printStackTrace(err);
      }
      err.flush();
      return FAILED;
    }
  }

  /**
   * The tree of a run whose first argument is {@code evaluate}: the top command and that one only. picocli reads
   * every command's annotations as it is added, about 0.2 s of CPU in a fresh JVM for the whole tree (longer
   * than a small evaluation itself), and nothing such a run prints (its help, its errors) involves the others.
   */
  CommandLine evaluateOnly() {
    CommandLine top = new CommandLine(new Llmsql());
    top.addSubcommand(new CommandLine(new Arguments(this)));
    return top;
  }

  /** The command tree of one run: each command a fresh object that picocli fills with that run's options. */
  CommandLine commands() {
    CommandLine top = new CommandLine(new Llmsql());
    top.addSubcommand(new CommandLine(new Arguments(this)));
    top.addSubcommand(new CommandLine(new ReportCommand(this)));
    top.addSubcommand(new CommandLine(new LeaderboardCommand(this)));
    top.addSubcommand(new CommandLine(new CompareCommand(out, err)));
    top.addSubcommand(new CommandLine(new AuditCommand(this, out, err)));
    top.addSubcommand(new CommandLine(new Llmsql.Dataset())
        .addSubcommand(new CommandLine(new DatasetCommand(out, err, environment))));
    top.addSubcommand(new CommandLine(new Llmsql.Inference())
        .addSubcommand(new CommandLine(new InferenceCommand(out, err, environment, terminal))));
    top.addSubcommand(new CommandLine(new Llmsql.Falcon())
        .addSubcommand(new CommandLine(new FalconCommand(out, err, environment, terminal))));
    top.addSubcommand(new CommandLine(new Llmsql.Suite())
        .addSubcommand(new CommandLine(new SuiteCommand(out, err, environment, terminal)))
        .addSubcommand(new CommandLine(new SuiteCommand.ImportScale(out, err))));
    top.addSubcommand(new CommandLine(new Llmsql.Completion(out)));
    top.addSubcommand(new CommandLine(new Llmsql.HelpCommand(out)));
    return top;
  }

  int evaluate(Arguments a) {
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
    dev.llmsql.audit.AuditReport audit = null;
    if (a.audit != null) {
      // read before the long run, as the baseline is
      try {
        audit = dev.llmsql.audit.AuditReport.readJson(a.audit);
      } catch (IOException e) {
        err.println("llmsql evaluate: --audit " + oneLine(describe(e)));
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
      if (audit != null) {
        b.audit(audit);
      }
      evaluator = b.build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec, true));
      return USAGE;
    }
    if (a.verbose) {
      err.println("llmsql evaluate: " + evaluator);
    }
    Optional<String> badTarget = outputTargetProblem(a);
    if (badTarget.isPresent()) {
      err.println("llmsql evaluate: " + badTarget.get());
      return USAGE;
    }
    try {
      EvaluationReport report = evaluator.run(a.outputs);
      if (a.breakdowns) {
        report = report.withBreakdowns();
      }
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
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec));
      return BAD_INPUT;
    } catch (OutputTargetException e) {
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec));
      return USAGE;
    } catch (BenchmarkUnavailableException e) {
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec));
      return NO_BENCHMARK;
    } catch (ReportNotSavedException e) {
      printSummary(e.report(), a);
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec));
      return NOT_SAVED;
    } catch (UncheckedIOException | IllegalStateException e) {
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec));
      return FAILED;
    }
  }

  /** Builder calls whose CLI option is not their name in kebab case. */
  private static final Map<String, String> OPTION_OF_CALL = Map.of("database", "--jdbc-url",
      "noReportFile", "--no-save-report", "allowEmptyInput", "--allow-empty", "workdir", "--workdir-path",
      "endpoint", "--hub-endpoint");

  /** " (builder: calls)" and ", builder calls" in a library message: one level of nested parentheses. */
  private static final java.util.regex.Pattern BUILDER_HINT =
      java.util.regex.Pattern.compile(" ?\\(builder: (?:[^()]|\\([^()]*\\))*\\)|, builder (?:[^();,]|\\([^()]*\\))*");

  private static final java.util.regex.Pattern CALL =
      java.util.regex.Pattern.compile("\\b([a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*)(?:\\(([^()]*)\\))?");

  /**
   * A library message in the command line's words: each builder call or setting it names that is an option of
   * {@code spec} ({@code questionsPath(path)}, {@code maxRowBytes}, {@code threads(4)}) becomes that option
   * ({@code --questions-path}, {@code --max-row-bytes}, {@code --threads 4}); "X / X", where the library named
   * both spellings, is said once. One place, so every message the library writes reads right on the command line.
   */
  static String inCliTerms(String message, CommandSpec spec) {
    return inCliTerms(message, spec, false);
  }

  /**
   * {@link #inCliTerms(String, CommandSpec)}; with {@code settings}, bare setting names ({@code maxRowBytes}) too,
   * for a builder's own messages: in other messages such a word may be the user's (a column, a file).
   */
  static String inCliTerms(String message, CommandSpec spec, boolean settings) {
    // the library's hints for its Java callers ("(builder: questionsPath(...).dbPath(...))", ", builder
    // minimumRate(...)") name no option: on the command line they go, the option beside them stays
    String plain = BUILDER_HINT.matcher(message).replaceAll("");
    java.util.regex.Matcher m = CALL.matcher(plain);
    StringBuilder text = new StringBuilder();
    while (m.find()) {
      String name = m.group(1);
      String args = m.group(2);
      boolean camel = !name.equals(name.toLowerCase(Locale.ROOT));
      String option = OPTION_OF_CALL.getOrDefault(name, "--" + name.replaceAll("([A-Z])", "-$1")
          .toLowerCase(Locale.ROOT));
      // part of an option, a path or a file name: left as it is
      boolean inWord = m.start() > 0 && "-/\\._".indexOf(plain.charAt(m.start() - 1)) >= 0;
      // the head of a chained builder example ("questionsPath(...).dbPath(...)") is code, not an option
      inWord |= m.end() + 1 < plain.length() && plain.charAt(m.end()) == '.'
          && Character.isLetter(plain.charAt(m.end() + 1));
      if (inWord || !spec.optionsMap().containsKey(option) || args == null && !(camel && settings)) {
        m.appendReplacement(text, java.util.regex.Matcher.quoteReplacement(m.group()));
        continue;
      }
      String value = args == null ? "" : args.strip().replaceAll("^\"|\"$", "");
      boolean placeholder = value.isEmpty() || value.equals("...") || value.equals("path") || value.equals("dir")
          || value.equals("file") || value.equals("true");
      m.appendReplacement(text, java.util.regex.Matcher.quoteReplacement(option + (placeholder ? "" : " " + value)));
    }
    m.appendTail(text);
    return text.toString().replaceAll("(--[a-z-]+) / \\1\\b", "$1").replaceAll("(--[a-z-]+) \\(\\1\\)", "$1")
        .replace("builder --", "--");
  }

  /** The CI gate of --fail-under, --baseline, --tolerance and --max-regressions, if any was given. */
  private static Optional<Gate> gate(Arguments a, EvaluationReport baseline) {
    if (a.failUnder.isEmpty() && baseline == null) {
      return Optional.empty();
    }
    Gate.Builder g = Gate.builder();
    a.failUnder.forEach((name, min) -> {
      if (!name.equals("accuracy") && !a.scorings.contains(name) && !Gate.isLevel(name)) {
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
    if (a.download.version != null && a.questions == null) {
      b.version(a.download.version);   // with local questions it only names the version in a leaderboard entry
    }
    if (a.download.workdir != null) {
      b.workdirPath(a.download.workdir);
    }
    if (a.download.hubEndpoint != null) {
      b.hubEndpoint(a.download.hubEndpoint);
    }
    if (a.download.rateGiven()) {
      b.downloadMinimumRate(a.download.minimumRateOrDefault(), a.download.rateWindowOrDefault());
    }
    if (a.questions != null) {
      b.questionsPath(a.questions);
    }
    if (a.db != null && a.engine == null) {
      String name = a.db.getFileName() == null ? "" : a.db.getFileName().toString();
      if (name.endsWith(".duckdb") || name.endsWith(".ddb")) {
        Options.requireDriver("--db-path " + a.db, "duckdb", Cli.class.getClassLoader());
      }
      b.dbPath(a.db); // with --engine the file is given as database(...) below, which excludes dbPath
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
    } else if (a.download.workdir == null) {
      // the per-user cache of this command line's environment, not {workdir}/gold-cache in the current directory
      b.goldCache(Evaluator.defaultGoldCache(environment));
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
    b.keepResults(!a.formats.isEmpty() || a.baseline != null || a.breakdowns
        || a.failUnder.keySet().stream().anyMatch(Gate::isLevel));
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
          report.matches(), report.total()) + report.unflagged().map(u -> String.format(Locale.ROOT,
          "; %.2f%% without audit flags (%d of %d matched, %d left out)", u.accuracy() * 100, u.matches(),
          u.total(), u.leftOut())).orElse(""));
      out.flush();
      quietInputProblems(report.inputProblems()).ifPresent(err::println);
      err.flush();
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
   * The one line {@code --quiet} keeps for input problems, e.g. {@code input problems: 2 (1 unknown question id,
   * 1 duplicate question id); run without --quiet to list them}: quiet hides progress, not predictions that were
   * not scored.
   */
  static Optional<String> quietInputProblems(List<InputProblem> problems) {
    if (problems.isEmpty()) {
      return Optional.empty();
    }
    Map<InputProblem.Kind, Integer> byKind = new java.util.EnumMap<>(InputProblem.Kind.class);
    problems.forEach(p -> byKind.merge(p.kind(), 1, Integer::sum));
    List<String> parts = new ArrayList<>();
    byKind.forEach((kind, n) -> parts.add(n + " " + (n == 1 ? one(kind) : one(kind).replaceFirst(
        kind == InputProblem.Kind.LINE_TOO_LONG || kind == InputProblem.Kind.DATABASE_OUTSIDE_DIRECTORY
            ? "^(\\w+)" : "(\\w+)$", "$1s"))));
    return Optional.of("input problems: " + problems.size() + " (" + String.join(", ", parts)
        + "); run without --quiet to list them");
  }

  /** An input problem's kind in words: {@code unknown question id}. */
  private static String one(InputProblem.Kind kind) {
    return kind == InputProblem.Kind.NON_STRING_COMPLETION ? "non-string completion"
        : kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
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
    if (report.version().isEmpty() && a.download.version != null) {
      entry.version(a.download.version);
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

  /**
   * What is wrong with an output target of the run, named by its option, checked before any work so a run that
   * could not write its results is not run: a file wanted where a directory is (or the reverse), a parent that
   * is a file or cannot be written, a target that is one of the run's inputs.
   */
  private static Optional<String> outputTargetProblem(Arguments a) {
    Map<String, Path> inputs = inputs(a);
    try {
      if (a.out != null && !a.formats.isEmpty()) {
        Path dir = a.out.toString().isEmpty() ? Path.of(".") : a.out;
        if (java.nio.file.Files.exists(dir) && !java.nio.file.Files.isDirectory(dir)) {
          return Optional.of("--out " + a.out + ": exists and is not a directory; --out takes the directory the "
              + "--format files go into");
        }
        Optional<String> parent = unwritableDirectory(dir);
        if (parent.isPresent()) {
          return Optional.of("--out " + a.out + ": " + parent.get());
        }
        for (String format : a.formats) {
          ReportFiles.requireWritableTarget(formatFile(a, format), inputs);
        }
      }
      if (a.saveReport == null && !a.noSaveReport) {
        Optional<String> here = unwritableDirectory(Path.of(""));
        if (here.isPresent()) {
          return Optional.of("the report goes to the current directory by default, but " + here.get()
              .replace("; choose another path", "") + "; give --save-report FILE or --no-save-report");
        }
      }
      Map<String, Path> files = new LinkedHashMap<>();
      if (a.saveReport != null && !a.noSaveReport) {
        files.put("--save-report", a.saveReport);
      }
      files.put("--save-leaderboard-yaml", a.leaderboardYaml);
      files.put("--gate-format junit-xml=", a.junitXml);
      for (Map.Entry<String, Path> file : files.entrySet()) {
        if (file.getValue() == null) {
          continue;
        }
        String option = file.getKey() + (file.getKey().endsWith("=") ? "" : " ");
        try {
          ReportFiles.requireWritableTarget(file.getValue(), inputs);
        } catch (OutputTargetException e) {
          return Optional.of(option + e.getMessage());
        }
        Path parent = file.getValue().toAbsolutePath().getParent();
        Optional<String> problem = parent == null ? Optional.empty() : unwritableDirectory(parent);
        if (problem.isPresent()) {
          return Optional.of(option + file.getValue() + ": " + problem.get());
        }
      }
    } catch (OutputTargetException e) {
      return Optional.of("--out " + e.getMessage());
    }
    return Optional.empty();
  }

  /**
   * Why {@code dir} cannot be made or written, or empty when it can: the nearest part of it that exists must be
   * a writable directory.
   */
  private static Optional<String> unwritableDirectory(Path dir) {
    Path existing = dir.toAbsolutePath().normalize();
    while (existing != null && !java.nio.file.Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return Optional.empty();
    }
    if (!java.nio.file.Files.isDirectory(existing)) {
      return Optional.of(existing + " is a file, not a directory; choose another path");
    }
    if (!java.nio.file.Files.isWritable(existing)) {
      return Optional.of("the directory " + existing + " is not writable; choose another path");
    }
    return Optional.empty();
  }

  /** The run's input files named by their options, which no output may overwrite. */
  private static java.util.Map<String, Path> inputs(Arguments a) {
    java.util.Map<String, Path> inputs = new java.util.LinkedHashMap<>();
    inputs.put("--outputs file", a.outputs);
    inputs.put("--questions-path file", a.questions);
    inputs.put("--db-path file", a.db);
    inputs.put("--baseline report", a.baseline);
    inputs.put("--audit report", a.audit);
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
  @Command(name = "report", header = "turn a saved report into an HTML page or CSV", description = Usage.REPORT_DESCRIPTION, footer = Usage.REPORT_FOOTER,
      customSynopsis = "llmsql report REPORT.json [--format html|csv] [--out FILE]")
  static final class ReportCommand implements Callable<Integer> {
    private final Cli cli;
    @Spec
    CommandSpec spec;
    @Parameters(paramLabel = "REPORT.json", arity = "0..*", description = "a full report (llmsql evaluate "
        + "--format json)")
    List<Path> inputs = new ArrayList<>();
    @Option(names = "--format", paramLabel = "html|csv", converter = HtmlOrCsv.class,
        description = "what to write (default html)")
    String format = "html";
    @Option(names = "--out", paramLabel = "FILE", description = "where (default: REPORT with the format's "
        + "extension)")
    Path output;
    @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
    boolean help;

    ReportCommand(Cli cli) {
      this.cli = cli;
    }

    @Override
    public Integer call() {
      if (inputs.size() > 1) {
        return Commands.usageError(spec, cli.err, "one report at a time, but got " + inputs.get(0) + " and "
            + inputs.get(1) + "; use 'llmsql leaderboard' to compare reports");
      }
      if (inputs.isEmpty()) {
        return Commands.usageError(spec, cli.err, "REPORT.json is required (written by llmsql evaluate --format "
            + "json)");
      }
      return cli.report(inputs.get(0), format, output);
    }

    /** {@code --format} of {@code report}: html or csv. */
    static final class HtmlOrCsv implements ITypeConverter<String> {
      @Override
      public String convert(String value) {
        if (!value.equals("html") && !value.equals("csv")) {
          throw new TypeConversionException(Converters.OPTION + " takes html or csv, but was '" + value + "'");
        }
        return value;
      }
    }
  }

  private int report(Path input, String format, Path output) {
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
  @Command(name = "leaderboard", header = "compare several reports on one HTML page",
      description = Usage.LEADERBOARD_DESCRIPTION, footer = Usage.LEADERBOARD_FOOTER,
      customSynopsis = "llmsql leaderboard (REPORT.json | ENTRY.yaml | DIR)... [--out FILE]")
  static final class LeaderboardCommand implements Callable<Integer> {
    private final Cli cli;
    @Spec
    CommandSpec spec;
    @Parameters(paramLabel = "REPORT", arity = "0..*", description = "full reports, capability-suite score "
        + "reports, upstream leaderboard entries (.yaml/.yml) or directories of them")
    List<Path> inputs = new ArrayList<>();
    @Option(names = "--out", paramLabel = "FILE", description = "where to write the page (default leaderboard.html)")
    Path output = Path.of("leaderboard.html");
    @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
    boolean help;

    LeaderboardCommand(Cli cli) {
      this.cli = cli;
    }

    @Override
    public Integer call() {
      if (inputs.isEmpty()) {
        return Commands.usageError(spec, cli.err, "give one or more REPORT.json files (written by llmsql evaluate "
            + "--format json)");
      }
      return cli.leaderboard(inputs, output);
    }
  }

  private int leaderboard(List<Path> inputs, Path output) {
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

  private static String describe(IOException e) {
    if (e instanceof java.nio.file.NoSuchFileException n) {
      return n.getFile() + (n.getFile() != null && java.nio.file.Files.exists(Path.of(n.getFile()))
          ? ": not a regular file (a directory, device or pipe); give a report JSON file"
          : ": file not found; check the path");
    }
    return e.getMessage();
  }

  static String oneLine(String message) {
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
    return jdbcDatabase(a.jdbcUrl, a.jdbcUser, a.jdbcPasswordEnv);
  }

  /** The database of {@code --jdbc-url}, {@code --jdbc-user} and {@code --jdbc-password-env}. */
  dev.llmsql.execution.Database jdbcDatabase(String url, String user, String passwordEnv) {
    Map<String, String> properties = new java.util.LinkedHashMap<>();
    if (user != null) {
      properties.put("user", user);
    }
    if (passwordEnv != null) {
      String password = environment.apply(passwordEnv);
      if (password == null || password.isEmpty()) {
        throw new IllegalArgumentException("--jdbc-password-env " + passwordEnv + ": the environment "
            + "variable is not set; export it with the database password");
      }
      properties.put("password", password);
    }
    for (String engine : Options.engines()) {
      if (url.startsWith("jdbc:" + engine + ":")) {
        Options.requireDriver("--jdbc-url", engine, Cli.class.getClassLoader());
      }
    }
    return dev.llmsql.execution.Database.jdbc(url, properties);
  }

  /** {@code llmsql evaluate}: its options, read by picocli, and {@link #call()} running the evaluation. */
  @Command(name = "evaluate", header = "evaluate a predictions JSONL file", description = Usage.EVALUATE_DESCRIPTION, footer = Usage.EVALUATE_FOOTER,
      customSynopsis = "llmsql evaluate --outputs FILE [options]", optionListHeading = "%n")
  static final class Arguments implements Callable<Integer>, Commands.Sectioned {
    private final Cli cli;
    @Spec
    CommandSpec spec;

    @Option(names = "--outputs", paramLabel = "FILE", order = 0,
        description = "the predictions JSONL file to evaluate, or a Spider 2.0 submission directory of "
            + "<instance_id>.sql and <instance_id>.csv files")
    Path outputs;
    @Mixin
    Options.Hub download = new Options.Hub();
    @Option(names = "--questions-path", paramLabel = "FILE", order = 103,
        description = "local questions JSONL; with --db-path or --databases-dir, no download")
    Path questions;
    @Option(names = "--db-path", paramLabel = "FILE", order = 104,
        description = "local database all questions run on (SQLite; DuckDB by a .duckdb/.ddb name or --engine)")
    Path db;
    @Option(names = "--databases-dir", paramLabel = "DIR", order = 105,
        description = "local databases laid out DIR/{db_id}/{db_id}.sqlite (Spider/BIRD); a db_id leading outside "
            + "DIR ('..', a path, a link out) is an input problem")
    Path databasesDir;
    @Option(names = "--engine", paramLabel = "NAME", order = 106, converter = Converters.Engine.class,
        completionCandidates = Options.EngineNames.class,
        description = "${COMPLETION-CANDIDATES} (default: by --db-path's name or the URL)")
    String engine;
    @Option(names = "--jdbc-url", paramLabel = "URL", order = 107,
        description = "the database as a JDBC URL (jdbc:duckdb:FILE, jdbc:postgresql://...); {db_id} in it is "
            + "filled in per question; with --questions-path")
    String jdbcUrl;
    @Option(names = "--jdbc-user", paramLabel = "NAME", order = 108,
        description = "the user --jdbc-url connects as (PostgreSQL: a role that may only read)")
    String jdbcUser;
    @Option(names = "--jdbc-password-env", paramLabel = "VAR", order = 109,
        description = "the environment variable holding that user's password (never the password itself)")
    String jdbcPasswordEnv;
    @Option(names = "--allow-empty", order = 110,
        description = "evaluate an empty (or blank-only) predictions or questions file as a run of nothing instead "
            + "of refusing it (exit 3)")
    boolean allowEmpty;
    @Option(names = "--save-report", paramLabel = "FILE", order = 200,
        description = "where to save LLMSQL's JSON report (default evaluation_results_{uuid}.json)")
    Path saveReport;
    @Option(names = "--no-save-report", order = 201, description = "save no LLMSQL JSON report")
    boolean noSaveReport;
    @Option(names = "--format", paramLabel = "LIST", order = 202, converter = FormatList.class,
        description = "also write these of json,csv,html into --out (default all three when --out is given); json "
            + "is the full report 'llmsql report' and 'llmsql leaderboard' read")
    List<String> formats = List.of();
    @Option(names = "--breakdowns", order = 204,
        description = "accuracy by SQL characteristic of the gold (joins, nesting, GROUP BY, ...), database and table, "
            + "and QVT, in the summary and every --format file")
    boolean breakdowns;
    @Option(names = "--out", paramLabel = "DIR", order = 203,
        description = "where --format files go (default: the current directory)")
    Path out;
    @Option(names = "--name", paramLabel = "NAME", order = 204, converter = FileName.class,
        description = "file name of those files (default: the predictions file's name)")
    String name;
    @Option(names = "--max-mismatches", paramLabel = "N", order = 205, converter = Converters.Mismatches.class,
        description = "print at most N mismatches (default 5; 0 to 2147483647)")
    int maxMismatches = Evaluator.DEFAULT_MAX_MISMATCHES;
    @Option(names = "--no-show-mismatches", order = 206, description = "print no mismatches")
    boolean noShowMismatches;
    @Option(names = "--keep-mismatches", paramLabel = "N", order = 207, converter = Converters.Mismatches.class,
        description = "keep at most N mismatches in the report (default 10000; counts stay exact; 0 to 2147483647)")
    Integer keepMismatches;
    @Option(names = "--model-name", paramLabel = "NAME", order = 208,
        description = "the model's name, for the report's model_name (LLMSQL 2.0) and the leaderboard entry "
            + "(default: model.name of --run-metadata)")
    String modelName;
    @Option(names = "--run-metadata", paramLabel = "FILE", order = 209,
        description = "YAML or JSON mapping deep-merged on top of the leaderboard entry, e.g. the F.run.json "
            + "'llmsql inference api' writes")
    Path runMetadata;
    @Option(names = "--save-leaderboard-yaml", paramLabel = "FILE", order = 210,
        description = "also write upstream LLMSQL's leaderboard entry (run.yaml) for this run")
    Path leaderboardYaml;
    @Option(names = "--judge", paramLabel = "NAME", order = 300, description = Usage.JUDGE_OPTION)
    String judge;
    @Option(names = "--compare-judges", paramLabel = "A,B,...", order = 301, converter = JudgeList.class,
        description = "also judge with each and print, per pair, how many questions differ")
    String compareJudgesValue;
    @Option(names = "--scoring", paramLabel = "NAME", order = 302, split = "\\s*,\\s*", splitSynopsisLabel = ",",
        description = "extra scores: executability, weighted[:unknown-as-1], soft-f1, relative-efficiency, "
            + "dialect-validity")
    List<String> scorings = new ArrayList<>();
    @Option(names = "--gold-cache", paramLabel = "DIR", order = 400,
        description = "where (default: WORKDIR/gold-cache with --workdir-path, else $LLMSQL_CACHE_DIR/gold-cache or "
            + "the user cache directory's llmsql/gold-cache, e.g. ~/.cache/llmsql/gold-cache)")
    Path goldCache;
    @Option(names = "--no-gold-cache", order = 401, description = "run every gold query afresh")
    boolean noGoldCache;
    @Option(names = {"--quiet", "-q"}, order = 500,
        description = "print only the accuracy line (no progress, no mismatches)")
    boolean quiet;
    @Option(names = {"--verbose", "-v"}, order = 501,
        description = "print the configuration, every input problem and debug logs")
    boolean verbose;
    @Option(names = "--query-timeout", paramLabel = "SECONDS", order = 600,
        converter = Converters.QueryTimeout.class,
        description = "interrupt a statement after this long (default 10; 0.001 to 86400)")
    Duration queryTimeout;
    @Option(names = "--max-rows", paramLabel = "N", order = 601, converter = Converters.MaxRows.class,
        description = "row cap per statement (default 100000; 1 to 100000000)")
    Integer maxRows;
    @Option(names = "--max-value-bytes", paramLabel = "N", order = 602, converter = Converters.MaxValueBytes.class,
        description = "longest string, blob or stored row a statement may build or read (default 250000; 1 to "
            + "1000000000)")
    Integer maxValueBytes;
    @Option(names = "--max-row-bytes", paramLabel = "N", order = 603, converter = Converters.ResultBytes.class,
        description = "bytes one result row may take (default 16777216; 1 to 2147483647)")
    Integer maxRowBytes;
    @Option(names = "--max-result-bytes", paramLabel = "N", order = 604, converter = Converters.ResultBytes.class,
        description = "bytes one result may take (default 134217728; 1 to 2147483647); over a bound is a "
            + "SIZE_LIMIT error for that statement, gold queries included")
    Integer maxResultBytes;
    @Option(names = "--threads", paramLabel = "N", order = 605, converter = Converters.Threads.class,
        description = "predictions evaluated at once (default: available processors; 1 to 256)")
    Integer threads;
    @Option(names = "--fail-under", paramLabel = "MIN|SCORE=MIN[,...]", order = 700, converter = FailUnder.class,
        description = "fail (exit 6) when accuracy (MIN alone) or a score is below MIN, e.g. --fail-under 0.7 or "
            + "--fail-under accuracy=0.7,soft-f1=0.5 (other scores need --scoring); a level's accuracy too: "
            + "hard=0.5 (Spider's hardness with --judge spider, else the difficulty), challenging=0.3 (BIRD), "
            + "sql:nested=0.4, db:car_1=0.6 (with --breakdowns)")
    List<String> failUnderValues = new ArrayList<>();
    @Option(names = "--audit", paramLabel = "AUDIT.json", order = 211,
        description = "also score the questions this audit (llmsql audit --save) did not flag; the summary, JSON "
            + "report and leaderboard show both")
    Path audit;
    @Option(names = "--baseline", paramLabel = "REPORT.json", order = 701,
        description = "fail when a score is below this full report's (llmsql evaluate --format json) minus "
            + "--tolerance; lists the questions that regressed")
    Path baseline;
    @Option(names = "--tolerance", paramLabel = "RATE", order = 702, converter = Converters.Rate.class,
        description = "how far scores may fall below the baseline (default 0; 0 to 1)")
    Double tolerance;
    @Option(names = "--max-regressions", paramLabel = "N", order = 703, converter = Converters.Mismatches.class,
        description = "also fail when more than N baseline matches are lost")
    Integer maxRegressions;
    @Option(names = "--gate-format", paramLabel = "junit-xml=FILE|github", order = 704, converter = GateFormat.class,
        description = "also write the gate as JUnit XML, or print GitHub Actions annotations (may be given twice)")
    List<String> gateFormats = new ArrayList<>();
    @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
    boolean help;

    List<String> compareJudges = List.of();
    Map<String, Double> failUnder = new LinkedHashMap<>();
    boolean showMismatches = true;
    Path junitXml;
    boolean github;

    Arguments(Cli cli) {
      this.cli = cli;
    }

    @Override
    public List<String> sections() {
      return List.of("Predictions:", "Benchmark (default: LLMSQL 2.0, downloaded into llmsql_workdir):", "Report:",
          "Judging and scoring:",
          "Gold cache (gold results kept between runs, keyed by database content and gold SQL):", "Output:",
          "Execution:", "CI gate (one summary line on standard output; see the README):");
    }

    @Override
    public Integer call() {
      try {
        validate();
      } catch (IllegalArgumentException e) {
        return Commands.usageError(spec, cli.err, e.getMessage());
      }
      return cli.evaluate(this);
    }

    /** The checks across options, after picocli has read and converted each. */
    void validate() {
      showMismatches = !noShowMismatches;
      if (compareJudgesValue != null) {
        compareJudges = judgeList(compareJudgesValue);
      }
      for (String value : failUnderValues) {
        failUnder(value, failUnder);
      }
      for (String value : gateFormats) {
        gateFormat(value);
      }
      if (outputs == null) {
        throw new IllegalArgumentException("--outputs FILE is required (the predictions JSONL)");
      }
      if (quiet && verbose) {
        throw new IllegalArgumentException("--quiet and --verbose exclude each other; choose one");
      }
      if (baseline == null && (tolerance != null || maxRegressions != null)) {
        throw new IllegalArgumentException((tolerance != null ? "--tolerance" : "--max-regressions")
            + " needs --baseline REPORT.json to compare against");
      }
      if (db != null && databasesDir != null) {
        throw new IllegalArgumentException("--db-path and --databases-dir exclude each other: use --db-path for one "
            + "database file, --databases-dir for DIR/{db_id}/{db_id}.sqlite, --jdbc-url for a database server");
      }
      if (jdbcUrl == null && (jdbcUser != null || jdbcPasswordEnv != null)) {
        throw new IllegalArgumentException((jdbcUser != null ? "--jdbc-user" : "--jdbc-password-env")
            + " needs --jdbc-url (the database it logs in to)");
      }
      if (failUnder.isEmpty() && baseline == null && (junitXml != null || github)) {
        throw new IllegalArgumentException("--gate-format needs a gate: --fail-under or --baseline");
      }
      if (out != null && formats.isEmpty()) {
        formats = FORMATS;
      }
      if (!formats.isEmpty() && out == null) {
        out = Path.of("");
      }
    }

    /** {@code --format}: a comma-separated list of json, csv, html. */
    static final class FormatList extends Converters.Rule<List<String>> {
      @Override
      List<String> apply(String value) {
        return formats(value);
      }
    }

    /** {@code --name}: a file name. */
    static final class FileName extends Converters.Rule<String> {
      @Override
      String apply(String value) {
        return fileName(value);
      }
    }

    /** {@code --compare-judges}: checked when read, split again in {@link #validate()}. */
    static final class JudgeList extends Converters.Rule<String> {
      @Override
      String apply(String value) {
        judgeList(value);
        return value;
      }
    }

    /** {@code --fail-under}: each value checked when read; duplicates across values in {@link #validate()}. */
    static final class FailUnder extends Converters.Rule<String> {
      @Override
      String apply(String value) {
        failUnder(value, new LinkedHashMap<>());
        return value;
      }
    }

    /** {@code --gate-format}: junit-xml=FILE or github. */
    static final class GateFormat extends Converters.Rule<String> {
      @Override
      String apply(String value) {
        junitXml(value);
        return value;
      }
    }

    /** {@code 0.7} (accuracy) or {@code accuracy=0.7,soft-f1=0.5}; may be given more than once. */
    private static void failUnder(String value, Map<String, Double> failUnder) {
      for (String part : value.split(",")) {
        String p = part.strip();
        // the last '=': a breakdown level holds one itself (sql:joins=1=0.5)
        int eq = p.lastIndexOf('=');
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
      Optional<Path> xml = junitXml(value);
      if (xml.isPresent()) {
        junitXml = xml.get();
      } else {
        github = true;
      }
    }

    /** The JUnit XML file of a {@code --gate-format} value, or empty for {@code github}. */
    private static Optional<Path> junitXml(String value) {
      String v = value.strip();
      if (v.equals("github")) {
        return Optional.empty();
      }
      if (v.startsWith("junit-xml=") && v.length() > "junit-xml=".length()) {
        return Optional.of(Path.of(v.substring("junit-xml=".length())));
      }
      throw new IllegalArgumentException("--gate-format takes junit-xml=FILE or github, but was "
          + Range.quote(value));
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
