package dev.llmsql.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationListener;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.sqlite.TestDatabases;
import dev.llmsql.testsupport.SqliteFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile-input suite, gold cache through a real evaluation (issue 12.5): bytes flipped in the cache file a
 * real run wrote never change a verdict; the run warns and rebuilds the file.
 */
class HostileGoldCacheRunTest {

  @TempDir
  Path dir;

  @Test
  void run_cacheFileWithAFlippedByte_sameVerdictsAsWithoutCacheAndAWarning() throws Exception {
    // GIVEN: 40 questions over a real database, half answered right, and the gold cache of a first run
    StringBuilder rows = new StringBuilder("INSERT INTO t VALUES ");
    for (int i = 1; i <= 40; i++) {
      rows.append(i == 1 ? "" : ",").append('(').append(i).append(", 'name ").append(i).append("', ")
          .append(i * 1.5).append(')');
    }
    Path db = SqliteFiles.create(dir.resolve("t.db"), "CREATE TABLE t (id INTEGER, name TEXT, v REAL)",
        rows.toString());
    StringBuilder questions = new StringBuilder();
    StringBuilder predictions = new StringBuilder();
    for (int i = 1; i <= 40; i++) {
      String gold = i % 3 == 0 ? "SELECT name, v FROM t WHERE id <= " + i : "SELECT v FROM t WHERE id = " + i;
      String predicted = i % 2 == 0 ? gold : "SELECT v FROM t WHERE id = " + (i % 40 + 1);
      questions.append("{\"question_id\": ").append(i).append(", \"question\": \"q\", \"sql\": \"").append(gold)
          .append("\", \"table_id\": \"t\"}\n");
      predictions.append("{\"question_id\": ").append(i).append(", \"completion\": \"").append(predicted)
          .append("\"}\n");
    }
    Path q = Files.writeString(dir.resolve("questions.jsonl"), questions);
    Path p = Files.writeString(dir.resolve("predictions.jsonl"), predictions);
    Path cache = dir.resolve("gold-cache");
    Map<Integer, String> withoutCache = verdicts(Evaluator.builder().noGoldCache().questionsPath(q).dbPath(db)
        .noReportFile().showMismatches(false).build().run(p));
    assertThat(verdicts(run(q, db, p, cache, new ArrayList<>()))).isEqualTo(withoutCache);
    Path file;
    try (Stream<Path> files = Files.list(cache)) {
      file = files.filter(f -> f.toString().endsWith(".gold")).findFirst().orElseThrow();
    }
    byte[] clean = Files.readAllBytes(file);

    // WHEN / THEN: a flipped byte anywhere past the header, one spot at a time
    for (int at = 8; at < clean.length; at += Math.max(1, clean.length / 60)) {
      byte[] bad = clean.clone();
      bad[at] ^= 0x10;
      Files.write(file, bad);
      List<String> warnings = new CopyOnWriteArrayList<>();

      EvaluationReport report = run(q, db, p, cache, warnings);

      assertThat(verdicts(report)).as("byte " + at).isEqualTo(withoutCache);
      assertThat(warnings).as("byte " + at).isNotEmpty()
          .allMatch(w -> w.startsWith("Gold cache " + file.toAbsolutePath()));
      // and the run rebuilt it: the next run finds nothing damaged
      List<String> after = new CopyOnWriteArrayList<>();
      assertThat(verdicts(run(q, db, p, cache, after))).isEqualTo(withoutCache);
      assertThat(after).as("after rebuilding at byte " + at).isEmpty();
      Files.write(file, clean);
    }
  }

  private static EvaluationReport run(Path q, Path db, Path p, Path cache, List<String> warnings) {
    return Evaluator.builder().goldCache(cache).questionsPath(q).dbPath(db).noReportFile().showMismatches(false)
        .listener(new EvaluationListener() {
          @Override
          public void onWarning(String message) {
            warnings.add(message);
          }
        }).build().run(p);
  }

  private static Map<Integer, String> verdicts(EvaluationReport report) {
    Map<Integer, String> out = new TreeMap<>();
    report.results().forEach(r -> out.put(r.questionId(), r.outcome() + " " + r.reason() + " " + r.verdict().detail()));
    return out;
  }
}
