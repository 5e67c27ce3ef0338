package dev.llmsql.prediction;

import static java.util.Objects.requireNonNull;

/**
 * One model output: the question it answers and the raw completion, which may hold chatter, markdown
 * fences, {@code <think>} blocks and several SQL candidates.
 *
 * <pre>{@code
 * Prediction p = new Prediction(1, "```sql\nSELECT COUNT(*) FROM Table\n```");
 * }</pre>
 *
 * @param questionId the id of the question answered
 * @param completion the model's raw output, never null (may be empty)
 */
public record Prediction(int questionId, String completion) {

  public Prediction {
    requireNonNull(completion, "completion");
  }
}
