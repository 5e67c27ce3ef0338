package dev.llmsql.execution;

/**
 * A database that cannot serve a benchmark: missing, not a database of the engine, truncated, unreachable. The
 * message is one clause that names the database and the fix.
 *
 * <pre>{@code
 * Database database = Database.jdbc("jdbc:postgresql://localhost/bench");
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(30), 1000, 1);
 * QueryEngine engine = QueryEngines.forDatabase(database);
 * try (QueryExecutor db = engine.open(database, limits)) {
 *   db.execute("SELECT 1");
 * } catch (DatabaseUnavailableException e) {
 *   System.err.println(e.getMessage());
 * }
 * }</pre>
 */
public class DatabaseUnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final boolean missing;

  /**
   * @param message what is wrong and the fix
   * @param missing true when the database does not exist at all (a question that needs it fails; a run is not
   *     stopped), false when it exists but cannot serve (the run stops before any work)
   */
  public DatabaseUnavailableException(String message, boolean missing) {
    super(message);
    this.missing = missing;
  }

  public DatabaseUnavailableException(String message, boolean missing, Throwable cause) {
    super(message, cause);
    this.missing = missing;
  }

  /** Whether the database does not exist (rather than existing and being unusable). */
  public boolean missing() {
    return missing;
  }
}
