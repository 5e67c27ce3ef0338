package dev.llmsql.models.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ChatServer;
import dev.llmsql.models.judge.ProcessLog;
import java.math.BigDecimal;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mini-scale suite (src/test/resources/dev/llmsql/models/suite) end to end against a loopback server playing two
 * target models and two judges with scripted answers.
 *
 * <p>Hand computation for model-a (W = metric weight, d = difficulty; FAILED cases are in neither sum):
 * <pre>
 * sql_understanding
 *   execution_accuracy     W4: ea-1 d1 PASS, ea-2 d2 WRONG (wrong rows), ea-3 d3 WRONG (ATTACH refused),
 *                              ea-4 d1 PASS ("25.00" = 25.0)                M=2 Mmax=7  100*2/7 = 28.57 -> 28.6
 *   explain_detection      W2: ex-1 d2 PASS (1 yes 1 no: tie passes), ex-2 d1 WRONG (2 no)
 *                                                                           M=2 Mmax=3  66.67 -> 66.7
 *   syntax_error_detection W3: se-1 d1 WRONG (malformed), se-2 d2 (config) PASS after a 500
 *                                                                           M=2 Mmax=3  66.7
 *   capability = (4*2 + 2*2 + 3*2) / (4*7 + 2*3 + 3*3) = 18/43 = 41.86 -> 41.9
 * dialect_conversion
 *   logical_equivalence    W3: dc-1 d2 PASS (objective), dc-2 d3 PASS (objective fails, judges tie)
 *                                                                           M=5 Mmax=5  100.0
 *   syntax_error_detection W1: ds-1 d1 FAILED (429 until retries ran out), ds-2 d2 WRONG
 *                                                                           M=0 Mmax=2  0.0
 *   capability = (3*5 + 1*0) / (3*5 + 1*2) = 15/17 = 88.24 -> 88.2
 * sql_optimization
 *   logical_equivalence    W2: oe-1 d1 WRONG (slow; judge-1 no, judge-2 malformed 3 times = failed),
 *                              oe-2 d2 PASS (objective)                     M=2 Mmax=3  66.7
 *   optimization_depth     W4: od-1 rules r1 d1 (2 of 2 matched) pass, r2 d2 (1 of 2) pass, r3 d3 (0) not
 *                              -> 3 of 6; od-2 FAILED (both judges 500)     M=3 Mmax=6  50.0
 *   syntax_error_detection W1: os-1 d3 PASS (after stripping think)        M=3 Mmax=3  100.0
 *   capability = (2*2 + 4*3 + 1*3) / (2*3 + 4*6 + 1*3) = 19/33 = 57.58 -> 57.6
 * </pre>
 * model-b answers "no idea" to everything and the judges say no / match nothing: every case WRONG, no case
 * FAILED, every score 0.0, with Mmax as above plus ds-1 (1) and od-2 (2 + 1): 43, 3*5 + 1*3 = 18, 33 + 4*3 = 45.
 */
class CapabilitySuiteTest {

  private static final Pattern CASE = Pattern.compile("\\[case ([a-z0-9-]+)]");
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String KEY = "sk-test-secret-123";

  @TempDir
  Path tmp;

  private ChatServer server;
  private final Map<String, Integer> attempts = new ConcurrentHashMap<>();
  private Path stolen;

