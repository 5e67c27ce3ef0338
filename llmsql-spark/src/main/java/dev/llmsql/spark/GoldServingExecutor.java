package dev.llmsql.spark;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import java.util.Map;

/**
 * The executor a task hands its evaluator: the JVM's shared executor of the partition's database, answering the
 * gold statements the first stage computed from the broadcast instead of running them again. A statement whose
 * text equals a gold's gets the gold's outcome, as the single-machine run cache gives it; a statement read only
 * in part ({@code stopAfterRows}) or timed ({@link #execute(String)}, which timing judges call) always runs.
 * Closing it leaves the shared executor open for the next task.
 */
final class GoldServingExecutor implements QueryExecutor {

  private final QueryExecutor shared;
  private final Map<String, SharedGold> golds;

  GoldServingExecutor(QueryExecutor shared, Map<String, SharedGold> golds) {
    this.shared = shared;
    this.golds = golds;
  }

  @Override
  public Database database() {
    return shared.database();
  }

  @Override
  public QueryOutcome execute(String sql) {
    return shared.execute(sql);
  }

  @Override
  public QueryOutcome execute(String sql, int stopAfterRows) {
    SharedGold gold = stopAfterRows == Integer.MAX_VALUE ? golds.get(sql) : null;
    return gold != null ? gold.outcome() : shared.execute(sql, stopAfterRows);
  }

  @Override
  public String fingerprint() {
    return shared.fingerprint();
  }

  @Override
  public void warmUp() {
    shared.warmUp();
  }

  @Override
  public void close() {
    // the shared executor lives as long as the executor JVM (ExecutorDatabases)
  }
}
