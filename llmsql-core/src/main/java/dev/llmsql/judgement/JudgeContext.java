package dev.llmsql.judgement;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.prediction.Prediction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a {@link Judge} sees of one prediction: the question, the completion, the extracted candidates, and
 * the means to run SQL on the question's database. The context keeps a record of what ran, from which
 * {@link #judgement(Verdict)} builds the {@link Judgement} the judge returns (the last candidate's rows, the gold,
 * the last failure).
 *
 * <pre>{@code
 * Judge judge = ctx -> {
 *   QueryOutcome gold = ctx.gold();
 *   for (String sql : ctx.candidates()) {
 *     QueryOutcome pred = ctx.execute(sql);
 *     if (gold instanceof QueryOutcome.Success g && pred instanceof QueryOutcome.Success p
 *         && ResultComparison.unordered(g.result(), p.result()).equal()) {
 *       return Judgement.of(ctx, Verdict.match());
 *     }
 *   }
 *   return Judgement.of(ctx, Verdict.mismatch(Reason.VALUE_MISMATCH, "no candidate returned the gold rows"));
 * };
 * }</pre>
 */
public interface JudgeContext {

  Question question();

  Prediction prediction();

  /** SQL candidates extracted from the completion, placeholders already replaced; never null. */
  List<String> candidates();

  /**
   * The result the prediction gives directly instead of SQL (a Spider 2.0 submission's {@code <id>.csv}, a
   * predictions line's {@code result_csv}), if any. Result-set judges compare it with the gold and run nothing;
   * {@link #candidates()} is then empty. Empty by default.
   */
  default java.util.Optional<dev.llmsql.execution.QueryResult> submittedResult() {
    return java.util.Optional.empty();
  }

  /**
   * The gold SQL's outcome on the question's database, computed once. A question given only gold
   * results (no SQL) gets its first gold result here.
   */
  QueryOutcome gold();

  /** Runs a candidate on the question's database (read-only, within limits) and records it. */
  QueryOutcome execute(String sql);

  /**
   * Runs a candidate but reads at most {@code stopAfterRows} rows; more make the result
   * {@linkplain dev.llmsql.execution.QueryResult#complete() incomplete}. Judges that compare row counts use it
   * to skip reading answers that cannot match. The default reads everything.
   */
  default QueryOutcome execute(String sql, int stopAfterRows) {
    return execute(sql);
  }

  /**
   * Runs gold-side SQL (an alternative gold, or the gold rewritten by a judge, e.g. with DISTINCT
   * stripped) without counting it as a run of the prediction. The default runs it through
   * {@link #execute}, so contexts that cannot tell the two apart still work.
   */
  default QueryOutcome executeGold(String sql) {
    return execute(sql);
  }

  /**
   * Every gold answer of the question, any of which the prediction may match: {@link #gold()}, then each
   * alternative gold SQL's outcome, then each gold result given directly. Never empty.
   */
  default List<QueryOutcome> golds() {
    Question q = question();
    List<QueryOutcome> golds = new ArrayList<>();
    golds.add(gold());
    for (String sql : q.alternativeSql()) {
      golds.add(executeGold(sql));
    }
    // gold() already stands for the first given result when the question has no SQL
    int skip = q.sql().isBlank() ? 1 : 0;
    for (int i = skip; i < q.goldResults().size(); i++) {
      golds.add(QueryOutcome.success(q.goldResults().get(i), 0));
    }
    return List.copyOf(golds);
  }

  /**
   * Runs {@code sql} {@code runs} times afresh, never answered from the evaluation's cache of identical
   * statements, and returns each run's time in nanoseconds, for efficiency measures such as BIRD's R-VES.
   * Stops at the first failure, so fewer times (or none) come back for SQL that fails. The default, for
   * contexts that cannot run afresh, times {@link #executeGold} once.
   */
  default List<Long> timeRuns(String sql, int runs) {
    QueryOutcome outcome = executeGold(sql);
    return outcome instanceof QueryOutcome.Success && runs > 0 ? List.of(outcome.nanos()) : List.of();
  }

  /**
   * The other variants of the question's database, for test-suite execution (Zhong, Yu and Klein 2020):
   * every other file with the database file's extension ({@code .sqlite}) in the folder of the question's
   * database, as Spider's distilled test suites keep them, by file name, each with a context that runs there (its
   * own gold, the same question and candidates). Empty when the folder holds no other, for a database that is
   * not a file, and by default.
   *
   * <pre>{@code
   * for (JudgeContext variant : ctx.testSuiteVariants().values()) { variant.execute(sql); ... }
   * }</pre>
   */
  default Map<String, JudgeContext> testSuiteVariants() {
    return Map.of();
  }

  /**
   * {@code verdict} on what this context ran: the last candidate run (its SQL and outcome, else the submitted
   * result), the gold if it was computed, how many candidates ran and the last failure's message. The engine's
   * context keeps that record; the default, for a context that keeps none, knows only the verdict.
   */
  default Judgement judgement(Verdict verdict) {
    return Judgement.of(verdict);
  }
}
