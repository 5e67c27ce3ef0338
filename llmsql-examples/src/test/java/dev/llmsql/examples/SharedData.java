package dev.llmsql.examples;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the read-only reference data in {@code ../shared} beside the project root. */
final class SharedData {

  private SharedData() {
  }

  /**
   * The path {@code shared/<relative>} found in a parent of the working directory; skips the calling test with
   * a clear message when a fresh clone has no {@code ../shared}, and fails it when {@code CI=true}.
   */
  static Path require(String relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve(relative);
      if (Files.exists(candidate)) {
        return candidate;
      }
    }
    if ("true".equals(System.getenv("CI"))) {
      throw new AssertionError("../shared/" + relative + " is missing, and CI=true: the data must be there on CI");
    }
    assumeTrue(false, "skipped: ../shared/" + relative + " is not beside the project root "
        + "(it ships with the team's workspace and CI, not with a clone)");
    throw new AssertionError("unreachable");
  }
}
