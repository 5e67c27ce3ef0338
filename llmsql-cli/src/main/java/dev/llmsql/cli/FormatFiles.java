package dev.llmsql.cli;

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The report files {@code llmsql evaluate --format} writes: which formats there are, how {@code --format} and
 * {@code --name} are read, and each file's path; {@link #stem} is the file name without its report extension,
 * which {@code report} and {@code leaderboard} use too.
 */
final class FormatFiles {

  /** The report formats {@code --format} takes. */
  static final List<String> FORMATS = List.of("json", "csv", "html");

  /** {@code --format}: a comma-separated list of json, csv, html. */
  static final class FormatList extends Converters.Rule<List<String>> {
    @Override
    List<String> apply(String value) {
      return formats(value);
    }
  }

  /** {@code --name}: a file name. */
  static final class FileName extends Converters.Rule<String> {
    @Override
    String apply(String value) {
      return fileName(value);
    }
  }

  static List<String> formats(String value) {
    Set<String> chosen = new LinkedHashSet<>();
    for (String f : value.split(",")) {
      String format = f.strip().toLowerCase(Locale.ROOT);
      if (!FORMATS.contains(format)) {
        throw new IllegalArgumentException("--format takes a comma-separated list of json, csv, html, but got '"
            + f.strip() + "'");
      }
      chosen.add(format);
    }
    return List.copyOf(chosen);
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
    return a.out.resolve(name + "." + format);
  }

  static String stem(String fileName) {
    for (String ext : List.of(".jsonl", ".json", ".html", ".csv")) {
      if (fileName.endsWith(ext) && fileName.length() > ext.length()) {
        return fileName.substring(0, fileName.length() - ext.length());
      }
    }
    return fileName;
  }

  private FormatFiles() {
  }
}
