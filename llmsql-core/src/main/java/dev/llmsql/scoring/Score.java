package dev.llmsql.scoring;

import static java.util.Objects.requireNonNull;

/**
 * One figure a {@link Scoring} computed over an evaluation, e.g. accuracy 0.82.
 *
 * <pre>{@code
 * Score s = new Score("accuracy", 0.82, "matches / total = 41 / 50");
 * }</pre>
 *
 * @param name what is measured
 * @param value the figure, in [0, 1] for rates
 * @param explanation how it was computed, for people
 */
public record Score(String name, double value, String explanation) {

  public Score {
    requireNonNull(name, "name");
    requireNonNull(explanation, "explanation");
    if (Double.isNaN(value)) {
      throw new IllegalArgumentException("score " + name + " is NaN; return 0 for an empty evaluation");
    }
  }
}
