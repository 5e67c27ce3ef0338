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
  private final boolean serverUnavailable;
  private final String problem;

  ChatException(String message, int attempts, Throwable cause) {
    this(message, "", attempts, false, cause);
  }

  /**
   * @param problem what failed, naming the server
   * @param fix the likely fix for a caller of {@link ChatClient}, appended to the message ("" for none)
   */
  ChatException(String problem, String fix, int attempts, boolean serverUnavailable, Throwable cause) {
    super(problem + fix, cause);
    this.attempts = attempts;
    this.serverUnavailable = serverUnavailable;
    this.problem = problem;
  }

  /** The message without the fix it suggests in the client's terms, for a caller that names its own. */
  String problem() {
    return problem;
  }

  /** How many HTTP requests were made. */
  public int attempts() {
    return attempts;
  }

  /**
   * Whether the server could not be used at all, whatever was asked: no connection or no answer in time, the
   * credentials refused (401, 403), nothing at the address (404), or overloaded or failing (429, 5xx) through
   * every attempt. False when the failure may be this request's own (400, an oversized or unreadable answer).
   */
  public boolean serverUnavailable() {
    return serverUnavailable;
  }
}
