package dev.llmsql.models.judge;

import static dev.llmsql.models.judge.ChatServer.ok;
import static dev.llmsql.models.judge.ChatServer.slow;
import static dev.llmsql.models.judge.ChatServer.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The chat-completions client against a loopback server with scripted answers. */
class ChatClientTest {

  static final String KEY = "sk-test-SECRET-123";
  static final List<ChatMessage> HELLO = List.of(ChatMessage.user("Say yes"));

  @TempDir
  Path dir;
  ChatServer server;
  Path logFile;

  @BeforeEach
  void start() throws Exception {
    server = new ChatServer();
    logFile = dir.resolve("logs/process.jsonl");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  ChatClient.Builder client() {
    return client(Map.of("TEST_LLM_KEY", KEY)::get);
  }

  ChatClient.Builder client(Function<String, String> environment) {
    return ChatClient.builder().baseUrl(server.baseUrl()).model("judge-a").apiKeyEnv("TEST_LLM_KEY")
        .environment(environment).backoff(Duration.ofMillis(50), Duration.ofSeconds(5))
        .processLog(ProcessLog.to(logFile));
  }

  List<JsonNode> logLines() throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> lines = new ArrayList<>();
    for (String line : Files.readAllLines(logFile)) {
      lines.add(json.readTree(line));
    }
    return lines;
  }

  @Test
  void complete_goodAnswer_returnsContentAndTokens() {
    // given
    server.script("judge-a", ok("{\"answer\": \"yes\"}"));
    // when
    ChatResponse response = client().temperature(0.3).maxTokens(100).build().complete(HELLO);
    // then
    assertThat(response.content()).isEqualTo("{\"answer\": \"yes\"}");
    assertThat(response.attempts()).isEqualTo(1);
    assertThat(response.promptTokens()).isEqualTo(42);
    assertThat(response.completionTokens()).isEqualTo(7);
    ChatServer.Request request = server.requests().get(0);
    assertThat(request.authorization()).isEqualTo("Bearer " + KEY);
    assertThat(request.body().toString()).isEqualTo("{\"model\":\"judge-a\",\"messages\":[{\"role\":\"user\","
        + "\"content\":\"Say yes\"}],\"temperature\":0.3,\"max_tokens\":100,\"response_format\":{\"type\":"
        + "\"json_object\"}}");
  }

  @Test
  void complete_jsonModeOff_sendsNoResponseFormat() {
    server.script("judge-a", ok("yes"));
    client().jsonMode(false).build().complete(HELLO);
    assertThat(server.requests().get(0).body().has("response_format")).isFalse();
  }

  @Test
  void complete_429WithRetryAfter_waitsAsToldThenSucceeds() throws Exception {
    // given
    server.script("judge-a", status(429, Map.of("Retry-After", "1")), ok("fine"));
    // when
    ChatResponse response = client().build().complete(HELLO);
    // then
    assertThat(response.content()).isEqualTo("fine");
    assertThat(response.attempts()).isEqualTo(2);
    List<JsonNode> log = logLines();
    assertThat(log).hasSize(2);
    assertThat(log.get(0).get("status").asText()).isEqualTo("429");
    assertThat(log.get(1).get("attempt").asInt()).isEqualTo(2);
    assertThat(log.get(1).get("waited_ms").asLong()).isEqualTo(1000);
  }

  @Test
  void complete_500ThenSuccess_retriesAfterTheInitialBackoff() throws Exception {
    // given
    server.script("judge-a", status(500, Map.of()), status(503, Map.of()), ok("fine"));
    // when
    ChatResponse response = client().build().complete(HELLO);
    // then: 50 ms, then doubled
    assertThat(response.attempts()).isEqualTo(3);
    assertThat(logLines().stream().map(l -> l.get("waited_ms").asLong()).toList()).containsExactly(0L, 50L, 100L);
  }

  @Test
  void complete_slowerThanReadTimeout_failsAfterEveryAttempt() throws Exception {
    // given
    server.script("judge-a", slow("late", 3000), slow("late", 3000));
    ChatClient client = client().readTimeout(Duration.ofMillis(300)).maxAttempts(2).build();
    // when / then
    assertThatThrownBy(() -> client.complete(HELLO))
        .isInstanceOf(ChatException.class)
        .hasMessage("no answer within 300 ms from " + server.baseUrl() + "/chat/completions after 2 attempt(s); "
            + "raise maxAttempts(...) or readTimeout(...) if the server is just slow");
    assertThat(logLines().stream().map(l -> l.get("status").asText()).toList()).containsExactly("timeout", "timeout");
  }

  @Test
  void complete_nothingListening_namesTheAddressNotMoreTime() throws Exception {
    // it said "I/O error java.net.ConnectException ...; raise maxAttempts(...) or readTimeout(...)"
    int port;
    try (java.net.ServerSocket closed = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      port = closed.getLocalPort();
    }
    String base = "http://127.0.0.1:" + port + "/v1";
    ChatClient client = ChatClient.builder().baseUrl(base).model("judge-a").environment(name -> null)
        .backoff(Duration.ofMillis(50), Duration.ofSeconds(5)).maxAttempts(2).build();

    assertThatThrownBy(() -> client.complete(HELLO))
        .isInstanceOfSatisfying(ChatException.class, e -> assertThat(e.serverUnavailable()).isTrue())
        .hasMessage("cannot connect to " + base + "/chat/completions after 2 attempt(s); check that the server is "
            + "up and baseUrl(...) names it");
  }

