package dev.llmsql.models.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.models.inference.ModelServer.Reply;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ProcessLog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InferenceTest {

  @TempDir
  Path dir;
  Path questions;
  Path tables;
  Path log;
  ModelServer server;

  @BeforeEach
  void files() throws Exception {
    questions = Files.writeString(dir.resolve("questions.jsonl"), """
        {"question_id": 1, "question": "right", "sql": "SELECT 1", "table_id": "t1"}
        {"question_id": 2, "question": "thinks", "sql": "SELECT 2", "table_id": "t1"}
        {"question_id": 3, "question": "malformed", "sql": "SELECT 3", "table_id": "t2"}
        {"question_id": 4, "question": "rate-limited", "sql": "SELECT 4", "table_id": "t2"}
        {"question_id": 5, "question": "broken", "sql": "SELECT 5", "table_id": "t2"}
        {"question_id": 6, "question": "slow", "sql": "SELECT 6", "table_id": "t2"}
        {"question_id": 7, "question": "wrong", "sql": "SELECT 7", "table_id": "t2"}
        """);
    tables = Files.writeString(dir.resolve("tables.jsonl"), """
        {"table_id": "t1", "header": ["Name", "Age"], "types": ["text", "real"], "rows": [["Ann", 31], ["Bo", 4]]}
        {"table_id": "unused", "header": ["x"], "types": ["text"], "rows": []}
        {"table_id": "t2", "header": ["City"], "types": ["text"], "rows": []}
        """);
    log = dir.resolve("process.jsonl");
  }

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  static final BiFunction<String, Integer, Reply> SCRIPT = (question, attempt) -> switch (question) {
    case "right" -> Reply.ok("SELECT 1");
    case "thinks" -> Reply.ok("<think>SELECT 99 might do</think>\nSELECT 2");
    case "malformed" -> Reply.malformed();
    case "rate-limited" -> attempt == 1 ? Reply.status(429, Map.of("Retry-After", "0")) : Reply.ok("SELECT 4");
    case "broken" -> Reply.status(500, Map.of());
    case "slow" -> Reply.slow("SELECT 6", 2_000);
    default -> Reply.ok("SELECT 'nope'");
  };

  ChatClient client() {
    return ChatClient.builder().baseUrl(server.baseUrl()).model("sql-model").jsonMode(false)
        .environment(name -> null).maxAttempts(2).backoff(Duration.ofMillis(10), Duration.ofMillis(50))
        .readTimeout(Duration.ofMillis(500)).processLog(ProcessLog.to(log)).build();
  }

  Inference.Builder inference() {
    return Inference.builder().client(client()).questionsPath(questions).tablesPath(tables).concurrency(1);
  }

  @Test
  void run_emptyQuestionsFile_isAnInputErrorBeforeAnyRequest() throws Exception {
    // given: a questions file holding only blank lines
    server = new ModelServer(SCRIPT);
    Files.writeString(questions, "\n  \n");
    Path out = dir.resolve("preds.jsonl");

    // when / then
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> inference().build().run(out))
        .isInstanceOf(dev.llmsql.prediction.InvalidInputException.class)
        .hasMessageEndingWith("no questions: the file is empty or holds only blank lines; check the questions "
            + "file (or the download that wrote it)");
    assertThat(server.prompts()).isEmpty();
    assertThat(out).doesNotExist();
  }

  @Test
  void run_existingOutputWithAnEndlessLine_isAnInputErrorNamingTheLine() throws Exception {
    // given: an output file to resume whose first line is over the 16 MiB line bound (its last line is whole)
    server = new ModelServer(SCRIPT);
    Path out = dir.resolve("preds.jsonl");
    Files.writeString(out, "x".repeat(17 << 20) + "\n{\"question_id\":1,\"completion\":\"SELECT 1\"}\n");

    // when / then: refused with the line, never read whole into memory, no model asked
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> inference().build().run(out))
        .isInstanceOf(dev.llmsql.prediction.InvalidInputException.class)
        .hasMessage(out + ":1: line longer than 16777216 bytes; no line of a JSONL input may be that long (is "
            + "this the right file?)");
    assertThat(server.prompts()).isEmpty();
  }

  @Test
  void run_scriptedModel_writesAnsweredAndReportsFailed() throws Exception {
    // given
    server = new ModelServer(SCRIPT);
    Path out = dir.resolve("preds.jsonl");

    // when
    InferenceSummary summary = inference().build().run(out);

    // then
    assertThat(Files.readString(out)).isEqualTo("""
        {"question_id":1,"completion":"SELECT 1"}
        {"question_id":2,"completion":"SELECT 2"}
        {"question_id":4,"completion":"SELECT 4"}
        {"question_id":7,"completion":"SELECT 'nope'"}
        """);
    assertThat(summary.selected()).isEqualTo(7);
    assertThat(summary.skipped()).isZero();
    assertThat(summary.written()).isEqualTo(4);
    assertThat(summary.failed()).containsOnlyKeys(3L, 5L, 6L);
    String endpoint = server.baseUrl() + "/chat/completions";
    assertThat(summary.failed().get(5L)).isEqualTo("HTTP 500 {\"error\": {\"message\": \"scripted 500\"}} from "
        + endpoint + " after 2 attempt(s); raise maxAttempts(...) or readTimeout(...) if the server is just slow");
    assertThat(Files.readString(log)).contains("<think>SELECT 99 might do</think>");
  }

  @Test
  void run_again_outputWithBrokenMiddleLine_saysColumnAndWhatWasExpected() throws Exception {
    server = new ModelServer(SCRIPT);
    Path out = Files.writeString(dir.resolve("preds.jsonl"), "{\"question_id\": 1, \"completion\" \"SELECT 1\"}\n"
        + "{\"question_id\": 2, \"completion\": \"SELECT 2\"}\n");

    assertThatThrownBy(() -> inference().limit(2).build().run(out)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(out + " line 1: not a prediction record (not valid JSON at column 33: unexpected '\"'; expected "
            + "':' after the field name); only a torn last line is repaired, so remove this line or choose another "
            + "output file");
  }

  @Test
  void run_again_resumesWithoutAskingAnsweredQuestions() throws Exception {
    // given: a first quick run over 2 questions, then a torn line as left by a crash (cut off on resume)
    server = new ModelServer(SCRIPT);
    Path out = dir.resolve("preds.jsonl");
    InferenceSummary first = inference().limit(2).build().run(out);
    Files.writeString(out, "{\"question_id\": 4, \"compl", java.nio.file.StandardOpenOption.APPEND);
    int askedBefore = server.prompts().size();

    // when
    InferenceSummary second = inference().limit(4).build().run(out);

    // then
    assertThat(first.written()).isEqualTo(2);
    assertThat(second.selected()).isEqualTo(4);
    assertThat(second.skipped()).isEqualTo(2);
    assertThat(second.written()).isEqualTo(1);
    assertThat(second.failed()).containsOnlyKeys(3L);
    assertThat(second.tornBytesDropped()).isEqualTo("{\"question_id\": 4, \"compl".length());
    assertThat(server.prompts().subList(askedBefore, server.prompts().size())).extracting(ModelServer::question)
        .containsExactly("malformed", "malformed", "rate-limited", "rate-limited");
    assertThat(Files.readString(out)).isEqualTo("""
        {"question_id":1,"completion":"SELECT 1"}
        {"question_id":2,"completion":"SELECT 2"}
        {"question_id":4,"completion":"SELECT 4"}
        """);
  }

  @Test
  void run_secondRunOnTheSameOutput_isRefusedWithOneLine_whileTheFirstHoldsIt() throws Exception {
    // given: a first run whose first question waits until released (two runs both asked every question and
    // wrote every id twice)
    java.util.concurrent.CountDownLatch asked = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    server = new ModelServer((question, attempt) -> {
      asked.countDown();
      try {
        release.await(30, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return Reply.ok("SELECT 1");
    });
    ChatClient patient = ChatClient.builder().baseUrl(server.baseUrl()).model("sql-model").jsonMode(false)
        .environment(name -> null).maxAttempts(1).readTimeout(Duration.ofSeconds(30)).build();
    Path out = dir.resolve("preds.jsonl");
    java.util.concurrent.CompletableFuture<InferenceSummary> first = java.util.concurrent.CompletableFuture
        .supplyAsync(() -> Inference.builder().client(patient).questionsPath(questions).tablesPath(tables)
            .concurrency(1).limit(2).build().run(out));
    assertThat(asked.await(30, java.util.concurrent.TimeUnit.SECONDS)).isTrue();

    // when / then: the second run asks nothing
    try {
      assertThatThrownBy(() -> inference().limit(2).build().run(out)).isInstanceOf(IllegalStateException.class)
          .hasMessage(out + " is being written by another inference run (it holds preds.jsonl.lock); wait for "
              + "that run to end, or choose another output file");
      assertThat(server.prompts()).hasSize(1);
    } finally {
      release.countDown();
    }
    assertThat(first.get(30, java.util.concurrent.TimeUnit.SECONDS).written()).isEqualTo(2);
    assertThat(Files.readString(out)).isEqualTo("""
        {"question_id":1,"completion":"SELECT 1"}
        {"question_id":2,"completion":"SELECT 1"}
        """);
    // the lock ended with the run: nothing is left beside the output, and the next run goes ahead
    assertThat(dir.resolve("preds.jsonl.lock")).doesNotExist();
    assertThat(inference().limit(2).build().run(out).skipped()).isEqualTo(2);
  }

  @Test
  void run_zeroShot_sendsSchemaExampleRowAndQuestion() throws Exception {
    // given
    server = new ModelServer(SCRIPT);

    // when
    inference().shots(0).limit(1).build().run(dir.resolve("preds.jsonl"));

    // then
    assertThat(server.prompts()).containsExactly("""
        You translate questions about a SQLite table into one SQLite query.
        Quote table and column names with double quotes. Answer with the SQL query only, no explanation.

        Table "t1" with columns: "Name" (text), "Age" (real)
        Example row: Ann | 31
        Question: right
        SQL:\s""");
  }

  @Test
  void run_fiveShot_putsFiveExamplesBeforeTheQuestion() throws Exception {
    server = new ModelServer(SCRIPT);

    inference().shots(5).limit(1).build().run(dir.resolve("preds.jsonl"));

    String prompt = server.prompts().get(0);
    assertThat(prompt.split("Question: ", -1)).hasSize(7);
    assertThat(prompt).endsWith("Question: right\nSQL: ");
  }

  @Test
  void run_questionOnUnknownTable_namesFilesAndFix() throws Exception {
    // given
    server = new ModelServer(SCRIPT);
    Files.writeString(questions, "{\"question_id\": 9, \"question\": \"q\", \"table_id\": \"missing\"}\n");

    // when / then
    assertThatThrownBy(() -> inference().build().run(dir.resolve("preds.jsonl")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(questions + ": question 9 names table 'missing', which " + tables + " does not hold; give "
            + "the tables.jsonl of the same benchmark version");
  }

  @Test
  void shots_three_isRejected() {
    assertThatThrownBy(() -> Inference.builder().shots(3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("shots must be 0, 1 or 5, but was 3");
  }

  @Test
  void withoutReasoning_variants_keepOnlyTheAnswer() {
    assertThat(Completions.withoutReasoning("<think>a</think>SELECT 1")).isEqualTo("SELECT 1");
    assertThat(Completions.withoutReasoning("draft</think> SELECT 2")).isEqualTo("SELECT 2");
    assertThat(Completions.withoutReasoning("SELECT 3 <think>cut off")).isEqualTo("SELECT 3");
    assertThat(Completions.withoutReasoning("SELECT 4")).isEqualTo("SELECT 4");
  }

  static List<String> lines(Path p) throws Exception {
    return Files.readAllLines(p);
  }
}
