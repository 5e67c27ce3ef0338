package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The input files of one run, each named by what it is for the user ({@code "database"},
 * {@code "--outputs file"}), which no output of the run may overwrite: {@link ReportFiles#requireWritableTarget}
 * refuses a target that is one of them, with the same words wherever the check runs. Inputs not given (null)
 * are left out.
 *
 * <pre>{@code
 * RunInputs inputs = RunInputs.none().with("predictions file", Path.of("outputs.jsonl"))
 *     .with("database", Path.of("sqlite_tables.db"));
 * ReportFiles.requireWritableTarget(Path.of("report.html"), inputs);
 * }</pre>
 */
public final class RunInputs {

  private static final RunInputs NONE = new RunInputs(Map.of());

  private final Map<String, Path> files;

  private RunInputs(Map<String, Path> files) {
    this.files = files;
  }

  /** A run of no input files. */
  public static RunInputs none() {
    return NONE;
  }

  /** The inputs of {@code files}, by what each is, in the map's order; null paths are left out. */
  public static RunInputs of(Map<String, Path> files) {
    RunInputs inputs = NONE;
    for (Map.Entry<String, Path> file : files.entrySet()) {
      inputs = inputs.with(file.getKey(), file.getValue());
    }
    return inputs;
  }

  /**
   * These inputs and {@code file}, named {@code what} (a path of null, or the same path again, adds nothing).
   *
   * @throws IllegalArgumentException when {@code what} names another input already
   */
  public RunInputs with(String what, Path file) {
    requireNonNull(what, "what");
    if (files.containsKey(what) && !files.get(what).equals(file)) {
      throw new IllegalArgumentException("the run's " + what + " is given twice; give it once");
    }
    if (file == null || files.containsKey(what)) {
      return this;
    }
    Map<String, Path> more = new LinkedHashMap<>(files);
    more.put(what, file);
    return new RunInputs(java.util.Collections.unmodifiableMap(more));
  }

  /** The input files by what they are, in the order given. */
  public Map<String, Path> files() {
    return files;
  }

  @Override
  public String toString() {
    return "RunInputs" + files;
  }
}
