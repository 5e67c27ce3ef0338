package dev.llmsql.spark;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Locates the read-only reference data in {@code ../shared} beside the project root: a user's fresh clone skips the
 * calling test with the reason, CI ({@code CI=true}) fails it.
 */
final class SharedData {

  private SharedData() {
  }

  /** The path {@code shared/<relative>} found in a parent of the working directory. */
  static Path require(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve(relative);
      if (Files.exists(candidate)) {
        return candidate;
      }
    }
    require(false, "skipped: ../shared/" + relative + " is not beside the project root (it ships with the "
        + "team's workspace and CI, not with a clone)");
    throw new AssertionError("unreachable");
  }

  /** The small make_workload.py workload (2,000 questions, 1,000 predictions) under target/, made once. */
  static synchronized Path smallWorkload() throws Exception {
    Path script = require("bench/make_workload.py");
    Path out = Path.of("target", "workload-small").toAbsolutePath();
    if (Files.exists(out.resolve("manifest.json"))) {
      return out;
    }
    Process process;
    try {
      process = new ProcessBuilder("python3", script.toString(), out.toString(), "--small")
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    } catch (java.io.IOException e) {
      require(false, "skipped: python3 is needed to generate the workload (" + e.getMessage() + ")");
      throw new AssertionError("unreachable");
    }
    if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
      throw new IllegalStateException("make_workload.py failed with status " + process.exitValue());
    }
    return out;
  }

  /** Skips the calling test with {@code reason} when {@code present} is false; on CI fails instead. */
  static void require(boolean present, String reason) {
    if (!present && "true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new IllegalStateException("required on CI: " + reason);
    }
    assumeTrue(present, reason);
  }
}
