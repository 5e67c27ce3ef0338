package dev.llmsql.sqlite;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The SQLite engine, the default: registered through {@link java.util.ServiceLoader}, so adding
 * {@code llmsql-sqlite} to the class path is enough. It runs database files (any name but DuckDB's
 * {@code .duckdb}/{@code .ddb}) and {@code jdbc:sqlite:} URLs that name a file, each opened read-only and
 * immutable with every bound of the SQLite executor (hardened read-only pool, statement guard, watchdog, caps).
 *
 * <pre>{@code
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(10), 100_000, 2);
 * try (QueryExecutor db = new SqliteQueryEngine().open(Database.file(Path.of("sqlite_tables.db")), limits)) {
 *   QueryOutcome outcome = db.execute("SELECT 1");
 * }
 * }</pre>
 */
public final class SqliteQueryEngine implements QueryEngine {

  private static final String URL_PREFIX = "jdbc:sqlite:";

  /** The engine; {@link java.util.ServiceLoader} makes one, and so may a caller. */
  public SqliteQueryEngine() {
  }

  @Override
  public String name() {
    return "sqlite";
  }

  @Override
  public boolean accepts(Database database) {
    if (database instanceof Database.File f) {
      return !isDuckDbName(f.path());
    }
    // a caller's pool cannot be made immutable and bounded as a file is
    return database instanceof Database.Jdbc j && j.url().startsWith(URL_PREFIX) && file(j) != null;
  }

  /**
   * {@inheritDoc} Reads the file's header and probes its locks before anything else; creates nothing.
   */
  @Override
  public QueryExecutor open(Database database, ExecutionLimits limits) {
    requireNonNull(limits, "limits");
    requireNonNull(database, "database");
    Path file = database instanceof Database.File f ? f.path()
        : database instanceof Database.Jdbc j && j.url().startsWith(URL_PREFIX) ? file(j) : null;
    if (file == null) {
      throw new IllegalArgumentException("the sqlite engine runs database files and jdbc:sqlite:FILE URLs, not "
          + database.describe());
    }
    String problem = DatabaseCheck.problem(file);
    if (problem != null) {
      throw new DatabaseUnavailableException(problem, !Files.exists(file));
    }
    return new SqliteQueryExecutor(file, limits);
  }

  /**
   * Closes the connection pools of the database files no SQLite executor of this JVM asked for since the previous
   * call (the first call: since the JVM started). Executors keep a pool per file open for the JVM's life, which
   * makes the next evaluation of the same file start with its schema read; a process that runs evaluation after
   * evaluation, such as the CLI's evaluation daemon, calls this after each so that it holds one evaluation's
   * databases rather than every file it ever read; after an evaluation that opened no SQLite file (it failed
   * first, or ran on another engine) it closes nothing. Call it only when no evaluation is running: an executor
   * opened before the previous call and still in use would have its connections closed.
   *
   * <pre>{@code
   * evaluator.run(predictions);
   * SqliteQueryEngine.closePoolsUnusedSinceLastCall();   // the files this run read stay open
   * }</pre>
   *
   * @return how many pools were closed
   */
  public static int closePoolsUnusedSinceLastCall() {
    return ReadOnlyPools.shared().closeUnused();
  }

  /** The file a {@code jdbc:sqlite:} URL names, or null for in-memory databases and URLs with parameters. */
  private static Path file(Database.Jdbc url) {
    String rest = url.url().substring(URL_PREFIX.length());
    if (rest.isEmpty() || rest.startsWith(":memory:") || rest.contains("?") || rest.startsWith("file:")) {
      return null;
    }
    return Path.of(rest);
  }

  private static boolean isDuckDbName(Path path) {
    String name = String.valueOf(path.getFileName()).toLowerCase(Locale.ROOT);
    return name.endsWith(".duckdb") || name.endsWith(".ddb");
  }

  @Override
  public String toString() {
    return "SqliteQueryEngine";
  }
}
