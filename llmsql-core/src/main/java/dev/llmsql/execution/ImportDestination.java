package dev.llmsql.execution;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where an {@link ImportTarget} writes: a new file, or a new database on a server created by an administrator
 * and readable by a reader role only.
 *
 * <pre>{@code
 * ImportDestination duck = ImportDestination.file(Path.of("demo.duckdb"));
 * ImportDestination pg = ImportDestination.server("jdbc:postgresql://localhost:5432/demo",
 *     Map.of("user", "postgres"), "llmsql_reader", System.getenv("READER_PASSWORD"), false);
 * }</pre>
 *
 * @param file the new file ({@link ImportTarget.Place#FILE}), else null
 * @param url the new database's URL ({@link ImportTarget.Place#SERVER}), else null
 * @param admin the driver properties the import logs in with ({@code user}, {@code password}); never null
 * @param readerRole the role evaluations log in as, created when missing, or null for a file
 * @param readerPassword that role's password, or null for a file
 * @param lowerCaseNames whether table and column names are lower-cased (for SQL that writes them bare in any
 *     case, on an engine that folds unquoted names)
 */
public record ImportDestination(Path file, String url, Map<String, String> admin, String readerRole,
                                String readerPassword, boolean lowerCaseNames) {

  public ImportDestination {
    admin = Map.copyOf(requireNonNull(admin, "admin"));
    if ((file == null) == (url == null)) {
      throw new IllegalArgumentException("give a file or a URL, not " + (file == null ? "neither" : "both"));
    }
  }

  /** A new file. */
  public static ImportDestination file(Path file) {
    return new ImportDestination(requireNonNull(file, "file"), null, Map.of(), null, null, false);
  }

  /** A new database on a server, created logging in with {@code admin}, readable by {@code readerRole} only. */
  public static ImportDestination server(String url, Map<String, String> admin, String readerRole,
                                         String readerPassword, boolean lowerCaseNames) {
    return new ImportDestination(requireNonNull(url, "url"), admin, readerRole, readerPassword, lowerCaseNames);
  }

  private ImportDestination(String url, Map<String, String> admin, String readerRole, String readerPassword,
                            boolean lowerCaseNames) {
    this(null, url, admin, readerRole, readerPassword, lowerCaseNames);
  }

  /** Not the reader's password: a destination may end up in a log line. */
  @Override
  public String toString() {
    return "ImportDestination[" + (file != null ? file : url) + (readerRole != null ? ", reader " + readerRole : "")
        + "]";
  }
}
