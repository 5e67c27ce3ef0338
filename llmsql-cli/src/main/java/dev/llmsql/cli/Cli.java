package dev.llmsql.cli;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine;

/**
 * The {@code llmsql} command line, testable without a JVM exit: {@link #run} returns the exit status.
 * Commands: {@code evaluate}, {@code report} (turn a saved full report into HTML or CSV),
 * {@code leaderboard} (compare several reports), {@code compare} (paired test of two runs), {@code dataset import}
 * (CSV, tables.jsonl or a SQLite benchmark into SQLite, DuckDB or PostgreSQL), {@code inference api} (ask a model
 * for predictions), {@code falcon run} (several models, several rounds, Falcon's tables),
 * {@code suite run} (SCALE-style capability suites), {@code completion} (a bash completion script);
 * {@code --help} on each. Each command is a picocli {@code @Command} whose typed options picocli reads and
 * explains, one class each ({@code EvaluateCommand}, {@code ReportCommand}, ...); {@link Commands} runs the tree
 * and maps every outcome to the exit codes below.
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

  final PrintStream out;
  final PrintStream err;
  final Terminal terminal;
  final java.util.function.Function<String, String> environment;

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
  /**
   * Whether {@code args} turn {@code --verbose} on, in any spelling picocli takes: {@code --verbose},
   * {@code -v}, either with {@code =true}, or {@code v} in a cluster of short options ({@code -vv}, {@code -qv});
   * also in quotes, which picocli takes off with {@code -Dpicocli.trimQuotes=true}. Decided before picocli parses
   * (logging is set up first, and the evaluation daemon must decline such a run), so one rule serves all three.
   */
  static boolean asksVerbose(List<String> args) {
    for (String arg : args) {
      for (String text : List.of(arg, DaemonAdmission.unquoted(arg))) {
        int equals = text.indexOf('=');
        String name = equals < 0 ? text : text.substring(0, equals);
        boolean off = equals >= 0 && text.substring(equals + 1).equalsIgnoreCase("false");
        boolean named = name.equals("--verbose") || name.equals("-v")
            || name.matches("-[a-zA-Z]++") && name.indexOf('v') > 0;
        if (named && !off) {
          return true;
        }
      }
    }
    return false;
  }

  public int run(String[] args) {
    try {
      return Commands.execute(args.length > 0 && args[0].equals("evaluate") ? evaluateOnly() : commands(), args,
          out, err);
    } catch (RuntimeException | Error e) {
      if (e instanceof VirtualMachineError && !(e instanceof OutOfMemoryError || e instanceof StackOverflowError)) {
        throw e;   // the JVM itself is broken: nothing sensible to print
      }
      Throwable shown = e instanceof CommandLine.ExecutionException && e.getCause() != null ? e.getCause() : e;
      boolean verbose = asksVerbose(List.of(args));
      err.println("llmsql: unexpected error: " + CliTerms.oneLine(String.valueOf(shown))
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
    top.addSubcommand(evaluate());
    return top;
  }

  /** {@code evaluate}, its formats, judges and scorings listed from their registries. */
  private CommandLine evaluate() {
    return EvaluateCommand.describe(FormatFiles.describeEvaluate(new CommandLine(new EvaluateCommand(this))));
  }

  /** The command tree of one run: each command a fresh object that picocli fills with that run's options. */
  CommandLine commands() {
    CommandLine top = new CommandLine(new Llmsql());
    top.addSubcommand(evaluate());
    top.addSubcommand(FormatFiles.describeReport(new CommandLine(new ReportCommand(this))));
    top.addSubcommand(new CommandLine(new LeaderboardCommand(this)));
    top.addSubcommand(new CommandLine(new CompareCommand(out, err)));
    top.addSubcommand(Options.describeEngine(new CommandLine(new AuditCommand(this, out, err)),
        () -> Options.or(Options.engines()) + " (default: by the database)"));
    top.addSubcommand(new CommandLine(new Llmsql.Dataset())
        .addSubcommand(Options.describeEngine(new CommandLine(new DatasetCommand(out, err, environment)),
            EngineTarget::help)));
    top.addSubcommand(new CommandLine(new Llmsql.Inference())
        .addSubcommand(new CommandLine(new InferenceCommand(out, err, environment, terminal))));
    top.addSubcommand(new CommandLine(new Llmsql.Falcon())
        .addSubcommand(new CommandLine(new FalconCommand(out, err, environment, terminal))));
    top.addSubcommand(new CommandLine(new Llmsql.Suite())
        .addSubcommand(new CommandLine(new SuiteCommand(out, err, environment, terminal)))
        .addSubcommand(new CommandLine(new ImportScaleCommand(out, err))));
    top.addSubcommand(new CommandLine(new CompletionCommand(out)));
    top.addSubcommand(new CommandLine(new HelpCommand(out)));
    return top;
  }
}
