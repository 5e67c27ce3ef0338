package dev.llmsql.cli;

import static dev.llmsql.cli.Cli.BAD_INPUT;
import static dev.llmsql.cli.Cli.NOT_SAVED;
import static dev.llmsql.cli.Cli.OK;
import static dev.llmsql.cli.Cli.USAGE;
import static dev.llmsql.cli.CliTerms.describe;
import static dev.llmsql.cli.CliTerms.oneLine;
import static dev.llmsql.cli.FormatFiles.stem;

import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.RunInputs;
import dev.llmsql.report.html.Leaderboard;
import dev.llmsql.report.leaderboard.PublishedRun;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code llmsql leaderboard R1.json R2.json ... [--out board.html]}. */
@Command(name = "leaderboard", header = "compare several reports on one HTML page",
    description = Usage.LEADERBOARD_DESCRIPTION, footer = Usage.LEADERBOARD_FOOTER,
    customSynopsis = "llmsql leaderboard (REPORT.json | ENTRY.yaml | DIR)... [--out FILE]")
final class LeaderboardCommand implements Callable<Integer> {
  private static final Path DEFAULT_OUTPUT = Path.of("leaderboard.html");
  private final PrintStream out;
  private final PrintStream err;
  @Spec
  CommandSpec spec;
  @Parameters(paramLabel = "REPORT", arity = "0..*", description = "full reports, capability-suite score "
      + "reports, upstream leaderboard entries (.yaml/.yml) or directories of them")
  List<Path> inputs = new ArrayList<>();
  @Option(names = "--out", paramLabel = "FILE", description = "where to write the page (default leaderboard.html)")
  Path output;
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  LeaderboardCommand(Cli cli) {
    this.out = cli.out;
    this.err = cli.err;
  }

  @Override
  public Integer call() {
    if (inputs.isEmpty()) {
      return Commands.usageError(spec, err, "give one or more REPORT.json files (written by llmsql evaluate "
          + "--format json)");
    }
    return leaderboard(inputs, output != null ? output : DEFAULT_OUTPUT);
  }

  private int leaderboard(List<Path> inputs, Path page) {
    RunInputs reports = RunInputs.none();
    for (Path in : inputs) {
      reports = reports.with("report " + in, in);
    }
    // before the reports are read: a page that could not be saved is not made
    Optional<String> badTarget = OutputTargets.fileProblem(output != null ? "--out" : "the default --out", page,
        reports);
    if (badTarget.isPresent()) {
      err.println("llmsql leaderboard: " + badTarget.get());
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
      Leaderboard.write(entries, suites, published, page);
    } catch (IOException | OutputTargetException e) {
      err.println("llmsql leaderboard: " + page + " could not be written (" + e
          + "); choose another path with --out");
      return NOT_SAVED;
    }
    out.println(page);
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
    if (!java.nio.file.Files.isRegularFile(input)) {
      return java.util.Optional.empty();   // a pipe would be waited on here: the report reader refuses it
    }
    String head;
    try (java.io.InputStream in = java.nio.file.Files.newInputStream(input)) {
      // the first bytes only, decoded leniently: a reader decodes a whole buffer ahead, and bytes that are not
      // UTF-8 anywhere in it ended the run with "Input length = 1"; the report reader says where they are
      head = new String(in.readNBytes(200), StandardCharsets.UTF_8);
    }
    if (!head.replaceAll("\\s", "").startsWith("{\"model\":")) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(dev.llmsql.models.suite.SuiteReports.readScoreReport(input));
  }
}