  @BeforeEach
  void startServer() throws Exception {
    stolen = tmp.resolve("stolen.db");
    server = new ChatServer((model, body) -> {
      String prompt = body.path("messages").path(0).path("content").asText();
      Matcher m = CASE.matcher(prompt);
      String id = m.find() ? m.group(1) : "?";
      int attempt = attempts.merge(model + "/" + id, 1, Integer::sum);
      return switch (model) {
        case "model-a" -> target(id, attempt);
        case "model-b" -> ChatServer.ok("no idea");
        default -> judge(model, id, prompt);
      };
    });
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  private ChatServer.Reply target(String id, int attempt) {
    return switch (id) {
      case "ea-1" -> ChatServer.ok("```sql\nSELECT COUNT(*) FROM employees WHERE dept = 'Sales'\n```");
      case "ea-2" -> ChatServer.ok("{\"sql\": \"SELECT SUM(salary) FROM employees\"}");
      case "ea-3" -> ChatServer.ok("ATTACH DATABASE '" + stolen + "' AS x");
      case "ea-4" -> ChatServer.ok("{\"result\": \"25.00\"}");
      case "ex-1" -> ChatServer.ok("It counts the orders of each customer.");
      case "ex-2" -> ChatServer.ok("It deletes old staff.");
      case "se-1" -> ChatServer.ok("I think there is an error somewhere.");
      case "se-2" -> attempt == 1 ? status(500) : ChatServer.ok("{\"has_error\": false}");
      case "dc-1" -> ChatServer.ok("{\"sql\": \"SELECT name FROM staff LIMIT 5\"}");
      case "dc-2" -> ChatServer.ok("{\"sql\": \"SELECT name FROM staff ORDER BY name LIMIT 3\"}");
      case "ds-1" -> new ChatServer.Reply(429, null, Map.of("Retry-After", "0"), 0, "{\"error\": \"slow down\"}");
      case "ds-2" -> ChatServer.ok("{\"has_error\": true}");
      case "oe-1" -> new ChatServer.Reply(200, "{\"sql\": \"SELECT * FROM orders WHERE total > 100\"}", Map.of(),
          300, null);
      case "oe-2" -> ChatServer.ok("{\"sql\": \"SELECT id FROM orders WHERE id IN (SELECT order_id FROM items)\"}");
      case "od-1" -> ChatServer.ok("{\"sql\": \"SELECT id FROM orders WHERE created >= '2024-01-01'\"}");
      case "od-2" -> ChatServer.ok("{\"sql\": \"SELECT id FROM items LIMIT 1\"}");
      case "os-1" -> ChatServer.ok("<think>maybe {\"has_error\": false}</think>{\"has_error\": true}");
      default -> status(404);
    };
  }

  private static ChatServer.Reply judge(String judge, String id, String prompt) {
    boolean first = judge.equals("judge-1");
    if (prompt.contains("no idea")) {
      return ChatServer.ok(prompt.contains("matched_rule_ids") ? "{\"matched_rule_ids\": []}"
          : "{\"answer\": \"no\", \"reason\": \"no answer\"}");
    }
    return switch (id) {
      case "ex-1", "dc-2" -> ChatServer.ok(first ? "{\"answer\": \"yes\", \"reason\": \"right\"}"
          : "{\"answer\": \"no\", \"reason\": \"incomplete\"}");
      case "ex-2" -> ChatServer.ok("{\"answer\": \"no\", \"reason\": \"it only selects\"}");
      case "oe-1" -> first ? ChatServer.ok("{\"answer\": \"no\", \"reason\": \"selects more columns\"}")
          : ChatServer.ok("maybe");
      case "od-1" -> ChatServer.ok(first ? "{\"matched_rule_ids\": [\"r1\", \"r2\"]}"
          : "```json\n{\"matched_rule_ids\": [\"r1\"], \"reason\": \"columns only\"}\n```");
      case "od-2" -> status(500);
      default -> status(404);
    };
  }

  private static ChatServer.Reply status(int status) {
    return new ChatServer.Reply(status, null, Map.of(), 0, "{\"error\": {\"message\": \"scripted " + status + "\"}}");
  }

  static Path suiteDir() throws URISyntaxException {
    return Path.of(CapabilitySuiteTest.class.getResource("mini-scale").toURI());
  }

  static Path configFile() throws URISyntaxException {
    return Path.of(CapabilitySuiteTest.class.getResource("mini-scale.json").toURI());
  }

  private ChatClient client(String model, ProcessLog log, int attempts, boolean json) {
    return ChatClient.builder().baseUrl(server.baseUrl()).model(model).environment(name -> KEY).jsonMode(json)
        .maxAttempts(attempts).backoff(Duration.ofMillis(1), Duration.ofMillis(5)).readTimeout(Duration.ofSeconds(5))
        .maxConcurrency(4).processLog(log).build();
  }

  private List<ModelResult> runBoth(ProcessLog log) throws Exception {
    return CapabilitySuite.builder()
        .dataset(suiteDir(), configFile())
        .judge(client("judge-1", log, 2, true))
        .judge(client("judge-2", log, 2, true))
        .concurrency(3)
        .build()
        .run(List.of(client("model-a", log, 3, false), client("model-b", log, 3, false)));
  }

  @Test
  void run_twoModels_scoresMatchHandComputation() throws Exception {
    // given / when
    List<ModelResult> results = runBoth(ProcessLog.to(tmp.resolve("process.jsonl")));

    // then
    ModelResult a = results.get(0);
    assertThat(a.model()).isEqualTo("model-a");
    assertThat(scores(a)).containsExactly(Map.entry("sql_understanding", "41.9"),
        Map.entry("dialect_conversion", "88.2"), Map.entry("sql_optimization", "57.6"));
    assertThat(metricScores(a)).containsExactly(
        Map.entry("sql_understanding/execution_accuracy", "28.6 2/7"),
        Map.entry("sql_understanding/explain_detection", "66.7 2/3"),
        Map.entry("sql_understanding/syntax_error_detection", "66.7 2/3"),
        Map.entry("dialect_conversion/logical_equivalence", "100.0 5/5"),
        Map.entry("dialect_conversion/syntax_error_detection", "0.0 0/2"),
        Map.entry("sql_optimization/logical_equivalence", "66.7 2/3"),
        Map.entry("sql_optimization/optimization_depth", "50.0 3/6"),
        Map.entry("sql_optimization/syntax_error_detection", "100.0 3/3"));
    assertThat(a.capability("sql_understanding").orElseThrow().weightedPoints()).isEqualTo(18);
    assertThat(a.capability("sql_understanding").orElseThrow().weightedMax()).isEqualTo(43);
    assertThat(statuses(a)).isEqualTo("ea-1=PASS, ea-2=WRONG, ea-3=WRONG, ea-4=PASS, ex-1=PASS, ex-2=WRONG, "
        + "se-1=WRONG, se-2=PASS, dc-1=PASS, dc-2=PASS, ds-1=FAILED, ds-2=WRONG, oe-1=WRONG, oe-2=PASS, "
        + "od-1=WRONG, od-2=FAILED, os-1=PASS");
    assertThat(a.failedCases()).isEqualTo(2);
    assertThat(a.unscored()).containsExactly("sql_understanding/sql_identification");

    ModelResult b = results.get(1);
    assertThat(scores(b)).containsExactly(Map.entry("sql_understanding", "0.0"),
        Map.entry("dialect_conversion", "0.0"), Map.entry("sql_optimization", "0.0"));
    assertThat(b.capabilities()).extracting(CapabilityScore::weightedMax).containsExactly(43L, 18L, 45L);
    assertThat(b.failedCases()).isZero();
  }

  @Test
  void run_caseDetails_sayWhy() throws Exception {
    // given / when
    ModelResult a = runBoth(ProcessLog.to(tmp.resolve("process.jsonl"))).get(0);

    // then
    assertThat(detail(a, "ea-1")).isEqualTo("the answer's SQL returned the expected rows [[2]]");
    assertThat(detail(a, "ea-2")).isEqualTo("the answer's SQL returned [[12000]], expected [[7000]]");
    assertThat(detail(a, "ea-3")).isEqualTo("the answer's SQL did not run: refused: ATTACH statements may not run "
        + "(only SELECT, WITH ... SELECT and VALUES)");
    assertThat(stolen).doesNotExist();
    assertThat(detail(a, "ea-4")).isEqualTo("the answer equals the expected {\"result\":25.0}");
    assertThat(detail(a, "ex-1")).isEqualTo("judges 1 yes, 1 no");
    assertThat(detail(a, "se-1")).isEqualTo("malformed answer: no JSON object in I think there is an error "
        + "somewhere.");
    assertThat(detail(a, "dc-2")).isEqualTo("objective check: the answer {\"sql\":\"SELECT name FROM staff ORDER BY "
        + "name LIMIT 3\"} differs from the expected {\"sql\":\"SELECT name FROM staff ORDER BY name ASC LIMIT 3\"}; "
        + "judges 1 yes, 1 no");
    assertThat(detail(a, "ds-1")).startsWith("the target model did not answer: HTTP 429 {\"error\": \"slow down\"} "
        + "from http://127.0.0.1:").endsWith(" after 3 attempt(s); raise maxAttempts(...) or readTimeout(...) if "
        + "the server is just slow");
    assertThat(detail(a, "oe-1")).isEqualTo("objective check: the answer {\"sql\":\"SELECT * FROM orders WHERE "
        + "total > 100\"} differs from the expected {\"sql\":\"SELECT id FROM orders WHERE total > 100\"}; judges 0 "
        + "yes, 1 no, 1 failed");
    assertThat(find(a, "oe-1").votes().get(1).reason()).isEqualTo("malformed answer (no JSON object in the answer) "
        + "after 3 tries: maybe");
    assertThat(detail(a, "od-1")).isEqualTo("2 of 3 rule(s) passed by 2 judge(s); not passed: r3");
    assertThat(find(a, "od-1").rules()).extracting(r -> r.rule().id() + " " + r.matched() + "/" + r.judges() + " "
        + r.passed()).containsExactly("r1 2/2 true", "r2 1/2 true", "r3 0/2 false");
    assertThat(detail(a, "od-2")).startsWith("every judge failed: judge-1: HTTP 500");
  }

  @Test
  void run_processLog_hasEveryExchangeWithoutKey() throws Exception {
    // given
    Path log = tmp.resolve("process.jsonl");

    // when
    runBoth(ProcessLog.to(log));

    // then: model-a 20 requests (17 cases, se-2 once more, ds-1 twice more), model-b 17 (one per case),
    // judges 16 for model-a (ex-1, ex-2, dc-2, od-1: 1 each per judge; oe-1: judge-1 once, judge-2 3 malformed
    // tries; od-2: 2 attempts per judge) and 16 for model-b (8 judged cases x 2 judges)
    List<String> lines = Files.readAllLines(log);
    assertThat(lines).hasSize(69);
    assertThat(String.join("\n", lines)).doesNotContain(KEY);
    Map<String, Long> byModel = lines.stream().map(l -> read(l).path("model").asText())
        .collect(Collectors.groupingBy(m -> m, java.util.TreeMap::new, Collectors.counting()));
    assertThat(byModel).containsExactly(Map.entry("judge-1", 15L), Map.entry("judge-2", 17L),
        Map.entry("model-a", 20L), Map.entry("model-b", 17L));
  }

  @Test
  void write_reports_scoreCaseAndLeaderboard() throws Exception {
    // given
    List<ModelResult> results = runBoth(ProcessLog.to(tmp.resolve("out/evaluation_process_detail_logs/p.jsonl")));
    Path out = tmp.resolve("out");

    // when
    SuiteReports.write(results, out);

    // then
    JsonNode score = JSON.readTree(out.resolve("eval_reports/model-a.json").toFile());
    assertThat(score.path("capabilities").path(0).path("score").decimalValue()).isEqualTo(new BigDecimal("41.9"));
    assertThat(score.path("capabilities").path(2).path("metrics").path(1).toString()).isEqualTo("{\"metric\":"
        + "\"optimization_depth\",\"weight\":4,\"evaluation\":\"subjective\",\"score\":50.0,\"points\":3,"
        + "\"max_points\":6,\"passed\":0,\"wrong\":1,\"failed\":1}");
    assertThat(score.path("unscored_metrics").toString()).isEqualTo("[\"sql_understanding/sql_identification\"]");
    JsonNode cases = JSON.readTree(out.resolve("evaluation_case_reports/model-a/sql_understanding.json").toFile());
    JsonNode exec = cases.path("metrics").path(0);
    assertThat(exec.path("metric").asText()).isEqualTo("execution_accuracy");
    assertThat(List.of(exec.path("passed").asInt(), exec.path("wrong").asInt(), exec.path("failed").asInt()))
        .containsExactly(2, 2, 0);
    assertThat(exec.path("correct_rate").decimalValue()).isEqualTo(new BigDecimal("50.0"));
    assertThat(exec.path("cases").path(3).path("prompt").asText()).isEqualTo("[case ea-4] What does SELECT 10 * 2.5 "
        + "AS result return? Reply {\"result\": ...}.\nAnswer with one SQLite query, or with JSON when asked for a "
        + "result.");
    assertThat(exec.path("cases").path(3).path("verdict").asText()).isEqualTo("PASS");
    JsonNode explain = cases.path("metrics").path(1).path("cases").path(0);
    assertThat(explain.path("judges").toString()).isEqualTo("[{\"model\":\"judge-1\",\"verdict\":\"yes\","
        + "\"reason\":\"right\"},{\"model\":\"judge-2\",\"verdict\":\"no\",\"reason\":\"incomplete\"}]");
    assertThat(out.resolve("evaluation_case_reports/model-b/sql_optimization.json")).exists();
    String html = Files.readString(out.resolve("leaderboard.html"));
    assertThat(html.split("class=\"radar\"", -1)).hasSize(3);
    assertThat(html).contains("<td>model-a</td><td>62.6</td><td>41.9</td><td>88.2</td><td>57.6</td>",
        "sql_understanding 41.9");
    String page = Files.readString(out.resolve("model_pages/model-a.html"));
    assertThat(page).contains("content=\"default-src 'none'; style-src 'unsafe-inline'\"",
        "<tr><td>sql_understanding</td><td>41.9</td>",
        "<tr><td>optimization_depth</td><td>4</td><td>subjective</td><td>50.0</td><td>3 / 6</td><td>0</td><td>1</td>"
            + "<td>1</td></tr>",
        "<li><b>judge-1</b>: yes \u2014 right</li><li><b>judge-2</b>: no \u2014 incomplete</li>")
        .doesNotContain("<script");
  }

  @Test
  void run_twoModels_runAtOnceEachWithinItsConcurrency() throws Exception {
    // given: 6 objective cases; each model's first request waits until the other model's first one arrived
    Path suite = Files.createDirectories(tmp.resolve("suite/sql_understanding"));
    StringBuilder lines = new StringBuilder();
    for (int i = 1; i <= 6; i++) {
      lines.append("{\"id\": \"c").append(i).append("\", \"difficulty\": \"1\", \"sql\": \"SELEC 1\", ")
          .append("\"expected\": {\"has_error\": true}}\n");
    }
    Files.writeString(suite.resolve("syntax_error_detection.jsonl"), lines);
    Path config = Files.writeString(tmp.resolve("suite.json"), "{\"capabilities\": {\"sql_understanding\": "
        + "{\"syntax_error_detection\": {\"weight\": 1, \"evaluation\": \"objective\", \"prompt\": \"{{sql}}\"}}}}");
    java.util.concurrent.CountDownLatch bothStarted = new java.util.concurrent.CountDownLatch(2);
    Map<String, java.util.concurrent.atomic.AtomicInteger> inFlight = new ConcurrentHashMap<>();
    Map<String, Integer> peak = new ConcurrentHashMap<>();
    Map<String, Boolean> overlapped = new ConcurrentHashMap<>();
    try (ChatServer models = new ChatServer((model, body) -> {
      int now = inFlight.computeIfAbsent(model, m -> new java.util.concurrent.atomic.AtomicInteger()).incrementAndGet();
      peak.merge(model, now, Math::max);
      try {
        if (overlapped.putIfAbsent(model, false) == null) {
          bothStarted.countDown();
          overlapped.put(model, bothStarted.await(10, java.util.concurrent.TimeUnit.SECONDS));
        }
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        inFlight.get(model).decrementAndGet();
      }
      return ChatServer.ok("{\"has_error\": true}");
    })) {
      CapabilitySuite capabilitySuite = CapabilitySuite.builder().dataset(tmp.resolve("suite"), config)
          .concurrency(2).build();
      List<ChatClient> targets = List.of("fast-a", "fast-b").stream().map(m -> ChatClient.builder()
          .baseUrl(models.baseUrl()).model(m).jsonMode(false).readTimeout(Duration.ofSeconds(30)).build()).toList();

      // when
      List<ModelResult> results = capabilitySuite.run(targets);

      // then
      assertThat(overlapped).containsExactlyInAnyOrderEntriesOf(Map.of("fast-a", true, "fast-b", true));
      assertThat(peak.values()).allSatisfy(p -> assertThat(p).isBetween(1, 2));
      assertThat(results).extracting(r -> r.model() + " " + r.capabilities().get(0).score())
          .containsExactly("fast-a 100.0", "fast-b 100.0");
    }
  }

  @Test
  void run_listener_hearsEveryCaseOfEveryModelOnce() throws Exception {
    // given: two objective cases, two models
    Path suite = Files.createDirectories(tmp.resolve("suite").resolve("sql_understanding"));
    Files.writeString(suite.resolve("syntax_error_detection.jsonl"), """
        {"id": "c1", "difficulty": "1", "sql": "SELEC 1", "expected": {"has_error": true}}
        {"id": "c2", "difficulty": "1", "sql": "SELECT 1", "expected": {"has_error": false}}
        """);
    Path config = Files.writeString(tmp.resolve("suite.json"), "{\"capabilities\": {\"sql_understanding\": "
        + "{\"syntax_error_detection\": {\"weight\": 1, \"evaluation\": \"objective\", \"prompt\": \"{{sql}}\"}}}}");
    List<String> heard = new java.util.ArrayList<>();
    try (ChatServer models = new ChatServer((model, body) -> ChatServer.ok("{\"has_error\": true}"))) {
      CapabilitySuite capabilitySuite = CapabilitySuite.builder().dataset(tmp.resolve("suite"), config)
          .listener(new dev.llmsql.models.inference.InferenceListener() {
            @Override
            public void onInferenceStart(int toAsk, int alreadyAnswered) {
              heard.add("start " + toAsk + " " + alreadyAnswered);
            }

            @Override
            public void onAnswer(long questionId, boolean failed) {
              heard.add("case " + questionId + " " + failed);
            }
          }).concurrency(2).build();
      List<ChatClient> targets = List.of("m-a", "m-b").stream().map(m -> ChatClient.builder()
          .baseUrl(models.baseUrl()).model(m).jsonMode(false).build()).toList();

      // when
      capabilitySuite.run(targets);
    }

    // then: one call at a time (the list is not synchronized), each case of each model once
    assertThat(heard.get(0)).isEqualTo("start 4 0");
    assertThat(heard.subList(1, heard.size())).containsExactlyInAnyOrder("case 1 false", "case 2 false",
        "case 1 false", "case 2 false");
  }

  @Test
  void run_infiniteOrHugeNumberAnswers_areWrongNotDroppedFromTheScore() throws Exception {
    // given: one objective metric, one case answered right and three answered with numbers past any double
    Path suite = Files.createDirectories(tmp.resolve("suite").resolve("cap"));
    Files.writeString(suite.resolve("counting.jsonl"), """
        {"id": "c1", "difficulty": "1", "question": "q", "expected": {"count": 3}}
        {"id": "c2", "difficulty": "1", "question": "q", "expected": {"count": 5}}
        {"id": "c3", "difficulty": "1", "question": "q", "expected": {"count": 7}}
        {"id": "c4", "difficulty": "1", "question": "q", "setup": ["CREATE TABLE t(x)"], "expected": [[2]]}
        """);
    Path config = Files.writeString(tmp.resolve("suite.json"), "{\"capabilities\": {\"cap\": {\"counting\": "
        + "{\"weight\": 1, \"evaluation\": \"objective\", \"prompt\": \"[case {{id}}] {{question}}\"}}}}");
    Map<String, String> answers = Map.of("c1", "{\"count\": 3}", "c2", "{\"count\": 1e999}",
        "c3", "{\"count\": \"1e9999999999\"}", "c4", "{\"sql\": \"SELECT 1e999\"}");
    ModelResult result;
    try (ChatServer models = new ChatServer((model, body) -> {
      Matcher m = CASE.matcher(body.path("messages").path(0).path("content").asText());
      return ChatServer.ok(m.find() ? answers.get(m.group(1)) : "?");
    })) {
      CapabilitySuite capabilitySuite = CapabilitySuite.builder().dataset(tmp.resolve("suite"), config).build();

      // when
      result = capabilitySuite.run(ChatClient.builder().baseUrl(models.baseUrl()).model("m").jsonMode(false)
          .environment(name -> null).build());
    }

    // then: each is a wrong answer, scored; none failed to run (Jackson writes an infinite double quoted)
    assertThat(result.cases()).extracting(c -> c.suiteCase().id() + " " + c.status() + ": " + c.detail())
        .containsExactly(
            "c1 PASS: the answer equals the expected {\"count\":3}",
            "c2 WRONG: the answer {\"count\":\"Infinity\"} differs from the expected {\"count\":5}",
            "c3 WRONG: the answer {\"count\":\"1e9999999999\"} differs from the expected {\"count\":7}",
            "c4 WRONG: the answer's SQL returned [[\"Infinity\"]], expected [[2]]");
    assertThat(result.failedCases()).isZero();
    assertThat(result.capability("cap").orElseThrow().score()).isEqualByComparingTo("25.0");
  }

  @Test
  void build_subjectiveMetricsWithoutJudge_namesFix() throws Exception {
    // given
    CapabilitySuite.Builder builder = CapabilitySuite.builder().dataset(suiteDir(), configFile());

    // when / then
    assertThatThrownBy(builder::build).isInstanceOf(IllegalStateException.class).hasMessage("the suite has "
        + "subjective or hybrid metrics, so it needs at least one judge(ChatClient.builder()...build())");
  }

  private static JsonNode read(String line) {
    try {
      return JSON.readTree(line);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, String> scores(ModelResult r) {
    Map<String, String> m = new LinkedHashMap<>();
    r.capabilities().forEach(c -> m.put(c.capability(), c.score().toPlainString()));
    return m;
  }

  private static Map<String, String> metricScores(ModelResult r) {
    Map<String, String> m = new LinkedHashMap<>();
    r.capabilities().forEach(c -> c.metrics().forEach(s -> m.put(s.capability() + "/" + s.metric(),
        s.score().toPlainString() + " " + s.points() + "/" + s.maxPoints())));
    return m;
  }

  private static String statuses(ModelResult r) {
    return r.cases().stream().map(c -> c.suiteCase().id() + "=" + c.status()).collect(Collectors.joining(", "));
  }

  private static CaseResult find(ModelResult r, String id) {
    return r.cases().stream().filter(c -> c.suiteCase().id().equals(id)).findFirst().orElseThrow();
  }

  private static String detail(ModelResult r, String id) {
    return find(r, id).detail();
  }
}
