package dev.llmsql.cli;

import dev.llmsql.Audit;
import dev.llmsql.audit.AuditFlag;
import dev.llmsql.audit.AuditReport;
import dev.llmsql.benchmark.BenchmarkUnavailableException;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.judgement.Judges;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.RunInputs;
import dev.llmsql.report.html.AuditPage;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code llmsql audit --questions-path FILE (--db-path FILE | --databases-dir DIR | --jdbc-url URL) [options]}:
 * runs every gold query of a benchmark with no predictions and flags the questions no model can match reliably
 * ({@link Audit}); prints a one-screen summary, writes JSON, CSV and HTML, and fails CI with {@code --fail-on}.
 * The options setting {@code Audit.Builder} take their help from its declarations
 * ({@link dev.llmsql.config.AuditSettings}, through {@link SettingsHelp.ForAudit}).
 */
@Command(name = "audit", header = "check a benchmark's gold queries before they score a model",
    description = Usage.AUDIT_DESCRIPTION, footer = Usage.AUDIT_FOOTER, optionListHeading = "%n",
    customSynopsis = "llmsql audit --questions-path FILE (--db-path FILE | --databases-dir DIR | --jdbc-url URL) "
        + "[options]", modelTransformer = SettingsHelp.ForAudit.class)
final class AuditCommand implements Callable<Integer> {

  private final Cli cli;
  private final PrintStream out;
  private final PrintStream err;
  @Spec
  CommandSpec spec;

  @Option(names = "--questions-path", paramLabel = "FILE")
  Path questions;
  @Option(names = "--db-path", paramLabel = "FILE")
  Path db;
  @Option(names = "--databases-dir", paramLabel = "DIR")
  Path databasesDir;
  @Option(names = "--engine", paramLabel = "NAME", converter = Converters.Engine.class,
      completionCandidates = Options.EngineNames.class)
  String engine;
  @Option(names = "--jdbc-url", paramLabel = "URL")
  String jdbcUrl;
  @Option(names = "--jdbc-user", paramLabel = "NAME", description = "the user --jdbc-url logs in as")
  String jdbcUser;
  @Option(names = "--jdbc-password-env", paramLabel = "VAR", description = "the variable holding its password")
  String jdbcPasswordEnv;
  @Option(names = "--judge", paramLabel = "NAME")
  String judge;
  @Option(names = "--query-timeout", paramLabel = "SECONDS", converter = Converters.QueryTimeout.class)
  Duration queryTimeout;
  @Option(names = "--slow-fraction", paramLabel = "RATE", converter = Converters.Rate.class)
  Double slowFraction;
  @Option(names = "--max-rows", paramLabel = "N", converter = Converters.MaxRows.class)
  Integer maxRows;
  @Option(names = "--max-value-bytes", paramLabel = "N", converter = Converters.MaxValueBytes.class)
  Integer maxValueBytes;
  @Option(names = "--max-row-bytes", paramLabel = "N", converter = Converters.ResultBytes.class)
  Integer maxRowBytes;
  @Option(names = "--max-result-bytes", paramLabel = "N", converter = Converters.ResultBytes.class)
  Integer maxResultBytes;
  @Option(names = "--threads", paramLabel = "N", converter = Converters.Threads.class)
  Integer threads;
  @Option(names = "--save", paramLabel = "FILE", description = "write the JSON report (for evaluate --audit)")
  Path save;
  @Option(names = "--csv", paramLabel = "FILE", description = "write one CSV row per question")
  Path csv;
  @Option(names = "--html", paramLabel = "FILE", description = "write a self-contained HTML page")
  Path html;
  @Option(names = "--fail-on", paramLabel = "FLAG,...", converter = FlagList.class,
      description = "exit 6 when any question carries one of these flags (or 'any')")
  FlagSet failOnFlags;
  private Set<AuditFlag> failOn = EnumSet.noneOf(AuditFlag.class);
  @Option(names = "--worst", paramLabel = "N", converter = Converters.Mismatches.class,
      description = "how many of the worst questions the summary lists (default 10)")
  int worst = 10;
  @Option(names = {"--quiet", "-q"}, description = "no progress on standard error")
  boolean quiet;
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  AuditCommand(Cli cli, PrintStream out, PrintStream err) {
    this.cli = cli;
    this.out = out;
    this.err = err;
  }

