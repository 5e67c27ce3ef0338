package dev.llmsql.inference;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The LLMSQL 2.0 fixture in {@code ../shared/data/llmsql2-fixture}: a fresh clone without {@code ../shared}
 * skips the calling test with the reason; CI ({@code CI=true}) fails it, so a green CI run never hides a test
 * that did not run.
 */
public final class Llmsql2Fixture {

  private Llmsql2Fixture() {
  }

  /** {@code shared/data/llmsql2-fixture/<file>} found in a parent of the working directory. */
  public static Path file(String file) {
    String relative = "data/llmsql2-fixture/" + file;
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve(relative);
      if (Files.exists(candidate)) {
        return candidate;
      }
    }
    String reason = "../shared/" + relative + " is not beside the project root (it ships with the team's "
        + "workspace and CI, not with a clone)";
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      throw new IllegalStateException("required on CI: " + reason);
    }
    assumeTrue(false, "skipped: " + reason);
    throw new AssertionError("unreachable");
  }
}
