package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.scoring.Score;
import java.util.List;

/**
 * The scores of an evaluation again, on the questions an audit did not flag ({@code evaluate --audit}), so a
 * leaderboard can show both: accuracy on every question, and on those no model can be blamed for missing left
 * out.
 *
 * <pre>{@code
 * Unflagged clean = new Unflagged(47, 27, 27 / 47.0, 3, List.of());
 * clean.leftOut();   // 3 scored predictions were on flagged questions
 * }</pre>
 *
 * @param total scored predictions on questions without audit flags
 * @param matches of those, the matches
 * @param accuracy matches / total, 0 when total is 0
 * @param leftOut scored predictions left out because their question carries a flag
 * @param scores every scoring of the evaluation, on the unflagged predictions
 */
public record Unflagged(int total, int matches, double accuracy, int leftOut, List<Score> scores) {

  public Unflagged {
    if (total < 0 || matches < 0 || matches > total || leftOut < 0) {
      throw new IllegalArgumentException("Unflagged: need 0 <= matches <= total and leftOut >= 0, but got total="
          + total + ", matches=" + matches + ", leftOut=" + leftOut);
    }
    scores = List.copyOf(requireNonNull(scores, "scores"));
  }
}
