package dev.llmsql.spark;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.config.EvaluatorSettings;
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

  private static final Path DEMO = Path.of("../llmsql-examples/demo").toAbsolutePath().normalize();
  private static final String Q1 = "SELECT COUNT(*) FROM \\\"employees\\\" WHERE \\\"Department\\\" = 'Sales'";

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
        .judge(dev.llmsql.judgement.Judges.named("spider-exec")).modelName("dail-sql").noReportFile()
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

  @Test
  void modelFilesWithEitherFieldName_areEachJudgedAsOnOneMachine() throws Exception {
    // one column was chosen for the union of every --model file: the predicted_sql file had no completion
    Path a = Files.writeString(out.resolve("a.jsonl"), "{\"question_id\": 1, \"completion\": \"" + Q1 + "\"}\n");
    Path b = Files.writeString(out.resolve("b.jsonl"), "{\"question_id\": 1, \"predicted_sql\": \"" + Q1 + "\"}\n");
    Path reports = out.resolve("reports");

    Run run = run("--questions-path", DEMO.resolve("questions.jsonl").toString(), "--db-path",
        DEMO.resolve("demo.sqlite").toString(), "--model", "a=" + a, "--model", "b=" + b, "--format", "json",
        "--out", reports.toString());

    assertThat(run.status()).isEqualTo(SparkEvaluate.OK);
    assertThat(List.of(FullReportJson.read(reports.resolve("a.json")).matches(),
        FullReportJson.read(reports.resolve("b.json")).matches())).isEqualTo(List.of(1, 1));
  }

  @Test
  void twoModelsOfOneFileName_areRefused_notOneReportLost() throws Exception {
    // a/b and a_b both wrote a_b.json: the second report replaced the first
    Path one = Files.writeString(out.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"SELECT 1\"}\n");
    Run byOption = run("--questions-path", DEMO.resolve("questions.jsonl").toString(), "--db-path",
        DEMO.resolve("demo.sqlite").toString(), "--model", "a/b=" + one, "--model", "a_b=" + one, "--out",
        out.resolve("r1").toString());
    assertThat(byOption.status()).isEqualTo(SparkEvaluate.USAGE);
    assertThat(byOption.err()).isEqualTo("llmsql-spark: models 'a/b' and 'a_b' would write their reports to the "
        + "same files (a_b.json, .csv, .html); give the --model names that differ in letters, digits, '.', '_' or "
        + "'-' (see --help)\n");

    Path multi = Files.writeString(out.resolve("multi.jsonl"), "{\"model\": \"a/b\", \"question_id\": 1, "
        + "\"completion\": \"SELECT 1\"}\n{\"model\": \"a_b\", \"question_id\": 1, \"completion\": \"" + Q1
        + "\"}\n");
    Path r2 = out.resolve("r2");
    Run byColumn = run("--questions-path", DEMO.resolve("questions.jsonl").toString(), "--db-path",
        DEMO.resolve("demo.sqlite").toString(), "--predictions", multi.toString(), "--out", r2.toString());
    assertThat(byColumn.status()).isEqualTo(SparkEvaluate.NOT_SAVED);
    assertThat(byColumn.err()).isEqualTo("llmsql-spark: evaluated, but models 'a/b' and 'a_b' would write their "
        + "reports to the same files (a_b.json, .csv, .html) in " + r2 + "; rename one of them in the "
        + "predictions\n");
    assertThat(r2).doesNotExist();
  }

  @Test
  void unusableInputs_areOneLine_namingTheOptionAndTheFix() throws Exception {
    String q = DEMO.resolve("questions.jsonl").toString();
    String db = DEMO.resolve("demo.sqlite").toString();
    String r = out.resolve("r").toString();
    Path missing = out.resolve("missing.jsonl");
    Path empty = Files.writeString(out.resolve("empty.jsonl"), "");
    Path noCompletion = Files.writeString(out.resolve("no-completion.jsonl"), "{\"question_id\": 1}\n");
    Path nullModel = Files.writeString(out.resolve("null-model.jsonl"), "{\"model\": null, \"question_id\": 1, "
        + "\"completion\": \"SELECT 1\"}\n");

    assertThat(run("--questions-path", q, "--db-path", db, "--model", "m=" + missing, "--out", r)).isEqualTo(
        new Run(SparkEvaluate.BAD_INPUT, "llmsql-spark: --model m=" + missing + ": predictions file not found; "
            + "check the path (a file, directory or glob Spark reads)\n"));
    assertThat(run("--questions-path", q, "--db-path", db, "--model", "m=" + empty, "--out", r)).isEqualTo(
        new Run(SparkEvaluate.BAD_INPUT, "llmsql-spark: --model m=" + empty + ": holds no predictions (empty, or "
            + "only blank lines); give JSON lines of question_id and completion, or Parquet\n"));
    assertThat(run("--questions-path", q, "--db-path", db, "--model", "m=" + noCompletion, "--out", r)).isEqualTo(
        new Run(SparkEvaluate.BAD_INPUT, "llmsql-spark: --model m=" + noCompletion + ": no prediction has a "
            + "\"completion\" (or \"predicted_sql\") field; give each line the model's output as \"completion\"\n"));
    assertThat(run("--questions-path", q, "--db-path", db, "--predictions", nullModel.toString(), "--out", r))
        .isEqualTo(new Run(SparkEvaluate.BAD_INPUT, "llmsql-spark: a prediction has no model (null or blank "
            + "'model' column); give every prediction the name of the model that wrote it (predictions: "
            + nullModel + ")\n"));
    assertThat(run("--questions-path", out.resolve("no-questions.jsonl").toString(), "--db-path", db, "--model",
        "m=" + noCompletion, "--out", r)).isEqualTo(new Run(SparkEvaluate.BENCHMARK_UNAVAILABLE, "llmsql-spark: "
            + "questions file not found: " + out.resolve("no-questions.jsonl") + "; check the path given to "
            + "--questions-path\n"));
    assertThat(run("--questions-path", q, "--db-path", db, "--model", "m=" + noCompletion, "--query-timeout", "abc",
        "--out", r)).isEqualTo(new Run(SparkEvaluate.USAGE, "llmsql-spark: --query-timeout takes a number of "
            + "seconds (e.g. 10 or 0.5), but was abc (see --help)\n"));
    assertThat(run("--questions-path", q, "--db-path", db, "--model", "m=" + noCompletion, "--max-rows", "many",
        "--out", r)).isEqualTo(new Run(SparkEvaluate.USAGE, "llmsql-spark: --max-rows takes a whole number, but "
            + "was many (see --help)\n"));
    assertThat(out.resolve("r")).doesNotExist();
  }

  /** What a run of the entry point gave: its status and its standard error, lines ending in \n. */
  private record Run(int status, String err) { }

  private static Run run(String... args) {
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int status = new SparkEvaluate(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8)).run(LocalSpark.get(), args);
    return new Run(status, stderr.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
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

  /** The help is as it was, its defaults now taken from the declarations (SparkSettings, EvaluatorSettings). */
  @Test
  void help_showsTheDeclaredDefaults() {
    assertThat(SparkEvaluate.HELP).isEqualTo(""
        + "Usage: spark-submit --class dev.llmsql.spark.SparkEvaluate JAR [options]\n"
        + "\n"
        + "Predictions (at least one):\n"
        + "  --model NAME=PATH         one model's predictions (JSON lines of question_id, completion; or .parquet)\n"
        + "  --predictions PATH        many models' predictions with a model column (JSON lines or .parquet; a\n"
        + "                            directory or glob Spark reads)\n"
        + "Benchmark:\n"
        + "  --questions-path PATH     the questions JSONL\n"
        + "  --db-path PATH            one SQLite database for every question (LLMSQL), or\n"
        + "  --databases-dir DIR       {DIR}/{db_id}/{db_id}.sqlite (Spider, BIRD)\n"
        + "  --benchmark-name NAME     how reports name it (default: the questions file's name)\n"
        + "  --distribute-files        ship the questions and databases to every executor (SparkContext.addFile)\n"
        + "                            instead of reading the same paths on a shared filesystem\n"
        + "Judging (as llmsql evaluate):\n"
        + "  --judge NAME[:OPTS]       default llmsql (LLMSQL 2.0 rules where a question has an answer)\n"
        + "  --scoring NAME            a scoring beside accuracy (repeatable)\n"
        + "  --engine NAME             the query engine (default: chosen per database)\n"
        + "  --query-timeout SECONDS   per statement (default 10)\n"
        + "  --max-rows N              per statement (default 100000)\n"
        + "Layout:\n"
        + "  --predictions-per-task N  split a database's predictions into tasks of at most N (default 2000)\n"
        + "  --threads-per-task N      predictions one task judges at once (default 1)\n"
        + "Output:\n"
        + "  --out DIR                 where reports, leaderboard.html and results/ go (required)\n"
        + "  --format LIST             report formats, comma-separated: json,csv,html (default all three)\n"
        + "  --master URL              Spark master when not run by spark-submit (e.g. local[4])\n");
    assertThat(SparkEvaluate.HELP).contains("--query-timeout SECONDS   per statement (default "
        + EvaluatorSettings.QUERY_TIMEOUT.defaultValue().toSeconds() + ")\n", "--max-rows N              per "
        + "statement (default " + EvaluatorSettings.MAX_ROWS.defaultValue() + ")\n", "(default "
        + SparkSettings.PREDICTIONS_PER_TASK.defaultValue() + ")\n", "at once (default "
        + SparkSettings.THREADS_PER_TASK.defaultValue() + ")\n");
  }

  /** The output targets known before any work are checked before any work (no Spark session is needed). */
  @Test
  void outputTargets_areCheckedBeforeAnyWork_withExactMessages() throws Exception {
    Path questions = Files.writeString(out.resolve("q.jsonl"), "");
    Path file = Files.writeString(out.resolve("file"), "x");
    assertThat(refused("--model", "m=p.jsonl", "--out", file.toString())).isEqualTo("llmsql-spark: --out " + file
        + ": exists and is not a directory; --out takes the directory the reports, leaderboard.html and results/ "
        + "go into\n");
    assertThat(refused("--model", "m=p.jsonl", "--out", file.resolve("sub").toString())).isEqualTo("llmsql-spark: "
        + "--out " + file.resolve("sub") + ": " + file + " is a file, not a directory; choose another path\n");
    // a model's report would overwrite the questions
    Path reports = Files.createDirectories(out.resolve("reports"));
    Path inReports = Files.writeString(reports.resolve("m.json"), "");
    assertThat(refused(inReports, "--model", "m=p.jsonl", "--out", reports.toString())).isEqualTo("llmsql-spark: "
        + "--out " + inReports + ": is the --questions-path file of this run (" + inReports + "), an input that "
        + "must not be overwritten; choose another path\n");
    // the leaderboard's name is taken by a directory
    Files.createDirectories(reports.resolve("leaderboard.html"));
    assertThat(refused("--model", "m=p.jsonl", "--format", "csv", "--out", reports.toString()))
        .isEqualTo("llmsql-spark: --out " + reports.resolve("leaderboard.html") + ": exists and is not a regular "
            + "file (a directory); choose another path\n");
    // results/ is replaced whole: it may hold no input
    Path held = Files.writeString(Files.createDirectories(out.resolve("r2/results")).resolve("p.jsonl"), "");
    assertThat(refused("--predictions", held.toString(), "--out", out.resolve("r2").toString()))
        .isEqualTo("llmsql-spark: --out " + out.resolve("r2") + ": " + out.resolve("r2/results") + " is replaced "
            + "by every verdict of the run, but holds the --predictions file (" + held + "); choose another "
            + "directory\n");
    assertThat(questions).exists();
  }

  private String refused(String... args) throws Exception {
    return refused(out.resolve("q.jsonl"), args);
  }

  /** Runs with no Spark session: a run that got past the check would fail on it. */
  private String refused(Path questions, String... args) {
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    List<String> all = new java.util.ArrayList<>(List.of("--questions-path", questions.toString(), "--db-path",
        out.resolve("db.sqlite").toString()));
    all.addAll(List.of(args));
    int status = new SparkEvaluate(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8)).run(null, all.toArray(String[]::new));
    assertThat(status).isEqualTo(SparkEvaluate.USAGE);
    return stderr.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
  }
}
