package dev.llmsql.examples;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Generates {@code ../shared/bench/make_workload.py} workloads under {@code target/}, once per build. */
final class Workloads {

  private Workloads() {
  }

  /** The small workload (500 tables, 1,000 predictions); skips the test when python3 or shared/ is missing. */
  static synchronized Path small() throws Exception {
    Path script = SharedData.require("bench/make_workload.py");
    Path out = Path.of("target", "workload-small").toAbsolutePath();
    if (Files.exists(out.resolve("manifest.json"))) {
      return out;
    }
    Process process;
    try {
      process = new ProcessBuilder("python3", script.toString(), out.toString(), "--small")
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    } catch (java.io.IOException e) {
      if ("true".equals(System.getenv("CI"))) {
        throw new AssertionError("python3 is needed to generate the workload, and CI=true", e);
      }
      assumeTrue(false, "skipped: python3 is needed to generate the workload (" + e.getMessage() + ")");
      throw new AssertionError("unreachable");
    }
    if (!process.waitFor(2, TimeUnit.MINUTES) || process.exitValue() != 0) {
      throw new IllegalStateException("make_workload.py failed with status " + process.exitValue());
    }
    return out;
  }
}
