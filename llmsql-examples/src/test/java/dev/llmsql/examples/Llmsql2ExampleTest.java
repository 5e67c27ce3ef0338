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
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * LLMSQL 2.0 end to end over upstream's real fixture ({@code ../shared}, the fidelity check beside the README's
 * own demo, which {@link Llmsql2DemoTest} runs): the command's report and leaderboard YAML, and a JUnit gate on
 * category accuracy, with {@code llmsql2/fixture-predictions.jsonl}.
 */
@Requires(shared = Llmsql2Fixture.SHARED)
class Llmsql2ExampleTest {

  static final Path PREDICTIONS = Path.of("llmsql2", "fixture-predictions.jsonl");
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
  void command_printsAccuracyAndWritesTheLeaderboardEntry() throws Exception {
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
          answers_path: llmsql2/fixture-predictions.jsonl
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
  void gate_categoryAccuracy() {
    EvaluationReport report = Evaluator.builder().questionsPath(fixture.resolve("questions.jsonl")).dbPath(db)
        .modelName("demo-model").noReportFile().showMismatches(false).build().run(PREDICTIONS);

    assertThat(report).hasCategoryAccuracyAtLeast("lookup", 0.5).hasCategoryAccuracyAtLeast("convention", 0.75);
    assertThat(report.modelName()).contains("demo-model");
  }
}
