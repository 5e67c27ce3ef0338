package dev.llmsql.cli;

import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judges;
import dev.llmsql.scoring.Scorings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code llmsql evaluate}: its options, read by picocli, and {@link #call()} running the evaluation. */
@Command(name = "evaluate", header = "evaluate a predictions JSONL file", description = Usage.EVALUATE_DESCRIPTION,
    footer = Usage.EVALUATE_FOOTER,
    customSynopsis = "llmsql evaluate --outputs FILE [options]", optionListHeading = "%n",
    modelTransformer = SettingsHelp.ForEvaluate.class)
final class EvaluateCommand implements Callable<Integer>, Commands.Sectioned {
  private final Cli cli;
  @Spec
  CommandSpec spec;

  @Option(names = "--outputs", paramLabel = "FILE", order = 0,
      description = "the predictions JSONL file to evaluate, or a Spider 2.0 submission directory of "
          + "<instance_id>.sql and <instance_id>.csv files")
  Path outputs;
  @Mixin
  Options.Hub download = new Options.Hub();
  @Option(names = "--questions-path", paramLabel = "FILE", order = 103)
  Path questions;
  @Option(names = "--db-path", paramLabel = "FILE", order = 104)
  Path db;
  @Option(names = "--databases-dir", paramLabel = "DIR", order = 105)
  Path databasesDir;
  @Option(names = "--engine", paramLabel = "NAME", order = 106, converter = Converters.Engine.class,
      completionCandidates = Options.EngineNames.class)
  String engine;
  @Option(names = "--jdbc-url", paramLabel = "URL", order = 107)
  String jdbcUrl;
  @Option(names = "--jdbc-user", paramLabel = "NAME", order = 108,
      description = "the user --jdbc-url connects as (PostgreSQL: a role that may only read)")
  String jdbcUser;
  @Option(names = "--jdbc-password-env", paramLabel = "VAR", order = 109,
      description = "the environment variable holding that user's password (never the password itself)")
  String jdbcPasswordEnv;
  @Option(names = "--allow-empty", order = 110)
  boolean allowEmpty;
  @Option(names = "--save-report", paramLabel = "FILE", order = 200)
  Path saveReport;
  @Option(names = "--no-save-report", order = 201)
  boolean noSaveReport;
  @Option(names = "--format", paramLabel = "LIST", order = 202, converter = FormatFiles.FormatList.class,
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
  @Option(names = "--name", paramLabel = "NAME", order = 204, converter = FormatFiles.FileName.class,
      description = "file name of those files (default: the predictions file's name)")
  String name;
  @Option(names = "--max-mismatches", paramLabel = "N", order = 205, converter = Converters.Mismatches.class)
  int maxMismatches = Evaluator.DEFAULT_MAX_MISMATCHES;
  @Option(names = "--no-show-mismatches", order = 206)
  boolean noShowMismatches;
  @Option(names = "--keep-mismatches", paramLabel = "N", order = 207, converter = Converters.Mismatches.class)
  Integer keepMismatches;
  @Option(names = "--model-name", paramLabel = "NAME", order = 208)
  String modelName;
  @Option(names = "--run-metadata", paramLabel = "FILE", order = 209,
      description = "YAML or JSON mapping deep-merged on top of the leaderboard entry, e.g. the F.run.json "
          + "'llmsql inference api' writes")
  Path runMetadata;
  @Option(names = "--save-leaderboard-yaml", paramLabel = "FILE", order = 210,
      description = "also write upstream LLMSQL's leaderboard entry (run.yaml) for this run")
  Path leaderboardYaml;
  @Option(names = "--judge", paramLabel = "NAME", order = 300)
  String judge;
  @Option(names = "--compare-judges", paramLabel = "A,B,...", order = 301, converter = JudgeList.class,
      description = "also judge with each and print, per pair, how many questions differ")
  String compareJudgesValue;
  @Option(names = "--scoring", paramLabel = "NAME", order = 302, split = "\\s*,\\s*", splitSynopsisLabel = ",")
  List<String> scorings = new ArrayList<>();
  @Option(names = "--gold-cache", paramLabel = "DIR", order = 400)
  Path goldCache;
  @Option(names = "--no-gold-cache", order = 401)
  boolean noGoldCache;
  @Option(names = {"--quiet", "-q"}, order = 500,
      description = "print only the accuracy line (no progress, no mismatches)")
  boolean quiet;
  @Option(names = {"--verbose", "-v"}, order = 501,
      description = "print the configuration, every input problem and debug logs")
  boolean verbose;
  @Option(names = "--query-timeout", paramLabel = "SECONDS", order = 600,
      converter = Converters.QueryTimeout.class)
  Duration queryTimeout;
  @Option(names = "--max-rows", paramLabel = "N", order = 601, converter = Converters.MaxRows.class)
  Integer maxRows;
  @Option(names = "--max-value-bytes", paramLabel = "N", order = 602, converter = Converters.MaxValueBytes.class)
  Integer maxValueBytes;
  @Option(names = "--max-row-bytes", paramLabel = "N", order = 603, converter = Converters.ResultBytes.class)
  Integer maxRowBytes;
  @Option(names = "--max-result-bytes", paramLabel = "N", order = 604, converter = Converters.ResultBytes.class)
  Integer maxResultBytes;
  @Option(names = "--threads", paramLabel = "N", order = 605, converter = Converters.Threads.class)
  Integer threads;
  @Option(names = "--fail-under", paramLabel = "MIN|SCORE=MIN[,...]", order = 700,
      converter = GateOptions.FailUnder.class,
      description = "fail (exit 6) when accuracy (MIN alone) or a score is below MIN, e.g. --fail-under 0.7 or "
          + "--fail-under accuracy=0.7,soft-f1=0.5 (other scores need --scoring); a level's accuracy too: "
          + "hard=0.5 (Spider's hardness with --judge spider, else the difficulty), challenging=0.3 (BIRD), "
          + "sql:nested=0.4, db:car_1=0.6 (with --breakdowns)")
  List<String> failUnderValues = new ArrayList<>();
  @Option(names = "--audit", paramLabel = "AUDIT.json", order = 211)
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
  @Option(names = "--gate-format", paramLabel = "junit-xml=FILE|github", order = 704,
      converter = GateOptions.GateFormat.class,
      description = "also write the gate as JUnit XML, or print GitHub Actions annotations (may be given twice)")
  List<String> gateFormats = new ArrayList<>();
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  List<String> compareJudges = List.of();
  Map<String, Double> failUnder = new LinkedHashMap<>();
  boolean showMismatches = true;
  Path junitXml;
  boolean github;

  EvaluateCommand(Cli cli) {
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
    return new EvaluateRun(cli).evaluate(this);
  }

  /** The checks across options, after picocli has read and converted each. */
  void validate() {
    showMismatches = !noShowMismatches;
    if (compareJudgesValue != null) {
      compareJudges = judgeList(compareJudgesValue);
    }
    for (String value : failUnderValues) {
      GateOptions.failUnder(value, failUnder);
    }
    for (String value : gateFormats) {
      gateFormat(value);
    }
    if (outputs == null) {
      throw new IllegalArgumentException("--outputs FILE is required (the predictions JSONL)");
    }
    if (outputs.toString().equals("-") && !java.nio.file.Files.exists(outputs)) {
      // many tools read "-" as standard input; this one reads predictions twice (a second pass for the questions
      // they name), so a stream cannot be its input, and "-: predictions file not found" left the user guessing
      throw new IllegalArgumentException("--outputs -: predictions are not read from standard input (they are "
          + "read twice); save them to a file and give its path");
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
    if (saveReport != null && noSaveReport) {
      // in either order no report was written and nothing said so
      throw new IllegalArgumentException("--save-report " + saveReport + " and --no-save-report exclude each other; "
          + "choose one");
    }
    if (saveReport != null) {
      requireJsonName(saveReport);
    }
    if (failUnder.isEmpty() && baseline == null && (junitXml != null || github)) {
      throw new IllegalArgumentException("--gate-format needs a gate: --fail-under or --baseline");
    }
    if (out != null && formats.isEmpty()) {
      formats = FormatFiles.evaluate();
    }
    if (!formats.isEmpty() && out == null) {
      out = Path.of("");
    }
  }

  /**
   * {@code --save-report} writes LLMSQL's JSON report whatever the name: a page or table name ({@code x.html})
   * would hold JSON a browser or spreadsheet then shows as text, so such a name is refused with the option that
   * writes that format.
   */
  private static void requireJsonName(Path report) {
    String name = String.valueOf(report.getFileName()).toLowerCase(java.util.Locale.ROOT);
    int dot = name.lastIndexOf('.');
    String extension = dot < 0 ? "" : name.substring(dot + 1);
    String instead = switch (extension) {
      case "html", "htm", "csv" -> "for the " + (extension.equals("csv") ? "CSV table" : "HTML page")
          + " use --format " + (extension.equals("csv") ? "csv" : "html") + " --out DIR";
      case "xml" -> "for JUnit XML use --gate-format junit-xml=FILE";
      case "yaml", "yml" -> "for a leaderboard entry use --save-leaderboard-yaml FILE";
      default -> null;
    };
    if (instead != null) {
      throw new IllegalArgumentException("--save-report " + report + ": writes LLMSQL's JSON report, not ."
          + extension + "; name it .json (" + instead + ")");
    }
  }

  /**
   * Gives {@code --engine}, {@code --judge} and {@code --scoring} their help from the engine, judge and scoring
   * registries ({@link Options#engines()}, {@link Judges#help()}, {@link Scorings#help()}), made when help is
   * shown. No completion candidates for judges and scorings: picocli's bash script names a candidate list after
   * the option's label, so a list for these would replace {@code --engine}'s, also labelled NAME.
   */
  static CommandLine describe(CommandLine evaluate) {
    return RegistryHelp.install(evaluate, Map.of(
        "engine", () -> Options.or(Options.engines()) + " (default: by --db-path's name or the URL)",
        "judge", () -> Usage.JUDGE_DEFAULT + String.join(", ", Judges.help()),
        "scoring", () -> "extra scores: " + String.join(", ", Scorings.help())));
  }

  /** {@code --compare-judges}: checked when read, split again in {@link #validate()}. */
  static final class JudgeList extends Converters.Rule<String> {
    @Override
    String apply(String value) {
      judgeList(value);
      return value;
    }
  }

  /** {@code junit-xml=FILE} or {@code github}; may be given more than once. */
  private void gateFormat(String value) {
    Optional<Path> xml = GateOptions.junitXml(value);
    if (xml.isPresent()) {
      junitXml = xml.get();
    } else {
      github = true;
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
}
