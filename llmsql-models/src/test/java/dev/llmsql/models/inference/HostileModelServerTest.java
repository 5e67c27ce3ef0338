package dev.llmsql.models.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.llmsql.Evaluator;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ChatException;
import dev.llmsql.models.judge.ChatMessage;
import dev.llmsql.models.judge.ProcessLog;
import dev.llmsql.report.EvaluationReport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile-input suite, model servers (issues 12.6, 12.7, 18.5): a server echoing the key, a server
 * streaming 300 MB, and a predictions file torn by a crash. The server is a real loopback HTTP server whose
 * reply is picked by the question (corpus: {@code hostile/model-replies.json} names the cases).
 */
class HostileModelServerTest {

  private static final String KEY = "sk-test-9f8e7d6c5b4a39281706";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final long FLOOD_BYTES = 300L << 20;
  /** Question to scripted reply; {@code ${key}} and {@code ${auth}} become the key and the Authorization sent. */
  private static final com.fasterxml.jackson.databind.JsonNode REPLIES = corpus();

  @TempDir
  Path dir;
  private HttpServer server;
  private ExecutorService executor;
  private final AtomicLong floodWritten = new AtomicLong(-1);
  private final List<String> authorizations = new java.util.concurrent.CopyOnWriteArrayList<>();

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    executor = Executors.newCachedThreadPool();
    server.setExecutor(executor);
    server.createContext("/v1/chat/completions", this::handle);
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
    executor.shutdownNow();
  }

  private static com.fasterxml.jackson.databind.JsonNode corpus() {
    try (java.io.InputStream in = HostileModelServerTest.class.getResourceAsStream("/hostile/model-replies.json")) {
      return JSON.readTree(in);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** Replies by the question at the end of the prompt. */
  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String prompt = JSON.readTree(ex.getRequestBody().readAllBytes()).path("messages").path(0).path("content")
          .asText();
      String auth = ex.getRequestHeaders().getFirst("Authorization");
      authorizations.add(String.valueOf(auth));
      String question = ModelServer.question(prompt + "\n");
      com.fasterxml.jackson.databind.JsonNode echo = REPLIES.path(question);
      if (!echo.isMissingNode()) {
        String body = echo.has("content")
            ? completion(fill(echo.path("content").asText(), auth)) : fill(echo.path("body").asText(), auth);
        send(ex, echo.path("status").asInt(), body);
        return;
      }
      switch (question) {
        case "flood" -> flood(ex, false);
        case "flood-declared" -> flood(ex, true);
        // the key where the 300-character cut of an error body falls: 20 of its 28 characters before the cut
        case "echo-at-cut" -> send(ex, 401, "E".repeat(273) + " token " + KEY + " rejected");
        // the key JSON-escaped, whole and in a mix with URL-encoding and plain characters
        case "echo-escaped" -> send(ex, 500, "{\"error\": \"bad key " + escaped(KEY, 1) + "\", \"mixed\": \""
            + escaped(KEY, 2).replace("\\u0074", "%74") + "\"}");
        // the key just past the 64 KiB read of an error body: its first 6 characters are read
        case "echo-past-read" -> send(ex, 500, " ".repeat((64 << 10) - 6) + KEY);
        default -> send(ex, 200, completion("SELECT 1"));
      }
    }
  }

  private static String fill(String template, String auth) {
    return template.replace("${key}", KEY).replace("${auth}", String.valueOf(auth));
  }

  /** {@code text} with every {@code every}-th character written as a JSON {@code \\u} escape. */
  private static String escaped(String text, int every) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < text.length(); i++) {
      out.append(i % every == 0 ? String.format("\\u%04x", (int) text.charAt(i)) : String.valueOf(text.charAt(i)));
    }
    return out.toString();
  }

  private static String completion(String content) {
    return JSON.createObjectNode().set("choices", JSON.createArrayNode().add(JSON.createObjectNode()
        .set("message", JSON.createObjectNode().put("role", "assistant").put("content", content)))).toString();
  }

  private static void send(HttpExchange ex, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(status, bytes.length);
    ex.getResponseBody().write(bytes);
  }

  /** 300 MB of one JSON string, generated as it goes (never held), until the client hangs up. */
  private void flood(HttpExchange ex, boolean declareLength) throws IOException {
    byte[] chunk = new byte[1 << 20];
    java.util.Arrays.fill(chunk, (byte) 'A');
    byte[] head = "{\"choices\": [{\"message\": {\"content\": \"".getBytes(StandardCharsets.UTF_8);
    ex.sendResponseHeaders(200, declareLength ? FLOOD_BYTES : 0);
    long written = 0;
    try {
      OutputStream out = ex.getResponseBody();
      out.write(head);
      written += head.length;
      while (written + chunk.length <= FLOOD_BYTES) {
        out.write(chunk);
        written += chunk.length;
      }
    } catch (IOException hungUp) {
      // what the client should do
    } finally {
      floodWritten.set(written);
    }
  }

  private ChatClient client(Path log) {
    return ChatClient.builder().baseUrl(baseUrl()).model("m").jsonMode(false)
        .environment(name -> name.equals("OPENAI_API_KEY") ? KEY : null).maxAttempts(2)
        .backoff(Duration.ZERO, Duration.ZERO).readTimeout(Duration.ofSeconds(30)).processLog(ProcessLog.to(log))
        .build();
  }

  private String ask(ChatClient client, String question) {
    return client.complete(List.of(ChatMessage.user("Question: " + question))).content();
  }

  @Test
  void echoedKey_neverInMessagesCausesProcessLogOrOutput() throws Exception {
    Path log = dir.resolve("process.jsonl");
    ChatClient client = client(log);
    String endpoint = baseUrl() + "/chat/completions";
    PrintStream stderr = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    List<Throwable> thrown = new ArrayList<>();
    String content;
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      for (String q : List.of("echo-401", "echo-500-json", "echo-unparsable")) {
        try {
          ask(client, q);
        } catch (ChatException e) {
          thrown.add(e);
        }
      }
      content = ask(client, "echo-content");
    } finally {
      System.setErr(stderr);
    }

    // THEN: the key went out (the server saw it) ...
    assertThat(authorizations).contains("Bearer " + KEY);
    // ... but came back nowhere: exact messages with the credential masked
    assertThat(thrown).extracting(Throwable::getMessage).containsExactly(
        "HTTP 401 Unauthorized. Request headers: Authorization: **** x-api-key: **** from " + endpoint
            + ": check the API key in the environment variable OPENAI_API_KEY, or choose another with apiKeyEnv(...)",
        "HTTP 500 {\"error\": {\"message\": \"bad key ****\", \"headers\": {\"authorization\": \"****\"}}} from "
            + endpoint + " after 2 attempt(s); raise maxAttempts(...) or readTimeout(...) if the server is just slow",
        thrown.get(2).getMessage());
    assertThat(thrown.get(2).getMessage()).startsWith("unreadable chat-completions answer (");
    assertThat(content).isEqualTo("SELECT '****' -- Bearer ****");
    StringWriter traces = new StringWriter();
    thrown.forEach(t -> t.printStackTrace(new PrintWriter(traces)));
    assertThat(traces.toString()).contains("****").doesNotContain(KEY);
    assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain(KEY);
    assertThat(Files.readString(log)).contains("****").doesNotContain(KEY);
    assertThat(Files.readAllLines(log)).hasSize(6);

    // AND through inference: the output file and the summary hold no key either
    Path questions = Files.writeString(dir.resolve("q.jsonl"), """
        {"question_id": 1, "question": "echo-content", "sql": "SELECT 1", "table_id": "t"}
        {"question_id": 2, "question": "echo-401", "sql": "SELECT 1", "table_id": "t"}
        """);
    Path tables = Files.writeString(dir.resolve("t.jsonl"),
        "{\"table_id\": \"t\", \"header\": [\"a\"], \"types\": [\"text\"], \"rows\": []}\n");
    Path out = dir.resolve("preds.jsonl");
    InferenceSummary summary = Inference.builder().client(client).questionsPath(questions).tablesPath(tables)
        .concurrency(1).build().run(out);
    assertThat(Files.readString(out)).isEqualTo("{\"question_id\":1,\"completion\":\"SELECT '****' -- Bearer ****\"}\n");
    assertThat(summary.failed().get(2L)).contains("Authorization: ****").doesNotContain(KEY);
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(Files.readString(f)).as(f.toString()).doesNotContain(KEY);
      }
    }
  }

  @Test
  void echoedKey_atTheCutEscapedOrPastTheRead_isMaskedWhole() throws Exception {
    Path log = dir.resolve("process.jsonl");
    ChatClient client = client(log);
    String endpoint = baseUrl() + "/chat/completions";
    List<String> messages = new ArrayList<>();

    for (String q : List.of("echo-at-cut", "echo-escaped", "echo-past-read")) {
      assertThatThrownBy(() -> ask(client, q)).isInstanceOfSatisfying(ChatException.class,
          e -> messages.add(e.getMessage()));
    }

    String retried = " after 2 attempt(s); raise maxAttempts(...) or readTimeout(...) if the server is just slow";
    assertThat(messages).containsExactly(
        "HTTP 401 " + "E".repeat(273) + " token **** rejected from " + endpoint
            + ": check the API key in the environment variable OPENAI_API_KEY, or choose another with apiKeyEnv(...)",
        "HTTP 500 {\"error\": \"bad key ****\", \"mixed\": \"****\"} from " + endpoint + retried,
        "HTTP 500 ****... from " + endpoint + retried);
    assertThat(Files.readString(log)).doesNotContain(KEY.substring(0, 4)).doesNotContain("\\u0073\\u006b");
  }

  @Test
  void streamingFlood_endsAsOneQuestionsErrorAndReadingStopsAtTheCap() {
    ChatClient client = ChatClient.builder().baseUrl(baseUrl()).model("m").jsonMode(false)
        .environment(name -> null).maxAttempts(3).build();

    assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
      assertThatThrownBy(() -> ask(client, "flood"))
          .isInstanceOfSatisfying(ChatException.class, e -> assertThat(e.attempts()).isEqualTo(1))
          .hasMessage("answer larger than 4194304 bytes (the cap) from " + baseUrl() + "/chat/completions; raise "
              + "maxResponseBytes(...) if the model really answers at such length");
      while (floodWritten.get() < 0) {
        Thread.sleep(10);
      }
    });
    // the client hung up long before the 300 MB: what it took is the cap plus socket buffers
    assertThat(floodWritten.get()).isLessThan(64L << 20);
  }

  @Test
  void streamingFlood_inAJvmOf48Mb_endsAsAnErrorNotAnOutOfMemory() throws Exception {
    // GIVEN: a client JVM far too small to hold the 300 MB answer
    Process client = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx48m", "-cp", System.getProperty("surefire.test.class.path", System.getProperty("java.class.path")),
        FloodClient.class.getName(), baseUrl()).redirectErrorStream(true).start();

    // WHEN
    boolean finished = client.waitFor(120, java.util.concurrent.TimeUnit.SECONDS);
    String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

    // THEN
    assertThat(finished).isTrue();
    assertThat(client.exitValue()).as(output).isZero();
    assertThat(output).startsWith("ChatException: answer larger than 4194304 bytes (the cap) from ");
  }

  /** Asks the flooding server once and prints how the call ended. */
  public static final class FloodClient {
    public static void main(String[] args) {
      ChatClient client = ChatClient.builder().baseUrl(args[0]).model("m").jsonMode(false)
          .environment(name -> null).build();
      try {
        client.complete(List.of(ChatMessage.user("Question: flood")));
        System.out.println("answered");
      } catch (ChatException e) {
        System.out.println("ChatException: " + e.getMessage());
      }
    }
  }

  @Test
  void declaredHugeLength_failsBeforeReadingTheBody() {
    ChatClient client = ChatClient.builder().baseUrl(baseUrl()).model("m").jsonMode(false)
        .environment(name -> null).maxResponseBytes(1 << 20).build();

    assertTimeoutPreemptively(Duration.ofSeconds(120), () ->
        assertThatThrownBy(() -> ask(client, "flood-declared"))
            .hasMessageStartingWith("answer larger than 1048576 bytes (the cap) from "));
  }

  @Test
  void inference_floodForOneQuestion_recordsItsErrorAndGoesOn() throws Exception {
    Path questions = Files.writeString(dir.resolve("q.jsonl"), """
        {"question_id": 1, "question": "flood", "sql": "SELECT 1", "table_id": "t"}
        {"question_id": 2, "question": "fine", "sql": "SELECT 1", "table_id": "t"}
        """);
    Path tables = Files.writeString(dir.resolve("t.jsonl"),
        "{\"table_id\": \"t\", \"header\": [\"a\"], \"types\": [\"text\"], \"rows\": []}\n");
    ChatClient client = ChatClient.builder().baseUrl(baseUrl()).model("m").jsonMode(false)
        .environment(name -> null).build();
    Path out = dir.resolve("preds.jsonl");

    InferenceSummary summary = assertTimeoutPreemptively(Duration.ofSeconds(120), () ->
        Inference.builder().client(client).questionsPath(questions).tablesPath(tables).concurrency(1).build()
            .run(out));

    assertThat(summary.written()).isEqualTo(1);
    assertThat(summary.failed()).containsOnlyKeys(1L);
    assertThat(summary.failed().get(1L)).startsWith("answer larger than 4194304 bytes");
    assertThat(Files.readString(out)).isEqualTo("{\"question_id\":2,\"completion\":\"SELECT 1\"}\n");
  }

  @Test
  void resume_tornTail_isCutAndRedoneAndEvaluateAcceptsTheFile() throws Exception {
    // GIVEN: questions, a database, and predictions torn mid-record by a crash
    Path db = dir.resolve("t.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (a INTEGER)");
      s.execute("INSERT INTO t VALUES (1)");
    }
    Path questions = Files.writeString(dir.resolve("q.jsonl"), """
        {"question_id": 1, "question": "one", "sql": "SELECT 1", "table_id": "t"}
        {"question_id": 2, "question": "two", "sql": "SELECT 1", "table_id": "t"}
        {"question_id": 3, "question": "three", "sql": "SELECT 1", "table_id": "t"}
        """);
    Path tables = Files.writeString(dir.resolve("t.jsonl"),
        "{\"table_id\": \"t\", \"header\": [\"a\"], \"types\": [\"integer\"], \"rows\": [[1]]}\n");
    Path out = Files.writeString(dir.resolve("preds.jsonl"),
        "{\"question_id\":1,\"completion\":\"SELECT 1\"}\n{\"question_id\":2,\"comp");
    ChatClient client = ChatClient.builder().baseUrl(baseUrl()).model("m").jsonMode(false)
        .environment(name -> null).build();

    // WHEN
    InferenceSummary summary = Inference.builder().client(client).questionsPath(questions).tablesPath(tables)
        .concurrency(1).build().run(out);

    // THEN
    assertThat(summary.tornBytesDropped()).isEqualTo("{\"question_id\":2,\"comp".length());
    assertThat(summary.skipped()).isEqualTo(1);
    assertThat(summary.written()).isEqualTo(2);
    assertThat(Files.readString(out)).isEqualTo("""
        {"question_id":1,"completion":"SELECT 1"}
        {"question_id":2,"completion":"SELECT 1"}
        {"question_id":3,"completion":"SELECT 1"}
        """);
    EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(questions).dbPath(db)
        .noReportFile().showMismatches(false).build().run(out);
    assertThat(report.total()).isEqualTo(3);
    assertThat(report.matches()).isEqualTo(3);
    assertThat(report.inputProblems()).isEmpty();
  }

  @Test
  void resume_completeLastRecordWithoutNewline_isKeptAndEnded() throws Exception {
    Path out = Files.writeString(dir.resolve("preds.jsonl"), "{\"question_id\":1,\"completion\":\"SELECT 1\"}");

    assertThat(Inference.repairTornTail(out)).isZero();
    assertThat(Files.readString(out)).isEqualTo("{\"question_id\":1,\"completion\":\"SELECT 1\"}\n");
  }

  @Test
  void resume_newlineEndedGarbageLastLine_isCut() throws Exception {
    Path out = Files.writeString(dir.resolve("preds.jsonl"), "{\"question_id\":1,\"completion\":\"x\"}\n{\"quest\n");

    assertThat(Inference.repairTornTail(out)).isEqualTo(8);
    assertThat(Files.readString(out)).isEqualTo("{\"question_id\":1,\"completion\":\"x\"}\n");
  }

}
