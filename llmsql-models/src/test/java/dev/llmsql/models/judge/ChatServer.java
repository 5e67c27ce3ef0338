package dev.llmsql.models.judge;

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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A loopback server speaking the chat-completions protocol with scripted replies per model, standing in
 * for a remote LLM API. Records every request (body and Authorization header) and the peak number of
 * requests in flight.
 */
public final class ChatServer implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  public record Reply(int status, String content, Map<String, String> headers, long delayMillis, String rawBody) {
  }

  record Request(String model, JsonNode body, String authorization) {
    String prompt() {
      return body.path("messages").path(0).path("content").asText();
    }
  }

  public static Reply ok(String content) {
    return new Reply(200, content, Map.of(), 0, null);
  }

  static Reply slow(String content, long delayMillis) {
    return new Reply(200, content, Map.of(), delayMillis, null);
  }

  static Reply status(int status, Map<String, String> headers) {
    return new Reply(status, null, headers, 0, "{\"error\": {\"message\": \"scripted " + status + "\"}}");
  }

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "chat-server");
    t.setDaemon(true);
    return t;
  });
  /** Answers one request from the model it names and its whole body. */
  public interface Responder {
    Reply reply(String model, JsonNode body);
  }

  private final Responder responder;
  private final Map<String, Deque<Reply>> script = new HashMap<>();
  private final List<Request> requests = new ArrayList<>();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger peak = new AtomicInteger();

  /** A server answering from the replies queued with {@link #script}. */
  public ChatServer() throws IOException {
    this(null);
  }

  /** A server answering every request through {@code responder}. */
  public ChatServer(Responder responder) throws IOException {
    this.responder = responder;
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/v1/chat/completions", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** Queues replies for requests naming {@code model}; a request with nothing queued gets a 500. */
  public synchronized ChatServer script(String model, Reply... replies) {
    script.computeIfAbsent(model, m -> new ArrayDeque<>()).addAll(List.of(replies));
    return this;
  }

  synchronized List<Request> requests() {
    return List.copyOf(requests);
  }

  int peakInFlight() {
    return peak.get();
  }

  private void handle(HttpExchange exchange) throws IOException {
    int now = inFlight.incrementAndGet();
    peak.accumulateAndGet(now, Math::max);
    boolean counted = true;
    try {
      JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
      String model = body.path("model").asText();
      Reply reply;
      synchronized (this) {
        requests.add(new Request(model, body, exchange.getRequestHeaders().getFirst("Authorization")));
        Deque<Reply> queue = script.get(model);
        reply = responder != null ? null : queue == null || queue.isEmpty() ? status(500, Map.of()) : queue.poll();
      }
      if (responder != null) {
        reply = responder.reply(model, body);
      }
      if (reply.delayMillis() > 0) {
        Thread.sleep(reply.delayMillis());
      }
      String text = reply.rawBody() != null ? reply.rawBody() : completion(model, reply.content());
      byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
      reply.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
      exchange.getResponseHeaders().add("Content-Type", "application/json");
      // out of flight before the answer leaves: once the client reads it, it may send its next request at once,
      // and counting that one while this thread has not yet left would report one request too many
      inFlight.decrementAndGet();
      counted = false;
      exchange.sendResponseHeaders(reply.status(), bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException clientGone) {
      // the client timed out and closed the connection
    } finally {
      if (counted) {
        inFlight.decrementAndGet();
      }
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
