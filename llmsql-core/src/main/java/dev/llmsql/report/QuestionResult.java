package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judge.Outcome;
import dev.llmsql.judge.Reason;
import dev.llmsql.judge.Verdict;

/**
 * The verdict on one scored prediction, with what the report needs to explain it.
 *
 * <pre>{@code
 * report.results().stream().filter(r -> r.outcome() == Outcome.ERROR).map(QuestionResult::error)
 * }</pre>
 *
 * @param questionId the question answered
 * @param verdict the judge's decision
 * @param candidates how many SQL candidates the completion held
 * @param executed how many candidates were run before the verdict
 * @param predNone the deciding (last run) candidate returned exactly one NULL
 * @param goldNone the gold returned exactly one NULL
 * @param error the message of the last failed candidate (or of the gold), null when none failed
 * @param nanos time spent on this prediction, gold included
 */
public record QuestionResult(int questionId, Verdict verdict, int candidates, int executed,
                             boolean predNone, boolean goldNone, String error, long nanos) {

  public QuestionResult {
    requireNonNull(verdict, "verdict");
  }

  public Outcome outcome() {
    return verdict.outcome();
  }

  public Reason reason() {
    return verdict.reason();
  }
}
