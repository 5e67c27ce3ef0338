package dev.llmsql.models.judge;

import static java.util.Objects.requireNonNull;

/**
 * One message of a chat-completions conversation.
 *
 * <pre>{@code
 * String prompt = "Is SELECT name FROM singer a right answer to: list the singers' names?";
 * List<ChatMessage> messages = List.of(ChatMessage.system("You judge SQL answers."), ChatMessage.user(prompt));
 * }</pre>
 *
 * @param role {@code system}, {@code user} or {@code assistant}
 * @param content the text
 */
public record ChatMessage(String role, String content) {

  public ChatMessage {
    requireNonNull(role, "role");
    requireNonNull(content, "content");
  }

  public static ChatMessage system(String content) {
    return new ChatMessage("system", content);
  }

  public static ChatMessage user(String content) {
    return new ChatMessage("user", content);
  }
}
