package dev.llmsql.spark;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Optional;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * What a Spark evaluation gives: every verdict as a dataset, and one report per model and benchmark.
 *
 * <pre>{@code
 * SparkEvaluationResult result = evaluation.evaluate(predictions);
 * result.results().groupBy("model").agg(functions.avg(functions.col("match").cast("int"))).show();
 * EvaluationReport gpt = result.report("gpt-4", "spider").orElseThrow();
 * }</pre>
 *
 * @param results one row per scored prediction ({@link SparkEvaluation#RESULT_SCHEMA}), computed once and kept
 *     (memory, then disk) for as long as the session keeps it
 * @param reports one per model and benchmark, sorted by model, then benchmark
 * @param stats how the job was laid out and how long its stages took
 */
public record SparkEvaluationResult(Dataset<Row> results, List<ModelReport> reports, JobStats stats) {

  public SparkEvaluationResult {
    requireNonNull(results, "results");
    reports = List.copyOf(reports);
    requireNonNull(stats, "stats");
  }

  /** The report of {@code model} on {@code benchmark}, if it had predictions there. */
  public Optional<ModelReport> report(String model, String benchmark) {
    return reports.stream().filter(r -> r.model().equals(model) && r.benchmark().equals(benchmark)).findFirst();
  }

  /**
   * How a job was laid out and where its time went.
   *
   * @param predictions prediction rows read
   * @param partitions tasks of the judging stage: one per (benchmark, database, split)
   * @param goldStatements distinct gold statements run in the first stage
   * @param goldsShared gold outcomes broadcast (the others, timeouts or large results, run where needed)
   * @param goldMillis wall time of the first stage
   * @param judgeMillis wall time of the judging stage
   * @param totalMillis wall time of the whole evaluation, reports merged
   */
  public record JobStats(long predictions, int partitions, int goldStatements, int goldsShared, long goldMillis,
                         long judgeMillis, long totalMillis) {
  }
}
