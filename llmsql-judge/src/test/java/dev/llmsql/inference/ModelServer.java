package dev.llmsql.inference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;

/**
 * A loopback chat-completions server playing a text-to-SQL model: each request's question (the last
 * {@code Question:} line of the prompt) and the attempt number for it pick the reply.
 */
public final class ModelServer implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

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

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "model-server");
    t.setDaemon(true);
    return t;
  });
  /** Picks the reply from the model name, the question and its attempt number for that model (1 first). */
  public interface Script {
    Reply reply(String model, String question, int attempt);
  }

  private final Script replies;
  private final Map<String, Integer> attempts = new java.util.concurrent.ConcurrentHashMap<>();
  private final List<String> prompts = new CopyOnWriteArrayList<>();

  /** {@code replies} gets the question and its attempt number (1 first). */
  public ModelServer(BiFunction<String, Integer, Reply> replies) throws IOException {
    this((model, question, attempt) -> replies.apply(question, attempt));
  }

  public ModelServer(Script replies) throws IOException {
    this.replies = replies;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/v1/chat/completions", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  List<String> prompts() {
    return List.copyOf(prompts);
  }

  static String question(String prompt) {
    int at = prompt.lastIndexOf("Question: ");
    return prompt.substring(at + "Question: ".length(), prompt.indexOf('\n', at));
  }

  private void handle(HttpExchange exchange) throws IOException {
    try {
      JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
      String prompt = body.path("messages").path(0).path("content").asText();
      prompts.add(prompt);
      String question = question(prompt);
      String model = body.path("model").asText();
      int attempt = attempts.merge(model + "\u0000" + question, 1, Integer::sum);
      Reply reply = replies.reply(model, question, attempt);
      if (reply.delayMillis() > 0) {
        Thread.sleep(reply.delayMillis());
      }
      String text = reply.rawBody() != null ? reply.rawBody() : completion(body.path("model").asText(),
          reply.content());
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      reply.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(reply.status(), bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException clientGone) {
      // the client timed out and closed the connection
    } finally {
      exchange.close();
    }
  }

  private static String completion(String model, String content) {
    ObjectNode root = JSON.createObjectNode();
    root.put("id", "chatcmpl-test").put("object", "chat.completion").put("model", model);
    ObjectNode choice = root.putArray("choices").addObject();
    choice.put("index", 0).put("finish_reason", "stop");
    choice.putObject("message").put("role", "assistant").put("content", content);
    root.putObject("usage").put("prompt_tokens", 42).put("completion_tokens", 7).put("total_tokens", 49);
    return root.toString();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
