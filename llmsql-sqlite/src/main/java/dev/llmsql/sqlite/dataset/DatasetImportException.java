package dev.llmsql.sqlite.dataset;

import java.util.List;

/**
 * A dataset could not be imported; the message names the file, the line when known, and the fix.
 *
 * <pre>{@code
 * Path db = Path.of("my-data.sqlite");
 * DatasetImport importer = DatasetImport.builder().csv(Path.of("my-data")).build();
 * try { importer.into(db); } catch (DatasetImportException e) { System.err.println(e.getMessage()); }
 * }</pre>
 */
public final class DatasetImportException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  DatasetImportException(String message) {
    super(message);
    this.problems = List.of();
  }

  DatasetImportException(String message, Throwable cause) {
    super(message, cause);
    this.problems = List.of();
  }

  /** An import refused for {@code problems}, each naming file:line and the fix; the message lists them. */
  DatasetImportException(String message, List<String> problems) {
    super(message);
    this.problems = List.copyOf(problems);
  }

  /** Every problem found, each "file:line: what is wrong; the fix"; empty when the message says it all. */
  public List<String> problems() {
    return problems;
  }
}
