package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Proves that {@code ./mvnw install} gives users what they need: the Maven project in {@code user-project}
 * imports llmsql-bom, depends on llmsql-sqlite only, and runs a JUnit gate on the demo benchmark. It is built
 * offline against the local repository this build installs into, so it needs the modules installed first:
 * run with {@code ./mvnw install -Dllmsql.userProjectIt=true} (as .ci/run does); otherwise it is skipped.
 */
class UserProjectTest {

  @Test
  void userProject_dependingOnInstalledLlmsqlSqlite_buildsAndPassesItsGate() throws Exception {
    assumeTrue(Boolean.getBoolean("llmsql.userProjectIt"), "user project test skipped: it needs the modules "
        + "installed; run ./mvnw install -Dllmsql.userProjectIt=true (as .ci/run does)");
    Path root = Path.of("").toAbsolutePath().getParent();
    List<String> command = new ArrayList<>(List.of(root.resolve("mvnw").toString(), "-B", "-o", "-ntp",
        "-f", Path.of("user-project", "pom.xml").toAbsolutePath().toString(), "test"));
    String repository = System.getProperty("llmsql.localRepository");
    if (repository != null && !repository.isBlank()) {
      command.add("-Dmaven.repo.local=" + repository);
    }
    String tail = System.getProperty("maven.repo.local.tail");
    if (tail != null && !tail.isBlank()) {
      command.add("-Dmaven.repo.local.tail=" + tail);
    }

    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean exited = process.waitFor(300, TimeUnit.SECONDS);

    assertThat(exited).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).contains("Tests run: 1, Failures: 0, Errors: 0, Skipped: 0", "BUILD SUCCESS");
  }
}
