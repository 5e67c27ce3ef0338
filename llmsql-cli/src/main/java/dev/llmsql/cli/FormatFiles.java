package dev.llmsql.cli;

import dev.llmsql.report.FullJsonWriter;
import dev.llmsql.report.ReportWriter;
import dev.llmsql.report.ReportWriters;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The report files the command line writes, as the report writers' registry ({@link ReportWriters}) has them:
 * which formats {@code evaluate --format} and {@code report --format} take, their help, errors and completion,
 * how {@code --format} and {@code --name} are read, and each file's path; {@link #stem} is the file name without
 * its report extension, which {@code report} and {@code leaderboard} use too. Every list the user sees is made
 * from the registry, so a writer registered with {@code ServiceLoader} is offered everywhere with no change here.
 */
final class FormatFiles {

  /** {@code --format}: a comma-separated list of the listed report formats ({@link #evaluate()}). */
  static final class FormatList extends Converters.Rule<List<String>> {
    @Override
    List<String> apply(String value) {
      return evaluateList(value);
    }
  }

  /** {@code --format} of {@code report}: one of {@link #report()}. */
  static final class ReportFormat extends Converters.Rule<String> {
    @Override
    String apply(String value) {
      return reportFormat(value);
    }
  }

  /** {@code --name}: a file name. */
  static final class FileName extends Converters.Rule<String> {
    @Override
    String apply(String value) {
      return fileName(value);
    }
  }

  /** The format {@code llmsql report} takes by default. */
  static final String REPORT_DEFAULT = "html";

  /** What {@code evaluate --format} takes (and writes by default with {@code --out}): the listed formats. */
  static List<String> evaluate() {
    return ReportWriters.listed();
  }

  /**
   * What {@code report --format} takes: the listed formats but the full JSON it reads, its default first (html,
   * csv, then any other).
   */
  static List<String> report() {
    List<String> formats = new ArrayList<>();
    formats.add(REPORT_DEFAULT);
    for (String format : ReportWriters.listed()) {
      if (!format.equals(FullJsonWriter.FORMAT) && !format.equals(REPORT_DEFAULT)) {
        formats.add(format);
      }
    }
    return List.copyOf(formats);
  }

  /** The writer of a format the user chose (one of the lists above). */
  static ReportWriter writer(String format) {
    return ReportWriters.named(format);
  }

  /**
   * {@code --format} of {@code evaluate}: a comma-separated list of the listed formats, in any case, each once.
   *
   * @throws IllegalArgumentException naming the formats it takes
   */
  static List<String> evaluateList(String value) {
    List<String> known = evaluate();
    Set<String> chosen = new LinkedHashSet<>();
    for (String f : value.split(",")) {
      String format = f.strip().toLowerCase(Locale.ROOT);
      if (!known.contains(format)) {
        throw new IllegalArgumentException("--format takes a comma-separated list of " + String.join(", ", known)
            + ", but got '" + f.strip() + "'");
      }
      chosen.add(format);
    }
    return List.copyOf(chosen);
  }

  /**
   * {@code --format} of {@code report}: one of {@link #report()}, exactly as listed.
   *
   * @throws IllegalArgumentException naming the formats it takes
   */
  static String reportFormat(String value) {
    List<String> known = report();
    if (!known.contains(value)) {
      throw new IllegalArgumentException(Converters.OPTION + " takes " + or(known) + ", but was '" + value + "'");
    }
    return value;
  }

  /**
   * A file name without the extension of a listed format or of predictions ({@code .jsonl}): the name the
   * reports made of it get.
   */
  static String stem(String fileName) {
    List<String> extensions = new ArrayList<>(List.of(".jsonl"));
    for (ReportWriter writer : ReportWriters.all()) {
      if (writer.listed()) {
        extensions.add("." + writer.extension());
      }
    }
    for (String ext : extensions) {
      if (fileName.endsWith(ext) && fileName.length() > ext.length()) {
        return fileName.substring(0, fileName.length() - ext.length());
      }
    }
    return fileName;
  }

  /**
   * Gives {@code evaluate}'s {@code --format} its help and completion from the registry (an annotation can only
   * hold a constant).
   */
  static CommandLine describeEvaluate(CommandLine evaluate) {
    List<String> formats = evaluate();
    replace(evaluate.getCommandSpec(), "--format", null, "also write these of " + String.join(",", formats)
        + " into --out (default all " + count(formats.size()) + " when --out is given); json is the full report "
        + "'llmsql report' and 'llmsql leaderboard' read", formats);
    return evaluate;
  }

  /** Gives {@code report}'s {@code --format} its label, synopsis, help and completion from the registry. */
  static CommandLine describeReport(CommandLine report) {
    List<String> formats = report();
    String label = String.join("|", formats);
    CommandSpec spec = report.getCommandSpec();
    replace(spec, "--format", label, "what to write (default " + REPORT_DEFAULT + ")", formats);
    spec.usageMessage().customSynopsis("llmsql report REPORT.json [--format " + label + "] [--out FILE]");
    return report;
  }

  private static void replace(CommandSpec spec, String name, String label, String description, List<String> choices) {
    OptionSpec option = spec.findOption(name);
    OptionSpec.Builder b = option.toBuilder().description(description).completionCandidates(choices);
    if (label != null) {
      b.paramLabel(label);
    }
    spec.remove(option);
    spec.addOption(b.build());
  }

  /** {@code a or b}, {@code a, b or c}. */
  static String or(List<String> items) {
    int last = items.size() - 1;
    return last == 0 ? items.get(0) : String.join(", ", items.subList(0, last)) + " or " + items.get(last);
  }

  /** {@code n} in words, for help ("all three"). */
  static String count(int n) {
    List<String> words = List.of("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine");
    return n < words.size() ? words.get(n) : String.valueOf(n);
  }

  static String fileName(String value) {
    if (value.isBlank() || value.contains("/") || value.contains("\\") || value.startsWith(".")) {
      throw new IllegalArgumentException("--name is a file name for the reports (e.g. gpt-4o), but was '"
          + value + "'");
    }
    return value;
  }

  static Path formatFile(EvaluateCommand a, String format) {
    String name = a.name != null ? a.name : stem(String.valueOf(a.outputs.getFileName()));
    return a.out.resolve(writer(format).fileName(name));
  }

  private FormatFiles() {
  }
}
