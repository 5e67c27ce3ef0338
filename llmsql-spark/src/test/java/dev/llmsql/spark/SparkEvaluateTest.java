package dev.llmsql.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.SharedFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The spark-submit entry point writes the single-machine CLI's reports and leaderboard for every model. */
class SparkEvaluateTest {

  @TempDir
  Path out;

  @Test
  @Requires(shared = "data/spider-dev-sample")
  void twoModels_writeReportsLeaderboardAndResults() throws Exception {
    Path sample = SharedFiles.path("data/spider-dev-sample");
    Path questions = sample.resolve("questions.jsonl").toAbsolutePath().normalize();
    Path databases = sample.resolve("database").toAbsolutePath().normalize();
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int status = new SparkEvaluate(new PrintStream(stdout, true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8)).run(LocalSpark.get(),
        "--master", "local[2]", "--questions-path", questions.toString(), "--databases-dir", databases.toString(),
        "--model", "din-sql=" + sample.resolve("predictions/din-sql-gpt4-few-shot.jsonl"),
        "--model", "dail-sql=" + sample.resolve("predictions/dail-sql-gpt4.jsonl"),
        "--judge", "spider-exec", "--out", out.toString());
    assertThat(stderr.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(status).isEqualTo(SparkEvaluate.OK);
    try (Stream<Path> files = Files.list(out)) {
      assertThat(files.map(f -> f.getFileName().toString()).sorted().toList()).containsExactly("dail-sql.csv",
          "dail-sql.html", "dail-sql.json", "din-sql.csv", "din-sql.html", "din-sql.json", "leaderboard.html",
          "results");
    }
    EvaluationReport local = Evaluator.builder().questionsPath(questions).databasesDir(databases)
        .judge(dev.llmsql.judge.Judges.named("spider-exec")).modelName("dail-sql").noReportFile()
        .showMismatches(false).noGoldCache().build()
        .run(sample.resolve("predictions/dail-sql-gpt4.jsonl"));
    EvaluationReport written = FullReportJson.read(out.resolve("dail-sql.json"));
    assertThat(written.matches()).isEqualTo(277);
    // a file run reads JSON lines (input mode jsonl_path, problems at file:line); the predictions here have none
    assertThat(written.results().stream().map(SparkEvaluateTest::verdict).toList())
        .isEqualTo(local.results().stream().map(SparkEvaluateTest::verdict).toList());
    assertThat(List.of(written.total(), written.sqlErrors(), written.unanswered()))
        .isEqualTo(List.of(local.total(), local.sqlErrors(), local.unanswered()));
    assertThat(Files.readString(out.resolve("leaderboard.html"))).contains("din-sql", "dail-sql");
    assertThat(LocalSpark.get().read().parquet(out.resolve("results").toString()).count()).isEqualTo(748);
    assertThat(stdout.toString(StandardCharsets.UTF_8)).contains("748 predictions in ");
  }

  @Test
  void theFormats_comeFromTheWriterRegistry_inTheHelpAndTheError() {
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int status = new SparkEvaluate(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8)).run(null, "--model", "m=p.jsonl",
        "--questions-path", "q.jsonl", "--db-path", "db.sqlite", "--out", out.toString(), "--format", "json,pdf");

    assertThat(status).isEqualTo(SparkEvaluate.USAGE);
    assertThat(stderr.toString(StandardCharsets.UTF_8))
        .isEqualTo("llmsql-spark: --format takes json, csv and html, but was pdf (see --help)\n");
    assertThat(SparkEvaluate.HELP).contains("\n  --format LIST             report formats, comma-separated: json,csv,html "
        + "(default all three)\n");
  }

  /** A verdict without its measures, of which VES's come from run times. */
  private static String verdict(dev.llmsql.result.QuestionResult r) {
    return r.questionId() + " " + r.outcome() + " " + r.reason() + " " + r.verdict().detail();
  }

  @Test
  @Requires(shared = "data/spider-dev-sample")
  void predictionsWithAModelColumn_giveOneReportPerModel() throws Exception {
    Path sample = SharedFiles.path("data/spider-dev-sample");
    Path all = out.resolve("all.jsonl");
    StringBuilder lines = new StringBuilder();
    for (String model : List.of("din-sql-gpt4-few-shot", "dail-sql-gpt4")) {
      for (String line : Files.readAllLines(sample.resolve("predictions/" + model + ".jsonl"))) {
        lines.append("{\"model\": \"").append(model).append("\", ").append(line.substring(1)).append('\n');
      }
    }
    Files.writeString(all, lines);
    Path reports = out.resolve("reports");
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    int status = new SparkEvaluate(new PrintStream(stdout, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)).run(LocalSpark.get(),
        "--questions-path", sample.resolve("questions.jsonl").toString(), "--databases-dir",
        sample.resolve("database").toString(), "--predictions", all.toString(), "--format", "json",
        "--out", reports.toString());
    assertThat(status).isEqualTo(SparkEvaluate.OK);
    assertThat(FullReportJson.read(reports.resolve("din-sql-gpt4-few-shot.json")).matches()).isEqualTo(252);
    assertThat(FullReportJson.read(reports.resolve("dail-sql-gpt4.json")).matches()).isEqualTo(253);
  }

  @Test
  void missingBenchmark_isAUsageError() {
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int status = new SparkEvaluate(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8)).run(LocalSpark.get(), "--model", "a=a.jsonl",
        "--out", out.toString());
    assertThat(status).isEqualTo(SparkEvaluate.USAGE);
    assertThat(stderr.toString(StandardCharsets.UTF_8)).isEqualTo("llmsql-spark: give --questions-path and one of "
        + "--db-path, --databases-dir (see --help)" + System.lineSeparator());
  }
}
