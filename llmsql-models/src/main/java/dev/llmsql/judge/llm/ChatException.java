package dev.llmsql.judge.llm;

/**
 * A chat-completions request that failed for good: retries exhausted, or an answer that can never
 * succeed (400, 401, 404). The message names the status, the attempts and the likely fix.
 *
 * <pre>{@code
 * try { client.complete(messages); } catch (ChatException e) { log(e.getMessage()); }
 * }</pre>
 */
public class ChatException extends RuntimeException {

  private final int attempts;

  ChatException(String message, int attempts, Throwable cause) {
    super(message, cause);
    this.attempts = attempts;
  }

  /** How many HTTP requests were made. */
  public int attempts() {
    return attempts;
  }
}
