package dev.llmsql.cli;

import dev.llmsql.judgement.Judges;
import dev.llmsql.models.judge.LlmJudgeProvider;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.RunInputs;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code LLMSQL_JUDGE_LOG}, the process log a {@code llm} judge appends to, checked before any work like the
 * run's other outputs: pointed at the run's database it appended log lines to the SQLite file.
 */
final class JudgeLogTarget {

  private JudgeLogTarget() {
  }

  /**
   * What is wrong with the judge log, when one of {@code judges} (as given to {@code --judge}) is {@code llm}
   * and the variable names a file: it exists and is not a regular file, it is one of the run's inputs, or one
   * of its {@code outputs} (by option), which, written at the end, would replace the log.
   */
  static Optional<String> problem(Collection<String> judges, Function<String, String> environment,
                                  RunInputs inputs, Map<String, Path> outputs) {
    String log = environment.apply(LlmJudgeProvider.LOG);
    if (log == null || log.isBlank() || judges.stream().noneMatch(judge -> Judges.nameOf(judge).equals("llm"))) {
      return Optional.empty();
    }
    try {
      Path target = Path.of(log);
      ReportFiles.requireWritableTarget(target, inputs);
      Path where = target.toAbsolutePath().normalize();
      for (Map.Entry<String, Path> output : outputs.entrySet()) {
        if (output.getValue() != null && output.getValue().toAbsolutePath().normalize().equals(where)) {
          return Optional.of(LlmJudgeProvider.LOG + " " + log + ": is also the " + output.getKey() + " file of this "
              + "run, which would replace the log; give each output its own path");
        }
      }
      return Optional.empty();
    } catch (OutputTargetException | InvalidPathException e) {
      return Optional.of(LlmJudgeProvider.LOG + " " + CliTerms.oneLine(e.getMessage()));
    }
  }
}
