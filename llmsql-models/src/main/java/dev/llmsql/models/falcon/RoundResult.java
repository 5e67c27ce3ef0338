package dev.llmsql.models.falcon;

import static java.util.Objects.requireNonNull;

import dev.llmsql.report.EvaluationReport;
import java.nio.file.Path;

/**
 * Falcon's execution-results row for one model in one round. {@code executed} counts predictions whose SQL
 * ran (RIGHT + WRONG); everything else asked is FAILED: SQL errors, answers without SQL, calls the model never
 * answered, and (as Falcon has no separate class) questions whose gold SQL failed.
 *
 * <pre>{@code
 * ChatClient client = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen").build();
 * List<RoundResult> results = FalconRun.builder().model("qwen", client).rounds(2)
 *     .questionsPath(Path.of("questions.jsonl")).tablesPath(Path.of("tables.jsonl"))
 *     .dbPath(Path.of("db.sqlite")).outputDir(Path.of("falcon"))
 *     .build().run();
 * RoundResult r = results.get(0);
 * r.accuracy();   // right / questions
 * }</pre>
 *
 * @param round 1-based round
 * @param model the model's name
 * @param questions questions asked
 * @param executed predictions whose SQL ran
 * @param right predictions judged a match ({@link #wrong()}: executed - right; {@link #failed()}: questions -
 *     executed)
 * @param predictions the predictions file of this round and model
 * @param report the evaluation behind the counts
 */
public record RoundResult(int round, String model, int questions, int executed, int right, Path predictions,
                          EvaluationReport report) {

  public RoundResult {
    requireNonNull(model, "model");
    requireNonNull(predictions, "predictions");
    requireNonNull(report, "report");
  }

  /** Predictions that ran but gave another answer: executed - right. */
  public int wrong() {
    return executed - right;
  }

  /** Questions whose prediction did not run (SQL errors, no SQL, no answer, gold errors): questions - executed. */
  public int failed() {
    return questions - executed;
  }

  /** executed / questions, 0 when nothing was asked. */
  public double executabilityRate() {
    return questions == 0 ? 0 : (double) executed / questions;
  }

  /** right / questions, 0 when nothing was asked. */
  public double accuracy() {
    return questions == 0 ? 0 : (double) right / questions;
  }
}
