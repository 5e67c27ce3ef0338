package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each piece of infrastructure exists once (issue 14): replacing a file, making a thread, sleeping between tries,
 * wording a statement refusal. A second copy in any module's main sources fails here, naming file and line, so it
 * is folded into the one place instead of drifting from it.
 */
class InfrastructureOnceTest {

  private static final String FILES = "llmsql-core/src/main/java/dev/llmsql/files/AtomicFiles.java";
  private static final String THREADS = "llmsql-core/src/main/java/dev/llmsql/threads/DaemonThreads.java";
  private static final String RETRY = "llmsql-core/src/main/java/dev/llmsql/retry/RetryPolicy.java";
  private static final String GUARD = "llmsql-core/src/main/java/dev/llmsql/guard/StatementGuard.java";
  private static final String BOUNDS = "llmsql-core/src/main/java/dev/llmsql/guard/ResultBounds.java";
  /** A fake model server whose pause is the latency it simulates, not a wait between tries. */
  private static final String FAKE_MODEL_LATENCY =
      "llmsql-examples/src/main/java/dev/llmsql/examples/inference/GoldModelServer.java";

  /** Main source files of every module, by path from the repository root, as lines. */
  private static Map<String, List<String>> sources;

  @BeforeAll
  static void readSources() throws IOException {
    sources = new TreeMap<>();
    Path root = Path.of("..").toAbsolutePath().normalize();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path module : modules.filter(m -> m.getFileName().toString().startsWith("llmsql-")).toList()) {
        Path main = module.resolve("src/main/java");
        if (!Files.isDirectory(main)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(main)) {
          for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
            sources.put(root.relativize(file).toString().replace('\\', '/'),
                Files.readAllLines(file, StandardCharsets.UTF_8));
          }
        }
      }
    }
  }

  @Test
  void sources_areFound() {
    assertThat(sources).containsKeys(FILES, THREADS, RETRY, GUARD, BOUNDS);
  }

  @Test
  void atomicMove_onlyInAtomicFiles() {
    assertThat(filesContaining("ATOMIC_MOVE")).containsOnlyKeys(FILES);
  }

  @Test
  void threads_areMadeOnlyByDaemonThreads() {
    assertThat(filesContaining("new Thread(")).containsOnlyKeys(THREADS);
    assertThat(filesContaining("implements ThreadFactory")).containsOnlyKeys(THREADS);
    assertThat(filesContaining("setDaemon(")).containsOnlyKeys(THREADS);
  }

  @Test
  void sleeping_onlyInRetryPolicy() {
    assertThat(filesContaining("Thread.sleep(")).containsOnlyKeys(RETRY, FAKE_MODEL_LATENCY);
    assertThat(filesContaining(".sleep(")).containsOnlyKeys(RETRY, FAKE_MODEL_LATENCY);
  }

  @Test
  void statementRefusals_onlyInStatementGuard() {
    assertThat(filesContaining("statements may not run")).containsOnlyKeys(GUARD);
    assertThat(filesContaining("only one statement may run")).containsOnlyKeys(GUARD);
    assertThat(filesContaining("may not run on")).containsOnlyKeys(GUARD);
    assertThat(filesContaining("which DuckDB reads as a plain space")).containsOnlyKeys(GUARD);
  }

  @Test
  void resultBounds_onlyInResultBounds() {
    assertThat(filesContaining("row cap: the query returned")).containsOnlyKeys(BOUNDS);
    assertThat(filesContaining("size cap: a result row")).containsOnlyKeys(BOUNDS);
    assertThat(filesContaining("size cap: the result takes")).containsOnlyKeys(BOUNDS);
    assertThat(filesContaining("the query ran longer than")).containsOnlyKeys(BOUNDS);
  }

  @Test
  void jackson_onlyThroughItsPublicApi() {
    for (String internal : List.of("com.fasterxml.jackson.core.io.", "com.fasterxml.jackson.core.base.",
        "com.fasterxml.jackson.core.sym.", "UTF8StreamJsonParser", "ByteSourceJsonBootstrapper",
        "extends JsonFactory", "_createContext", "_parserFeatures")) {
      assertThat(filesContaining(internal)).as(internal).isEmpty();
    }
  }

  @Test
  void caches_noHandWrittenLinkedHashMapEviction() {
    assertThat(filesContaining("removeEldestEntry")).isEmpty();
  }

  /** File to the lines (as {@code line: text}) holding {@code text}. */
  private static Map<String, List<String>> filesContaining(String text) {
    Map<String, List<String>> found = new TreeMap<>();
    for (Map.Entry<String, List<String>> file : sources.entrySet()) {
      List<String> lines = file.getValue();
      List<String> hits = new ArrayList<>();
      for (int i = 0; i < lines.size(); i++) {
        if (lines.get(i).contains(text)) {
          hits.add((i + 1) + ": " + lines.get(i).trim());
        }
      }
      if (!hits.isEmpty()) {
        found.put(file.getKey(), hits);
      }
    }
    return found;
  }

  /** Keeps the allow-list honest: every exception named above still holds what it is excused for. */
  @Test
  void allowedFiles_stillHoldTheirOneCopy() {
    for (String file : Set.of(FILES, THREADS, RETRY, GUARD, BOUNDS, FAKE_MODEL_LATENCY)) {
      assertThat(sources).containsKey(file);
    }
    assertThat(filesContaining("Thread.sleep(")).containsKeys(RETRY, FAKE_MODEL_LATENCY);
  }
}
