package dev.llmsql.examples;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What a test does when a part it needs (../shared, python3, Chromium) is missing: a user's fresh clone
 * skips with the reason, CI fails with it. CI is the environment variable {@code CI=true} (set by the CI
 * runner) or {@code -Dllmsql.requireChromium=true} (set by .ci/run), so a green CI run never hides a test
 * that did not run.
 */
final class Requirement {

  private Requirement() {
  }

  /** True on CI, where a missing part is a failure. */
  static boolean strict() {
    return "true".equalsIgnoreCase(System.getenv("CI")) || Boolean.getBoolean("llmsql.requireChromium");
  }

  /** Skips the calling test with {@code reason} when {@code present} is false; on CI fails instead. */
  static void require(boolean present, String reason) {
    if (!present && strict()) {
      throw new IllegalStateException("required on CI: " + reason);
    }
    assumeTrue(present, reason);
  }
}
