package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The daemon's own small benchmark: what one cold and one cached round print, and that nothing stays. */
class DaemonWarmUpTest {

  @TempDir
  Path dir;

  private static String untimed(ByteArrayOutputStream bytes) {
    return bytes.toString(StandardCharsets.UTF_8).replaceAll("(?m)^( *Time: +).*$", "$1_");
  }

  @Test
  void coldAndCachedRounds_giveTheSameVerdicts_andDeleteLeavesNothing() throws Exception {
    DaemonWarmUp warmUp = DaemonWarmUp.create(dir, "sock.warm-up-");
    ByteArrayOutputStream cold = new ByteArrayOutputStream();
    ByteArrayOutputStream cached = new ByteArrayOutputStream();

    int coldStatus = warmUp.round(0, new PrintStream(cold, true, StandardCharsets.UTF_8));
    int cachedStatus = warmUp.round(1, new PrintStream(cached, true, StandardCharsets.UTF_8));

    assertThat(coldStatus).isZero();
    assertThat(cachedStatus).isZero();
    assertThat(cold.toString(StandardCharsets.UTF_8)).contains("  Total:          600\n  Matches:        420\n",
        "  Outcomes:       match 420, mismatch 60, error 60, no SQL 60, gold error 0\n");
    assertThat(untimed(cached)).as("the same from the gold cache").isEqualTo(untimed(cold));
    assertThat(Files.exists(warmUp.directory().resolve("work-0/gold-cache"))).isTrue();
    warmUp.delete();
    try (Stream<Path> left = Files.list(dir)) {
      assertThat(left).isEmpty();
    }
  }
}
