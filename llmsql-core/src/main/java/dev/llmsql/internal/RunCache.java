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

  // Sized for a full LLMSQL run up front: rehashing a growing map showed in profiles.
  private final ConcurrentHashMap<Key, QueryOutcome> outcomes = new ConcurrentHashMap<>(1 << 16);
  private final GoldCache goldCache;

  /** @param goldCache gold results kept across runs, or null when switched off */
  RunCache(GoldCache goldCache) {
    this.goldCache = goldCache;
  }

  /** Starts loading the gold results of {@code database} in the background. */
  void prefetch(Path database) {
    if (goldCache != null) {
      goldCache.prefetch(database);
    }
  }

  /** A gold outcome from this run or an earlier one, or null. */
  QueryOutcome gold(Path database, String sql) {
    QueryOutcome known = get(database, sql);
    if (known == null && goldCache != null) {
      known = goldCache.get(database, sql);
      if (known != null) {
        put(database, sql, known);
      }
    }
    return known;
  }

  void putGold(Path database, String sql, QueryOutcome outcome) {
    put(database, sql, outcome);
    if (goldCache != null) {
      goldCache.put(database, sql, outcome);
    }
  }

  /** Saves the gold results this run computed. */
  void flush() {
    if (goldCache != null) {
      goldCache.flush();
    }
  }

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
