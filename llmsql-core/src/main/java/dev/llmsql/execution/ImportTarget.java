package dev.llmsql.execution;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.ServiceLoader;

/**
 * An engine {@code llmsql dataset import} can copy a benchmark's SQLite database into (DuckDB, PostgreSQL, ...),
 * found with {@link ServiceLoader} beside the engine's {@link QueryEngine}: adding an engine module adds its
 * import target, and the command line names it in its help and messages. SQLite itself is the import's own
 * format (CSV files become a SQLite file first), not a target.
 *
 * <pre>{@code
 * ImportTarget duckdb = ImportTarget.named("duckdb");
 * Database copy = duckdb.copy(Path.of("demo.sqlite"), ImportDestination.file(Path.of("demo.duckdb")));
 * }</pre>
 */
public interface ImportTarget {

  /** Where a target writes: a new file, or a new database on a server. */
  enum Place {
    /** A new file ({@code --out}); an existing one is never overwritten. */
    FILE,
    /** A new database on a server ({@code --jdbc-url}), readable by a reader role only. */
    SERVER
  }

  /** The engine's name, as its {@link QueryEngine#name()} and {@code --engine} give it. */
  String engine();

  /** How messages name the engine, e.g. {@code DuckDB}. */
  String title();

  /** Whether the copy is a new file or a new database on a server. */
  Place place();

  /**
   * For a {@link Place#SERVER} target, why {@code url} cannot name the database to create (one clause, naming
   * the form it takes), or null when it can; a {@link Place#FILE} target takes no URL.
   */
  default String urlProblem(String url) {
    return "a " + title() + " import writes a file, not a URL";
  }

  /** For a {@link Place#SERVER} target, a URL of the form it takes, for messages; null by default. */
  default String urlExample() {
    return null;
  }

  /**
   * Copies every table of {@code sqlite} to {@code to}, creating the file or database; nothing that exists is
   * overwritten.
   *
   * @return the new database, as an evaluation opens it (on a server: connecting as the reader role)
   * @throws IllegalArgumentException when {@code to} cannot be used as given (a name the engine refuses)
   * @throws SQLException when the engine fails; {@link #exists(SQLException, ImportDestination)} tells whether
   *     because the database exists
   */
  Database copy(Path sqlite, ImportDestination to) throws SQLException;

  /** When {@code e} says the database to create exists: what exists and the fix, as one clause; else null. */
  default String exists(SQLException e, ImportDestination to) {
    return null;
  }

  /** Every import target on the class path, in {@link ServiceLoader} order. */
  static List<ImportTarget> all() {
    return ServiceLoader.load(ImportTarget.class, ImportTarget.class.getClassLoader()).stream()
        .map(ServiceLoader.Provider::get).toList();
  }

  /**
   * The target of the engine {@code engine}, or null when no module on the class path imports into it.
   *
   * @param engine an engine name, in any case
   */
  static ImportTarget named(String engine) {
    return all().stream().filter(t -> t.engine().equalsIgnoreCase(engine)).findFirst().orElse(null);
  }
}
