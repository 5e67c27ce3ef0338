package dev.llmsql.spark;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * The scale-out benchmark of issue 17 (not a test: it only measures): {@code N} prediction sets of a
 * make_workload.py workload, evaluated in-process one model after another and on Spark in one job, with the
 * verdicts checked equal; then the judging stage with few large and many small tasks, whose difference is the
 * overhead per task. docs/SCALE-OUT.md has the command and the figures.
 *
 * <pre>
 * java [Spark's --add-opens] -cp ... dev.llmsql.spark.ScaleBenchmark WORKLOAD_DIR [--models 8] [--master local[2]]
 *     [--runs 3] [--per-task 2000,128000,500]
 * </pre>
 */
public final class ScaleBenchmark {

  private ScaleBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    Path workload = Path.of(args[0]).toAbsolutePath();
    List<String> options = Arrays.asList(args);
    int models = option(options, "--models", 8);
    int runs = option(options, "--runs", 3);
    String master = options.contains("--master") ? options.get(options.indexOf("--master") + 1) : "local[2]";
    Path questions = workload.resolve("questions.jsonl");
    Path db = workload.resolve("sqlite_tables.db");
    // model i answers the same questions as the workload, its lines rotated by i/models of the file: the same
    // work per model, golds shared across models as on a real leaderboard
    List<String> lines = Files.readAllLines(workload.resolve("outputs.jsonl"));
    Path sets = Files.createDirectories(workload.resolve("models"));
    List<Path> files = new ArrayList<>();
    for (int i = 0; i < models; i++) {
      List<String> rotated = new ArrayList<>(lines);
      java.util.Collections.rotate(rotated, i * lines.size() / models);
      Path file = sets.resolve("model-" + i + ".jsonl");
      Files.write(file, rotated);
      files.add(file);
    }
    long predictions = (long) lines.size() * models;
    System.out.printf(Locale.ROOT, "workload %s: %d models x %,d predictions = %,d; master %s, %d cores%n",
        workload.getFileName(), models, lines.size(), predictions, master,
        Runtime.getRuntime().availableProcessors());

    // in-process: one model after another, 2 threads, no gold cache (as the Spark job, which keeps none on disk)
    Evaluator local = Evaluator.builder().questionsPath(questions).dbPath(db).noReportFile().showMismatches(false)
        .noGoldCache().threads(Runtime.getRuntime().availableProcessors()).build();
    int localMatches = 0;
    for (Path file : files) {
      localMatches += local.run(file).matches();   // warm-up
    }
    List<Double> localSeconds = new ArrayList<>();
    for (int r = 0; r < runs; r++) {
      long t = System.nanoTime();
      for (Path file : files) {
        local.run(file);
      }
      localSeconds.add((System.nanoTime() - t) / 1e9);
    }
    report("in-process, models one after another", median(localSeconds), predictions, null);
    // what the Spark path adds per prediction on top of judging: each partial report travels as full JSON
    List<EvaluationReport> reports = new ArrayList<>();
    for (Path file : files) {
      reports.add(local.run(file));
    }
    long jsonStarted = System.nanoTime();
    long bytes = 0;
    for (EvaluationReport report : reports) {
      java.io.ByteArrayOutputStream json = new java.io.ByteArrayOutputStream();
      dev.llmsql.report.FullReportJson.write(report, json);
      bytes += json.size();
      dev.llmsql.report.FullReportJson.read(new java.io.ByteArrayInputStream(json.toByteArray()));
    }
    System.out.printf(Locale.ROOT, "%-45s %8.2f s for %,d MB of full JSON reports, written and read once%n",
        "report round trip (tasks -> driver)", (System.nanoTime() - jsonStarted) / 1e9, bytes >> 20);

    SparkSession spark = SparkSession.builder().master(master).appName("llmsql-scale-benchmark")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "8")
        .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    Dataset<Row> input = null;
    for (int i = 0; i < models; i++) {
      Dataset<Row> one = SparkEvaluation.readModel(spark, "model-" + i, files.get(i).toString());
      input = input == null ? one : input.unionByName(one);
    }
    List<Integer> perTasks = options.contains("--per-task")
        ? Arrays.stream(options.get(options.indexOf("--per-task") + 1).split(",")).map(Integer::valueOf).toList()
        : List.of(SparkEvaluation.DEFAULT_PREDICTIONS_PER_TASK, (int) predictions, 500);
    for (int perTask : perTasks) {
      SparkEvaluation evaluation = SparkEvaluation.builder()
          .benchmark(SparkBenchmark.singleDatabase("workload", questions, db)).predictionsPerTask(perTask).build();
      SparkEvaluationResult warm = evaluation.evaluate(input);
      int sparkMatches = warm.reports().stream().mapToInt(r -> r.report().matches()).sum();
      if (sparkMatches != localMatches) {
        throw new IllegalStateException("Spark found " + sparkMatches + " matches, in-process " + localMatches);
      }
      List<Double> seconds = new ArrayList<>();
      List<Double> judging = new ArrayList<>();
      List<Double> golds = new ArrayList<>();
      SparkEvaluationResult last = warm;
      for (int r = 0; r < runs; r++) {
        long t = System.nanoTime();
        last = evaluation.evaluate(input);
        seconds.add((System.nanoTime() - t) / 1e9);
        judging.add(last.stats().judgeMillis() / 1e3);
        golds.add(last.stats().goldMillis() / 1e3);
      }
      report(String.format(Locale.ROOT, "Spark %s, %d tasks of <= %,d", master, last.stats().partitions(), perTask),
          median(seconds), predictions, String.format(Locale.ROOT, "gold stage %.2f s (%,d statements, %,d shared),"
              + " judging stage %.2f s", median(golds), last.stats().goldStatements(), last.stats().goldsShared(),
              median(judging)));
    }
    System.out.printf(Locale.ROOT, "matches: %,d in-process, the same on Spark%n", localMatches);
    spark.stop();
  }

  private static void report(String what, double seconds, long predictions, String more) {
    System.out.printf(Locale.ROOT, "%-45s %8.2f s %10.0f predictions/s%s%n", what, seconds, predictions / seconds,
        more == null ? "" : "  (" + more + ")");
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    return sorted.get(sorted.size() / 2);
  }

  private static int option(List<String> options, String name, int fallback) {
    int i = options.indexOf(name);
    return i < 0 ? fallback : Integer.parseInt(options.get(i + 1));
  }
}
