package dev.llmsql.spark;

import static java.util.Objects.requireNonNull;

import dev.llmsql.report.EvaluationReport;

/**
 * The report of one model on one benchmark, equal to what the single-machine {@link dev.llmsql.Evaluator} gives for
 * that model's predictions (as a list, named with {@code modelName}), but for timings.
 *
 * @param model the model's name
 * @param benchmark the benchmark's name
 * @param report the report
 */
public record ModelReport(String model, String benchmark, EvaluationReport report) {

  public ModelReport {
    requireNonNull(model, "model");
    requireNonNull(benchmark, "benchmark");
    requireNonNull(report, "report");
  }
}
