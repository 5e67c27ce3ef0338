package dev.llmsql.scoring;

import dev.llmsql.result.QuestionResult;
import java.util.ArrayList;
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

  /**
   * Scores results one at a time as the evaluation produces them, in input order. The default keeps them and
   * calls {@link #score} at the end; a scoring that can keep running sums overrides it, so evaluations that
   * do not keep results ({@code keepResults(false)}) stay in bounded memory.
   */
  default Accumulator accumulator() {
    List<QuestionResult> results = new ArrayList<>();
    return new Accumulator() {
      @Override
      public void add(QuestionResult result) {
        results.add(result);
      }

      @Override
      public Score finish() {
        return score(results);
      }
    };
  }

  /**
   * A scoring in progress: see {@link #accumulator()}.
   *
   * <pre>{@code
   * Scoring.Accumulator acc = Scorings.accuracy().accumulator();
   * report.results().forEach(acc::add);
   * Score score = acc.finish();
   * }</pre>
   */
  interface Accumulator {

    void add(QuestionResult result);

    /** The score of everything added. */
    Score finish();
  }
}
