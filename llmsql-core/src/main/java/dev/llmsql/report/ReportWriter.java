package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One output format of an evaluation report (LLMSQL's JSON, the full JSON, CSV, HTML, a leaderboard entry, the
 * gate's JUnit XML, ...), found with {@link java.util.ServiceLoader} through {@link ReportWriters}. The
 * {@code Evaluator}, the command line and Spark hand their reports to these writers, so a new format is one
 * class and one line in {@code META-INF/services/dev.llmsql.report.ReportWriter} (and a {@code provides} line in
 * a module's {@code module-info.java}): {@code llmsql evaluate --format}, {@code llmsql report --format} and
 * Spark's {@code --format} then offer it when it is {@link #listed()}.
 *
 * <pre>{@code
 * public static final class TsvWriter implements ReportWriter {
 *   public String format() { return "tsv"; }
 *   public String extension() { return "tsv"; }
 *   public void write(EvaluationReport report, ReportWriter.Extras extras, OutputStream out) throws IOException {
 *     String line = "total\tmatches\n" + report.total() + "\t" + report.matches() + "\n";
 *     out.write(line.getBytes(java.nio.charset.StandardCharsets.UTF_8));
 *   }
 * }
 * }</pre>
 */
public interface ReportWriter {

  /** The name users pick the format by ({@code json}, {@code csv}, {@code junit-xml}); unique among writers. */
  String format();

  /** The extension of its files, without the dot ({@code json}). */
  String extension();

  /**
   * Whether users pick it among the report formats ({@code llmsql evaluate --format}, {@code llmsql report
   * --format}, Spark's {@code --format}), true for a format made from the report alone. The built-in formats
   * with options of their own ({@code --save-report}, {@code --save-leaderboard-yaml}, {@code --gate-format})
   * are not.
   */
  default boolean listed() {
    return true;
  }

  /** Its file for a report named {@code stem}: {@code stem.extension}. */
  default String fileName(String stem) {
    return stem + "." + extension();
  }

  /**
   * Writes {@code report} to {@code out}, which the caller closes.
   *
   * @param extras what the format needs beyond the report (the gate's result, a leaderboard entry's settings);
   *     {@link Extras#NONE} for most
   * @throws IllegalArgumentException when the format needs an extra that is not there
   */
  void write(EvaluationReport report, Extras extras, OutputStream out) throws IOException;

  /**
   * Writes {@code report} to {@code file} atomically through {@link ReportFiles#write} (the one target check
   * first, then a temporary file renamed into place); a writer does not override it.
   *
   * @throws OutputTargetException if {@code file} exists and is not a regular file
   */
  default void write(EvaluationReport report, Extras extras, Path file) throws IOException {
    requireNonNull(report, "report");
    requireNonNull(extras, "extras");
    ReportFiles.write(file, out -> write(report, extras, out));
  }

  /** {@link #write(EvaluationReport, Extras, Path)} with no extras. */
  default void write(EvaluationReport report, Path file) throws IOException {
    write(report, Extras.NONE, file);
  }

  /**
   * What a format needs beyond the report, one value per type: the gate's {@code GateResult} for
   * {@code junit-xml}, a {@code LeaderboardYaml.Builder} of the entry's other settings for
   * {@code leaderboard-yaml}.
   */
  final class Extras {

    /** No extras. */
    public static final Extras NONE = new Extras(List.of());

    private final List<Object> values;

    private Extras(List<Object> values) {
      this.values = values;
    }

    /**
     * These values, looked up by type.
     *
     * @throws IllegalArgumentException when two values are of one type
     */
    public static Extras of(Object... values) {
      List<Object> list = new ArrayList<>();
      for (Object value : values) {
        requireNonNull(value, "value");
        for (Object other : list) {
          if (other.getClass() == value.getClass()) {
            throw new IllegalArgumentException("two extras of type " + value.getClass().getName()
                + "; give each type once");
          }
        }
        list.add(value);
      }
      return new Extras(List.copyOf(list));
    }

    /** The value of {@code type} (or of a subtype), or empty. */
    public <T> Optional<T> get(Class<T> type) {
      return values.stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    @Override
    public String toString() {
      return "Extras" + values.stream().map(v -> v.getClass().getSimpleName()).toList();
    }
  }
}
