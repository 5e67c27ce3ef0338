package dev.llmsql.engine;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.execution.QueryExecutor;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The executors of one evaluation, one per database, opened when a question first needs its database and closed
 * with the run. A database that cannot be opened is tried once: every question on it gets the same failure, not a
 * flood of connection attempts.
 */
final class Databases implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(Databases.class);

  private final QueryEngine engine;
  private final QueryExecutor given;
  private final ExecutionLimits limits;
  /** A {@link QueryExecutor}, or the {@link DatabaseUnavailableException} opening it gave. */
  private final ConcurrentHashMap<Database, Object> open = new ConcurrentHashMap<>();

  /**
   * @param engine the engine for every database, or null to find one per database on the class path
   * @param given an executor the caller opened (and closes) for its database, or null
   */
  Databases(QueryEngine engine, QueryExecutor given, ExecutionLimits limits) {
    this.engine = engine;
    this.given = given;
    this.limits = requireNonNull(limits, "limits");
  }

  /**
   * The executor of {@code database}, opened on first use.
   *
   * @throws DatabaseUnavailableException when it cannot be opened (the same exception on every later call)
   */
  QueryExecutor get(Database database) {
    if (given != null && given.database().equals(database)) {
      return given;
    }
    Object known = open.computeIfAbsent(database, this::openNow);
    if (known instanceof DatabaseUnavailableException e) {
      throw e;
    }
    return (QueryExecutor) known;
  }

  private Object openNow(Database database) {
    try {
      QueryEngine chosen = engine != null ? engine : QueryEngines.forDatabase(database);
      LOG.debug("Opening {} with engine {}", database.describe(), chosen.name());
      return chosen.open(database, limits);
    } catch (DatabaseUnavailableException e) {
      return e;
    } catch (IllegalArgumentException e) {
      // an engine named for a database it cannot run (PostgreSQL's with a file): not a database of that engine,
      // said before any work like any other; it was an unexpected error
      return new DatabaseUnavailableException(e.getMessage(), false, e);
    }
  }

  @Override
  public void close() {
    for (Object value : open.values()) {
      if (value instanceof QueryExecutor executor) {
        try {
          executor.close();
        } catch (RuntimeException e) {
          LOG.warn("Closing {} failed: {}", executor.database().describe(), e.toString());
        }
      }
    }
    open.clear();
  }
}
