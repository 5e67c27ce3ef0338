package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CliTest {

  static final Path DEMO = Path.of("..", "llmsql-examples", "demo");

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void run_noArguments_printsUsageAndFails() {
    assertThat(run()).isEqualTo(Cli.USAGE);
    assertThat(out()).startsWith("llmsql: evaluate LLM-generated SQL");
  }

  @Test
  void run_version_printsVersion() {
    assertThat(run("--version")).isZero();
    assertThat(out()).isEqualTo("llmsql 0.1.0-SNAPSHOT\n");
  }

  @Test
  void evaluate_help_listsOptionsWithExamples() {
    assertThat(run("evaluate", "--help")).isZero();
    assertThat(out()).contains("--outputs FILE", "--questions-path FILE", "--databases-dir DIR",
        "--query-timeout SECONDS", "--threads N", "--no-show-mismatches", "Examples:");
  }

  @Test
  void run_unknownCommand_namesKnownOnes() {
    assertThat(run("evaluat")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql: unknown command 'evaluat'; known: evaluate (see llmsql --help)\n");
  }

  @Test
  void evaluate_withoutOutputs_isUsageError() {
    assertThat(run("evaluate", "--threads", "2")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --outputs FILE is required (the predictions JSONL) "
        + "(see llmsql evaluate --help)\n");
  }

  @Test
  void evaluate_badNumber_isUsageErrorNamingOption() {
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--threads", "0")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --threads must be positive, but was 0 "
        + "(see llmsql evaluate --help)\n");
  }

  @Test
  void evaluate_unknownOption_isUsageError() {
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--colour", "red")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: unknown option --colour (see llmsql evaluate --help)\n");
  }

  @Test
  void evaluate_questionsWithoutDatabase_namesFix() {
    assertThat(run("evaluate", "--outputs", "x.jsonl", "--questions-path", "q.jsonl")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: questionsPath(path) needs dbPath(path) or databasesDir(dir) "
        + "too; give both, or neither to download LLMSQL 2.0\n");
  }

  @Test
  void evaluate_malformedPredictions_exitsWithOneLineReasonNamingLine() throws Exception {
    Path outputs = dir.resolve("outputs.jsonl");
    Files.write(outputs, List.of("{\"question_id\": 1, \"completion\": \"SELECT 1\"}", "{oops"));

    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report");

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).startsWith("llmsql evaluate: " + outputs + ":2: not valid JSON (").endsWith("\n");
    assertThat(err().lines()).hasSize(1);
    assertThat(out()).isEmpty();
  }

  @Test
  void evaluate_missingDatabase_exitsNoBenchmarkNamingOption() {
    Path missing = dir.resolve("none.sqlite");

    int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", missing.toString());

    assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
    assertThat(err()).isEqualTo("llmsql evaluate: database file not found: " + missing.toAbsolutePath()
        + "; check the path given to --db-path\n");
  }

  @Test
  void evaluate_downloadFails_exitsNoBenchmarkNamingUrlAndLocalFiles() throws Exception {
    com.sun.net.httpserver.HttpServer hub =
        com.sun.net.httpserver.HttpServer.create(new java.net.InetSocketAddress("127.0.0.1", 0), 0);
    hub.createContext("/", exchange -> {
      exchange.sendResponseHeaders(404, -1);
      exchange.close();
    });
    hub.start();
    try {
      String endpoint = "http://127.0.0.1:" + hub.getAddress().getPort();

      int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--version", "1.0",
          "--hub-endpoint", endpoint, "--workdir-path", dir.resolve("work").toString());

      assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
      assertThat(err()).startsWith("llmsql evaluate: Could not download " + endpoint
          + "/datasets/llmsql-bench/llmsql-benchmark/resolve/main/questions.jsonl: HTTP 404")
          .contains("--questions-path questions.jsonl --db-path sqlite_tables.db").endsWith("\n");
      assertThat(err().lines()).hasSize(1);
    } finally {
      hub.stop(0);
    }
  }

  @Test
  void evaluate_demo_printsMismatchesThenSummary() {
    Path report = dir.resolve("r.json");

    int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--save-report", report.toString(), "--threads", "1", "--query-timeout", "2.5", "--gold-cache",
        dir.resolve("gold").toString());

    assertThat(status).isZero();
    assertThat(out()).contains("Mismatch #5: ").doesNotContain("Mismatch #6: ")
        .contains("  Matches:        27\n", "  Report:         " + report + "\n");
    assertThat(out().indexOf("Mismatch #1")).isLessThan(out().indexOf("Evaluation summary"));
    assertThat(report).exists();
  }
}
