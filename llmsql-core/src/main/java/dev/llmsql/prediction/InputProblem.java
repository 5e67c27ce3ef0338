package dev.llmsql.prediction;

import static java.util.Objects.requireNonNull;

/**
 * A prediction the evaluator could not score as given: it is counted and listed in the report instead of
 * crashing the run or vanishing.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * for (InputProblem p : report.inputProblems()) System.out.println(p.location() + ": " + p.message());
 * }</pre>
 *
 * @param kind what is wrong
 * @param location where: {@code "outputs.jsonl:12"} for a file, {@code "predictions[11]"} for a list
 * @param questionId the question id when one could be read, else null
 * @param message what is wrong and how to fix it
 */
public record InputProblem(Kind kind, String location, Integer questionId, String message) {

  public InputProblem {
    requireNonNull(kind, "kind");
    requireNonNull(location, "location");
    requireNonNull(message, "message");
  }

  /** The kinds of input problems. */
  public enum Kind {
    /** {@code question_id} names no question of the benchmark; the prediction is not scored. */
    UNKNOWN_QUESTION_ID,
    /** A second prediction for the same question; the first one counts, this one is not scored. */
    DUPLICATE_QUESTION_ID,
    /** {@code question_id} is missing or not an integer (nor a string holding one); not scored. */
    INVALID_QUESTION_ID,
    /** Neither {@code completion} nor {@code predicted_sql} is present; scored as an answer with no SQL. */
    MISSING_COMPLETION,
    /** The completion is not a string (a number, list, object); scored as an answer with no SQL. */
    NON_STRING_COMPLETION,
    /** The line is longer than the line bound (16 MiB); it is skipped unread and not scored. */
    LINE_TOO_LONG,
    /**
     * The question's {@code db_id} is not a plain name, so it could name a database outside the databases
     * directory ({@code ../x}, {@code a/b}, an absolute path, {@code C:x}, {@code ..}, empty); the prediction is
     * not scored and nothing runs. The location is the question's line. Links the user made inside the
     * directory are followed.
     */
    DATABASE_OUTSIDE_DIRECTORY,
    /**
     * A prediction given as a result file ({@code result_csv}, a submission directory's {@code <id>.csv}) names
     * a file that cannot be used: outside the submission's directory, missing, too large, not CSV; scored as an
     * answer with no SQL.
     */
    RESULT_FILE
  }
}
