package dev.llmsql.engine;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.ResultBytes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Outcomes of statements already run in this evaluation, so an identical (database, SQL) pair runs once:
 * a candidate spelled exactly like its gold, paraphrased questions answered with the same query. Bounded in
 * entries and in rows per entry, so memory does not grow with the number of predictions: two generations of
 * at most {@link #GENERATION} entries, the older dropped when the newer fills (an approximate LRU that costs
 * one map lookup more on a miss). Losing an entry to a race or an eviction only costs a re-run.
 */
final class RunCache {

  /** Results larger than this are not kept: they are rare and would dominate memory. */
  static final int MAX_ROWS_KEPT = 100;
  /** Nor are results over this many {@link ResultBytes}: 8,192 entries of this size stay under 512 MiB. */
  static final long MAX_BYTES_KEPT = 64L << 10;
  static final int GENERATION = 4_096;

  private record Key(Database database, String sql) { }

  private volatile ConcurrentHashMap<Key, QueryOutcome> recent = newGeneration();
  private volatile ConcurrentHashMap<Key, QueryOutcome> older = newGeneration();
  private final GoldCache goldCache;
  private final ConcurrentHashMap<Path, List<Path>> variants = new ConcurrentHashMap<>();

  /** @param goldCache gold results kept across runs, or null when switched off */
  RunCache(GoldCache goldCache) {
    this.goldCache = goldCache;
  }

  /** Starts loading the gold results of {@code database} in the background. */
  void prefetch(QueryExecutor database) {
    if (goldCache != null) {
      goldCache.prefetch(database);
    }
  }

  /** A gold outcome from this run or an earlier one, or null. */
  QueryOutcome gold(QueryExecutor database, String sql) {
    QueryOutcome known = get(database.database(), sql);
    if (known == null && goldCache != null) {
      known = goldCache.get(database, sql);
      if (known != null) {
        put(database.database(), sql, known);
      }
    }
    return known;
  }

  void putGold(QueryExecutor database, String sql, QueryOutcome outcome) {
    put(database.database(), sql, outcome);
    if (goldCache != null) {
      goldCache.put(database, sql, outcome);
    }
  }

  /**
   * The other files in the folder of a file {@code database} with its extension ({@code *.sqlite} for Spider's
   * test suites), by name, listed once per run; none
   * when the folder cannot be listed (the question's own database reports its problem when it runs), and none
   * for a database that is not a file.
   */
  List<Path> variants(Database database) {
    if (!(database instanceof Database.File file)) {
      return List.of();
    }
    Path folder = file.path().toAbsolutePath().getParent();
    String name = String.valueOf(file.path().getFileName());
    int dot = name.lastIndexOf('.');
    if (folder == null || dot <= 0) {
      return List.of();
    }
    // the same kind of file only: a DuckDB copy beside a SQLite one is not one of its variants
    String extension = name.substring(dot);
    List<Path> all = variants.computeIfAbsent(folder.resolve("*" + extension), pattern -> list(folder, extension));
    Path self = file.path().toAbsolutePath().normalize();
    return all.stream().filter(p -> !p.equals(self)).toList();
  }

  private static List<Path> list(Path folder, String extension) {
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(f -> f.getFileName().toString().endsWith(extension) && Files.isRegularFile(f))
          .map(f -> f.toAbsolutePath().normalize()).sorted().toList();
    } catch (IOException | UncheckedIOException e) {
      return List.of();
    }
  }

  /** Saves the gold results this run computed. */
  void flush() {
    if (goldCache != null) {
      goldCache.flush();
    }
  }

  /** A reusable outcome for the statement, or null. */
  QueryOutcome get(Database database, String sql) {
    Key key = new Key(database, sql);
    QueryOutcome known = recent.get(key);
    if (known == null) {
      known = older.get(key);
      if (known != null) {
        remember(key, known);
      }
    }
    return known;
  }

  void put(Database database, String sql, QueryOutcome outcome) {
    // a failure of the moment (locked, I/O, interrupted) is retried by the next identical statement; so is one of
    // a row or byte bound, which depends on how far the statement was read: a judge that stops after a few rows
    // would get another outcome than a full read, and which of the two ran first would decide the verdict
    boolean keep = outcome instanceof QueryOutcome.Failure f && !GoldCache.ofTheMoment(f)
        && f.kind() != FailureKind.ROW_LIMIT && f.kind() != FailureKind.SIZE_LIMIT
        || outcome instanceof QueryOutcome.Success s && s.result().complete()
        && s.result().rowCount() <= MAX_ROWS_KEPT && ResultBytes.rows(s.result().rows()) <= MAX_BYTES_KEPT;
    if (keep) {
      remember(new Key(database, sql), outcome);
    }
  }

  private void remember(Key key, QueryOutcome outcome) {
    ConcurrentHashMap<Key, QueryOutcome> generation = recent;
    if (generation.size() >= GENERATION) {
      synchronized (this) {
        if (recent == generation) {
          older = generation;
          recent = newGeneration();
        }
        generation = recent;
      }
    }
    generation.putIfAbsent(key, outcome);
  }

  private static ConcurrentHashMap<Key, QueryOutcome> newGeneration() {
    return new ConcurrentHashMap<>(GENERATION * 2);
  }
}
