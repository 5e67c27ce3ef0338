package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteCommandTest {

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.PLAIN, name -> null).run(args);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void suite_help_listsOptionsAndExitCodes() {
    assertThat(run("suite", "--help")).isZero();
    assertThat(out()).startsWith("Usage: llmsql suite run --suite DIR --config F --model M --base-url U "
        + "--judge-model J --out DIR [options]\n").contains("--judge-base-url U", "--concurrency N",
        "Exit status: 0 every case ran, 1 some cases failed to run");
  }

  @Test
  void main_help_listsSuiteCommand() {
    assertThat(run("--help")).isZero();
    assertThat(out()).contains("  llmsql suite run --suite DIR --config F --model M --base-url U --judge-model J "
        + "--out DIR\n");
  }

  @Test
  void suite_unknownSubcommand_isUsageError() {
    assertThat(run("suite", "start")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql suite: unknown subcommand 'start'; known: run (see llmsql suite --help)\n");
  }

  @Test
  void suiteRun_withoutRequiredOptions_namesThem() {
    assertThat(run("suite", "run", "--model", "m")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql suite run: --suite, --config, --model, --base-url and --out are required "
        + "(see llmsql suite --help)\n");
  }

  @Test
  void suiteRun_badConcurrency_isUsageError() {
    assertThat(run("suite", "run", "--concurrency", "0")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql suite run: --concurrency takes a whole number of at least 1, but was '0' "
        + "(see llmsql suite --help)\n");
  }

  @Test
  void suiteRun_malformedConfig_isBadInputNamingFile() throws Exception {
    // given
    Path config = Files.writeString(dir.resolve("suite.json"), "{\"capabilities\": {}}");
    Files.createDirectories(dir.resolve("data"));

    // when
    int status = run("suite", "run", "--suite", dir.resolve("data").toString(), "--config", config.toString(),
        "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--out", dir.resolve("out").toString());

    // then
    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql suite run: " + config + ": \"capabilities\" is missing or empty; give e.g. "
        + "{\"capabilities\": {\"sql_understanding\": {\"execution_accuracy\": {\"weight\": 4, ...}}}}\n");
  }

  @Test
  void suiteRun_subjectiveWithoutJudge_namesOption() throws Exception {
    // given
    Path data = Files.createDirectories(dir.resolve("data/sql_understanding"));
    Files.writeString(data.resolve("explain_detection.jsonl"), "{\"id\": \"e\", \"difficulty\": \"1\", \"sql\": "
        + "\"SELECT 1\"}\n");
    Path config = Files.writeString(dir.resolve("suite.json"), "{\"capabilities\": {\"sql_understanding\": "
        + "{\"explain_detection\": {\"weight\": 2, \"evaluation\": \"subjective\", \"prompt\": \"{{sql}}\"}}}}");

    // when
    int status = run("suite", "run", "--suite", dir.resolve("data").toString(), "--config", config.toString(),
        "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--out", dir.resolve("out").toString());

    // then
    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql suite run: the suite has subjective or hybrid metrics, so it needs at least "
        + "one --judge-model J (see llmsql suite --help)\n");
  }
}
