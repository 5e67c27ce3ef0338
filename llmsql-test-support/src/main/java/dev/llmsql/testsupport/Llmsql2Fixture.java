package dev.llmsql.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The LLMSQL 2.0 fixture in {@code ../shared/data/llmsql2-fixture} and its database, built once per test JVM into
 * the module's {@code target/} by the fixture's own {@code build_db.py}. A test that uses it declares
 * {@code @Requires(shared = "data/llmsql2-fixture")}, and {@code programs = Program.PYTHON3} for the database.
 *
 * <pre>{@code
 * @Test
 * @Requires(shared = "data/llmsql2-fixture")
 * void fixtureQuestions_areRead() throws IOException {
 *   List<String> lines = Files.readAllLines(Llmsql2Fixture.questions());
 * }
 * }</pre>
 */
public final class Llmsql2Fixture {

  /** The path {@link Requires#shared()} names. */
  public static final String SHARED = "data/llmsql2-fixture";

  private static Path database;

  private Llmsql2Fixture() {
  }

  /** The fixture directory. */
  public static Path dir() {
    return SharedFiles.path(SHARED);
  }

  /** A file of the fixture, e.g. {@code tables.jsonl}. */
  public static Path file(String name) {
    return dir().resolve(name);
  }

  /** {@code questions.jsonl}. */
  public static Path questions() {
    return file("questions.jsonl");
  }

  /** {@code sqlite_tables.db}, built from tables.jsonl by {@code python3 build_db.py --out target/...}. */
  public static synchronized Path database() throws IOException, InterruptedException {
    if (database != null) {
      return database;
    }
    Path out = Files.createDirectories(Path.of("target", "llmsql2-fixture").toAbsolutePath());
    Path db = out.resolve("sqlite_tables.db");
    Path log = out.resolve("build_db.log");
    Process p = new ProcessBuilder("python3", file("build_db.py").toString(), "--out", db.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("python3 build_db.py did not finish in 120 seconds");
    }
    if (p.exitValue() != 0) {
      throw new AssertionError("python3 build_db.py failed: " + Files.readString(log, StandardCharsets.UTF_8));
    }
    database = db;
    return db;
  }
}
