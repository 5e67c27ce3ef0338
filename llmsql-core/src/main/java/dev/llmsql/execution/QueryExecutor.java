package dev.llmsql.execution;

/**
 * Runs untrusted SQL on one database, read-only and within {@link ExecutionLimits}, as opened by a
 * {@link QueryEngine}. Each engine enforces read-only access, the timeout (cancelling the statement) and the
 * row and byte bounds itself. Thread-safe: up to {@link ExecutionLimits#concurrency()} statements run at once.
 *
 * <pre>{@code
 * Database db = Database.file(Path.of("sqlite_tables.db"));
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(30), 1000, 1);
 * try (QueryExecutor executor = QueryEngines.forDatabase(db).open(db, limits)) {
 *   QueryOutcome outcome = executor.execute("SELECT 1");
 * }
 * }</pre>
 */
public interface QueryExecutor extends AutoCloseable {

  /** The database this executor runs on. */
  Database database();

  /**
   * Runs {@code sql}. Never throws for a bad statement: failures are outcomes.
   *
   * @param sql one statement, untrusted
   * @return the rows or the failure, never null
   */
  QueryOutcome execute(String sql);

  /**
   * Runs {@code sql} but stops reading after {@code stopAfterRows} rows, returning them as an
   * {@linkplain QueryResult#complete() incomplete} result: a judge that knows the gold has fewer rows need not
   * read a huge wrong answer. The default reads everything.
   */
  default QueryOutcome execute(String sql, int stopAfterRows) {
    return execute(sql);
  }

  /**
   * What the gold cache keys on: equal fingerprints mean the same data, so gold results computed on one may be
   * reused on the other (for a file, a checksum of its bytes; for a server, of its schema and contents). Never
   * a password. Computed on first call; may take a while on a large database.
   *
   * @throws java.io.UncheckedIOException when the data cannot be read to fingerprint it
   */
  String fingerprint();

  /**
   * Gets the database ready in the background (connections opened, schema loaded) while the caller does other
   * work, so the first statements do not wait for it; returns at once. The default does nothing.
   */
  default void warmUp() {
  }

  /**
   * An executor on the same database, with the same bounds, whose engine returns the rows of scans no
   * {@code ORDER BY} fixes in another order (SQLite: {@code PRAGMA reverse_unordered_selects}), for finding
   * gold queries whose result depends on that order ({@code llmsql audit}); the caller closes it. Empty (the
   * default) when the engine has no such switch.
   */
  default java.util.Optional<QueryExecutor> reversedScanOrder() {
    return java.util.Optional.empty();
  }

  /** Releases what this executor holds (connections it owns; never a caller's {@code DataSource}). */
  @Override
  void close();
}
