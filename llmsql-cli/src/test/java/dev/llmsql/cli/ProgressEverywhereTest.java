package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.models.inference.ModelServer;
import dev.llmsql.models.inference.ModelServer.Reply;
import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Requires;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code inference} shows the same progress as {@code evaluate} (periodic plain lines off a terminal, nothing
 * with {@code --quiet}), and {@code --verbose} shows our own decisions but not the connection pool's debug lines.
 */
class ProgressEverywhereTest {

  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void inferenceListener_plain_printsOneLinePerIntervalInEvaluatesFormat() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    AtomicLong now = new AtomicLong();
    Progress progress = new Progress(stream, Terminal.PLAIN, now::get, 10_000_000_000L, 0);

    progress.onInferenceStart(4, 6);
    for (int answer = 1; answer <= 4; answer++) {
      now.addAndGet(6_000_000_000L);
      progress.onAnswer(answer, answer == 3);
    }
    progress.finish();

    // lines at 12 s (2 done) and 24 s (4 done); none at 6 s or 18 s, less than 10 s after the last line
    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo("""
        progress: 2/4 (50%), 0.2/s, ETA 0:12
        progress: 4/4 (100%), 0.2/s, ETA 0:00
        """);
  }

  @Test
  void inferenceListener_terminal_endsWithTheFullBar() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    AtomicLong now = new AtomicLong();
    Progress progress = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), new Terminal(true, false),
        now::get, 0, 0);

    progress.onInferenceStart(2, 0);
    now.set(1_000_000_000L);
    progress.onAnswer(1, false);
    now.set(2_000_000_000L);
    progress.onAnswer(2, false);
    progress.finish();

    assertThat(bytes.toString(StandardCharsets.UTF_8)).isEqualTo(
        "\r[###############...............] 1/2 (50%), 1.0/s, ETA 0:01\u001b[K"
            + "\r[##############################] 2/2 (100%), 1.0/s, ETA 0:00\u001b[K"
            + "\r[##############################] 2/2 (100%), 1.0/s, ETA 0:00\u001b[K\n");
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void inferenceApi_quiet_printsNothingOnStandardError() throws Exception {
    try (ModelServer server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"))) {
      int status = run("inference", "api", "--model", "m", "--base-url", server.baseUrl(), "--output-file",
          dir.resolve("p.jsonl").toString(), "--questions-path", Llmsql2Fixture.file("questions.jsonl").toString(),
          "--tables-path", Llmsql2Fixture.file("tables.jsonl").toString(), "--limit", "2", "--quiet");

      assertThat(status).isEqualTo(Cli.OK);
      assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
      assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("2 question(s): 2 written, 0 already in ");
    }
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void inferenceApi_verbose_namesTheFilesAndSettingsUsed() throws Exception {
    Path questions = Llmsql2Fixture.file("questions.jsonl");
    Path tables = Llmsql2Fixture.file("tables.jsonl");
    Path output = dir.resolve("p.jsonl");
    try (ModelServer server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"))) {
      int status = run("inference", "api", "--model", "m", "--base-url", server.baseUrl(), "--output-file",
          output.toString(), "--questions-path", questions.toString(), "--tables-path", tables.toString(),
          "--limit", "1", "-v");

      assertThat(status).isEqualTo(Cli.OK);
      List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
      assertThat(lines).hasSize(2);
      assertThat(lines.get(0)).isEqualTo("llmsql inference api: questions " + questions + ", tables " + tables
          + ", predictions " + output + ", process log " + dir.resolve("p.process.jsonl").toAbsolutePath());
      assertThat(lines.get(1)).startsWith("llmsql inference api: Inference[");
    }
  }

  @Test
  void inferenceApi_quietAndVerbose_isUsageError() {
    int status = run("inference", "api", "--quiet", "--verbose");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo(
        "llmsql inference api: --quiet and --verbose exclude each other; choose one (see llmsql inference --help)\n");
  }

  @Test
  void mainInASubprocess_evaluateVerbose_showsOurTimingsButNoPoolLines() throws Exception {
    Path db = dir.resolve("t.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (a INTEGER)");
      s.execute("INSERT INTO t VALUES (1)");
    }
    Path questions = Files.writeString(dir.resolve("q.jsonl"),
        "{\"question_id\": 1, \"question\": \"one\", \"sql\": \"SELECT a FROM t\", \"table_id\": \"t\"}\n");
    Path outputs = Files.writeString(dir.resolve("o.jsonl"), "{\"question_id\": 1, \"completion\": \"SELECT a FROM t\"}\n");
    ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), Main.class.getName(), "evaluate", "--outputs",
        outputs.toString(), "--questions-path", questions.toString(), "--db-path", db.toString(), "--no-save-report",
        "--verbose").directory(dir.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    builder.environment().put("LLMSQL_CACHE_DIR", dir.resolve("cache").toString());   // not the user's cache
    Process p = builder.start();
    String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();

    assertThat(p.exitValue()).as(stderr).isZero();
    List<String> lines = Arrays.asList(stderr.split("\n"));
    assertThat(lines).anyMatch(l -> l.startsWith("llmsql evaluate: Evaluator{"));
    assertThat(lines).anyMatch(l -> l.matches("\\[main\\] DEBUG dev\\.llmsql\\.engine\\.EvaluationEngine - "
        + "Predictions judged after \\d+ ms"));
    assertThat(lines).noneMatch(l -> l.contains("zaxxer") || l.contains("Hikari") || l.contains("DEBUG org.")
        || l.contains("DEBUG com."));
  }

  private int run(String... args) {
    Cli cli = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true,
        StandardCharsets.UTF_8), Terminal.PLAIN);
    return cli.run(args);
  }
}
