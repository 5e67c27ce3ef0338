package dev.llmsql.judgement;

/**
 * A judge that cannot judge at all (its model's server down, refusing the credentials, or not at the address
 * it was given): no question's verdict, so the evaluation stops instead of counting every prediction wrong. A
 * {@link Judge} throws it; the engine lets it end the run. The message names the service and the fix.
 *
 * <pre>{@code
 * try {
 *   Evaluator.builder().judge(Judges.named("llm")).build().run(Path.of("outputs.jsonl"));
 * } catch (JudgeUnavailableException e) {
 *   System.err.println(e.getMessage());
 * }
 * }</pre>
 */
public class JudgeUnavailableException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  public JudgeUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
