package dev.llmsql.judge.dialect;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.Judgement;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.judge.scoring.PeerScorings;

/**
 * "Executability without a database": the first SQL candidate matches when it is valid in a
 * {@link SqlDialect} (parses with the dialect's rules and uses only its features), and is a prediction
 * error otherwise. Nothing runs, so no database is needed; used for dialect-conversion tasks. Every
 * verdict records the measure {@value #MEASURE} (1 or 0), which the {@code dialect-validity} scoring
 * averages. {@link #alongside} adds the same measure to another judge's verdicts.
 *
 * <pre>{@code
 * Evaluator.builder().judge(DialectJudge.of(SqlDialect.POSTGRESQL)).build();   // "dialect-valid:postgresql"
 * Judge both = DialectJudge.alongside(Judges.llmsql(), SqlDialect.SQLITE);      // execution verdict + measure
 * }</pre>
 */
public final class DialectJudge implements Judge {

  /** The verdict measure: 1 when the candidate is valid in the dialect, 0 when not. */
  public static final String MEASURE = PeerScorings.DIALECT_VALID;

  private final SqlDialect dialect;

  private DialectJudge(SqlDialect dialect) {
    this.dialect = requireNonNull(dialect, "dialect");
  }

  public static DialectJudge of(SqlDialect dialect) {
    return new DialectJudge(dialect);
  }

  /**
   * A judge giving {@code judge}'s verdicts with the {@value #MEASURE} measure of the first candidate
   * added (0 when there is none).
   */
  public static Judge alongside(Judge judge, SqlDialect dialect) {
    requireNonNull(judge, "judge");
    requireNonNull(dialect, "dialect");
    return new Judge() {
      @Override
      public Judgement judge(JudgeContext context) {
        Judgement judgement = judge.judge(context);
        boolean valid = !context.candidates().isEmpty() && dialect.check(context.candidates().get(0)).valid();
        return judgement.withVerdict(judgement.verdict().withMeasure(MEASURE, valid ? 1.0 : 0.0));
      }

      @Override
      public boolean readsCompletionAsGiven() {
        return judge.readsCompletionAsGiven();
      }

      @Override
      public String name() {
        return judge.name() + "+dialect-valid:" + dialect.id();
      }
    };
  }

  /** The verdict on one SQL text. */
  public Verdict judge(String sql) {
    DialectCheck check = dialect.check(sql);
    if (check.valid()) {
      return Verdict.match().withMeasure(MEASURE, 1.0);
    }
    return new Verdict(Outcome.ERROR, Reason.PRED_ERROR, "not valid " + dialect.id() + ": " + check.problem())
        .withMeasure(MEASURE, 0.0);
  }

  @Override
  public Judgement judge(JudgeContext context) {
    if (context.candidates().isEmpty()) {
      return Judgement.of(context, Verdict.noSql().withMeasure(MEASURE, 0.0));
    }
    return Judgement.of(context, judge(context.candidates().get(0)));
  }

  @Override
  public String name() {
    return "dialect-valid:" + dialect.id();
  }

  @Override
  public String toString() {
    return "DialectJudge[" + dialect.id() + "]";
  }
}
