package dev.llmsql.judgement;

/**
 * Decides whether one prediction answers its question. Implementations are stateless or thread-safe:
 * the engine calls them from several threads at once.
 *
 * <pre>{@code
 * Judge anyCandidateRuns = ctx -> Judgement.of(ctx, ctx.candidates().stream()
 *     .anyMatch(sql -> ctx.execute(sql).succeeded()) ? Verdict.match() : Verdict.mismatch(Reason.PRED_ERROR, "nothing ran"));
 * }</pre>
 */
@FunctionalInterface
public interface Judge {

  /**
   * Judges one prediction.
   *
   * @param context the question, prediction and a way to run SQL; never null
   * @return the judgement (the verdict and what it rests on), never null; {@link Judgement#of(JudgeContext,
   *     Verdict)} builds it from what the context ran
   */
  Judgement judge(JudgeContext context);

  /** A short name for reports, e.g. {@code "llmsql"}. */
  default String name() {
    return getClass().getSimpleName();
  }

  /**
   * Whether this judge reads the completion as given, as Spider's evaluators do (the completion is the SQL),
   * rather than the candidates its protocol extracts from it. An audit gives a gold to such a judge as it is,
   * and to any other inside a {@code ```sql} fence. False by default.
   *
   * <pre>{@code
   * String completion = judge.readsCompletionAsGiven() ? goldSql : "```sql\n" + goldSql + "\n```";
   * }</pre>
   */
  default boolean readsCompletionAsGiven() {
    return false;
  }
}
