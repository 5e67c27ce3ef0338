package dev.llmsql.models.inference;

/**
 * Hears how a run that asks a model advances ({@link Inference}, a Falcon run's rounds, a capability suite's
 * cases), e.g. to draw progress. The library prints nothing itself; the
 * caller chooses what to show. Calls come from the worker threads but never two at once, so an implementation
 * need not be thread-safe; it should return quickly (the workers wait for it).
 *
 * <pre>{@code
 * ChatClient client = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen").build();
 * Inference.builder().client(client).questionsPath(Path.of("questions.jsonl")).tablesPath(Path.of("tables.jsonl"))
 *     .listener(new InferenceListener() {
 *       public void onAnswer(long questionId, boolean failed) {
 *         System.err.println("question " + questionId + (failed ? " failed" : " answered"));
 *       }
 *     }).build().run(Path.of("outputs.jsonl"));
 * }</pre>
 */
public interface InferenceListener {

  /** Ignores everything. */
  InferenceListener NONE = new InferenceListener() { };

  /**
   * Before the first question is asked.
   *
   * @param toAsk questions this run asks (those already in the output file are not asked again)
   * @param alreadyAnswered questions skipped because the output file holds them
   */
  default void onInferenceStart(int toAsk, int alreadyAnswered) {
  }

  /** After the model answered question {@code questionId} (written) or failed to ({@code failed}). */
  default void onAnswer(long questionId, boolean failed) {
  }
}
