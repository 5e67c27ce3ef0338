package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The figures LLMSQL 2.0's report adds to 1.0's: the model's name, the benchmark version, exact string
 * matches, accuracy per category, and coverage of the benchmark (upstream's second report shape).
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * Llmsql2Figures f = new Llmsql2Figures("my-model", "2.0", 3, Map.of("lookup", new Breakdown("lookup", 6, 4)),
 *     21, 20, 1, 0);
 * EvaluationReport withThem = report.withLlmsql2(f);
 * withThem.categoryAccuracy().get("lookup").accuracy();   // 0.666...
 * }</pre>
 *
 * @param modelName the model's name as the caller gave it; null when not given
 * @param version the benchmark version, e.g. {@code "2.0"}; null when unknown
 * @param exactStringMatches predictions whose extracted SQL equals the reference SQL as text (whitespace runs
 *     collapsed, trailing {@code ;} stripped)
 * @param categoryAccuracy matches per question category, sorted by name; only categories that occur (empty when
 *     no judged question has one)
 * @param expected questions in the benchmark
 * @param answered distinct benchmark questions that got a prediction
 * @param missing benchmark questions without a prediction
 * @param duplicates prediction lines for a question answered before
 */
public record Llmsql2Figures(String modelName, String version, int exactStringMatches,
                             Map<String, Breakdown> categoryAccuracy, int expected, int answered, int missing,
                             int duplicates) {

  public Llmsql2Figures {
    categoryAccuracy = Collections.unmodifiableMap(new TreeMap<>(requireNonNull(categoryAccuracy,
        "categoryAccuracy")));
    if (exactStringMatches < 0 || expected < 0 || answered < 0 || missing < 0 || duplicates < 0) {
      throw new IllegalArgumentException("counts must not be negative");
    }
  }

  /** The model name, if given. */
  public Optional<String> model() {
    return Optional.ofNullable(modelName);
  }

  /** These figures with another model name (null for none). */
  public Llmsql2Figures withModelName(String name) {
    return new Llmsql2Figures(name, version, exactStringMatches, categoryAccuracy, expected, answered, missing,
        duplicates);
  }
}