  @Test
  void complete_slowFirstThenFast_succeedsOnRetry() {
    server.script("judge-a", slow("late", 3000), ok("on time"));
    ChatResponse response = client().readTimeout(Duration.ofMillis(300)).build().complete(HELLO);
    assertThat(response.content()).isEqualTo("on time");
    assertThat(response.attempts()).isEqualTo(2);
  }

  @Test
  void complete_401_failsAtOnceNamingTheKeyVariable() {
    // given
    server.script("judge-a", status(401, Map.of()), ok("never"));
    ChatClient client = client(name -> null).build();
    // when / then
    assertThatThrownBy(() -> client.complete(HELLO))
        .isInstanceOf(ChatException.class)
        .hasMessage("HTTP 401 {\"error\": {\"message\": \"scripted 401\"}} from " + server.baseUrl()
            + "/chat/completions: check the API key in the environment variable TEST_LLM_KEY (it is not set), or "
            + "choose another with apiKeyEnv(...)");
    assertThat(server.requests()).hasSize(1);
    assertThat(server.requests().get(0).authorization()).isNull();
  }

  @Test
  void processLog_everyExchange_neverHoldsTheApiKey() throws Exception {
    // given
    server.script("judge-a", status(500, Map.of()), ok("{\"answer\": \"no\"}"));
    ChatClient client = client().build();
    // when
    client.complete(HELLO);
    // then
    String log = Files.readString(logFile);
    assertThat(log).doesNotContain(KEY).doesNotContain("SECRET");
    assertThat(client.toString()).doesNotContain(KEY).contains("apiKeyEnv=TEST_LLM_KEY (set)");
    JsonNode last = logLines().get(1);
    assertThat(last.get("model").asText()).isEqualTo("judge-a");
    assertThat(last.get("prompt").toString()).isEqualTo("[{\"role\":\"user\",\"content\":\"Say yes\"}]");
    assertThat(last.get("answer").asText()).isEqualTo("{\"answer\": \"no\"}");
    assertThat(last.get("prompt_tokens").asInt()).isEqualTo(42);
    assertThat(last.get("completion_tokens").asInt()).isEqualTo(7);
    assertThat(last.get("attempt").asInt()).isEqualTo(2);
    assertThat(last.has("time")).isTrue();
    assertThat(last.has("latency_ms")).isTrue();
  }

  @Test
  void maxConcurrency_manyCallers_keepsRequestsInFlightAtTheLimit() throws Exception {
    // given: 6 callers, each answer takes 300 ms, at most 2 at once
    for (int i = 0; i < 6; i++) {
      server.script("judge-a", slow("ok", 300));
    }
    ChatClient client = client().maxConcurrency(2).build();
    ExecutorService callers = Executors.newFixedThreadPool(6);
    try {
      List<Future<ChatResponse>> futures = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        futures.add(callers.submit(() -> client.complete(HELLO)));
      }
      for (Future<ChatResponse> f : futures) {
        assertThat(f.get().content()).isEqualTo("ok");
      }
    } finally {
      callers.shutdownNow();
    }
    // then
    assertThat(server.peakInFlight()).isEqualTo(2);
  }

  @Test
  void parseRetryAfter_secondsAndHttpDate() {
    assertThat(ChatClient.parseRetryAfter("2")).contains(Duration.ofSeconds(2));
    assertThat(ChatClient.parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT")).contains(Duration.ZERO);
    assertThat(ChatClient.parseRetryAfter("soon")).isEmpty();
  }

  @Test
  void builder_badValues_nameTheFix() {
    assertThatThrownBy(() -> ChatClient.builder().build()).hasMessage(
        "model is required; call model(\"...\") with the server's model name");
    assertThatThrownBy(() -> ChatClient.builder().baseUrl("localhost:8000")).hasMessage("baseUrl must be an "
        + "http:// or https:// URL with a host, but was 'localhost:8000'; e.g. https://api.openai.com/v1");
    // no host: every request would fail, retried for minutes
    assertThatThrownBy(() -> ChatClient.builder().baseUrl("http://")).hasMessage("baseUrl must be an "
        + "http:// or https:// URL with a host, but was 'http://'; e.g. https://api.openai.com/v1");
    assertThatThrownBy(() -> ChatClient.builder().baseUrl("http://:8000/v1")).hasMessage("baseUrl must be an "
        + "http:// or https:// URL with a host, but was 'http://:8000/v1'; e.g. https://api.openai.com/v1");
    assertThatThrownBy(() -> ChatClient.builder().temperature(3)).hasMessage(
        "temperature must lie in [0, 2], but was 3.0");
    assertThatThrownBy(() -> ChatClient.builder().maxConcurrency(0)).hasMessage(
        "maxConcurrency must be at least 1, but was 0");
    assertThatThrownBy(() -> ChatClient.builder().readTimeout(Duration.ZERO)).hasMessage(
        "readTimeout must be positive, but was PT0S");
  }

  @Test
  void baseUrlWithAPassword_isShownAndSentWithoutIt() {
    server.script("m", status(404, Map.of()));
    String base = server.baseUrl().replace("http://", "http://user:hunter2pass@");
    ChatClient client = ChatClient.builder().baseUrl(base).model("m").environment(name -> null).build();

    assertThatThrownBy(() -> client.complete(HELLO))
        .hasMessage("HTTP 404 {\"error\": {\"message\": \"scripted 404\"}} from " + server.baseUrl()
            + "/chat/completions: check baseUrl(...) (it should end before /chat/completions) and model(...)");
    assertThat(client.toString()).doesNotContain("hunter2pass");
    assertThat(server.requests()).extracting(ChatServer.Request::authorization).containsExactly((String) null);
  }
}
