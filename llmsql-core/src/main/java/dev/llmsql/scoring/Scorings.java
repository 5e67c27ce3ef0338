package dev.llmsql.scoring;

import dev.llmsql.report.QuestionResult;
import java.util.List;

/**
 * Stock {@link Scoring}s; weighted and capability scores live in {@code llmsql-judge}.
 *
 * <pre>{@code
 * Evaluator.builder().scoring(Scorings.accuracy()).build();
 * }</pre>
 */
public final class Scorings {

  private Scorings() {
  }

  /** Matches over scored predictions, 0 when there are none (LLMSQL's {@code accuracy}). */
  public static Scoring accuracy() {
    return Scorings::accuracy;
  }

  private static Score accuracy(List<QuestionResult> results) {
    long matches = results.stream().filter(r -> r.outcome().isMatch()).count();
    double value = results.isEmpty() ? 0.0 : (double) matches / results.size();
    return new Score("accuracy", value, "matches / total = " + matches + " / " + results.size());
  }
}
