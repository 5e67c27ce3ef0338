package dev.llmsql.examples.inference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.cli.Cli;
import dev.llmsql.models.inference.Inference;
import dev.llmsql.models.inference.InferenceSummary;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ProcessLog;
import dev.llmsql.report.EvaluationReport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Inference against a loopback model, then evaluation, on the bundled demo benchmark (50 questions). */
class InferenceEndToEndTest {

  static final Path DEMO = Path.of("demo");
  /** Right on every question except the 14 whose gold SQL counts rows. */
  static final UnaryOperator<String> WRONG_ON_COUNTS =
      sql -> "<think>draft: SELECT 1</think>\n" + (sql.contains("COUNT(") ? "SELECT 0" : sql);

  @TempDir
  Path dir;

  @Test
  void inferenceThenEvaluate_demo_matchesWhereTheModelGaveGoldSql() throws Exception {
    // given
    Path tables = SchemaTables.write(DEMO.resolve("demo.sqlite"), dir.resolve("tables.jsonl"));
    Path predictions = dir.resolve("predictions.jsonl");
    try (GoldModelServer model = GoldModelServer.start(DEMO.resolve("questions.jsonl"), 0, WRONG_ON_COUNTS)) {
      ChatClient client = ChatClient.builder().baseUrl(model.baseUrl()).model("gold").jsonMode(false)
          .environment(name -> null).processLog(ProcessLog.to(dir.resolve("process.jsonl"))).build();

      // when
      InferenceSummary summary = Inference.builder().client(client).questionsPath(DEMO.resolve("questions.jsonl"))
          .tablesPath(tables).shots(5).concurrency(4).build().run(predictions);
      EvaluationReport report = Evaluator.builder().questionsPath(DEMO.resolve("questions.jsonl"))
          .dbPath(DEMO.resolve("demo.sqlite")).noReportFile().showMismatches(false).build().run(predictions);

      // then
      assertThat(summary.written()).isEqualTo(50);
      assertThat(summary.failed()).isEmpty();
      assertThat(Files.readAllLines(predictions)).hasSize(50).noneMatch(line -> line.contains("think"));
      assertThat(Files.readString(dir.resolve("process.jsonl"))).contains("<think>draft: SELECT 1</think>");
      assertThat(report.total()).isEqualTo(50);
      assertThat(report.matches()).isEqualTo(36);
    }
  }

  @Test
  void cliInferenceApiThenEvaluate_demo_printsBothSummaries() throws Exception {
    // given
    Path tables = SchemaTables.write(DEMO.resolve("demo.sqlite"), dir.resolve("tables.jsonl"));
    Path predictions = dir.resolve("preds.jsonl");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Cli cli = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    try (GoldModelServer model = GoldModelServer.start(DEMO.resolve("questions.jsonl"), 0, WRONG_ON_COUNTS)) {

      // when: a quick run of 10, then the rest resumes
      int first = cli.run(new String[] {"inference", "api", "--model", "gold", "--base-url", model.baseUrl(),
          "--output-file", predictions.toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
          "--tables-path", tables.toString(), "--limit", "10", "--shots", "0"});
      String firstOut = out.toString(StandardCharsets.UTF_8);
      out.reset();
      int second = cli.run(new String[] {"inference", "api", "--model", "gold", "--base-url", model.baseUrl(),
          "--output-file", predictions.toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
          "--tables-path", tables.toString(), "--concurrency", "8"});
      String secondOut = out.toString(StandardCharsets.UTF_8);
      out.reset();
      int evaluated = cli.run(new String[] {"evaluate", "--outputs", predictions.toString(), "--questions-path",
          DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
          "--no-save-report", "--quiet"});

      // then
      assertThat(first).isZero();
      assertThat(firstOut).startsWith("10 question(s): 10 written, 0 already in " + predictions + ", 0 failed (");
      assertThat(second).isZero();
      assertThat(secondOut).startsWith("50 question(s): 40 written, 10 already in " + predictions + ", 0 failed (");
      assertThat(evaluated).isZero();
      assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("72.00% accuracy (36 of 50 matched)\n");
      assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
      assertThat(dir.resolve("preds.process.jsonl")).exists();
    }
  }
}
