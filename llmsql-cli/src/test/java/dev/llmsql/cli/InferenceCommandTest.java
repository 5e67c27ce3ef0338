package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.models.inference.ModelServer;
import dev.llmsql.models.inference.ModelServer.Reply;
import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Requires;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code llmsql inference api} on LLMSQL 2.0 questions, against the loopback model server. */
class InferenceCommandTest {

  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void api_llmsql2Questions_zeroShotPromptField4096TokensAndRunMetadata() throws Exception {
    // given
    Path questions = Llmsql2Fixture.file("questions.jsonl");
    Path output = dir.resolve("model.jsonl");
    try (ModelServer server = new ModelServer((question, attempt) -> Reply.ok("```sql\nSELECT 1\n```"))) {

      // when
      int status = run("inference", "api", "--model", "qwen3", "--base-url", server.baseUrl(), "--output-file",
          output.toString(), "--questions-path", questions.toString(), "--tables-path",
          Llmsql2Fixture.file("tables.jsonl").toString(), "--limit", "1");

      // then
      assertThat(err()).isEmpty();
      assertThat(status).isEqualTo(Cli.OK);
      JsonNode first = JSON.readTree(Files.readAllLines(questions).get(0));
      assertThat(server.bodies()).hasSize(1);
      assertThat(server.bodies().get(0).toString()).isEqualTo("{\"model\":\"qwen3\",\"messages\":[{\"role\":\"user\","
          + "\"content\":" + JSON.writeValueAsString(first.get("prompt").asText()) + "}],\"temperature\":0.0,"
          + "\"max_tokens\":4096}");
    }
    Path runFile = dir.resolve("model.run.json");
    assertThat(Files.readString(runFile)).isEqualTo("""
        {
          "model" : {
            "name" : "qwen3"
          },
          "version" : "2.0",
          "inference" : {
            "backend" : "api",
            "arguments" : {
              "num_fewshots" : 0,
              "max_new_tokens" : 4096,
              "temperature" : 0.0
            }
          }
        }
        """);
    assertThat(out()).endsWith("run metadata (model name, inference arguments): " + runFile + "; then: llmsql "
        + "evaluate --outputs " + output + " --run-metadata " + runFile + "\n");
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void api_fewShotsOnLlmsql2Questions_isAUsageErrorBeforeAnyRequest() throws Exception {
    try (ModelServer server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"))) {
      int status = run("inference", "api", "--model", "m", "--base-url", server.baseUrl(), "--output-file",
          dir.resolve("p.jsonl").toString(), "--questions-path", Llmsql2Fixture.file("questions.jsonl").toString(),
          "--tables-path", Llmsql2Fixture.file("tables.jsonl").toString(), "--shots", "5");

      assertThat(status).isEqualTo(Cli.USAGE);
      assertThat(err()).isEqualTo("llmsql inference api: LLMSQL 2.0 is zero-shot, but --shots 5 was given; drop "
          + "--shots (or give --shots 0) for 2.0 questions\n");
      assertThat(server.bodies()).isEmpty();
    }
  }

  @Test
  void api_outputFileLockedByAnotherProcess_exit1WithOneLine_askingNothing() throws Exception {
    // given: this JVM plays the first run, holding the output's lock; the command runs as another process (two
    // runs on one --output-file both asked every question and wrote every id twice)
    Path questions = oneQuestion();
    Path tables = table("[[\"x\"]]");
    Path output = dir.resolve("p.jsonl");
    try (ModelServer server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"));
         java.nio.channels.FileChannel held = java.nio.channels.FileChannel.open(dir.resolve("p.jsonl.lock"),
             java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
         java.nio.channels.FileLock lock = held.lock()) {
      // when
      Process run = new ProcessBuilder(OwnJvm.main(java.util.List.of(), "inference", "api", "--model", "m",
          "--base-url", server.baseUrl(), "--output-file", output.toString(), "--questions-path",
          questions.toString(), "--tables-path", tables.toString(), "-q"))
          .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();

      // then
      assertThat(run.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
      assertThat(Files.readString(dir.resolve("err.txt"))).isEqualTo("llmsql inference api: " + output
          + " is being written by another inference run (it holds p.jsonl.lock); wait for that run to end, or "
          + "choose another output file\n");
      assertThat(run.exitValue()).isEqualTo(Cli.FAILED);
      assertThat(server.bodies()).isEmpty();
      assertThat(output).doesNotExist();
      assertThat(lock.isValid()).isTrue();   // the other run's lock is its own: the refused run left it alone
    }
  }

  @Test
  void api_llmsql1Questions_fiveShotsAnd256Tokens() throws Exception {
    Path questions = oneQuestion();
    Path tables = table("[[\"x\"]]");
    try (ModelServer server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"))) {
      int status = run("inference", "api", "--model", "m", "--base-url", server.baseUrl(), "--output-file",
          dir.resolve("p.jsonl").toString(), "--questions-path", questions.toString(), "--tables-path",
          tables.toString());

      assertThat(status).isEqualTo(Cli.OK);
      assertThat(server.bodies().get(0).get("max_tokens").asInt()).isEqualTo(256);
      assertThat(server.bodies().get(0).path("messages").path(0).path("content").asText()
          .split("Question: ", -1)).hasSize(7);
    }
    assertThat(JSON.readTree(dir.resolve("p.run.json").toFile()).path("inference").path("arguments")
        .path("num_fewshots").asInt()).isEqualTo(5);
  }

  @Test
  void api_answerOverTheResponseCap_failsThatQuestionNamingTheOption_andARaisedCapTakesIt() throws Exception {
    Path questions = oneQuestion();
    Path tables = table("[]");
    String answer = "SELECT 1 -- " + "x".repeat(2_000);
    try (ModelServer server = new ModelServer((question, attempt) -> Reply.ok(answer))) {
      int capped = run("inference", "api", "--model", "m", "--base-url", server.baseUrl(), "--output-file",
          dir.resolve("capped.jsonl").toString(), "--questions-path", questions.toString(), "--tables-path",
          tables.toString(), "--shots", "0", "--max-response-bytes", "1024");
      String cappedOut = out.toString(StandardCharsets.UTF_8);
      out.reset();
      int raised = run("inference", "api", "--model", "m", "--base-url", server.baseUrl(), "--output-file",
          dir.resolve("raised.jsonl").toString(), "--questions-path", questions.toString(), "--tables-path",
          tables.toString(), "--shots", "0", "--max-response-bytes", "4096");

      assertThat(capped).isEqualTo(Cli.FAILED);
      assertThat(cappedOut.split("\n")[1]).isEqualTo("  question 1: answer larger than 1024 bytes (the cap) from "
          + server.baseUrl() + "/chat/completions; raise --max-response-bytes if the model really answers at such "
          + "length");
      assertThat(raised).isEqualTo(Cli.OK);
      assertThat(JSON.readTree(Files.readString(dir.resolve("raised.jsonl"))).get("completion").asText())
          .isEqualTo(answer);
    }
  }

  @Test
  void api_malformedQuestionsFile_isBadInputNamingTheLine() throws Exception {
    Path questions = Files.writeString(dir.resolve("q.jsonl"), "not json\n");
    Path tables = Files.writeString(dir.resolve("t.jsonl"), "{\"table_id\": \"t\", \"header\": [\"a\"]}\n");
    try (ModelServer server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"))) {
      int status = run("inference", "api", "--model", "m", "--base-url", server.baseUrl(), "--output-file",
          dir.resolve("p.jsonl").toString(), "--questions-path", questions.toString(), "--tables-path",
          tables.toString());

      assertThat(status).isEqualTo(Cli.BAD_INPUT);
      assertThat(err()).isEqualTo("llmsql inference api: " + questions + " line 1: not valid JSON at column 1: "
          + "unexpected 'not'; expected a JSON value (a string in double quotes, number, object, array, true, false "
          + "or null); write one JSON object per line\n");
      assertThat(server.bodies()).isEmpty();
    }
  }

  @Test
  void api_missingLocalFile_isBenchmarkUnavailableNamingTheOption() throws Exception {
    // it was exit 2 with "... does not exist", naming no option; evaluate and audit say exit 4
    Path tables = Files.writeString(dir.resolve("t.jsonl"), "{\"table_id\": \"t\", \"header\": [\"a\"]}\n");
    Path missing = dir.resolve("q.jsonl");

    int status = run("inference", "api", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--output-file",
        dir.resolve("p.jsonl").toString(), "--questions-path", missing.toString(), "--tables-path",
        tables.toString());

    assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
    assertThat(err()).isEqualTo("llmsql inference api: --questions-path " + missing + ": file not found; check the "
        + "path\n");
    assertThat(dir.resolve("p.jsonl")).doesNotExist();
  }

  @Test
  void api_blankQuestionsFile_isBadInputBeforeAnyRequest() throws Exception {
    Path questions = Files.writeString(dir.resolve("q.jsonl"), "\n\n");
    Path tables = Files.writeString(dir.resolve("t.jsonl"), "{\"table_id\": \"t\", \"header\": [\"a\"]}\n");
    try (ModelServer server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"))) {
      int status = run("inference", "api", "--model", "m", "--base-url", server.baseUrl(), "--output-file",
          dir.resolve("p.jsonl").toString(), "--questions-path", questions.toString(), "--tables-path",
          tables.toString());

      assertThat(status).isEqualTo(Cli.BAD_INPUT);
      assertThat(err()).isEqualTo("llmsql inference api: " + questions + ": no questions: the file is empty or "
          + "holds only blank lines; check the questions file (or the download that wrote it)\n");
      assertThat(server.bodies()).isEmpty();
      assertThat(dir.resolve("p.jsonl")).doesNotExist();
    }
  }

  @Test
  void api_failedQuestions_printedOnOneSafeLineInThisCommandsOptions() throws Exception {
    Path questions = Files.writeString(dir.resolve("q.jsonl"), """
        {"question_id": 1, "question": "escapes", "sql": "SELECT 1", "table_id": "t"}
        {"question_id": 2, "question": "key", "sql": "SELECT 1", "table_id": "t"}
        {"question_id": 3, "question": "html", "sql": "SELECT 1", "table_id": "t"}
        """);
    Path tables = table("[]");
    String completions;
    try (ModelServer server = new ModelServer((question, attempt) -> switch (question) {
      case "escapes" -> new Reply(500, null, java.util.Map.of("Retry-After", "0"), 0,
          "\u001b]0;TITLE\u0007\u001b[2J\u202e RED\nline 2");
      case "key" -> new Reply(401, null, java.util.Map.of(), 0, "bad key");
      default -> new Reply(200, null, java.util.Map.of(), 0, "<html>\n</html>");
    })) {
      completions = server.baseUrl() + "/chat/completions";

      int status = run("inference", "api", "--model", "m", "--base-url", server.baseUrl(), "--output-file",
          dir.resolve("p.jsonl").toString(), "--questions-path", questions.toString(), "--tables-path",
          tables.toString(), "--shots", "0");

      assertThat(status).isEqualTo(Cli.FAILED);
    }
    String[] lines = out().split("\n");
    assertThat(lines[1]).isEqualTo("  question 1: HTTP 500 \\x1b]0;TITLE\\x07\\x1b[2J\\u202e RED line 2 from "
        + completions + " after 4 attempt(s); raise --timeout if the server is just slow");
    assertThat(lines[2]).isEqualTo("  question 2: HTTP 401 bad key from " + completions + ": check the API key in "
        + "the environment variable OPENAI_API_KEY (it is not set), or choose another with --api-key-env");
    // Jackson's own message went on with where it stopped and a note on its StreamReadFeature
    assertThat(lines[3]).isEqualTo("  question 3: unreadable chat-completions answer (Unexpected character ('<' "
        + "(code 60)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or "
        + "'false')): <html> </html> from " + completions + " after 4 attempt(s); raise --timeout if the server is "
        + "just slow");
    assertThat(lines[4]).isEqualTo("  run the same command again to retry them");
  }

  @Test
  void api_downloadFails_namesThisCommandsLocalFiles() throws Exception {
    com.sun.net.httpserver.HttpServer hub = com.sun.net.httpserver.HttpServer.create(
        new java.net.InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0), 0);
    hub.createContext("/", ex -> {
      ex.sendResponseHeaders(404, -1);
      ex.close();
    });
    hub.start();
    String endpoint = "http://127.0.0.1:" + hub.getAddress().getPort();
    try {
      int status = run("inference", "api", "--model", "m", "--base-url", "http://127.0.0.1:9/v1", "--output-file",
          dir.resolve("p.jsonl").toString(), "--hub-endpoint", endpoint, "--workdir-path", dir.toString(),
          "--quiet");

      assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
    } finally {
      hub.stop(0);
    }
    assertThat(err()).isEqualTo("llmsql inference api: Could not download " + endpoint + "/datasets/llmsql-bench/"
        + "llmsql-2.0/resolve/main/questions.jsonl: HTTP 404; check the version (\"2.0\" is llmsql-bench/llmsql-2.0) "
        + "and the endpoint (--hub-endpoint or HF_ENDPOINT), or pass local files: --questions-path questions.jsonl "
        + "--tables-path tables.jsonl\n");
  }

  /** {@code q.jsonl}: one LLMSQL question, "how many", on table {@code t}. */
  private Path oneQuestion() throws IOException {
    return Files.writeString(dir.resolve("q.jsonl"),
        "{\"question_id\": 1, \"question\": \"how many\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}\n");
  }

  /** {@code t.jsonl}: table {@code t}, one text column {@code a}, holding {@code rows} (a JSON array). */
  private Path table(String rows) throws IOException {
    return Files.writeString(dir.resolve("t.jsonl"),
        "{\"table_id\": \"t\", \"header\": [\"a\"], \"types\": [\"text\"], \"rows\": " + rows + "}\n");
  }

  private int run(String... args) {
    Cli cli = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.PLAIN, name -> null);
    return cli.run(args);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
