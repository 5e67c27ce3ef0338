package dev.llmsql.cli;

import dev.llmsql.compare.PairedComparison;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.RunInputs;
import dev.llmsql.report.html.ComparisonReport;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code llmsql compare A.json B.json [--alpha 0.05] [--html FILE] [--fail-unless-better]}: the paired
 * comparison of two full reports of the same questions on one screen.
 *
 * <pre>{@code
 * int status = new Cli(System.out, System.err).run(new String[] {"compare", "a.json", "b.json"});
 * }</pre>
 */
@Command(name = "compare", header = "paired test of two runs (exact McNemar)", description = Usage.COMPARE_DESCRIPTION, footer = Usage.COMPARE_FOOTER,
    customSynopsis = "llmsql compare A.json B.json [--alpha 0.05] [--html FILE] [--fail-unless-better]")
final class CompareCommand implements Callable<Integer> {

  private final PrintStream out;
  private final PrintStream err;
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "REPORT.json", arity = "0..*", description = "the two full reports, A then B")
  List<Path> inputs = new ArrayList<>();
  @Option(names = "--alpha", paramLabel = "LEVEL", converter = Alpha.class,
      description = "significance level of the verdict (default 0.05; between 0 and 1)")
  double alpha = PairedComparison.DEFAULT_ALPHA;
  @Option(names = "--html", paramLabel = "FILE",
      description = "also write the comparison view as a self-contained HTML page")
  Path html;
  @Option(names = "--fail-unless-better", description = "exit 6 unless B is significantly better than A")
  boolean failUnlessBetter;
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  CompareCommand(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /** {@code --alpha}: a significance level strictly between 0 and 1. */
  static final class Alpha implements ITypeConverter<Double> {
    @Override
    public Double convert(String value) {
      double alpha;
      try {
        alpha = Options.rate(Converters.OPTION, value);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
      if (alpha == 0 || alpha == 1) {
        throw new TypeConversionException(Converters.OPTION + " takes a significance level between 0 and 1 "
            + "(exclusive), e.g. 0.05, but was '" + value + "'");
      }
      return alpha;
    }
  }

  @Override
  public Integer call() {
    if (inputs.size() != 2) {
      return Commands.usageError(spec, err, "give exactly two REPORT.json files (written by llmsql evaluate "
          + "--format json), but got " + inputs.size());
    }
    if (html != null) {
      // before the reports are read: the comparison was printed, then the page could not be saved
      Map<String, Path> reports = new LinkedHashMap<>();
      inputs.forEach(in -> reports.put("report " + in, in));
      Optional<String> badTarget = OutputTargets.fileProblem("--html", html, RunInputs.of(reports));
      if (badTarget.isPresent()) {
        err.println("llmsql compare: " + badTarget.get());
        return Cli.USAGE;
      }
    }
    List<EvaluationReport> reports = new ArrayList<>();
    for (Path input : inputs) {
      try {
        reports.add(FullReportJson.read(input));
      } catch (NoSuchFileException e) {
        err.println("llmsql compare: " + input + ": file not found or not a regular file; check the path");
        return Cli.BAD_INPUT;
      } catch (IOException e) {
        err.println("llmsql compare: " + oneLine(e.getMessage()));
        return Cli.BAD_INPUT;
      }
    }
    // file names keep the screen narrow; full paths only when the names alone are the same
    boolean sameNames = String.valueOf(inputs.get(0).getFileName()).equals(String.valueOf(inputs.get(1).getFileName()));
    String first = sameNames ? inputs.get(0).toString() : String.valueOf(inputs.get(0).getFileName());
    String second = sameNames ? inputs.get(1).toString() : String.valueOf(inputs.get(1).getFileName());
    PairedComparison comparison;
    try {
      comparison = PairedComparison.of(reports.get(0), reports.get(1));
    } catch (IllegalArgumentException | IllegalStateException e) {
      err.println("llmsql compare: cannot compare " + first + " with " + second + ": " + oneLine(e.getMessage()));
      return Cli.BAD_INPUT;
    }
    out.print(comparison.render(first, second, alpha));
    Map<String, PairedComparison> levels = PairedComparison.byLevel(reports.get(0), reports.get(1));
    if (!levels.isEmpty()) {
      out.print(PairedComparison.renderLevels(levels, first, second));
    }
    if (html != null) {
      try {
        ComparisonReport.write(reports.get(0), first, reports.get(1), second, alpha, html);
      } catch (IOException | UncheckedIOException | OutputTargetException e) {
        err.println("llmsql compare: " + html + " could not be written (" + e + "); choose another path with --html");
        return Cli.NOT_SAVED;
      }
      out.println("HTML: " + html);
    }
    out.flush();
    return failUnlessBetter && !comparison.secondIsBetter(alpha) ? Cli.GATE_FAILED : Cli.OK;
  }

  private static String oneLine(String message) {
    return String.valueOf(message).replaceAll("\\s*\\R\\s*", " ");
  }
}
