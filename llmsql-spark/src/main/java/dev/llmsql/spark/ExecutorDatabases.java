package dev.llmsql.spark;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.threads.DaemonThreads;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The databases an executor JVM has opened, one {@link QueryExecutor} per (database, engine, limits), kept for the
 * JVM's life so the tasks of a job (and of later jobs on the same executors) reuse it: opening LLMSQL's database
 * and fingerprinting it costs more than judging a partition. Opened through the same {@link QueryEngine} SPI as
 * the single-machine engine, so it is read-only with every bound of {@link ExecutionLimits}; closed when the JVM
 * exits.
 */
final class ExecutorDatabases {

  private static final Logger LOG = LoggerFactory.getLogger(ExecutorDatabases.class);

  private record Key(Database database, String engine, ExecutionLimits limits) { }

  private static final Map<Key, QueryExecutor> OPEN = new ConcurrentHashMap<>();
  private static final Map<Key, Integer> OPENINGS = new ConcurrentHashMap<>();

  static {
    Runtime.getRuntime().addShutdownHook(
        DaemonThreads.named("llmsql-spark-close").newThread(ExecutorDatabases::closeAll));
  }

  private ExecutorDatabases() {
  }

  /**
   * The executor of {@code database}, opened on first use in this JVM.
   *
   * @param engine the engine's name, or null to choose one by the database (as the evaluator does)
   * @throws dev.llmsql.execution.DatabaseUnavailableException when it cannot be opened (tried again by the next
   *     task: a database copied late to the executor may be there then)
   */
  static QueryExecutor get(Database database, String engine, ExecutionLimits limits) {
    return OPEN.computeIfAbsent(new Key(database, engine, limits), key -> {
      QueryEngine chosen = engine != null ? QueryEngines.named(engine) : QueryEngines.forDatabase(database);
      LOG.info("Opening {} with engine {} for this executor", database.describe(), chosen.name());
      OPENINGS.merge(key, 1, Integer::sum);
      return chosen.open(database, limits);
    });
  }

  /** How many times this JVM opened a database: once per database unless it could not be opened. */
  static int openings() {
    return OPENINGS.values().stream().mapToInt(Integer::intValue).sum();
  }

  private static void closeAll() {
    for (QueryExecutor executor : OPEN.values()) {
      try {
        executor.close();
      } catch (RuntimeException e) {
        LOG.warn("Closing {} failed: {}", executor.database().describe(), e.toString());
      }
    }
    OPEN.clear();
  }
}
