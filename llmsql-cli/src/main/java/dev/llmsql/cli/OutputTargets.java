package dev.llmsql.cli;

import static dev.llmsql.cli.FormatFiles.formatFile;

import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.RunInputs;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The check of {@code llmsql evaluate}'s output targets before any work, each named by its option: a run that
 * could not write its results is not run.
 */
final class OutputTargets {

  /**
   * What is wrong with an output target of the run, named by its option, checked before any work so a run that
   * could not write its results is not run: a file wanted where a directory is (or the reverse), a parent that
   * is a file or cannot be written, a target that is one of the run's inputs.
   */
  static Optional<String> outputTargetProblem(EvaluateCommand a) {
    RunInputs inputs = inputs(a);
    try {
      if (a.out != null && !a.formats.isEmpty()) {
        Path dir = a.out.toString().isEmpty() ? Path.of(".") : a.out;
        if (java.nio.file.Files.exists(dir) && !java.nio.file.Files.isDirectory(dir)) {
          return Optional.of("--out " + a.out + ": exists and is not a directory; --out takes the directory the "
              + "--format files go into");
        }
        Optional<String> parent = ReportFiles.unwritableDirectory(dir);
        if (parent.isPresent()) {
          return Optional.of("--out " + a.out + ": " + parent.get());
        }
        for (String format : a.formats) {
          ReportFiles.requireWritableTarget(formatFile(a, format), inputs);
        }
      }
      Optional<String> twice = sameFileTwice(a);
      if (twice.isPresent()) {
        return twice;
      }
      if (a.saveReport == null && !a.noSaveReport) {
        Optional<String> here = ReportFiles.unwritableDirectory(Path.of(""));
        if (here.isPresent()) {
          return Optional.of("the report goes to the current directory by default, but " + here.get()
              .replace("; choose another path", "") + "; give --save-report FILE or --no-save-report");
        }
      }
      for (Map.Entry<String, Path> file : fileOptions(a).entrySet()) {
        String option = prefix(file.getKey());
        try {
          ReportFiles.requireWritableTarget(file.getValue(), inputs);
        } catch (OutputTargetException e) {
          return Optional.of(option + e.getMessage());
        }
        Path parent = file.getValue().toAbsolutePath().getParent();
        Optional<String> problem = parent == null ? Optional.empty() : ReportFiles.unwritableDirectory(parent);
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
   * Two outputs of the run naming one file: the last one written would replace the other (a JUnit XML over the
   * report), so the run is refused before any work.
   */
  private static Optional<String> sameFileTwice(EvaluateCommand a) {
    Map<Path, String> seen = new LinkedHashMap<>();
    for (Map.Entry<String, Path> output : outputs(a).entrySet()) {
      String other = seen.putIfAbsent(output.getValue().toAbsolutePath().normalize(), output.getKey());
      if (other != null) {
        return Optional.of(prefix(output.getKey()) + output.getValue() + ": is also the " + other + " file of "
            + "this run, which it would replace; give each output its own path");
      }
    }
    return Optional.empty();
  }

  /** Every file the run writes, by the option that names it. */
  static Map<String, Path> outputs(EvaluateCommand a) {
    Map<String, Path> outputs = new LinkedHashMap<>();
    if (a.out != null) {
      a.formats.forEach(format -> outputs.put("--format " + format, formatFile(a, format)));
    }
    outputs.putAll(fileOptions(a));
    return outputs;
  }

  /** The outputs given as one file each, by option: those the command line names, in the order checked. */
  private static Map<String, Path> fileOptions(EvaluateCommand a) {
    Map<String, Path> files = new LinkedHashMap<>();
    if (a.saveReport != null && !a.noSaveReport) {
      files.put("--save-report", a.saveReport);
    }
    if (a.leaderboardYaml != null) {
      files.put("--save-leaderboard-yaml", a.leaderboardYaml);
    }
    if (a.junitXml != null) {
      files.put("--gate-format junit-xml=", a.junitXml);
    }
    return files;
  }

  /** An option as a message starts with it: {@code --save-report FILE}, but {@code junit-xml=FILE}. */
  private static String prefix(String option) {
    return option + (option.endsWith("=") ? "" : " ");
  }

  /** The run's input files named by their options, which no output may overwrite. */
  static RunInputs inputs(EvaluateCommand a) {
    return RunInputs.none().with("--outputs file", a.outputs).with("--questions-path file", a.questions)
        .with("--db-path file", a.db).with("--baseline report", a.baseline).with("--audit report", a.audit)
        .with("--run-metadata file", a.runMetadata);
  }

  private OutputTargets() {
  }
}
