package dev.llmsql.cli;

import static dev.llmsql.cli.FormatFiles.formatFile;

import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.RunInputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The check of every command's output targets before any work, each named by its option: a run that could not
 * write its results is not run. {@link #fileProblem}, {@link #directoryProblem} and {@link #sameFileTwice} are the
 * one check each command uses; {@link #outputTargetProblem} puts them together for {@code llmsql evaluate}.
 */
final class OutputTargets {

  /**
   * What is wrong with an output target of the run, named by its option, checked before any work so a run that
   * could not write its results is not run: a file wanted where a directory is (or the reverse), a parent that
   * is a file or cannot be written, a target that is one of the run's inputs, two outputs naming one file, a
   * {@code --gold-cache} or {@code --workdir-path} that is, or is under, a file.
   */
  static Optional<String> outputTargetProblem(EvaluateCommand a) {
    RunInputs inputs = inputs(a);
    try {
      if (a.out != null && !a.formats.isEmpty()) {
        Optional<String> dir = directoryProblem("--out", a.out, "the --format files go into");
        if (dir.isPresent()) {
          return dir;
        }
        for (String format : a.formats) {
          ReportFiles.requireWritableTarget(formatFile(a, format), inputs);
        }
      }
    } catch (OutputTargetException e) {
      return Optional.of("--out " + e.getMessage());
    }
    Optional<String> twice = sameFileTwice(outputs(a));
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
    Optional<String> file = filesProblem(fileOptions(a), inputs);
    if (file.isPresent()) {
      return file;
    }
    if (a.goldCache != null && !a.noGoldCache) {
      // a cache it cannot write is read and left as it is, but one under a file was a warning and no cache
      Optional<String> cache = readableDirectoryProblem("--gold-cache", a.goldCache, "the cache files are kept in");
      if (cache.isPresent()) {
        return cache;
      }
    }
    return a.download.workdirProblem();
  }

  /**
   * What is wrong with the output file {@code file} that {@code option} names, checked before any work: it exists
   * and is not a regular file, it is one of the run's {@code inputs}, or its directory is a file or cannot be
   * written. One line, starting with the option, ending in the fix.
   */
  static Optional<String> fileProblem(String option, Path file, RunInputs inputs) {
    try {
      ReportFiles.requireWritableTarget(file, inputs);
    } catch (OutputTargetException e) {
      return Optional.of(prefix(option) + CliTerms.oneLine(e.getMessage()));
    }
    // a link is written through, as ReportFiles.write does: the folder that matters is its target's
    Path written = file;
    try {
      if (Files.isSymbolicLink(file) && Files.exists(file)) {
        written = file.toRealPath();
      }
    } catch (java.io.IOException e) {
      // unreadable link: checked as it stands
    }
    Path parent = written.toAbsolutePath().getParent();
    Optional<String> problem = parent == null ? Optional.empty() : ReportFiles.unwritableDirectory(parent);
    return problem.map(p -> prefix(option) + file + ": " + p);
  }

  /** {@link #fileProblem} of each of {@code files} (by option; null ones are not written), the first found. */
  static Optional<String> filesProblem(Map<String, Path> files, RunInputs inputs) {
    for (Map.Entry<String, Path> file : files.entrySet()) {
      Optional<String> problem = file.getValue() == null ? Optional.empty()
          : fileProblem(file.getKey(), file.getValue(), inputs);
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  /**
   * What is wrong with the output directory {@code dir} that {@code option} names, checked before any work: it
   * exists and is not a directory, or the nearest part of it that exists is a file or cannot be written.
   *
   * @param holds what goes into it, to finish "--out takes the directory ...": "the reports and logs go into"
   */
  static Optional<String> directoryProblem(String option, Path dir, String holds) {
    Optional<String> notADirectory = notADirectory(option, dir, holds);
    return notADirectory.isPresent() ? notADirectory
        : ReportFiles.unwritableDirectory(orHere(dir)).map(p -> option + " " + dir + ": " + p);
  }

  /**
   * {@link #directoryProblem} for a folder a run may read without writing to it (a cache, a download folder):
   * one that cannot be written passes, one that is, or is under, a file does not.
   */
  static Optional<String> readableDirectoryProblem(String option, Path dir, String holds) {
    Optional<String> notADirectory = notADirectory(option, dir, holds);
    return notADirectory.isPresent() ? notADirectory
        : ReportFiles.notADirectory(orHere(dir)).map(p -> option + " " + dir + ": " + p);
  }

  private static Optional<String> notADirectory(String option, Path dir, String holds) {
    Path here = orHere(dir);
    if (Files.exists(here) && !Files.isDirectory(here)) {
      return Optional.of(option + " " + dir + ": exists and is not a directory; " + option + " takes the directory "
          + holds);
    }
    return Optional.empty();
  }

  /** An empty path, which {@code Path.of("")} gives, is the current directory. */
  private static Path orHere(Path dir) {
    return dir.toString().isEmpty() ? Path.of(".") : dir;
  }

  /**
   * Two outputs of a run naming one file ({@code outputs} by option; null ones are not written): the last one
   * written would replace the other (a JUnit XML over the report), so the run is refused before any work.
   */
  static Optional<String> sameFileTwice(Map<String, Path> outputs) {
    Map<Path, String> seen = new LinkedHashMap<>();
    for (Map.Entry<String, Path> output : outputs.entrySet()) {
      if (output.getValue() == null) {
        continue;
      }
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
