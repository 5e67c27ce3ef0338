package dev.llmsql.models.suite;

import java.util.Locale;

/**
 * How a metric's cases are judged, as SCALE names it in its dataset configuration.
 *
 * <pre>{@code
 * Evaluation.parse("hybrid");   // HYBRID
 * }</pre>
 */
public enum Evaluation {
  /** The model's JSON answer must deep-equal the case's {@code expected} (execution cases: the rows its SQL returns). */
  OBJECTIVE,
  /** LLM judges decide: yes/no by majority with ties passing, or, for cases with {@code rules}, rule by rule. */
  SUBJECTIVE,
  /** The objective check first; when it fails, the LLM judges decide. */
  HYBRID;

  /** The lower-case name used in suite configs. */
  String configName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * The evaluation named {@code name} (case-insensitive).
   *
   * @throws IllegalArgumentException naming the known ones
   */
  public static Evaluation parse(String name) {
    for (Evaluation e : values()) {
      if (e.configName().equalsIgnoreCase(name.trim())) {
        return e;
      }
    }
    throw new IllegalArgumentException("evaluation must be objective, subjective or hybrid, but was '" + name + "'");
  }
}
