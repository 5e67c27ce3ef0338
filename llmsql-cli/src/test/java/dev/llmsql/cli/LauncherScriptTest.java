package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LauncherScriptTest {

  @TempDir
  Path dir;

  @Test
  void launcher_missingJar_namesTheBuildCommand() throws Exception {
    Path jar = dir.resolve("none.jar");
    ProcessBuilder builder = new ProcessBuilder("sh", Path.of("bin", "llmsql").toString(), "--version")
        .redirectErrorStream(true);
    builder.environment().put("LLMSQL_JAR", jar.toString());
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).isEqualTo(1);
    assertThat(output).isEqualTo("llmsql: " + jar + " not found; build it with ./mvnw -q -pl llmsql-cli -am "
        + "package -DskipTests\n");
  }

  @Test
  void launcher_builtJar_runsTheCli() throws Exception {
    Path jar = Path.of("target", "llmsql.jar");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(jar),
        "skipped: target/llmsql.jar is built in the package phase, after this module's tests");
    Process process = new ProcessBuilder("sh", Path.of("bin", "llmsql").toString(), "--version")
        .redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(output).isEqualTo("llmsql " + Cli.VERSION + "\n");
  }
}
