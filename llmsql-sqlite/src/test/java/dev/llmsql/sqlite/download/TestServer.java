package dev.llmsql.sqlite.download;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A real HTTP server on the loopback interface that records every request it sees. */
final class TestServer implements AutoCloseable {

  /** What a handler does with one exchange. */
  @FunctionalInterface
  interface Handler {
    void handle(HttpExchange exchange) throws IOException;
  }

  /** One request as the server saw it; absent headers are null. */
  record Seen(String path, String range, String authorization) {
  }

  private final HttpServer server;
  private final List<Seen> seen = new CopyOnWriteArrayList<>();
  private final ExecutorService executor;

  TestServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    // Several handler threads, so a stalled response does not hold up the client's next request.
    executor = Executors.newCachedThreadPool();
    server.setExecutor(executor);
    server.start();
  }

  /** Answers requests for {@code path} (and below it) with {@code handler}. */
  TestServer route(String path, Handler handler) {
    server.createContext(path, exchange -> {
      seen.add(new Seen(exchange.getRequestURI().getPath(),
          exchange.getRequestHeaders().getFirst("Range"),
          exchange.getRequestHeaders().getFirst("Authorization")));
      try {
        handler.handle(exchange);
      } finally {
        exchange.close();
      }
    });
    return this;
  }

  /** {@code http://127.0.0.1:{port}}. */
  URI uri() {
    return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
  }

  /** The same server named {@code localhost}: another host as far as the client is concerned. */
  URI localhostUri() {
    return URI.create("http://localhost:" + server.getAddress().getPort());
  }

  List<Seen> seen() {
    return List.copyOf(seen);
  }

  List<String> paths() {
    return seen.stream().map(Seen::path).toList();
  }

  static void send(HttpExchange exchange, int status, byte[] body) throws IOException {
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  static void redirect(HttpExchange exchange, int status, String location) throws IOException {
    exchange.getResponseHeaders().add("Location", location);
    exchange.sendResponseHeaders(status, -1);
  }

  /**
   * Promises {@code body.length} bytes, sends the first {@code sent}, then drops the connection: the
   * "insufficient bytes written to stream" IOException is left to escape the handler, which makes the
   * server close the socket.
   */
  static void cut(HttpExchange exchange, byte[] body, int sent) throws IOException {
    exchange.sendResponseHeaders(200, body.length);
    OutputStream out = exchange.getResponseBody();
    out.write(body, 0, sent);
    out.flush();
    out.close();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
