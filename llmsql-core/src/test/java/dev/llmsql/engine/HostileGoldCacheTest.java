package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.Fingerprints;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile-input suite, gold cache (issues 12.5, 18.4): failures of the moment are never kept, a damaged
 * file never yields a wrong outcome (every byte flipped in turn), and a lock held by another process is
 * waited for with a bound. Corpus: {@code hostile/gold-outcomes.json} (failure and whether it is kept).
 */
class HostileGoldCacheTest {

  @TempDir
  Path dir;

  @Test
  void put_failuresOfTheMoment_areNotKeptButSqlErrorsAre() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content");
    JsonNode corpus;
    try (InputStream in = getClass().getResourceAsStream("/hostile/gold-outcomes.json")) {
      corpus = new ObjectMapper().readTree(in);
    }
    GoldCache cache = new GoldCache(dir.resolve("cache"));
    int i = 0;
    for (JsonNode c : corpus) {
      cache.put(FileDatabase.of(db), "SELECT " + i++, QueryOutcome.failure(FailureKind.valueOf(c.path("kind").asText()),
          c.path("message").asText(), 1));
    }
    cache.flush();

    GoldCache again = new GoldCache(dir.resolve("cache"));
    i = 0;
    for (JsonNode c : corpus) {
      QueryOutcome back = again.get(FileDatabase.of(db), "SELECT " + i++);
      assertThat(back != null).as(c.toString()).isEqualTo(c.path("cached").asBoolean());
      if (back != null) {
        assertThat(back).isEqualTo(QueryOutcome.failure(FailureKind.SQL_ERROR, c.path("message").asText(), 0));
      }
    }
  }

  @Test
  void runCache_failuresOfTheMoment_areRunAgainWithinTheRun() {
    Path db = Path.of("db.sqlite");
    RunCache cache = new RunCache(null);
    cache.put(Database.file(db), "SELECT locked", QueryOutcome.failure(FailureKind.SQL_ERROR, "database is locked", 1));
    cache.put(Database.file(db), "SELECT io", QueryOutcome.failure(FailureKind.SQL_ERROR, "disk I/O error", 1));
    cache.put(Database.file(db), "SELECT gone", QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE, "unable to open", 1));
    cache.put(Database.file(db), "SELECT bad", QueryOutcome.failure(FailureKind.SQL_ERROR, "no such column: bad", 1));

    assertThat(cache.get(Database.file(db), "SELECT locked")).isNull();
    assertThat(cache.get(Database.file(db), "SELECT io")).isNull();
    assertThat(cache.get(Database.file(db), "SELECT gone")).isNull();
    assertThat(cache.get(Database.file(db), "SELECT bad")).isEqualTo(QueryOutcome.failure(FailureKind.SQL_ERROR,
        "no such column: bad", 1));
  }

  @Test
  void get_everyByteFlippedInTurn_neverGivesAnotherOutcomeAndWarns() throws Exception {
    // GIVEN: a cache of three golds whose payloads a flipped bit could turn into other plausible results
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content");
    Path cacheDir = dir.resolve("cache");
    Map<String, QueryOutcome> truth = new LinkedHashMap<>();
    truth.put("SELECT a", QueryOutcome.success(new QueryResult(List.of("a"), List.of(List.of(1L), List.of(2L))), 0));
    truth.put("SELECT b", QueryOutcome.success(new QueryResult(List.of("b"), List.of(List.of("Ann"))), 0));
    truth.put("SELECT c", QueryOutcome.failure(FailureKind.SQL_ERROR, "no such column: c", 0));
    GoldCache writer = new GoldCache(cacheDir);
    truth.forEach((sql, outcome) -> writer.put(FileDatabase.of(db), sql, outcome));
    writer.flush();
    Path file = cacheDir.resolve(Fingerprints.ofFile(db) + ".gold");
    byte[] clean = Files.readAllBytes(file);

    int damagedAndWarned = 0;
    for (int at = 0; at < clean.length; at++) {
      // WHEN: one byte flipped
      byte[] bad = clean.clone();
      bad[at] ^= 0x01;
      Files.write(file, bad);
      List<String> warnings = new CopyOnWriteArrayList<>();
      GoldCache cache = new GoldCache(cacheDir, h -> true, Duration.ofSeconds(5), warnings::add);

      // THEN: every answer is the true one or none (the gold is run again), and a miss was warned about
      List<String> missed = new ArrayList<>();
      for (Map.Entry<String, QueryOutcome> e : truth.entrySet()) {
        QueryOutcome back = cache.get(FileDatabase.of(db), e.getKey());
        if (back == null) {
          missed.add(e.getKey());
        } else {
          assertThat(same(back, e.getValue())).as("byte " + at + ", " + e.getKey()).isTrue();
        }
      }
      if (!missed.isEmpty() && at >= 8) {
        assertThat(warnings).as("byte " + at + " lost " + missed).isNotEmpty();
        damagedAndWarned++;
      }
      // AND: flushing rebuilds a file that holds only good entries
      cache.flush();
      GoldCache rebuilt = new GoldCache(cacheDir);
      for (Map.Entry<String, QueryOutcome> e : truth.entrySet()) {
        QueryOutcome back = rebuilt.get(FileDatabase.of(db), e.getKey());
        assertThat(back == null || same(back, e.getValue())).as("rebuilt, byte " + at).isTrue();
      }
    }
    assertThat(damagedAndWarned).isGreaterThan(clean.length / 2);
  }

  @Test
  void flush_lockHeldByAnotherProcess_givesUpAfterTheWaitNamingLockAndHolder() throws Exception {
    Path db = Files.writeString(dir.resolve("db.sqlite"), "content");
    Path cacheDir = Files.createDirectories(dir.resolve("cache"));
    String name = Fingerprints.ofFile(db) + ".gold";
    Path lock = cacheDir.resolve(name + ".lock");
    Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
        LockHolder.class.getName(), lock.toString()).start();
    try {
      byte[] ready = holder.getInputStream().readNBytes(7);
      assertThat(new String(ready, StandardCharsets.US_ASCII)).isEqualTo("locked\n");
      List<String> warnings = new CopyOnWriteArrayList<>();
      GoldCache cache = new GoldCache(cacheDir, h -> true, Duration.ofMillis(300), warnings::add);
      cache.put(FileDatabase.of(db), "SELECT 1", QueryOutcome.success(new QueryResult(List.of("1"), List.of(List.of(1L))), 0));

      assertTimeoutPreemptively(Duration.ofSeconds(60), cache::flush);

      assertThat(warnings).containsExactly("Gold cache not updated: its lock " + lock.toAbsolutePath()
          + " is held by another process (pid " + holder.pid() + ") for more than 300 ms; this run's gold "
          + "results are not kept (verdicts are unaffected). If no other evaluation is running, delete the lock file");
      assertThat(cacheDir.resolve(name)).doesNotExist();
    } finally {
      holder.getOutputStream().close();
      assertThat(holder.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    // once the holder is gone, the next run writes as usual
    GoldCache later = new GoldCache(cacheDir);
    later.put(FileDatabase.of(db), "SELECT 1", QueryOutcome.success(new QueryResult(List.of("1"), List.of(List.of(1L))), 0));
    later.flush();
    assertThat(new GoldCache(cacheDir).get(FileDatabase.of(db), "SELECT 1")).isNotNull();
  }

  private static boolean same(QueryOutcome a, QueryOutcome b) {
    if (a instanceof QueryOutcome.Success x && b instanceof QueryOutcome.Success y) {
      return x.result().columns().equals(y.result().columns()) && x.result().rows().equals(y.result().rows());
    }
    return a.equals(b);
  }

  /** Another process holding the cache lock as a writer would (pid written in), until its stdin closes. */
  public static final class LockHolder {
    public static void main(String[] args) throws Exception {
      Path lock = Path.of(args[0]);
      try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
           FileLock held = channel.lock()) {
        channel.write(java.nio.ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + "\n")
            .getBytes(StandardCharsets.US_ASCII)));
        System.out.print("locked\n");
        System.out.flush();
        System.in.read();
        held.release();
      }
    }
  }

}
