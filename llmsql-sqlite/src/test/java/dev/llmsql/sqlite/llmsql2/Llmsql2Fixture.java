package dev.llmsql.sqlite.llmsql2;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The LLMSQL 2.0 fixture in {@code ../shared/data/llmsql2-fixture} and its database, built once per run into
 * {@code target/} by the fixture's own {@code build_db.py}. Skips in a fresh clone without {@code ../shared};
 * fails instead when {@code CI=true}, where the data must be there.
 */
final class Llmsql2Fixture {

  private static Path database;

  private Llmsql2Fixture() {
  }

  /** The fixture directory. */
  static Path dir() {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path candidate = d.resolve("shared").resolve("data").resolve("llmsql2-fixture");
      if (Files.isRegularFile(candidate.resolve("questions.jsonl"))) {
        return candidate;
      }
    }
    String message = "../shared/data/llmsql2-fixture is not beside the project root (it ships with the team's "
        + "workspace and CI, not with a clone)";
    if ("true".equals(System.getenv("CI"))) {
      throw new AssertionError(message + "; CI=true, so this test must not be skipped");
    }
    assumeTrue(false, "skipped: " + message);
    throw new AssertionError("unreachable");
  }

  static Path questions() {
    return dir().resolve("questions.jsonl");
  }

  /** {@code sqlite_tables.db}, built from tables.jsonl by {@code python3 build_db.py --out target/...}. */
  static synchronized Path database() throws IOException, InterruptedException {
    if (database != null) {
      return database;
    }
    Path out = Path.of("target", "llmsql2-fixture").toAbsolutePath();
    Files.createDirectories(out);
    Path db = out.resolve("sqlite_tables.db");
    Path log = out.resolve("build_db.log");
    Process p;
    try {
      p = new ProcessBuilder("python3", dir().resolve("build_db.py").toString(), "--out", db.toString())
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
    } catch (IOException e) {
      String message = "python3 (needed to build the fixture database) cannot be started: " + e.getMessage();
      if ("true".equals(System.getenv("CI"))) {
        throw new AssertionError(message + "; CI=true, so this test must not be skipped", e);
      }
      assumeTrue(false, "skipped: " + message);
      throw e;
    }
    if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new AssertionError("python3 build_db.py failed: " + Files.readString(log, StandardCharsets.UTF_8));
    }
    database = db;
    return db;
  }
}
