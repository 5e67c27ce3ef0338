package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;

/**
 * One metric of a suite config: where its cases are ({@code <capability>/<metric>.jsonl}), its SCALE weight,
 * how it is judged and the prompts.
 *
 * <pre>{@code
 * new MetricConfig("sql_understanding", "explain_detection", 2, Evaluation.SUBJECTIVE,
 *     "Explain this SQL: {{sql}}", null, Map.of("ex-2", 3));
 * }</pre>
 *
 * @param capability the capability folder, e.g. {@code sql_understanding}
 * @param metric the metric file name without {@code .jsonl}, e.g. {@code execution_accuracy}
 * @param weight SCALE's metric weight; 0 means not configured, so the metric is not scored
 * @param evaluation objective, subjective or hybrid
 * @param prompt the target model's prompt, {@code {{field}}} placeholders filled from the case
 * @param judgePrompt the judges' prompt, or null for the stock one of the answer form
 * @param caseDifficulty difficulties (1 to 3) that override the cases' own, by case id
 */
record MetricConfig(String capability, String metric, int weight, Evaluation evaluation, String prompt,
                           String judgePrompt, Map<String, Integer> caseDifficulty) {

  public MetricConfig {
    requireNonNull(capability, "capability");
    requireNonNull(metric, "metric");
    requireNonNull(evaluation, "evaluation");
    requireNonNull(prompt, "prompt");
    caseDifficulty = Map.copyOf(requireNonNull(caseDifficulty, "caseDifficulty"));
    if (weight < 0) {
      throw new IllegalArgumentException("metric weight must be positive, or 0 for not scored, but was " + weight);
    }
  }

  /** {@code capability/metric}. */
  String key() {
    return capability + "/" + metric;
  }

  /** Whether the metric is scored (its weight is configured). */
  boolean scored() {
    return weight > 0;
  }

  Optional<String> customJudgePrompt() {
    return Optional.ofNullable(judgePrompt);
  }
}
