package dev.llmsql.result;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Flag;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import java.util.List;
import java.util.Objects;

/**
 * The verdict on one scored prediction, with what the report needs to explain it. A value: built with the
 * constructor, then {@link #withQuestion} and {@link #withKept} for what only some results carry.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * List<String> errors =
 *     report.results().stream().filter(r -> r.outcome() == Outcome.ERROR).map(QuestionResult::error).toList();
 * }</pre>
 */
public final class QuestionResult {
  private final int questionId;
  private final Verdict verdict;
  private final int candidates;
  private final int executed;
  private final boolean predNone;
  private final boolean goldNone;
  private final String error;
  private final long nanos;
  private final int difficulty;
  private final List<String> tags;
  private final QuestionDetail detail;
  private final KeptRows kept;

  private QuestionResult(int questionId, Verdict verdict, int candidates, int executed, boolean predNone,
                         boolean goldNone, String error, long nanos, int difficulty, List<String> tags,
                         QuestionDetail detail, KeptRows kept) {
    this.questionId = questionId;
    this.verdict = requireNonNull(verdict, "verdict");
    this.candidates = candidates;
    this.executed = executed;
    this.predNone = predNone;
    this.goldNone = goldNone;
    this.error = error;
    this.nanos = nanos;
    this.difficulty = difficulty;
    this.tags = tags == null ? List.of() : List.copyOf(tags);
    this.detail = detail;
    this.kept = kept;
    if (detail != null && detail.questionId() != questionId) {
      throw new IllegalArgumentException("detail of question " + detail.questionId() + " on the result of question "
          + questionId);
    }
    if (kept != null && verdict.outcome().isMatch()) {
      throw new IllegalArgumentException("kept rows on the match of question " + questionId
          + "; only mismatches keep rows");
    }
  }

  /**
   * A result of a question without difficulty, tags, detail or kept rows.
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
  public QuestionResult(int questionId, Verdict verdict, int candidates, int executed, boolean predNone,
                        boolean goldNone, String error, long nanos) {
    this(questionId, verdict, candidates, executed, predNone, goldNone, error, nanos, 0, List.of(), null, null);
  }

  /**
   * This result of a question with {@code difficulty} (1 to 3, 0 when unknown), {@code tags} (null: none) and
   * {@code detail} (what a report shows of the question; null: none).
   */
  public QuestionResult withQuestion(int difficulty, List<String> tags, QuestionDetail detail) {
    return new QuestionResult(questionId, verdict, candidates, executed, predNone, goldNone, error, nanos,
        difficulty, tags, detail, kept);
  }

  /** This result carrying {@code kept} (null: none). */
  public QuestionResult withKept(KeptRows kept) {
    return new QuestionResult(questionId, verdict, candidates, executed, predNone, goldNone, error, nanos,
        difficulty, tags, detail, kept);
  }

  /** The question answered. */
  public int questionId() {
    return questionId;
  }

  /** The judge's decision. */
  public Verdict verdict() {
    return verdict;
  }

  /** How many SQL candidates the completion held. */
  public int candidates() {
    return candidates;
  }

  /** How many candidates were run before the verdict. */
  public int executed() {
    return executed;
  }

  /** The deciding (last run) candidate returned exactly one NULL. */
  public boolean predNone() {
    return predNone;
  }

  /** The gold returned exactly one NULL. */
  public boolean goldNone() {
    return goldNone;
  }

  /** The message of the last failed candidate (or of the gold), null when none failed. */
  public String error() {
    return error;
  }

  /** Time spent on this prediction, gold included. */
  public long nanos() {
    return nanos;
  }

  /** The question's difficulty, 1 to 3, or 0 when unknown. */
  public int difficulty() {
    return difficulty;
  }

  /** The question's tags, never null. */
  public List<String> tags() {
    return tags;
  }

  /**
   * What a report shows of the question (text, gold SQL, the SQL the verdict rests on); null when the evaluation
   * failed before the question was judged, or for a result built without it.
   */
  public QuestionDetail detail() {
    return detail;
  }

  /**
   * The completion and result sets kept for a mismatch within the evaluator's cap ({@code keepMismatches}); null
   * for a match, a mismatch past the cap, or a result built without it.
   */
  public KeptRows kept() {
    return kept;
  }

  public Outcome outcome() {
    return verdict.outcome();
  }

  public Reason reason() {
    return verdict.reason();
  }

  /**
   * Whether LLMSQL counts this prediction in {@code sql_errors}: the judge's {@link Flag#SQL_ERROR} when it
   * decided it, else whether the outcome is {@link Outcome#ERROR} (as {@link dev.llmsql.judgement.Judgement#sqlError()}).
   */
  public boolean sqlError() {
    return verdict.flag(Flag.SQL_ERROR).orElse(verdict.outcome() == Outcome.ERROR);
  }

  /** Whether the extracted SQL equals the reference SQL as text (LLMSQL 2.0's {@link Flag#EXACT_STRING_MATCH}). */
  public boolean exactStringMatch() {
    return verdict.flag(Flag.EXACT_STRING_MATCH).orElse(false);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof QuestionResult o && questionId == o.questionId && verdict.equals(o.verdict)
        && candidates == o.candidates && executed == o.executed && predNone == o.predNone && goldNone == o.goldNone
        && Objects.equals(error, o.error) && nanos == o.nanos && difficulty == o.difficulty && tags.equals(o.tags)
        && Objects.equals(detail, o.detail) && Objects.equals(kept, o.kept);
  }

  @Override
  public int hashCode() {
    return Objects.hash(questionId, verdict, candidates, executed, predNone, goldNone, error, nanos, difficulty,
        tags, detail, kept);
  }

  /** As the record it was printed itself. */
  @Override
  public String toString() {
    return "QuestionResult[questionId=" + questionId + ", verdict=" + verdict + ", candidates=" + candidates
        + ", executed=" + executed + ", predNone=" + predNone + ", goldNone=" + goldNone + ", error=" + error
        + ", nanos=" + nanos + ", difficulty=" + difficulty + ", tags=" + tags + ", detail=" + detail + ", kept="
        + kept + "]";
  }
}
