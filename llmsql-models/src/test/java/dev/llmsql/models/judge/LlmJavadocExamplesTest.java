package dev.llmsql.models.judge;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Judges;
import dev.llmsql.models.judge.LlmJudge.AskWhen;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code <pre>{@code ...}</pre>} examples of the chat client and LLM judge, compiled and run here so they
 * cannot rot. Remote URLs and file names in the Javadoc are replaced by a loopback server and temporary
 * files; what the Javadoc says in comments is asserted.
 */
class LlmJavadocExamplesTest {

  @TempDir
  Path dir;
  Path questions;
  Path db;
  Path predictions;

  @BeforeEach
  void files() throws Exception {
    db = dir.resolve("t.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE t (a INTEGER)");
      s.executeUpdate("INSERT INTO t VALUES (1), (2)");
    }
    questions = Files.writeString(dir.resolve("q.jsonl"), "{\"question_id\": 1, \"question\": \"q\", "
        + "\"sql\": \"SELECT a FROM t ORDER BY a\", \"table_id\": \"t\", \"tags\": [\"joins\"]}\n");
    predictions = Files.writeString(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"SELECT a FROM t\"}\n");
  }

  Evaluator.Builder evaluator() {
    return Evaluator.builder().questionsPath(questions).dbPath(db).noReportFile().showMismatches(false).threads(1);
  }

  @Test
  void llm() throws Exception {
    try (ChatServer server = new ChatServer()) {
      server.script("qwen2.5-7b-instruct", ChatServer.ok("{\"answer\": \"yes\"}"), ChatServer.ok("yes"));
      ChatClient client = ChatClient.builder()
          .baseUrl(server.baseUrl()).model("qwen2.5-7b-instruct")
          .apiKeyEnv("MY_LLM_KEY").readTimeout(Duration.ofSeconds(30))
          .processLog(ProcessLog.to(dir.resolve("judge-log.jsonl")))
          .build();
      String answer = client.complete(List.of(ChatMessage.user("Answer in JSON: {\"answer\": \"yes\"}"))).content();
      assertThat(answer).isEqualTo("{\"answer\": \"yes\"}");
      ChatResponse r = client.complete(List.of(ChatMessage.user("Say yes")));
      assertThat(r.content()).isEqualTo("yes");
      List<ChatMessage> messages = List.of(ChatMessage.system("You judge SQL answers."), ChatMessage.user("q"));
      String logged = "";
      try {
        client.complete(messages);
      } catch (ChatException e) {
        logged = e.getMessage();
      }
      assertThat(logged).startsWith("HTTP 500");

      JudgeAnswer a = JudgeAnswer.parse("```json\n{\"answer\": \"yes\", \"reason\": \"same rows\"}\n```",
          VerdictForm.YES_NO);
      assertThat(a.yes()).isTrue();
      PromptTemplate mine = PromptTemplate.of(
          "Is {{predicted_sql}} right for: {{question}}? Reply {\"answer\": \"yes\"|\"no\", \"reason\": \"...\"}");
      assertThat(mine.placeholders()).containsExactly("predicted_sql", "question");
      Path file = Files.writeString(dir.resolve("strict-judge.txt"), "{{question}}");
      PromptTemplate fromFile = PromptTemplate.file(file);
      assertThat(fromFile.text()).isEqualTo("{{question}}");
      assertThat(new Rule("r1", "filters on the year 2020", 2).difficulty()).isEqualTo(2);
      LlmJudge.builder().client(client).form(VerdictForm.RULES).rule("r1", "uses a JOIN", 2).build();
      ChatClient gpt = ChatClient.builder().model("gpt-4o-mini").build();
      Judge hybrid = LlmJudge.builder().client(gpt)
          .execution(Judges.llmsql()).askWhen(AskWhen.GOLD_ERROR, AskWhen.VALUES_DIFFER)
          .build();
      // the execution judge matches, so the remote model is never asked
      assertThat(evaluator().judge(hybrid).build().run(predictions).matches()).isEqualTo(1);
      assertThat(Map.of("k", hybrid.name())).containsEntry("k", "llmsql+llm");
    }
  }
}
