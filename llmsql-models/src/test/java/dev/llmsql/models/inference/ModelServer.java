package dev.llmsql.models.inference;

import dev.llmsql.models.judge.ChatServer;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

/**
 * A loopback chat-completions server playing a text-to-SQL model: each request's question (the last
 * {@code Question:} line of the prompt) and the attempt number for it pick the reply.
 */
public final class ModelServer implements AutoCloseable {


  public record Reply(int status, String content, Map<String, String> headers, long delayMillis, String rawBody) {
    public static Reply ok(String content) {
      return new Reply(200, content, Map.of(), 0, null);
    }

    public static Reply slow(String content, long millis) {
      return new Reply(200, content, Map.of(), millis, null);
    }

    public static Reply status(int status, Map<String, String> headers) {
      return new Reply(status, null, headers, 0, "{\"error\": {\"message\": \"scripted " + status + "\"}}");
    }

    public static Reply malformed() {
      return new Reply(200, null, Map.of(), 0, "{\"choices\": []}");
    }
  }

  /** Picks the reply from the model name, the question and its attempt number for that model (1 first). */
  public interface Script {
    Reply reply(String model, String question, int attempt);
  }

  private final ChatServer server;
  private final Map<String, Integer> attempts = new java.util.concurrent.ConcurrentHashMap<>();
  private final List<String> prompts = new CopyOnWriteArrayList<>();
  private final List<com.fasterxml.jackson.databind.JsonNode> bodies = new CopyOnWriteArrayList<>();

  /** {@code replies} gets the question and its attempt number (1 first). */
  public ModelServer(BiFunction<String, Integer, Reply> replies) throws IOException {
    this((model, question, attempt) -> replies.apply(question, attempt));
  }

  public ModelServer(Script replies) throws IOException {
    // The HTTP side is the judge tests' ChatServer; this class only picks replies by question and attempt.
    server = new ChatServer((model, body) -> {
      String prompt = body.path("messages").path(0).path("content").asText();
      prompts.add(prompt);
      bodies.add(body);
      String question = question(prompt);
      int attempt = attempts.merge(model + "\u0000" + question, 1, Integer::sum);
      Reply r = replies.reply(model, question, attempt);
      return new ChatServer.Reply(r.status(), r.content(), r.headers(), r.delayMillis(), r.rawBody());
    });
  }

  public String baseUrl() {
    return server.baseUrl();
  }

  List<String> prompts() {
    return List.copyOf(prompts);
  }

  /** Every request body as received, in arrival order. */
  public List<com.fasterxml.jackson.databind.JsonNode> bodies() {
    return List.copyOf(bodies);
  }

  static String question(String prompt) {
    int at = prompt.lastIndexOf("Question: ");
    int end = prompt.indexOf('\n', at);   // a 2.0 prompt ends with the question
    return prompt.substring(at + "Question: ".length(), end < 0 ? prompt.length() : end);
  }

  @Override
  public void close() {
    server.close();
  }
}
