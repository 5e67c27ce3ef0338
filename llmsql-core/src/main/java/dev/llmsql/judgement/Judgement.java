package dev.llmsql.judgement;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.QueryOutcome;

/**
 * What a {@link Judge} returns for one prediction: the {@link Verdict}, the SQL it rests on, the gold and predicted
 * outcomes it compared, how many candidates ran, and the counts it adds to a report as typed accessors. The
 * engine reads nothing else about the judging.
 *
 * <p>A judge that runs SQL through its {@link JudgeContext} lets the context fill in the rest:
 * {@link #of(JudgeContext, Verdict)} takes the last candidate run, the gold if it was run, and the last failure's
 * message from the context's record of runs.
 *
 * <pre>{@code
 * Judge firstCandidateRuns = ctx -> Judgement.of(ctx, ctx.candidates().isEmpty() ? Verdict.noSql()
 *     : ctx.execute(ctx.candidates().get(0)).succeeded() ? Verdict.match()
 *     : Verdict.error(Reason.PRED_ERROR, "the first candidate failed"));
 * }</pre>
 *
 * @param verdict the decision, with any {@link Flag}s the judge decided itself
 * @param sql the SQL the verdict rests on (the last candidate run, else the first extracted), or null
 * @param gold the gold outcome compared, or null when the judge needed none
 * @param predicted the predicted outcome compared (the last candidate run, or the submitted result), or null
 * @param executed how many candidates ran
 * @param error the message of the failure the verdict rests on (the verdict's detail for an error or gold error,
 *     else the last failed candidate's), or null
 */
public record Judgement(Verdict verdict, String sql, QueryOutcome gold, QueryOutcome predicted, int executed,
                        String error) {

  public Judgement {
    requireNonNull(verdict, "verdict");
    if (executed < 0) {
      throw new IllegalArgumentException("executed must not be negative, but was " + executed);
    }
  }

  /** {@code verdict} on what {@code context} ran for it ({@link JudgeContext#judgement(Verdict)}). */
  public static Judgement of(JudgeContext context, Verdict verdict) {
    return context.judgement(requireNonNull(verdict, "verdict"));
  }

  /** {@code verdict} alone, for a judge that ran nothing (a structural or text judge). */
  public static Judgement of(Verdict verdict) {
    return new Judgement(verdict, null, null, null, 0,
        verdict.outcome() == Outcome.ERROR || verdict.outcome() == Outcome.GOLD_ERROR ? verdict.detail() : null);
  }

  /** This judgement with another verdict (the runs kept; the error follows the new verdict). */
  public Judgement withVerdict(Verdict other) {
    String message = other.outcome() == Outcome.ERROR || other.outcome() == Outcome.GOLD_ERROR ? other.detail()
        : verdict.outcome() == Outcome.ERROR || verdict.outcome() == Outcome.GOLD_ERROR ? lastFailure() : error;
    return new Judgement(other, sql, gold, predicted, executed, message);
  }

  private String lastFailure() {
    return predicted instanceof QueryOutcome.Failure f ? f.message() : null;
  }

  /** The outcome of the verdict. */
  public Outcome outcome() {
    return verdict.outcome();
  }

  /**
   * LLMSQL's {@code sql_errors} count: the judge's {@link Flag#SQL_ERROR} when it decided it, else whether the
   * outcome is {@link Outcome#ERROR}.
   */
  public boolean sqlError() {
    return verdict.flag(Flag.SQL_ERROR).orElse(verdict.outcome() == Outcome.ERROR);
  }

  /**
   * LLMSQL's {@code pred_none} count: the judge's {@link Flag#PRED_NONE} when it decided it, else whether the
   * predicted outcome is exactly one row of one NULL.
   */
  public boolean predNone() {
    return verdict.flag(Flag.PRED_NONE)
        .orElse(predicted instanceof QueryOutcome.Success s && s.result().isSingleNull());
  }

  /** LLMSQL's {@code gold_none} count: the gold outcome is exactly one row of one NULL. */
  public boolean goldNone() {
    return gold instanceof QueryOutcome.Success s && s.result().isSingleNull();
  }

  /** LLMSQL 2.0's exact string match: the judge's {@link Flag#EXACT_STRING_MATCH}, else false. */
  public boolean exactStringMatch() {
    return verdict.flag(Flag.EXACT_STRING_MATCH).orElse(false);
  }
}
