package dev.llmsql.cli;

import static dev.llmsql.cli.Cli.BAD_INPUT;
import static dev.llmsql.cli.Cli.NOT_SAVED;
import static dev.llmsql.cli.Cli.OK;
import static dev.llmsql.cli.Cli.USAGE;
import static dev.llmsql.cli.CliTerms.describe;
import static dev.llmsql.cli.CliTerms.oneLine;
import static dev.llmsql.cli.FormatFiles.stem;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportWriter;
import dev.llmsql.report.RunInputs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code llmsql report REPORT.json [--format html|csv] [--out FILE]}. */
@Command(name = "report", header = "turn a saved report into an HTML page or CSV", description = Usage.REPORT_DESCRIPTION,
    footer = Usage.REPORT_FOOTER,
    customSynopsis = "llmsql report REPORT.json [--format html|csv] [--out FILE]")
final class ReportCommand implements Callable<Integer> {
  private final PrintStream out;
  private final PrintStream err;
  @Spec
  CommandSpec spec;
  @Parameters(paramLabel = "REPORT.json", arity = "0..*", description = "a full report (llmsql evaluate "
      + "--format json)")
  List<Path> inputs = new ArrayList<>();
  // label, help and completion are the registry's (FormatFiles.describeReport); these name the built-in ones
  @Option(names = "--format", paramLabel = "html|csv", converter = FormatFiles.ReportFormat.class,
      description = "what to write (default html)")
  String format = FormatFiles.REPORT_DEFAULT;
  @Option(names = "--out", paramLabel = "FILE", description = "where (default: REPORT with the format's "
      + "extension)")
  Path output;
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  ReportCommand(Cli cli) {
    this.out = cli.out;
    this.err = cli.err;
  }

  @Override
  public Integer call() {
    if (inputs.size() > 1) {
      return Commands.usageError(spec, err, "one report at a time, but got " + inputs.get(0) + " and "
          + inputs.get(1) + "; use 'llmsql leaderboard' to compare reports");
    }
    if (inputs.isEmpty()) {
      return Commands.usageError(spec, err, "REPORT.json is required (written by llmsql evaluate --format "
          + "json)");
    }
    return report(inputs.get(0), format, output);
  }

  private int report(Path input, String format, Path output) {
    ReportWriter writer = FormatFiles.writer(format);
    Path file = output != null ? output : input.resolveSibling(writer.fileName(stem(input.getFileName().toString())));
    // before the report is read: a page that could not be saved is not made
    Optional<String> badTarget = OutputTargets.fileProblem(output != null ? "--out" : "the default --out", file,
        RunInputs.none().with("report", input));
    if (badTarget.isPresent()) {
      err.println("llmsql report: " + badTarget.get());
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
      writer.write(report, file);
    } catch (IOException | OutputTargetException e) {
      err.println("llmsql report: " + file + " could not be written (" + e + "); choose another path with --out");
      return NOT_SAVED;
    }
    out.println(file);
    return OK;
  }
}
