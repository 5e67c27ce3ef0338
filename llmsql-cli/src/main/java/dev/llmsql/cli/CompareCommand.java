package dev.llmsql.cli;

import dev.llmsql.compare.PairedComparison;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
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

/**
 * {@code llmsql compare A.json B.json [--alpha 0.05] [--html FILE] [--fail-unless-better]}: the paired
 * comparison of two full reports of the same questions on one screen.
 *
 * <pre>{@code
 * int status = new CompareCommand(System.out, System.err).run(List.of("a.json", "b.json"));
 * }</pre>
 */
final class CompareCommand {

  private final PrintStream out;
  private final PrintStream err;

  CompareCommand(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  int run(List<String> args) {
    List<Path> inputs = new ArrayList<>();
    double alpha = PairedComparison.DEFAULT_ALPHA;
    Path html = null;
    boolean failUnlessBetter = false;
    try {
      for (int i = 0; i < args.size(); i++) {
        String arg = args.get(i);
        switch (arg) {
          case "--help", "-h" -> {
            out.print(Usage.COMPARE);
            return Cli.OK;
          }
          case "--alpha" -> {
            String value = Options.value(args, i++, arg);
            alpha = Options.rate(arg, value);
            if (alpha == 0 || alpha == 1) {
              throw new IllegalArgumentException("--alpha takes a significance level between 0 and 1 "
                  + "(exclusive), e.g. 0.05, but was '" + value + "'");
            }
          }
          case "--html" -> html = Path.of(Options.value(args, i++, arg));
          case "--fail-unless-better" -> failUnlessBetter = true;
          default -> {
            if (arg.startsWith("-")) {
              throw new IllegalArgumentException("unknown option " + arg);
            }
            inputs.add(Path.of(arg));
          }
        }
      }
      if (inputs.size() != 2) {
        throw new IllegalArgumentException("give exactly two REPORT.json files (written by llmsql evaluate "
            + "--format json), but got " + inputs.size());
      }
    } catch (IllegalArgumentException e) {
      err.println("llmsql compare: " + e.getMessage() + " (see llmsql compare --help)");
      return Cli.USAGE;
    }
    if (html != null) {
      Map<String, Path> reports = new LinkedHashMap<>();
      inputs.forEach(in -> reports.put("report " + in, in));
      try {
        ReportFiles.requireWritableTarget(html, reports);
      } catch (OutputTargetException e) {
        err.println("llmsql compare: " + oneLine(e.getMessage()));
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
