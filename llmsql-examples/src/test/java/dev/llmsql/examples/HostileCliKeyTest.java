package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile-input suite, the API key through the CLI (issue 12.6): {@code llmsql inference api} in its own
 * process, with the key in its environment, against a loopback server that echoes the key and the
 * Authorization header in a 401 body and in an answer. Nothing the process prints or writes holds the key.
 */
class HostileCliKeyTest {

  private static final String KEY = "sk-cli-5e4d3c2b1a09f8e7d6c5";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  @Test
  void inferenceApi_serverEchoingTheKey_keyInNoOutputLogOrFile() throws Exception {
    List<String> sent = new CopyOnWriteArrayList<>();
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext("/v1/chat/completions", ex -> echo(ex, sent));
    server.start();
    try {
      Path questions = Files.writeString(dir.resolve("q.jsonl"), """
          {"question_id": 1, "question": "echo in answer", "sql": "SELECT 1", "table_id": "t"}
          {"question_id": 2, "question": "echo in 401", "sql": "SELECT 1", "table_id": "t"}
          """);
      Path tables = Files.writeString(dir.resolve("t.jsonl"),
          "{\"table_id\": \"t\", \"header\": [\"a\"], \"types\": [\"text\"], \"rows\": []}\n");
      Path output = dir.resolve("out").resolve("preds.jsonl");
      Path log = dir.resolve("out").resolve("process.jsonl");
      ProcessBuilder builder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
          "dev.llmsql.cli.Main", "inference", "api", "--model", "m",
          "--base-url", "http://127.0.0.1:" + server.getAddress().getPort() + "/v1",
          "--api-key-env", "LLMSQL_HOSTILE_KEY", "--questions-path", questions.toString(),
          "--tables-path", tables.toString(), "--output-file", output.toString(), "--process-log", log.toString(),
          "--concurrency", "1")
          .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile());
      builder.environment().put("LLMSQL_HOSTILE_KEY", KEY);
      Process cli = builder.start();

      assertThat(cli.waitFor(120, TimeUnit.SECONDS)).isTrue();

      String stdout = Files.readString(dir.resolve("stdout.txt"));
      String stderr = Files.readString(dir.resolve("stderr.txt"));
      assertThat(sent).contains("Bearer " + KEY);
      assertThat(stdout).as(stderr).contains("  question 2: HTTP 401 Unauthorized: Authorization: **** from ");
      assertThat(Files.readString(output)).isEqualTo("{\"question_id\":1,\"completion\":\"SELECT '****'\"}\n");
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : files.filter(Files::isRegularFile).toList()) {
          assertThat(Files.readString(f)).as(f.toString()).doesNotContain(KEY);
        }
      }
    } finally {
      server.stop(0);
    }
  }

  private static void echo(HttpExchange ex, List<String> sent) throws IOException {
    try (ex) {
      String prompt = JSON.readTree(ex.getRequestBody().readAllBytes()).path("messages").path(0).path("content")
          .asText();
      String auth = ex.getRequestHeaders().getFirst("Authorization");
      sent.add(auth);
      int status = prompt.contains("echo in 401") ? 401 : 200;
      String body = status == 401 ? "Unauthorized: Authorization: " + auth
          : JSON.createObjectNode().set("choices", JSON.createArrayNode().add(JSON.createObjectNode().set("message",
              JSON.createObjectNode().put("role", "assistant").put("content", "SELECT '" + KEY + "'")))).toString();
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      ex.sendResponseHeaders(status, bytes.length);
      ex.getResponseBody().write(bytes);
    }
  }
}
