package dev.llmsql.internal;

import dev.llmsql.execution.QueryOutcome;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Outcomes of statements already run in this evaluation, so an identical (database, SQL) pair runs once:
 * a candidate spelled exactly like its gold, paraphrased questions answered with the same query. Bounded in
 * entries and in rows per entry, so memory does not grow with the number of predictions.
 */
final class RunCache {

  /** Results larger than this are not kept: they are rare and would dominate memory. */
  static final int MAX_ROWS_KEPT = 1_000;
  static final int MAX_ENTRIES = 50_000;

  private record Key(Path database, String sql) { }

  private final ConcurrentHashMap<Key, QueryOutcome> outcomes = new ConcurrentHashMap<>();

  /** A reusable outcome for the statement, or null. */
  QueryOutcome get(Path database, String sql) {
    return outcomes.get(new Key(database, sql));
  }

  void put(Path database, String sql, QueryOutcome outcome) {
    boolean keep = outcome instanceof QueryOutcome.Failure
        || outcome instanceof QueryOutcome.Success s && s.result().complete()
        && s.result().rowCount() <= MAX_ROWS_KEPT;
    if (keep && outcomes.size() < MAX_ENTRIES) {
      outcomes.putIfAbsent(new Key(database, sql), outcome);
    }
  }
}
