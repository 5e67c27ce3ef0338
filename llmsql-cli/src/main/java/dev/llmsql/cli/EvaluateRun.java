package dev.llmsql.cli;

import static dev.llmsql.cli.Cli.BAD_INPUT;
import static dev.llmsql.cli.Cli.FAILED;
import static dev.llmsql.cli.Cli.GATE_FAILED;
import static dev.llmsql.cli.Cli.NOT_SAVED;
import static dev.llmsql.cli.Cli.NO_BENCHMARK;
import static dev.llmsql.cli.Cli.OK;
import static dev.llmsql.cli.Cli.USAGE;
import static dev.llmsql.cli.CliTerms.describe;
import static dev.llmsql.cli.CliTerms.inCliTerms;
import static dev.llmsql.cli.CliTerms.oneLine;
import static dev.llmsql.cli.FormatFiles.formatFile;

import dev.llmsql.Evaluator;
import dev.llmsql.benchmark.BenchmarkUnavailableException;
import dev.llmsql.gate.Gate;
import dev.llmsql.gate.GateResult;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judge.compare.JudgeDisagreements;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportNotSavedException;
import dev.llmsql.report.ReportText;
import dev.llmsql.report.ReportWriter;
import dev.llmsql.report.ReportWriters;
import dev.llmsql.report.leaderboard.LeaderboardYaml;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One run of {@code llmsql evaluate} after its options were read: the evaluation, the summary it prints, the
 * judge comparison, the report files, the leaderboard entry and the CI gate, each mapped to its exit status.
 */
final class EvaluateRun {

  private static final int MAX_PRINTED_PROBLEMS = 10;
  /** What {@link ReportNotSavedException}'s message tells a library caller, which the command line has no use for. */
  private static final String ATTACHED = "; the report is attached to this exception";

  private final Cli cli;
  private final PrintStream out;
  private final PrintStream err;
  private final Terminal terminal;

  EvaluateRun(Cli cli) {
    this.cli = cli;
    this.out = cli.out;
    this.err = cli.err;
    this.terminal = cli.terminal;
  }

