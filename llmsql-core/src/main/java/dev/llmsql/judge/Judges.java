package dev.llmsql.judge;

import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryOutcome;

/**
 * Stock {@link Judge}s. More (Spider, BIRD, Falcon presets, structural and LLM judges) live in
 * {@code llmsql-judge}.
 *
 * <pre>{@code
 * Evaluator.builder().judge(Judges.llmsql()).build();
 * }</pre>
 */
public final class Judges {

  private static final Judge LLMSQL = new LlmsqlJudge();

  private Judges() {
  }

  /**
   * LLMSQL's execution match, the default: run the gold, run each candidate in turn, and match as soon as
   * one candidate's rows equal the gold's ({@link ResultComparison#unordered}).
   */
  public static Judge llmsql() {
    return LLMSQL;
  }

  /** The reason a failed statement gives. */
  public static Reason reasonFor(QueryOutcome.Failure failure) {
    return switch (failure.kind()) {
      case TIMEOUT -> Reason.TIMEOUT;
      case ROW_LIMIT -> Reason.ROW_LIMIT;
      case REJECTED -> Reason.REJECTED;
      case SQL_ERROR, DATABASE_UNAVAILABLE -> Reason.PRED_ERROR;
    };
  }

  private static final class LlmsqlJudge implements Judge {

    @Override
    public Verdict judge(JudgeContext context) {
      QueryOutcome gold = context.gold();
      if (gold instanceof QueryOutcome.Failure failure) {
        return Verdict.goldError(failure.kind() == FailureKind.TIMEOUT
            ? "gold SQL timed out: " + failure.message() : "gold SQL failed: " + failure.message());
      }
      QueryOutcome.Success goldRows = (QueryOutcome.Success) gold;
      Verdict last = Verdict.noSql();
      for (String sql : context.candidates()) {
        // One row more than the gold proves a mismatch; reading the rest of a huge answer cannot change it.
        QueryOutcome outcome = context.execute(sql, goldRows.result().rowCount() + 1);
        if (outcome instanceof QueryOutcome.Failure failure) {
          last = Verdict.error(reasonFor(failure), failure.message());
        } else {
          ResultComparison comparison =
              ResultComparison.unordered(goldRows.result(), ((QueryOutcome.Success) outcome).result());
          if (comparison.equal()) {
            return Verdict.match();
          }
          last = Verdict.mismatch(comparison.reason(), comparison.detail());
        }
      }
      return last;
    }

    @Override
    public String name() {
      return "llmsql";
    }
  }
}
