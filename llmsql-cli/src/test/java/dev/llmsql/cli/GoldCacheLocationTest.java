package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run on local files keeps its gold results in the user's cache directory ($LLMSQL_CACHE_DIR here, a temporary
 * directory), not in llmsql_workdir/gold-cache of the current directory (issue 22.3); --workdir-path, --gold-cache
 * and --no-gold-cache still decide when given.
 */
class GoldCacheLocationTest extends CliHarness {

  static final Path DEMO = CliTest.DEMO;

  @TempDir
  Path dir;

  int evaluate(Map<String, String> environment, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("evaluate", "--outputs",
        DEMO.resolve("predictions.jsonl").toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report", "--threads", "1", "--quiet"));
    args.addAll(List.of(more));
    return run(environment::get, args.toArray(String[]::new));
  }

  static long files(Path dir) throws Exception {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(Files::isRegularFile).count();
    }
  }

  @Test
  void localFiles_noWorkdir_goldCacheGoesToTheUserCache() throws Exception {
    Path cache = dir.resolve("cache");

    assertThat(evaluate(Map.of("LLMSQL_CACHE_DIR", cache.toString()))).isEqualTo(Cli.OK);

    assertThat(files(cache.resolve("gold-cache"))).isPositive();
    try (Stream<Path> top = Files.list(cache)) {
      assertThat(top.toList()).containsExactly(cache.resolve("gold-cache"));
    }
  }

  @Test
  void workdirPath_keepsTheCacheInTheWorkDir_andGoldCacheOptionsStillDecide() throws Exception {
    Path cache = dir.resolve("cache");
    Path workdir = dir.resolve("work");

    assertThat(evaluate(Map.of("LLMSQL_CACHE_DIR", cache.toString()), "--workdir-path", workdir.toString()))
        .isEqualTo(Cli.OK);
    assertThat(files(workdir.resolve("gold-cache"))).isPositive();
    assertThat(cache).doesNotExist();

    Path chosen = dir.resolve("chosen");
    assertThat(evaluate(Map.of("LLMSQL_CACHE_DIR", cache.toString()), "--gold-cache", chosen.toString()))
        .isEqualTo(Cli.OK);
    assertThat(files(chosen)).isPositive();
    assertThat(cache).doesNotExist();

    assertThat(evaluate(Map.of("LLMSQL_CACHE_DIR", cache.toString()), "--no-gold-cache")).isEqualTo(Cli.OK);
    assertThat(cache).doesNotExist();
  }
}