  int evaluate(EvaluateCommand a) {
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
      Optional<String> other = GateOptions.otherBenchmark(baseline, a.questions);
      if (other.isPresent()) {
        err.println("llmsql evaluate: --baseline " + a.baseline + ": " + oneLine(other.get()));
        return BAD_INPUT;
      }
    }
    java.util.List<String> judges = new java.util.ArrayList<>(a.compareJudges);
    if (a.judge != null) {
      judges.add(a.judge);
    }
    // before the judge is made: making it opens its log
    Optional<String> badLog = JudgeLogTarget.problem(judges, cli.environment, OutputTargets.inputs(a),
        OutputTargets.outputs(a));
    if (badLog.isPresent()) {
      err.println("llmsql evaluate: " + badLog.get());
      return USAGE;
    }
    Optional<Gate> gate;
    try {
      gate = GateOptions.gate(a, baseline);
      Evaluator.Builder b = new EvaluatorConfiguration(cli).configure(a);
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
    Optional<String> badTarget = OutputTargets.outputTargetProblem(a);
    if (badTarget.isPresent()) {
      err.println("llmsql evaluate: " + badTarget.get());
      return USAGE;
    }
    try {
      EvaluationReport report;
      String notSaved = null;
      try {
        report = evaluator.run(a.outputs);
      } catch (ReportNotSavedException e) {
        // the run is done: its other files and its gate still count
        report = e.report();
        notSaved = inCliTerms(oneLine(e.getMessage()), a.spec).replace(ATTACHED, "");
      }
      if (a.breakdowns) {
        report = report.withBreakdowns();
      }
      printSummary(report, a);
      if (notSaved != null) {
        err.println("llmsql evaluate: " + notSaved);
      }
      if (!a.compareJudges.isEmpty()) {
        compareJudges(evaluator, a);
      }
      int status = notSaved != null ? NOT_SAVED : OK;
      status = firstFailure(status, write(report, a));
      status = firstFailure(status, writeLeaderboardYaml(report, a, runMetadata));
      return gate.isEmpty() ? status : firstFailure(status, checkGate(gate.get(), report, a));
    } catch (InvalidInputException e) {
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec));
      return BAD_INPUT;
    } catch (OutputTargetException e) {
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec));
      return USAGE;
    } catch (BenchmarkUnavailableException e) {
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec));
      return NO_BENCHMARK;
    } catch (UncheckedIOException | IllegalStateException e) {
      err.println("llmsql evaluate: " + inCliTerms(oneLine(e.getMessage()), a.spec));
      return FAILED;
    }
  }

  /** The exit status of a run whose steps ended with {@code before}, then {@code after}: the first that failed. */
  private static int firstFailure(int before, int after) {
    return before != OK ? before : after;
  }

  /** Checks the gate, prints its line (and GitHub annotations), writes JUnit XML; returns the exit status. */
  private int checkGate(Gate gate, EvaluationReport report, EvaluateCommand a) {
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
        ReportWriters.named("junit-xml").write(report, ReportWriter.Extras.of(result), a.junitXml);
      } catch (IOException | UncheckedIOException | OutputTargetException e) {
        err.println("llmsql evaluate: evaluation finished but " + a.junitXml + " could not be written (" + e
            + "); choose another path with --gate-format junit-xml=FILE");
        return NOT_SAVED;
      }
    }
    return result.passed() ? OK : GATE_FAILED;
  }

  /** Runs the predictions once per judge (no report files, no mismatches) and prints where they differ. */
  private void compareJudges(Evaluator evaluator, EvaluateCommand a) {
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

  private void printSummary(EvaluationReport report, EvaluateCommand a) {
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
  private int writeLeaderboardYaml(EvaluationReport report, EvaluateCommand a, Map<String, Object> runMetadata) {
    if (a.leaderboardYaml == null) {
      return OK;
    }
    // the writer gives the entry the report
    LeaderboardYaml.Builder entry = LeaderboardYaml.builder().runMetadata(runMetadata)
        .answersPath(a.outputs.toString());
    if (a.modelName != null) {
      entry.modelName(a.modelName);
    }
    if (report.version().isEmpty() && a.download.version != null) {
      entry.version(a.download.version);
    }
    try {
      ReportWriters.named("leaderboard-yaml").write(report, ReportWriter.Extras.of(entry), a.leaderboardYaml);
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

  /**
   * Writes the --format files into --out, the HTML page last (it takes the most memory); a file that cannot be
   * written is reported and the others are still written. Returns the exit status.
   */
  private int write(EvaluationReport report, EvaluateCommand a) {
    List<String> formats = new ArrayList<>(a.formats);
    formats.sort(java.util.Comparator.comparing(format -> format.equals("html")));
    int status = OK;
    for (String format : formats) {
      Path file = formatFile(a, format);
      try {
        FormatFiles.writer(format).write(report, file);
      } catch (IOException | UncheckedIOException | OutputTargetException e) {
        err.println("llmsql evaluate: evaluation finished but " + file + " could not be written (" + e
            + "); choose another directory with --out");
        status = NOT_SAVED;
        continue;
      } catch (OutOfMemoryError e) {
        // what the writer held is garbage now; the run's other files, its gate and its exit status still count
        err.println("llmsql evaluate: evaluation finished but " + file + " could not be written: out of memory; "
            + "keep fewer mismatches (--keep-mismatches N) or give Java more memory (-Xmx2g)");
        status = NOT_SAVED;
        continue;
      }
      if (!a.quiet) {
        out.println("  " + String.format(Locale.ROOT, "%-15s %s", format.toUpperCase(Locale.ROOT) + ":", file));
      }
    }
    out.flush();
    return status;
  }
}
