package dev.llmsql.execution;

/**
 * A SQL engine llmsql can evaluate on (SQLite, DuckDB, PostgreSQL, ...), found with {@link java.util.ServiceLoader}:
 * adding an engine module to the class path adds its engine. It opens a {@link QueryExecutor} per database.
 *
 * <pre>{@code
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(30), 1000, 1);
 * QueryEngine engine = QueryEngines.forDatabase(Database.file(Path.of("sqlite_tables.db")));
 * try (QueryExecutor db = engine.open(Database.file(Path.of("sqlite_tables.db")), limits)) {
 *   QueryOutcome o = db.execute("SELECT 1");
 * }
 * }</pre>
 */
public interface QueryEngine {

  /** The engine's name, as {@code --engine} takes it: {@code sqlite}, {@code duckdb}, {@code postgresql}. */
  String name();

  /** Whether this engine runs {@code database} (by URL prefix, file contents or extension, engine name). */
  boolean accepts(Database database);

  /**
   * What this engine needs and {@code loader} lacks, e.g. {@code "DuckDB JDBC driver"} in a jar that leaves the
   * driver out, or null when it can open databases; by default nothing is missing. Lets a caller refuse the engine
   * up front with the fix instead of failing later with the driver's "No suitable driver".
   */
  default String missing(ClassLoader loader) {
    return null;
  }

  /**
   * Opens {@code database} read-only, bounded by {@code limits}: every statement the executor runs is held to
   * them by the engine itself.
   *
   * @throws DatabaseUnavailableException when the database is missing or cannot serve (not a database of this
   *     engine, truncated, unreachable, writable credentials the engine cannot make read-only), naming the fix
   */
  QueryExecutor open(Database database, ExecutionLimits limits);
}
