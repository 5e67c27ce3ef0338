package dev.llmsql.models.judge;

import static java.util.Objects.requireNonNull;

/**
 * The model's answer to one chat-completions request, after any retries.
 *
 * <pre>{@code
 * ChatClient client = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen").build();
 * ChatResponse r = client.complete(List.of(ChatMessage.user("Say yes")));
 * r.content();   // "yes"
 * }</pre>
 *
 * @param content the first choice's message content
 * @param attempts how many HTTP requests it took (1 when the first succeeded)
 * @param latencyMillis time of the successful request
 * @param promptTokens tokens in the prompt as the server counted them, -1 when not reported
 * @param completionTokens tokens in the answer, -1 when not reported
 */
public record ChatResponse(String content, int attempts, long latencyMillis, int promptTokens,
                           int completionTokens) {

  public ChatResponse {
    requireNonNull(content, "content");
  }
}
