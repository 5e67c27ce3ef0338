package dev.llmsql.result;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judge.Flag;
import dev.llmsql.judge.Outcome;
import dev.llmsql.judge.Reason;
import dev.llmsql.judge.Verdict;
import java.util.List;

/**
 * The verdict on one scored prediction, with what the report needs to explain it.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * List<String> errors =
 *     report.results().stream().filter(r -> r.outcome() == Outcome.ERROR).map(QuestionResult::error).toList();
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
 * @param difficulty the question's difficulty, 1 to 3, or 0 when unknown
 * @param tags the question's tags, never null
 * @param detail what a report shows of the question (text, gold SQL, the SQL the verdict rests on); null when
 *     the evaluation failed before the question was judged, or for a result built without it
 * @param kept the completion and result sets kept for a mismatch within the evaluator's cap
 *     ({@code keepMismatches}); null for a match, a mismatch past the cap, or a result built without it
 */
public record QuestionResult(int questionId, Verdict verdict, int candidates, int executed,
                             boolean predNone, boolean goldNone, String error, long nanos, int difficulty,
                             List<String> tags, QuestionDetail detail, KeptRows kept) {

  public QuestionResult {
    requireNonNull(verdict, "verdict");
    tags = tags == null ? List.of() : List.copyOf(tags);
    if (detail != null && detail.questionId() != questionId) {
      throw new IllegalArgumentException("detail of question " + detail.questionId() + " on the result of question "
          + questionId);
    }
    if (kept != null && verdict.outcome().isMatch()) {
      throw new IllegalArgumentException("kept rows on the match of question " + questionId
          + "; only mismatches keep rows");
    }
  }

  /** A result without kept rows. */
  public QuestionResult(int questionId, Verdict verdict, int candidates, int executed, boolean predNone,
                        boolean goldNone, String error, long nanos, int difficulty, List<String> tags,
                        QuestionDetail detail) {
    this(questionId, verdict, candidates, executed, predNone, goldNone, error, nanos, difficulty, tags, detail,
        null);
  }

  /** A result without its question's detail. */
  public QuestionResult(int questionId, Verdict verdict, int candidates, int executed, boolean predNone,
                        boolean goldNone, String error, long nanos, int difficulty, List<String> tags) {
    this(questionId, verdict, candidates, executed, predNone, goldNone, error, nanos, difficulty, tags,
        (QuestionDetail) null);
  }

  /** A result of a question without difficulty, tags or detail. */
  public QuestionResult(int questionId, Verdict verdict, int candidates, int executed, boolean predNone,
                        boolean goldNone, String error, long nanos) {
    this(questionId, verdict, candidates, executed, predNone, goldNone, error, nanos, 0, List.of());
  }

  /** This result carrying {@code kept} (null: none). */
  public QuestionResult withKept(KeptRows kept) {
    return new QuestionResult(questionId, verdict, candidates, executed, predNone, goldNone, error, nanos,
        difficulty, tags, detail, kept);
  }

  public Outcome outcome() {
    return verdict.outcome();
  }

  public Reason reason() {
    return verdict.reason();
  }

  /**
   * Whether LLMSQL counts this prediction in {@code sql_errors}: the judge's {@link Flag#SQL_ERROR} when it
   * decided it, else whether the outcome is {@link Outcome#ERROR} (as {@link dev.llmsql.judge.Judgement#sqlError()}).
   */
  public boolean sqlError() {
    return verdict.flag(Flag.SQL_ERROR).orElse(verdict.outcome() == Outcome.ERROR);
  }

  /** Whether the extracted SQL equals the reference SQL as text (LLMSQL 2.0's {@link Flag#EXACT_STRING_MATCH}). */
  public boolean exactStringMatch() {
    return verdict.flag(Flag.EXACT_STRING_MATCH).orElse(false);
  }
}
