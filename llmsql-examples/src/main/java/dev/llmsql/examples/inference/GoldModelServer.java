package dev.llmsql.examples.inference;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.llmsql.threads.DaemonThreads;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import java.util.function.UnaryOperator;

/**
 * A loopback OpenAI-compatible server standing in for a text-to-SQL model, so examples and tests run offline:
 * it answers each prompt's question with that question's gold SQL (from a questions JSONL), passed through a
 * function that may spoil it, after a fixed latency; or, {@link #scripted scripted}, any reply a function picks
 * from the model name and the prompt.
 *
 * <pre>{@code
 * try (GoldModelServer model = GoldModelServer.start(questions, Duration.ofMillis(50), sql -> sql)) {
 *   ChatClient client = ChatClient.builder().baseUrl(model.baseUrl()).model("gold").jsonMode(false).build();
 * }
 * }</pre>
 */
public final class GoldModelServer implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  static {
    // Without TCP_NODELAY the JDK server's header and body writes meet the client's delayed ACK and every
    // answer arrives ~40 ms late, which would be measured as model latency. Read once, when the first
    // server of the JVM starts.
    if (System.getProperty("sun.net.httpserver.nodelay") == null) {
      System.setProperty("sun.net.httpserver.nodelay", "true");
    }
  }

  private final HttpServer server;
  private final ExecutorService executor;
  private final Map<String, String> goldByQuestion;
  private final long latencyMillis;
  private final UnaryOperator<String> answer;
  private final BiFunction<String, String, String> script;

  private GoldModelServer(Map<String, String> goldByQuestion, long latencyMillis, UnaryOperator<String> answer,
                          BiFunction<String, String, String> script) throws IOException {
    this.goldByQuestion = goldByQuestion;
    this.latencyMillis = latencyMillis;
    this.answer = answer;
    this.script = script;
    this.executor = Executors.newCachedThreadPool(DaemonThreads.named("gold-model"));
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
    server.createContext("/v1/chat/completions", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  /** A server answering the questions of {@code questionsJsonl} after {@code latencyMillis}. */
  public static GoldModelServer start(Path questionsJsonl, long latencyMillis, UnaryOperator<String> answer) {
    Map<String, String> gold = new HashMap<>();
    try (BufferedReader in = Files.newBufferedReader(questionsJsonl, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        if (!line.isBlank()) {
          JsonNode q = JSON.readTree(line);
          gold.put(q.path("question").asText(), q.path("sql").asText());
        }
      }
      return new GoldModelServer(gold, latencyMillis, answer, null);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the gold model for " + questionsJsonl + ": " + e, e);
    }
  }

  /**
   * A server answering every request with {@code replies.apply(model, prompt)} (the first message's text)
   * after {@code latencyMillis}: stand-in target and judge models for capability suites.
   */
  public static GoldModelServer scripted(long latencyMillis, BiFunction<String, String, String> replies) {
    try {
      return new GoldModelServer(Map.of(), latencyMillis, UnaryOperator.identity(), replies);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start the scripted model: " + e, e);
    }
  }

  /** The API root to give {@code ChatClient.Builder.baseUrl}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  private void handle(HttpExchange exchange) throws IOException {
    try {
      JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
      String prompt = body.path("messages").path(0).path("content").asText();
      int at = prompt.lastIndexOf("Question: ");
      String question = at < 0 ? "" : prompt.substring(at + "Question: ".length(), prompt.indexOf('\n', at));
      String model = body.path("model").asText();
      String content = script != null ? script.apply(model, prompt)
          : answer.apply(goldByQuestion.getOrDefault(question, "SELECT 'unknown question'"));
      if (latencyMillis > 0) {
        Thread.sleep(latencyMillis);
      }
      ObjectNode root = JSON.createObjectNode();
      root.put("id", "chatcmpl-gold").put("object", "chat.completion").put("model", body.path("model").asText());
      ObjectNode choice = root.putArray("choices").addObject();
      choice.put("index", 0).put("finish_reason", "stop");
      choice.putObject("message").put("role", "assistant").put("content", content);
      byte[] bytes = root.toString().getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      exchange.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      exchange.close();
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
