package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher without its jar; with the jar (built in the package phase, after this module's tests) it is
 * tested by llmsql-examples' {@code LauncherTest}.
 */
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
}
