package dev.llmsql.judge.scoring;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import dev.llmsql.scoring.Scoring;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * The peers' headline figures beyond accuracy: Falcon's executability, SCALE's weighted capability score,
 * BIRD's Soft-F1 and R-VES.
 *
 * <pre>{@code
 * Evaluator.builder()
 *     .judge(ResultSetJudge.bird())          // records soft_f1 and time_ratio for the last two
 *     .scoring(PeerScorings.executability())
 *     .scoring(PeerScorings.weighted(WeightedScoring.builder().metric("joins", 4).metric("filters", 2).build()))
 *     .scoring(PeerScorings.softF1())
 *     .build();
 * }</pre>
 */
public final class PeerScorings {

  /** The verdict measure Soft-F1 reads, recorded by every {@code ResultSetJudge}. */
  public static final String SOFT_F1 = "soft_f1";
  /** The verdict measure R-VES reads: gold time / predicted time, recorded on matches. */
  public static final String TIME_RATIO = "time_ratio";
  /** The R-VES reward of a match's {@value #TIME_RATIO}, recorded beside it for per-question reports. */
  public static final String VES_REWARD = "ves_reward";
  /** The verdict measure dialect validity reads (1 valid, 0 not), recorded by {@code dialect-valid} judges. */
  public static final String DIALECT_VALID = "dialect_valid";
  /** Prefix of per-rule measures (1 passed, 0 not) that rule judges record and weighted scoring reads. */
  public static final String RULE_PREFIX = "rule:";
  /** Prefix of per-rule difficulty measures (1 to 3) beside {@link #RULE_PREFIX}. */
  public static final String RULE_DIFFICULTY_PREFIX = "rule_difficulty:";

  private PeerScorings() {
  }

  /**
   * Falcon's executability rate: (RIGHT + WRONG) / total, RIGHT = match, WRONG = ran but differs, FAILED
   * = everything else (SQL error, no SQL, gold error). The explanation also gives Falcon's accuracy,
   * RIGHT / total.
   */
  public static Scoring executability() {
    return new Scoring() {
      @Override
      public Score score(List<QuestionResult> results) {
        Accumulator counts = accumulator();
        results.forEach(counts::add);
        return counts.finish();
      }

      @Override
      public Accumulator accumulator() {
        return new Accumulator() {
          private long right;
          private long wrong;
          private long total;

          @Override
          public void add(QuestionResult r) {
            total++;
            right += r.outcome() == Outcome.MATCH ? 1 : 0;
            wrong += r.outcome() == Outcome.MISMATCH ? 1 : 0;
          }

          @Override
          public Score finish() {
            double value = total == 0 ? 0.0 : (double) (right + wrong) / total;
            return new Score("executability", value, String.format(Locale.ROOT,
                "(RIGHT + WRONG) / total = (%d + %d) / %d; FAILED %d; accuracy RIGHT / total = %.4f", right,
                wrong, total, total - right - wrong, total == 0 ? 0.0 : (double) right / total));
          }
        };
      }
    };
  }

  /**
   * SCALE's weighted capability score with every question in one metric of weight 1; a question without a
   * difficulty weighs 0, as in SCALE (named {@code weighted}).
   */
  public static Scoring weighted() {
    return WeightedScoring.builder().build();
  }

  /**
   * {@link #weighted()}, but a question without a difficulty counts as difficulty 1, so on a benchmark without
   * difficulties the score is accuracy in points (named {@code weighted:unknown-as-1}).
   */
  public static Scoring weightedUnknownAsOne() {
    return WeightedScoring.builder().unknownDifficultyWeight(1).build();
  }

  /** SCALE's weighted capability score with the given metric weights. */
  public static Scoring weighted(WeightedScoring scoring) {
    return scoring;
  }

  /**
   * BIRD's Soft-F1, averaged over questions: each question's {@value #SOFT_F1} measure (partial credit
   * for rows and cells in common, 1 for a match); a question without the measure (failed SQL, or a judge
   * that does not record it) scores 0.
   */
  public static Scoring softF1() {
    return results -> {
      double sum = 0;
      long measured = 0;
      for (QuestionResult r : results) {
        OptionalDouble f1 = r.verdict().measure(SOFT_F1);
        if (f1.isPresent()) {
          sum += f1.getAsDouble();
          measured++;
        }
      }
      double value = results.isEmpty() ? 0.0 : sum / results.size();
      return new Score("soft_f1", value, String.format(Locale.ROOT,
          "mean Soft-F1 over %d question(s), %d measured, the rest 0", results.size(), measured));
    };
  }

  /**
   * BIRD's R-VES: the mean over questions of {@code sqrt(reward)} (times 100 for BIRD's figure), where a
   * matched question's reward comes from its {@value #TIME_RATIO} t = gold time / predicted time: 1.25 if
   * t >= 2, 1 if t >= 1, 0.75 if t >= 0.5, 0.5 if t >= 0.25, else 0.25, and 0 if t is 0 (BIRD's timing
   * failed); a question not matched scores 0; a match without the measure (gold given as results) gets
   * reward 1. See {@link RelativeEfficiency}.
   */
  public static Scoring relativeEfficiency() {
    return results -> {
      double sum = 0;
      long timed = 0;
      for (QuestionResult r : results) {
        if (r.outcome() != Outcome.MATCH) {
          continue;
        }
        OptionalDouble ratio = r.verdict().measure(TIME_RATIO);
        if (ratio.isPresent()) {
          timed++;
        }
        sum += Math.sqrt(ratio.isPresent() ? RelativeEfficiency.reward(ratio.getAsDouble()) : 1.0);
      }
      double value = results.isEmpty() ? 0.0 : sum / results.size();
      return new Score("relative_efficiency", value, String.format(Locale.ROOT,
          "mean sqrt(R-VES reward) over %d question(s), %d matches timed (gold time / predicted time, "
              + "wall clock of each statement run and read afresh; BIRD's outlier rule over repeated runs "
              + "when the judge repeats them); x100 = %.2f", results.size(), timed, value * 100));
    };
  }

  /** BIRD's R-VES reward for a time ratio gold / predicted ({@link RelativeEfficiency#reward}). */
  public static double reward(double timeRatio) {
    return RelativeEfficiency.reward(timeRatio);
  }

  /**
   * "Executability without a database": the share of questions whose first candidate is valid in the
   * judge's dialect, from the {@value #DIALECT_VALID} measure that {@code dialect-valid} judges (and
   * {@code DialectJudge.alongside}) record; questions without it count 0.
   */
  public static Scoring dialectValidity() {
    return results -> {
      long valid = 0;
      long measured = 0;
      for (QuestionResult r : results) {
        OptionalDouble v = r.verdict().measure(DIALECT_VALID);
        if (v.isPresent()) {
          measured++;
          valid += v.getAsDouble() >= 1.0 ? 1 : 0;
        }
      }
      double value = results.isEmpty() ? 0.0 : (double) valid / results.size();
      return new Score("dialect_validity", value, String.format(Locale.ROOT,
          "executability without a database: %d of %d question(s) valid in the dialect, %d checked",
          valid, results.size(), measured));
    };
  }

  /** Whether a case failed to run rather than being answered wrong (left out of weighted sums). */
  static boolean failedToRun(QuestionResult r) {
    return r.outcome() == Outcome.GOLD_ERROR || r.reason() == Reason.JUDGE_FAILED
        || (r.outcome() == Outcome.ERROR && r.reason() == Reason.OTHER);
  }

  static List<String> names() {
    return List.of("executability", "weighted", "weighted:unknown-as-1", "soft-f1", "relative-efficiency", "dialect-validity");
  }
}
