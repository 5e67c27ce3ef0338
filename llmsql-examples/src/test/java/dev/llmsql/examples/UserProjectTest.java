package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Proves that {@code ./mvnw install} gives users what they need: the Maven project in {@code user-project}
 * imports llmsql-bom, depends on llmsql-sqlite only, runs a JUnit gate on its own small benchmark, and runs
 * the installed runnable CLI jar (classifier {@code all}) with {@code java -jar}. It is copied out of the
 * repository first, so a path into the repository would break it, and built offline against the local
 * repository this build installs into, so it needs the modules installed first: run with
 * {@code ./mvnw install -Dllmsql.userProjectIt=true} (as .ci/run does); otherwise it is skipped.
 */
class UserProjectTest {

  @Test
  void userProject_copiedOutOfTheRepository_buildsAgainstInstalledArtifactsAndPassesItsTests(
      @TempDir Path elsewhere) throws Exception {
    assumeTrue(Boolean.getBoolean("llmsql.userProjectIt"), "user project test skipped: it needs the modules "
        + "installed; run ./mvnw install -Dllmsql.userProjectIt=true (as .ci/run does)");
    Path root = Path.of("").toAbsolutePath().getParent();
    Path project = copyTree(Path.of("user-project"), elsewhere.resolve("user-project"));
    List<String> command = new ArrayList<>(List.of(root.resolve("mvnw").toString(), "-B", "-o", "-ntp",
        "-f", project.resolve("pom.xml").toString(), "test"));
    String repository = System.getProperty("llmsql.localRepository");
    if (repository != null && !repository.isBlank()) {
      command.add("-Dmaven.repo.local=" + repository);
    }
    String tail = System.getProperty("maven.repo.local.tail");
    if (tail != null && !tail.isBlank()) {
      command.add("-Dmaven.repo.local.tail=" + tail);
    }

    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    // its evaluations keep gold results in the user's cache by default: here one under target/, not the real one
    builder.environment().put("LLMSQL_CACHE_DIR", Path.of("target", "user-project-cache").toAbsolutePath()
        .toString());
    Process process = builder.start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean exited = process.waitFor(300, TimeUnit.SECONDS);

    assertThat(exited).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains("Tests run: 2, Failures: 0, Errors: 0, Skipped: 0", "BUILD SUCCESS");
  }

  @Test
  void userProject_namesNoPathOutsideItself() throws IOException {
    try (Stream<Path> files = Files.walk(Path.of("user-project"))) {
      List<Path> sources = files.filter(Files::isRegularFile)
          .filter(file -> !file.startsWith(Path.of("user-project", "target")))
          .filter(file -> file.toString().endsWith(".java") || file.toString().endsWith(".xml"))
          .toList();
      assertThat(sources).isNotEmpty();
      for (Path source : sources) {
        assertThat(Files.readString(source)).as(source.toString()).doesNotContain("\"..\"", "../");
      }
    }
  }

  private static Path copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      files.filter(file -> !file.startsWith(from.resolve("target"))).forEach(file -> {
        try {
          Files.copy(file, to.resolve(from.relativize(file).toString()));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
    return to;
  }
}