  /** The flags of {@code --fail-on}. */
  record FlagSet(Set<AuditFlag> flags) { }

  /** {@code --fail-on gold_error,limit_tie} or {@code any}. */
  static final class FlagList extends Converters.Rule<FlagSet> {
    @Override
    FlagSet apply(String value) {
      Set<AuditFlag> flags = EnumSet.noneOf(AuditFlag.class);
      for (String part : value.split(",")) {
        if (part.isBlank()) {
          continue;
        }
        if (part.trim().equalsIgnoreCase("any")) {
          flags.addAll(EnumSet.allOf(AuditFlag.class));
        } else {
          try {
            flags.add(AuditFlag.named(part));
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(Converters.OPTION + ": " + e.getMessage(), e);
          }
        }
      }
      if (flags.isEmpty()) {
        throw new IllegalArgumentException(Converters.OPTION + " takes flags separated by commas, e.g. "
            + "gold_error,limit_tie, or any");
      }
      return new FlagSet(flags);
    }
  }

  @Override
  public Integer call() {
    if (failOnFlags != null) {
      failOn = failOnFlags.flags();
    }
    Map<String, Path> inputs = new LinkedHashMap<>();
    inputs.put("--questions-path file", questions);
    inputs.put("--db-path file", db);
    Map<String, Path> outputs = new LinkedHashMap<>();
    outputs.put("--save", save);
    outputs.put("--csv", csv);
    outputs.put("--html", html);
    Optional<String> badLog = JudgeLogTarget.problem(judge == null ? List.of() : List.of(judge), cli.environment,
        RunInputs.of(inputs), outputs);
    if (badLog.isPresent()) {
      err.println("llmsql audit: " + badLog.get());
      return Cli.USAGE;
    }
    Audit audit;
    try {
      audit = configure().build();
    } catch (IllegalArgumentException | IllegalStateException e) {
      return Commands.usageError(spec, err, CliTerms.oneLine(e.getMessage()));
    }
    // before any gold runs: the audit finished, then could not save what it found (two naming one file kept one)
    Optional<String> badTarget = OutputTargets.filesProblem(outputs, RunInputs.of(inputs))
        .or(() -> OutputTargets.sameFileTwice(outputs));
    if (badTarget.isPresent()) {
      err.println("llmsql audit: " + badTarget.get());
      return Cli.USAGE;
    }
    AuditReport report;
    try {
      report = audit.run();
    } catch (InvalidInputException e) {
      err.println("llmsql audit: " + CliTerms.oneLine(e.getMessage()));
      return Cli.BAD_INPUT;
    } catch (BenchmarkUnavailableException e) {
      err.println("llmsql audit: " + CliTerms.oneLine(e.getMessage()));
      return Cli.NO_BENCHMARK;
    } catch (UncheckedIOException | IllegalStateException e) {
      err.println("llmsql audit: " + CliTerms.oneLine(e.getMessage()));
      return Cli.FAILED;
    }
    out.println();
    out.print(report.summary(worst));
    int status = write(report);
    if (!failOn.isEmpty()) {
      List<String> hits = new ArrayList<>();
      for (AuditFlag flag : failOn) {
        int n = report.count(flag);
        if (n > 0) {
          hits.add(flag.id() + " " + n);
        }
      }
      int flagged = report.withAny(failOn).size();
      String gate = failOn.size() == AuditFlag.values().length ? "any"
          : failOn.stream().map(AuditFlag::id).collect(Collectors.joining(","));
      if (flagged > 0) {
        out.println("Audit gate failed: --fail-on " + gate + ": " + flagged + " question(s) flagged ("
            + String.join(", ", hits) + ")");
        out.flush();
        return status != Cli.OK ? status : Cli.GATE_FAILED;
      }
      out.println("Audit gate passed: no question carries " + gate);
    }
    out.flush();
    return status;
  }

