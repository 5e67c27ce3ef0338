package dev.llmsql.models.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.benchmark.PromptTable;
import dev.llmsql.models.inference.ModelServer.Reply;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Requires;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LLMSQL 2.0 inference over upstream's 21-question fixture, against a loopback chat-completions server. */
class InferenceLlmsql2Test {

  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;
  ModelServer server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  ChatClient client(int maxTokens) {
    return ChatClient.builder().baseUrl(server.baseUrl()).model("sql-model").jsonMode(false)
        .environment(name -> null).maxTokens(maxTokens).build();
  }

  /** question_id to the question's line, in file order. */
  static Map<Long, ObjectNode> fixtureQuestions() throws Exception {
    Map<Long, ObjectNode> questions = new LinkedHashMap<>();
    for (String line : Files.readAllLines(Llmsql2Fixture.file("questions.jsonl"), StandardCharsets.UTF_8)) {
      ObjectNode q = (ObjectNode) JSON.readTree(line);
      questions.put(q.get("question_id").asLong(), q);
    }
    return questions;
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void run_fixtureQuestions_sendEachPromptFieldAsTheOneUserMessage() throws Exception {
    // given
    server = new ModelServer((question, attempt) -> Reply.ok("```sql\nSELECT 1\n```"));
    Map<Long, ObjectNode> questions = fixtureQuestions();
    Path out = dir.resolve("preds.jsonl");

    // when
    InferenceSummary summary = Inference.builder().client(client(Inference.LLMSQL2_MAX_NEW_TOKENS))
        .questionsPath(Llmsql2Fixture.file("questions.jsonl")).tablesPath(Llmsql2Fixture.file("tables.jsonl"))
        .concurrency(1).build().run(out);

    // then: the exact request bodies, in question order
    assertThat(summary.written()).isEqualTo(21);
    List<JsonNode> expected = new ArrayList<>();
    for (ObjectNode q : questions.values()) {
      ObjectNode body = JSON.createObjectNode();
      body.put("model", "sql-model");
      body.putArray("messages").addObject().put("role", "user").put("content", q.get("prompt").asText());
      body.put("temperature", 0.0);
      body.put("max_tokens", 4096);
      expected.add(body);
    }
    assertThat(server.bodies()).containsExactlyElementsOf(expected);
    assertThat(Files.readAllLines(out).get(0)).isEqualTo("{\"question_id\":2,\"completion\":\"```sql\\nSELECT 1\\n```\"}");
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void run_questionsWithoutPromptField_renderTheSameBytesFromTables() throws Exception {
    // given: the fixture questions with their prompt field removed
    server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"));
    Map<Long, ObjectNode> questions = fixtureQuestions();
    StringBuilder stripped = new StringBuilder();
    for (ObjectNode q : questions.values()) {
      stripped.append(q.deepCopy().without("prompt").toString()).append('\n');
    }
    Path noPrompt = Files.writeString(dir.resolve("questions.jsonl"), stripped);

    // when
    Inference.builder().client(client(Inference.LLMSQL2_MAX_NEW_TOKENS)).questionsPath(noPrompt)
        .tablesPath(Llmsql2Fixture.file("tables.jsonl")).concurrency(1).build().run(dir.resolve("preds.jsonl"));

    // then: byte for byte the prompt upstream ships, for all 21 (4 of them with a distractor table)
    List<String> shipped = questions.values().stream().map(q -> q.get("prompt").asText()).toList();
    assertThat(server.prompts()).hasSize(21);
    for (int i = 0; i < shipped.size(); i++) {
      assertThat(server.prompts().get(i).getBytes(StandardCharsets.UTF_8))
          .as("question %s", questions.keySet().toArray()[i])
          .isEqualTo(shipped.get(i).getBytes(StandardCharsets.UTF_8));
    }
    assertThat(questions.values().stream().filter(q -> q.get("tables").size() > 1).count()).isEqualTo(4);
  }

  @Test
  void llmsql2_smallAndLargeTables_showAllOrFirstThreeRows() {
    PromptTable small = new PromptTable("1-1-1", "Page", "Section", List.of("Week", "Result"),
        List.of("real", "text"), List.of(List.of(1L, "W 21\u20137"), List.of(2.0, "L \"7\"")), 2);
    PromptTable large = new PromptTable("2-2-2", null, "Teams", List.of("Team", "Points", "Extra"),
        List.of("text", "real"), List.of(List.of("Ann", 1e16), List.of("Bo", 0.5), List.of("Cy", 7.0),
        List.of("Di", 8.0)), 16);

    String prompt = Prompts.llmsql2("Which team?", List.of(small, large));

    assertThat(prompt).isEqualTo("""
        You are an expert SQLite query writer. Given the database schema with a few sample rows and a question,
        write a single SQLite query that answers the question. Use the exact table names. Return only the SQL \
        in a ```sql block.

        CREATE TABLE "1-1-1" ("Week" REAL, "Result" TEXT);
        -- Wikipedia: Page / Section
        -- all rows:
        [1, "W 21\u20137"]
        [2.0, "L \\"7\\""]

        CREATE TABLE "2-2-2" ("Team" TEXT, "Points" REAL);
        -- Wikipedia: None / Teams
        -- first 3 of 16 rows:
        ["Ann", 1e+16]
        ["Bo", 0.5]
        ["Cy", 7.0]

        Question: Which team?""");
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void build_fewShotsForLlmsql2Questions_isRefusedInOneLine() throws Exception {
    server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"));
    Path questions = Llmsql2Fixture.file("questions.jsonl");

    for (int shots : new int[] {1, 5}) {
      assertThatThrownBy(() -> Inference.builder().client(client(64)).questionsPath(questions)
          .tablesPath(Llmsql2Fixture.file("tables.jsonl")).shots(shots).build())
          .isInstanceOf(IllegalStateException.class)
          .hasMessage(questions + ": LLMSQL 2.0 questions are asked zero-shot, but " + shots + " few-shot "
              + "example(s) were requested; leave shots unset (or 0) for 2.0");
    }
    assertThat(Inference.isLlmsql2(questions)).isTrue();
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void run_zeroShotsGivenExplicitly_isTheShippedPrompt() throws Exception {
    server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"));

    Inference.builder().client(client(64)).questionsPath(Llmsql2Fixture.file("questions.jsonl"))
        .tablesPath(Llmsql2Fixture.file("tables.jsonl")).shots(0).limit(1).build().run(dir.resolve("p.jsonl"));

    assertThat(server.prompts()).containsExactly(fixtureQuestions().get(2L).get("prompt").asText());
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void run_llmsql2QuestionAfterA10OneWithShots_isRefusedNamingTheLine() throws Exception {
    // given: a mixed file whose first question is 1.0, so build() cannot see the 2.0 one
    server = new ModelServer((question, attempt) -> Reply.ok("SELECT 1"));
    Path questions = Files.writeString(dir.resolve("questions.jsonl"), """
        {"question_id": 1, "question": "q1", "sql": "SELECT 1", "table_id": "1-29135051-2"}
        {"question_id": 2, "question": "q2", "sql": "SELECT 1", "table_id": "1-29135051-2", "answer": "[[1]]"}
        """);
    Inference inference = Inference.builder().client(client(64)).questionsPath(questions)
        .tablesPath(Llmsql2Fixture.file("tables.jsonl")).shots(5).build();

    // when / then: nothing asked
    assertThatThrownBy(() -> inference.run(dir.resolve("p.jsonl")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(questions + " line 2: LLMSQL 2.0 questions are asked zero-shot, but 5 few-shot example(s) "
            + "were requested; leave shots unset (or 0) for 2.0");
    assertThat(server.prompts()).isEmpty();
    assertThat(Inference.isLlmsql2(questions)).isFalse();
  }
}
