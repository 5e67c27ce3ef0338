package dev.llmsql.scoring;

import dev.llmsql.report.QuestionResult;
import java.util.List;

/**
 * Turns per-question results into headline figures. Implementations are stateless.
 *
 * <pre>{@code
 * Scoring executability = results -> new Score("executability",
 *     results.stream().filter(r -> r.outcome() != Outcome.ERROR).count() / (double) results.size(), "");
 * }</pre>
 */
@FunctionalInterface
public interface Scoring {

  /**
   * Scores an evaluation.
   *
   * @param results one per scored prediction, in input order; never null, may be empty
   * @return the score, never null
   */
  Score score(List<QuestionResult> results);
}