  private Audit.Builder configure() {
    Audit.Builder b = Audit.builder();
    if (questions == null) {
      throw new IllegalArgumentException("--questions-path is required: the questions JSONL whose golds to audit");
    }
    b.questionsPath(questions);
    int given = (db != null ? 1 : 0) + (databasesDir != null ? 1 : 0) + (jdbcUrl != null ? 1 : 0);
    if (given != 1) {
      throw new IllegalArgumentException("give exactly one of --db-path, --databases-dir or --jdbc-url");
    }
    if (jdbcUrl != null) {
      b.database(new JdbcLogin(cli.environment).jdbcDatabase(jdbcUrl, jdbcUser, jdbcPasswordEnv));
    } else if (db != null) {
      if (engine != null) {
        b.database(Database.file(db));
      } else {
        Options.requireDriverFor(db, Cli.class.getClassLoader());
        b.dbPath(db);
      }
    } else {
      b.databasesDir(databasesDir);
    }
    if (engine != null) {
      b.engine(QueryEngines.named(engine));
    }
    if (judge != null) {
      b.judge(Judges.named(judge));
    }
    if (queryTimeout != null) {
      b.queryTimeout(queryTimeout);
    }
    if (slowFraction != null) {
      if (slowFraction == 0) {
        throw new IllegalArgumentException("--slow-fraction takes a share of the timeout above 0 and at most 1, "
            + "e.g. 0.5, but was 0");
      }
      b.slowFraction(slowFraction);
    }
    if (maxRows != null) {
      b.maxRows(maxRows);
    }
    if (maxValueBytes != null) {
      b.maxValueBytes(maxValueBytes);
    }
    if (maxRowBytes != null) {
      b.maxRowBytes(maxRowBytes);
    }
    if (maxResultBytes != null) {
      b.maxResultBytes(maxResultBytes);
    }
    if (threads != null) {
      b.threads(threads);
    }
    if (!quiet) {
      b.listener(new ProgressLine());
    }
    return b;
  }

  /** Writes --save, --csv and --html; returns the exit status. */
  private int write(AuditReport report) {
    Map<String, Path> targets = new LinkedHashMap<>();
    targets.put("JSON", save);
    targets.put("CSV", csv);
    targets.put("HTML", html);
    for (Map.Entry<String, Path> t : targets.entrySet()) {
      Path file = t.getValue();
      if (file == null) {
        continue;
      }
      try {
        switch (t.getKey()) {
          case "JSON" -> report.writeJson(file);
          case "CSV" -> report.writeCsv(file);
          default -> AuditPage.write(report, file);
        }
      } catch (IOException | UncheckedIOException | OutputTargetException e) {
        err.println("llmsql audit: the audit finished but " + file + " could not be written (" + e
            + "); choose another path with --" + t.getKey().toLowerCase(Locale.ROOT).replace("json", "save"));
        return Cli.NOT_SAVED;
      }
      out.println("  " + String.format(Locale.ROOT, "%-22s %s", t.getKey() + ":", file));
    }
    return Cli.OK;
  }

  /** A line on standard error when a phase ends, and every 10 s meanwhile. */
  private final class ProgressLine implements dev.llmsql.audit.AuditListener {
    private long last = System.nanoTime();

    @Override
    public void onProgress(String phase, int done, int total) {
      long now = System.nanoTime();
      if (done == total || now - last >= Progress.DEFAULT_LINE_NANOS) {
        last = now;
        err.println("llmsql audit: " + phase + " " + done + "/" + total);
        err.flush();
      }
    }
  }
}
