package dev.llmsql.cli;

import dev.llmsql.models.suite.SuiteFormatException;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code llmsql suite import-scale dataset_config.py --out F}. */
@Command(name = "import-scale", header = "SCALE's config as a suite config",
    customSynopsis = "llmsql suite import-scale dataset_config.py --out F",
    description = Usage.IMPORT_SCALE_DESCRIPTION, footer = Usage.IMPORT_SCALE_FOOTER)
final class ImportScaleCommand implements Callable<Integer> {
  private final PrintStream out;
  private final PrintStream err;
  @Spec
  CommandSpec spec;
  @Parameters(paramLabel = "dataset_config.py", arity = "0..*",
      description = "SCALE's evaluator/config/dataset_config.py")
  List<Path> files = new ArrayList<>();
  @Option(names = "--out", paramLabel = "F", description = "the suite config to write (prompts/ beside it)")
  Path to;
  @Option(names = {"--help", "-h"}, usageHelp = true, hidden = true)
  boolean help;

  ImportScaleCommand(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public Integer call() {
    return importScale(this);
  }

  private static int importScale(ImportScaleCommand command) {
    PrintStream out = command.out;
    PrintStream err = command.err;
    Path from = command.files.isEmpty() ? null : command.files.get(0);
    Path to = command.to;
    try {
      if (command.files.size() > 1) {
        // a second file is no option: "unknown option b.py" sent the user looking for a misspelt one
        throw new IllegalArgumentException("takes one dataset_config.py, but was given " + command.files.size()
            + " files; import one at a time");
      }
      if (from == null || to == null) {
        throw new IllegalArgumentException("give SCALE's dataset_config.py and --out FILE.json");
      }
      dev.llmsql.report.ReportFiles.requireWritableTarget(to, java.util.Map.of("SCALE config", from));
    } catch (IllegalArgumentException e) {
      return Commands.usageError(command.spec, err, e.getMessage());
    }
    dev.llmsql.models.suite.ScaleConfigImport imported;
    try {
      imported = dev.llmsql.models.suite.ScaleConfigImport.read(from);
    } catch (SuiteFormatException | UncheckedIOException | dev.llmsql.prediction.InvalidInputException e) {
      err.println("llmsql suite import-scale: " + CliTerms.inCliTerms(e.getMessage(), command.spec));
      return Cli.BAD_INPUT;
    }
    try {
      imported.write(to);
    } catch (IOException | UncheckedIOException e) {
      err.println("llmsql suite import-scale: " + to + " not written: " + e.getMessage());
      return Cli.NOT_SAVED;
    }
    imported.notes().forEach(n -> err.println("check: " + n));
    out.println(to + " (" + imported.prompts().size() + " prompt file(s) in "
        + to.toAbsolutePath().resolveSibling("prompts") + ")");
    return Cli.OK;
  }
}
