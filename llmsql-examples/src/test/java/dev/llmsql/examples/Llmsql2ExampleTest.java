package dev.llmsql.examples;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.cli.Cli;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.sqlite.dataset.DatasetImport;
import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Requires;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's LLMSQL 2.0 section, run as it is written: the command's output, the leaderboard YAML, the
 * JUnit gate on category accuracy and the JShell script, over upstream's fixture and
 * {@code llmsql2/predictions.jsonl}.
 */
@Requires(shared = Llmsql2Fixture.SHARED)
class Llmsql2ExampleTest {

  static final Path PREDICTIONS = Path.of("llmsql2", "predictions.jsonl");
  static final Path OUT = Path.of("target", "llmsql2").toAbsolutePath();

  static Path fixture;
  static Path db;

  @BeforeAll
  static void database() throws Exception {
    fixture = Llmsql2Fixture.dir();
    Files.createDirectories(OUT);
    db = OUT.resolve("fixture.sqlite");
    DatasetImport.builder().tablesJsonl(fixture.resolve("tables.jsonl")).overwrite(true).build().into(db);
  }

  @Test
  void readmeCommand_printsTheReadmeOutputAndWritesTheLeaderboardEntry() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Path yaml = OUT.resolve("run.yaml");

    int status = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"evaluate", "--outputs",
        PREDICTIONS.toString(), "--questions-path", fixture.resolve("questions.jsonl").toString(), "--db-path",
        db.toString(), "--model-name", "demo-model", "--save-report", OUT.resolve("report.json").toString(),
        "--save-leaderboard-yaml", yaml.toString(), "--max-mismatches", "1", "--quiet"});

    assertThat(status).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("66.67% accuracy (14 of 21 matched)\n");
    assertThat(Files.readString(yaml).replaceFirst("(?m)^date: .*$", "date: DATE")
        .replaceFirst("(?m)^os_name: .*$", "os_name: OS")).isEqualTo("""
        date: DATE
        model:
          name: demo-model
          revision: null
          commit_hash: null
          parameter_count: null
          dtype: null
          thinking: null
        type: null
        llmsql:
          version: 0.1.0-SNAPSHOT
          commit_hash: null
        version: "2.0"
        os_name: OS
        python_version: null
        pip_freeze: null
        device: null
        inference:
          backend: null
          arguments: {}
        results:
          execution_accuracy: 0.6667
          num_samples: 21
          answers_path: llmsql2/predictions.jsonl
        """);
    String report = Files.readString(OUT.resolve("report.json"));
    assertThat(report).startsWith("""
        {
          "model_name" : "demo-model",
          "version" : "2.0",
          "total" : 21,
          "matches" : 14,
          "exact_string_matches" : 13,
          "pred_none" : 0,
          "gold_none" : 0,
          "sql_errors" : 4,
          "accuracy" : 0.6666666666666666,
          "exact_string_match_accuracy" : 0.6190476190476191,
          "category_accuracy" : {
            "convention" : {
              "total" : 9,
              "matches" : 7,
              "accuracy" : 0.7777777777777778
            },
            "lookup" : {
              "total" : 6,
              "matches" : 4,
              "accuracy" : 0.6666666666666666
            },
            "text_quantity" : {
              "total" : 6,
              "matches" : 3,
              "accuracy" : 0.5
            }
          },
        """);
  }

  @Test
  void readmeGate_categoryAccuracy() {
    EvaluationReport report = Evaluator.builder().questionsPath(fixture.resolve("questions.jsonl")).dbPath(db)
        .modelName("demo-model").noReportFile().showMismatches(false).build().run(PREDICTIONS);

    assertThat(report).hasCategoryAccuracyAtLeast("lookup", 0.5).hasCategoryAccuracyAtLeast("convention", 0.75);
    assertThat(report.modelName()).contains("demo-model");
  }

  @Test
  void jshellScript_printsAccuracyPerCategory() throws Exception {
    Path jshell = Path.of(System.getProperty("java.home"), "bin", "jshell");
    String classPath = java.util.Arrays.stream(System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path")).split(File.pathSeparator))
        .filter(e -> Files.exists(Path.of(e))).collect(java.util.stream.Collectors.joining(File.pathSeparator));
    Path root = Path.of("").toAbsolutePath().getParent();

    Process process = new ProcessBuilder(jshell.toString(), "--class-path", classPath,
        "-R-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        "-R-Dllmsql.workdir=" + Path.of("target", "llmsql_workdir").toAbsolutePath(),
        Path.of("llmsql-examples", "jshell", "llmsql2.jsh").toString())
        .directory(root.toFile()).redirectErrorStream(true).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean exited = process.waitFor(120, TimeUnit.SECONDS);

    assertThat(exited).isTrue();
    assertThat(output).contains("""
        convention     7 of 9 (77.78%)
        lookup         4 of 6 (66.67%)
        text_quantity  3 of 6 (50.00%)
        """).doesNotContain("Error:", "Exception");
  }
}
