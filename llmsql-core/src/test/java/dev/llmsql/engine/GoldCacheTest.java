package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.Fingerprints;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoldCacheTest {

  @TempDir
  Path dir;

  @Test
  void putFlushGet_roundTripsEveryCellType() throws Exception {
    // GIVEN
    Path db = Files.writeString(dir.resolve("db.sqlite"), "pretend database content");
    QueryResult rows = new QueryResult(List.of("a", "b", "c", "d", "e"),
        List.of(Arrays.asList(1L, 2.5, "x'y", null, new byte[] {1, 2})));
    GoldCache first = new GoldCache(dir.resolve("cache"));
    first.put(FileDatabase.of(db), "SELECT rows", QueryOutcome.success(rows, 5));
    first.put(FileDatabase.of(db), "SELECT bad", QueryOutcome.failure(FailureKind.SQL_ERROR, "no such column: bad", 5));
    first.put(FileDatabase.of(db), "SELECT slow", QueryOutcome.failure(FailureKind.TIMEOUT, "timeout", 5));
    first.put(FileDatabase.of(db), "SELECT part", QueryOutcome.success(QueryResult.incomplete(List.of("a"), List.of()), 5));

    // WHEN
    first.flush();
    GoldCache second = new GoldCache(dir.resolve("cache"));

    // THEN
    QueryOutcome.Success back = (QueryOutcome.Success) second.get(FileDatabase.of(db), "SELECT rows");
    assertThat(back.result().columns()).isEqualTo(rows.columns());
    assertThat(back.result().rows().get(0).subList(0, 4)).containsExactly(1L, 2.5, "x'y", null);
    assertThat((byte[]) back.result().rows().get(0).get(4)).containsExactly(1, 2);
    assertThat(second.get(FileDatabase.of(db), "SELECT bad"))
        .isEqualTo(QueryOutcome.failure(FailureKind.SQL_ERROR, "no such column: bad", 0));
    assertThat(second.get(FileDatabase.of(db), "SELECT slow")).as("timeouts depend on limits").isNull();
    assertThat(second.get(FileDatabase.of(db), "SELECT part")).as("incomplete results are not golds").isNull();
  }

  @Test
  void get_unwantedEntries_areSkippedButKeptOnDisk() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content");
    GoldCache all = new GoldCache(dir.resolve("cache"));
    all.put(FileDatabase.of(db), "SELECT 'café'", QueryOutcome.success(new QueryResult(List.of("c"), List.of(List.of("x"))), 0));
    all.put(FileDatabase.of(db), "SELECT 1", QueryOutcome.success(new QueryResult(List.of("1"), List.of(List.of(1L))), 0));
    all.put(FileDatabase.of(db), "SELECT 2", QueryOutcome.success(new QueryResult(List.of("2"), List.of(List.of(2L))), 0));
    all.flush();

    GoldCache some = new GoldCache(dir.resolve("cache"), hash -> hash == "SELECT 2".hashCode());
    assertThat(some.get(FileDatabase.of(db), "SELECT 1")).isNull();
    assertThat(some.get(FileDatabase.of(db), "SELECT 2")).isNotNull();
    some.put(FileDatabase.of(db), "SELECT 3", QueryOutcome.success(new QueryResult(List.of("3"), List.of(List.of(3L))), 0));
    some.flush();

    GoldCache again = new GoldCache(dir.resolve("cache"));
    assertThat(List.of("SELECT 1", "SELECT 2", "SELECT 3", "SELECT 'café'")).allMatch(sql -> again.get(FileDatabase.of(db), sql) != null);
    assertThat(new GoldCache(dir.resolve("cache"), hash -> hash == "SELECT 'café'".hashCode())
        .get(FileDatabase.of(db), "SELECT 'café'")).isNotNull();
  }

  @Test
  void get_addedThisRun_isReadBackFromTheSpillAndTheSpillIsGoneAfterFlush() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content");
    Path cacheDir = dir.resolve("cache");
    GoldCache cache = new GoldCache(cacheDir);
    QueryOutcome one = QueryOutcome.success(new QueryResult(List.of("1"), List.of(List.of(1L))), 0);

    cache.put(FileDatabase.of(db), "SELECT 1", one);
    cache.put(FileDatabase.of(db), "SELECT 1", QueryOutcome.failure(FailureKind.SQL_ERROR, "ignored: first one wins", 0));

    assertThat(cache.get(FileDatabase.of(db), "SELECT 1")).isEqualTo(one);
    assertThat(cache.get(FileDatabase.of(db), "SELECT 2")).isNull();
    try (Stream<Path> files = Files.list(cacheDir)) {
      assertThat(files.map(f -> f.getFileName().toString())).anyMatch(name -> name.endsWith(".spill"));
    }
    cache.flush();
    try (Stream<Path> files = Files.list(cacheDir)) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .containsExactlyInAnyOrder(Fingerprints.ofFile(db) + ".gold", Fingerprints.ofFile(db) + ".gold.lock");
    }
    assertThat(new GoldCache(cacheDir).get(FileDatabase.of(db), "SELECT 1")).isEqualTo(one);
  }

  @Test
  void get_entriesPastThePendingBound_areReadFromTheSpillAndFromMemoryAlike() throws Exception {
    // GIVEN 600 golds of about 1 KB: more than two pending buffers' worth (GoldCache.PENDING_BYTES)
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content");
    Path cacheDir = dir.resolve("cache");
    GoldCache cache = new GoldCache(cacheDir);
    List<QueryOutcome> outcomes = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      QueryOutcome outcome = QueryOutcome.success(new QueryResult(List.of("n", "text"),
          List.of(List.of((long) i, "x".repeat(1000) + i))), 0);
      outcomes.add(outcome);
      cache.put(FileDatabase.of(db), "SELECT " + i, outcome);
    }

    // WHEN / THEN: written in whole buffers, the rest still in memory, every one readable before the flush
    Path spill;
    try (Stream<Path> files = Files.list(cacheDir)) {
      spill = files.filter(f -> f.getFileName().toString().endsWith(".spill")).findFirst().orElseThrow();
    }
    assertThat(Files.size(spill)).isPositive().isLessThan(600L * 1000);
    for (int i = 0; i < 600; i++) {
      assertThat(cache.get(FileDatabase.of(db), "SELECT " + i)).isEqualTo(outcomes.get(i));
    }
    cache.flush();
    GoldCache again = new GoldCache(cacheDir);
    for (int i = 0; i < 600; i++) {
      assertThat(again.get(FileDatabase.of(db), "SELECT " + i)).isEqualTo(outcomes.get(i));
    }
  }

  @Test
  void flush_spillFilesOfDeadRuns_areDeletedOnlyWhenADayOld() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content");
    Path cacheDir = Files.createDirectories(dir.resolve("cache"));
    Path old = Files.writeString(cacheDir.resolve("x.gold123.spill"), "left by a killed JVM");
    Files.setLastModifiedTime(old, java.nio.file.attribute.FileTime.fromMillis(
        System.currentTimeMillis() - TimeUnit.HOURS.toMillis(25)));
    Path recent = Files.writeString(cacheDir.resolve("y.gold456.spill"), "another run, still going");
    GoldCache cache = new GoldCache(cacheDir);
    cache.put(FileDatabase.of(db), "SELECT 1", QueryOutcome.success(new QueryResult(List.of("1"), List.of(List.of(1L))), 0));

    cache.flush();

    assertThat(old).doesNotExist();
    assertThat(recent).exists();
  }

  @Test
  void flush_fileCutShortByAnotherWriter_keepsTheEntriesBeforeTheCut() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content");
    Path cacheDir = dir.resolve("cache");
    GoldCache first = new GoldCache(cacheDir);
    for (int i = 0; i < 3; i++) {
      first.put(FileDatabase.of(db), "SELECT " + i, QueryOutcome.success(new QueryResult(List.of("v"), List.of(List.of((long) i))), 0));
    }
    first.flush();
    Path file = cacheDir.resolve(Fingerprints.ofFile(db) + ".gold");
    byte[] whole = Files.readAllBytes(file);
    GoldCache second = new GoldCache(cacheDir);
    second.put(FileDatabase.of(db), "SELECT 9", QueryOutcome.success(new QueryResult(List.of("v"), List.of(List.of(9L))), 0));
    Files.write(file, Arrays.copyOf(whole, whole.length - 3));

    second.flush();

    GoldCache third = new GoldCache(cacheDir);
    assertThat(List.of("SELECT 0", "SELECT 1", "SELECT 9")).allMatch(sql -> third.get(FileDatabase.of(db), sql) != null);
    assertThat(third.get(FileDatabase.of(db), "SELECT 2")).as("the cut entry").isNull();
  }

  @Test
  void get_databaseContentChanged_missesEvenWithSameTimeAndSize() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content A");
    GoldCache cache = new GoldCache(dir.resolve("cache"));
    cache.put(FileDatabase.of(db), "SELECT 1", QueryOutcome.success(new QueryResult(List.of("1"), List.of(List.of(1L))), 0));
    cache.flush();
    var time = Files.getLastModifiedTime(db);

    Files.writeString(db, "content B");
    Files.setLastModifiedTime(db, time);

    assertThat(new GoldCache(dir.resolve("cache")).get(FileDatabase.of(db), "SELECT 1")).isNull();
  }

  @Test
  void get_corruptFile_isIgnoredAndRewritten() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content");
    Path cacheDir = Files.createDirectories(dir.resolve("cache"));
    Path file = cacheDir.resolve(Fingerprints.ofFile(db) + ".gold");
    Files.writeString(file, "LLMSQLG1 torn");

    GoldCache cache = new GoldCache(cacheDir);
    assertThat(cache.get(FileDatabase.of(db), "SELECT 1")).isNull();
    cache.put(FileDatabase.of(db), "SELECT 1", QueryOutcome.success(new QueryResult(List.of("1"), List.of(List.of(1L))), 0));
    cache.flush();

    assertThat(new GoldCache(cacheDir).get(FileDatabase.of(db), "SELECT 1")).isNotNull();
  }

  @Test
  void flush_twoJvmsAtOnce_neitherCorruptsNorLosesEntries() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "shared database");
    Path cacheDir = dir.resolve("cache");
    Path go = dir.resolve("go");
    List<Process> writers = new ArrayList<>();
    for (String name : List.of("left", "right")) {
      writers.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
          GoldCacheWriter.class.getName(), cacheDir.toString(), db.toString(), name, go.toString())
          .redirectErrorStream(true).start());
    }
    Thread.sleep(300);
    Files.writeString(go, "go");
    for (Process p : writers) {
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
    }

    Path file = cacheDir.resolve(Fingerprints.ofFile(db) + ".gold");
    Map<String, QueryOutcome> entries;
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
      entries = GoldCache.readAll(in);
    }
    assertThat(entries).hasSize(2 * GoldCacheWriter.ENTRIES);
    assertThat(entries).containsKeys("SELECT 'left', 0", "SELECT 'right', " + (GoldCacheWriter.ENTRIES - 1));
    try (Stream<Path> files = Files.list(cacheDir)) {
      assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".tmp"))).isEmpty();
    }
  }

  @Test
  void flush_twoCachesInOneJvmAtOnce_bothLand() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "one jvm");
    List<Thread> writers = new ArrayList<>();
    for (String name : List.of("a", "b", "c", "d")) {
      writers.add(new Thread(() -> {
        for (int round = 0; round < 20; round++) {
          GoldCache cache = new GoldCache(dir.resolve("cache"));
          cache.put(FileDatabase.of(db), "SELECT '" + name + "', " + round,
              QueryOutcome.success(new QueryResult(List.of("n"), List.of(List.of(1L))), 0));
          cache.flush();
        }
      }));
    }
    writers.forEach(Thread::start);
    for (Thread t : writers) {
      t.join();
    }

    GoldCache all = new GoldCache(dir.resolve("cache"));
    assertThat(List.of("a", "b", "c", "d")).allMatch(n -> all.get(FileDatabase.of(db), "SELECT '" + n + "', 19") != null);
  }

  /** A second JVM's writer: waits for the go file, then flushes its own entries several times over. */
  public static final class GoldCacheWriter {
    static final int ENTRIES = 3000;

    public static void main(String[] args) throws Exception {
      Path cacheDir = Path.of(args[0]);
      Path db = Path.of(args[1]);
      String name = args[2];
      Path go = Path.of(args[3]);
      while (!Files.exists(go)) {
        Thread.sleep(5);
      }
      for (int round = 0; round < 3; round++) {
        GoldCache cache = new GoldCache(cacheDir);
        for (int i = round * ENTRIES / 3; i < (round + 1) * ENTRIES / 3; i++) {
          cache.put(FileDatabase.of(db), "SELECT '" + name + "', " + i,
              QueryOutcome.success(new QueryResult(List.of("n"), List.of(List.of(name + i))), 0));
        }
        cache.flush();
      }
    }
  }
}
