package com.example;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The runnable command line as a user gets it: the pom copies dev.llmsql:llmsql-cli:VERSION:jar:all (one jar
 * with every dependency) into target/llmsql.jar, and this test starts it with plain {@code java -jar}.
 */
class CliJarTest {

  private static final Path SHOP = Path.of("src", "test", "resources", "shop");

  @Test
  void allJar_runsWithJavaJar() throws Exception {
    Path jar = Path.of("target", "llmsql.jar");
    assertThat(jar).isRegularFile();
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process process = new ProcessBuilder(List.of(java.toString(), "-jar", jar.toString(), "evaluate",
        "--outputs", SHOP.resolve("predictions.jsonl").toString(),
        "--questions-path", SHOP.resolve("questions.jsonl").toString(),
        "--db-path", SHOP.resolve("shop.sqlite").toString(),
        "--no-save-report", "--quiet"))
        .redirectErrorStream(true)
        .start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();

    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output).isEqualTo("50.00% accuracy (3 of 6 matched)" + System.lineSeparator());
    assertThat(Files.size(jar)).isGreaterThan(1_000_000L);
  }
}
