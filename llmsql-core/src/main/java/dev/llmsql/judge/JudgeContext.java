package dev.llmsql.judge;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.prediction.Prediction;
import java.util.List;

/**
 * What a {@link Judge} sees of one prediction: the question, the completion, the extracted candidates, and
 * the means to run SQL on the question's database. Every run goes through the context so the engine can
 * report it (SQL errors, NULL answers, the last candidate's rows).
 *
 * <pre>{@code
 * QueryOutcome gold = ctx.gold();
 * for (String sql : ctx.candidates()) { QueryOutcome pred = ctx.execute(sql); ... }
 * }</pre>
 */
public interface JudgeContext {

  Question question();

  Prediction prediction();

  /** SQL candidates extracted from the completion, placeholders already replaced; never null. */
  List<String> candidates();

  /** The gold SQL's outcome on the question's database, computed once. */
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
}
