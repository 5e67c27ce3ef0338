package dev.llmsql.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The read-only reference data in {@code ../shared}: the folder {@code shared} in the working directory (a
 * module) or one of its parents. Only a test that declares the path with {@link Requires} reads it; any other
 * test fails here, so a test that skips in a clone always says so first.
 *
 * <pre>{@code
 * @Test
 * @Requires(shared = "data/spider-dev-sample")
 * void spiderSample_agrees() {
 *   Path sample = SharedFiles.path("data/spider-dev-sample");
 * }
 * }</pre>
 */
public final class SharedFiles {

  private SharedFiles() {
  }

  /** {@code shared/<relative>}, which the calling test declared with {@code @Requires(shared = ...)}. */
  public static Path path(String relative) {
    return find(relative, Path.of("")).orElseThrow(() -> new IllegalStateException(missing(relative)
        + "; declare @Requires(shared = \"" + relative + "\") on the test so that a clone skips it"));
  }

  /** {@code shared/<relative>} in {@code workingDirectory} or the nearest of its parents that has it. */
  static Optional<Path> find(String relative, Path workingDirectory) {
    for (Path dir = workingDirectory.toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve(relative);
      if (Files.exists(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /** Why a test that reads {@code relative} cannot run. */
  static String missing(String relative) {
    return "../shared/" + relative + " is not beside the project root (it ships with the team's workspace and "
        + "CI, not with a clone)";
  }
}
