package dev.llmsql.models.judge;

/**
 * A chat-completions request that failed for good: retries exhausted, or an answer that can never
 * succeed (400, 401, 404). The message names the status, the attempts and the likely fix.
 *
 * <pre>{@code
 * ChatClient client = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen").build();
 * List<ChatMessage> messages = List.of(ChatMessage.user("Say yes"));
 * try { client.complete(messages); } catch (ChatException e) { System.err.println(e.getMessage()); }
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
