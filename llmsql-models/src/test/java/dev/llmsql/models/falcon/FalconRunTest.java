package dev.llmsql.models.falcon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.groups.Tuple.tuple;

import dev.llmsql.models.inference.ModelServer;
import dev.llmsql.models.inference.ModelServer.Reply;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.sqlite.dataset.DatasetImport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two models, two rounds, four questions, against a loopback server and a real SQLite file. */
class FalconRunTest {

  @TempDir
  Path dir;

  /**
   * Model a, round 1: oldest and count right, ann wrong, sum fails; round 2: all right. Model b, both rounds:
   * oldest without SQL, count never answered (500), ann and sum right.
   */
  static Reply script(String model, String question, int attempt) {
    String gold = switch (question) {
      case "oldest" -> "SELECT \"Name\" FROM \"t\" ORDER BY \"Age\" DESC LIMIT 1";
      case "count" -> "SELECT COUNT(*) FROM \"t\"";
      case "ann" -> "SELECT \"Age\" FROM \"t\" WHERE \"Name\" = 'Ann'";
      default -> "SELECT SUM(\"Age\") FROM \"t\"";
    };
    if (model.equals("a")) {
      if (attempt > 1) {
        return Reply.ok(gold);
      }
      return Reply.ok(switch (question) {
        case "ann" -> "SELECT 0";
        case "sum" -> "SELECT nope FROM missing";
        default -> gold;
      });
    }
    return switch (question) {
      case "oldest" -> Reply.ok("I cannot tell.");
      case "count" -> Reply.status(500, Map.of());
      default -> Reply.ok(gold);
    };
  }

  @Test
  void run_twoModelsTwoRounds_countsAndTables() throws Exception {
    // given
    Path tables = Files.writeString(dir.resolve("tables.jsonl"), "{\"table_id\": \"t\", \"header\": [\"Name\", "
        + "\"Age\"], \"types\": [\"text\", \"real\"], \"rows\": [[\"Ann\", 31], [\"Bo\", 4], [\"Cy\", 58]]}\n");
    Path db = dir.resolve("t.sqlite");
    DatasetImport.builder().tablesJsonl(tables).build().into(db);
    Path questions = Files.writeString(dir.resolve("questions.jsonl"), """
        {"question_id": 1, "question": "oldest", "sql": "SELECT \\"Name\\" FROM \\"t\\" ORDER BY \\"Age\\" DESC LIMIT 1", "table_id": "t"}
        {"question_id": 2, "question": "count", "sql": "SELECT COUNT(*) FROM \\"t\\"", "table_id": "t"}
        {"question_id": 3, "question": "ann", "sql": "SELECT \\"Age\\" FROM \\"t\\" WHERE \\"Name\\" = 'Ann'", "table_id": "t"}
        {"question_id": 4, "question": "sum", "sql": "SELECT SUM(\\"Age\\") FROM \\"t\\"", "table_id": "t"}
        """);
    Path out = dir.resolve("falcon");
    try (ModelServer server = new ModelServer(FalconRunTest::script)) {
      FalconRun run = FalconRun.builder().model("a", client(server, "a")).model("b", client(server, "b"))
          .rounds(2).shots(0).concurrency(1).questionsPath(questions).tablesPath(tables).dbPath(db)
          .outputDir(out).build();

      // when
      List<RoundResult> results = run.run();

      // then
      assertThat(results).extracting(RoundResult::round, RoundResult::model, RoundResult::questions,
              RoundResult::executed, RoundResult::right, RoundResult::wrong, RoundResult::failed,
              RoundResult::executabilityRate, RoundResult::accuracy)
          .containsExactly(
              tuple(1, "a", 4, 3, 2, 1, 1, 0.75, 0.5),
              tuple(1, "b", 4, 2, 2, 0, 2, 0.5, 0.5),
              tuple(2, "a", 4, 4, 4, 0, 0, 1.0, 1.0),
              tuple(2, "b", 4, 2, 2, 0, 2, 0.5, 0.5));
      assertThat(Files.readString(out.resolve(FalconRun.EXECUTION_CSV))).isEqualTo("""
          \uFEFFround,model,questions,executed,right,wrong,failed,executability_rate,accuracy\r
          1,a,4,3,2,1,1,0.7500,0.5000\r
          1,b,4,2,2,0,2,0.5000,0.5000\r
          2,a,4,4,4,0,0,1.0000,1.0000\r
          2,b,4,2,2,0,2,0.5000,0.5000\r
          """);
      List<String> comparison = Files.readAllLines(out.resolve(FalconRun.COMPARISON_CSV));
      assertThat(comparison).hasSize(1 + 16);
      assertThat(comparison.subList(0, 9)).containsExactly(
          "\uFEFFserialNo,analysisModelId,question,selfDefineTags,prompt,standardAnswerSql,standardAnswer,"
          + "llmCode,llmOutput,executeResult,errorMsg,compareResult,roundId",
          "1,t,oldest,,,\"SELECT \"\"Name\"\" FROM \"\"t\"\" ORDER BY \"\"Age\"\" DESC LIMIT 1\",\"{\""
              + "\"Name\"\":[\"\"Cy\"\"]}\",a,\"SELECT \"\"Name\"\" FROM \"\"t\"\" ORDER BY \"\"Age\"\" DES"
              + "C LIMIT 1\",\"{\"\"Name\"\":[\"\"Cy\"\"]}\",,RIGHT,1",
          "2,t,count,,,\"SELECT COUNT(*) FROM \"\"t\"\"\",\"{\"\"COUNT(*)\"\":[3]}\",a,\"SELECT COUNT"
              + "(*) FROM \"\"t\"\"\",\"{\"\"COUNT(*)\"\":[3]}\",,RIGHT,1",
          "3,t,ann,,,\"SELECT \"\"Age\"\" FROM \"\"t\"\" WHERE \"\"Name\"\" = 'Ann'\",\"{\"\"Age\"\":"
              + "[31.0]}\",a,SELECT 0,\"{\"\"0\"\":[0]}\",,WRONG,1",
          "4,t,sum,,,\"SELECT SUM(\"\"Age\"\") FROM \"\"t\"\"\",\"{\"\"SUM(\\\"\"Age\\\"\")\"\":[93.0"
              + "]}\",a,SELECT nope FROM missing,,no such table: missing,FAILED,1",
          "1,t,oldest,,,\"SELECT \"\"Name\"\" FROM \"\"t\"\" ORDER BY \"\"Age\"\" DESC LIMIT 1\",\"{\""
              + "\"Name\"\":[\"\"Cy\"\"]}\",b,,,,FAILED,1",
          "2,t,count,,,\"SELECT COUNT(*) FROM \"\"t\"\"\",,b,,,no prediction: the model call failed,F"
              + "AILED,1",
          "3,t,ann,,,\"SELECT \"\"Age\"\" FROM \"\"t\"\" WHERE \"\"Name\"\" = 'Ann'\",\"{\"\"Age\"\":"
              + "[31.0]}\",b,\"SELECT \"\"Age\"\" FROM \"\"t\"\" WHERE \"\"Name\"\" = 'Ann'\",\"{\"\"Age\"\""
              + ":[31.0]}\",,RIGHT,1",
          "4,t,sum,,,\"SELECT SUM(\"\"Age\"\") FROM \"\"t\"\"\",\"{\"\"SUM(\\\"\"Age\\\"\")\"\":[93.0"
              + "]}\",b,\"SELECT SUM(\"\"Age\"\") FROM \"\"t\"\"\",\"{\"\"SUM(\\\"\"Age\\\"\")\"\":[93.0]}\""
              + ",,RIGHT,1");
    }
  }

  @Test
  void run_limitAndOwnConcurrency_asksOnlyTheFirstQuestions() throws Exception {
    // given
    Path tables = Files.writeString(dir.resolve("tables.jsonl"), "{\"table_id\": \"t\", \"header\": [\"Name\", "
        + "\"Age\"], \"types\": [\"text\", \"real\"], \"rows\": [[\"Ann\", 31], [\"Bo\", 4], [\"Cy\", 58]]}\n");
    Path db = dir.resolve("t.sqlite");
    DatasetImport.builder().tablesJsonl(tables).build().into(db);
    Path questions = Files.writeString(dir.resolve("questions.jsonl"), """
        {"question_id": 1, "question": "oldest", "sql": "SELECT \\"Name\\" FROM \\"t\\" ORDER BY \\"Age\\" DESC LIMIT 1", "table_id": "t"}
        {"question_id": 2, "question": "count", "sql": "SELECT COUNT(*) FROM \\"t\\"", "table_id": "t"}
        {"question_id": 3, "question": "ann", "sql": "SELECT \\"Age\\" FROM \\"t\\" WHERE \\"Name\\" = 'Ann'", "table_id": "t"}
        """);
    Path out = dir.resolve("falcon");
    try (ModelServer server = new ModelServer(FalconRunTest::script)) {
      List<String> heard = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
      dev.llmsql.models.inference.InferenceListener listener = new dev.llmsql.models.inference.InferenceListener() {
        @Override
        public void onInferenceStart(int toAsk, int alreadyAnswered) {
          heard.add("start " + toAsk + " " + alreadyAnswered);
        }

        @Override
        public void onAnswer(long questionId, boolean failed) {
          heard.add("answer " + questionId + " " + failed);
        }
      };
      FalconRun run = FalconRun.builder().model("a", client(server, "a"), 2).rounds(1).shots(0).limit(2)
          .questionsPath(questions).tablesPath(tables).dbPath(db).outputDir(out).listener(listener).build();

      // when
      List<RoundResult> results = run.run();

      // then
      assertThat(results).extracting(RoundResult::questions, RoundResult::right).containsExactly(tuple(2, 2));
      assertThat(heard.get(0)).isEqualTo("start 2 0");
      assertThat(heard.subList(1, heard.size())).containsExactlyInAnyOrder("answer 1 false", "answer 2 false");
      heard.clear();
      run.run();
      // resumed: both answers are kept, and count as done at once
      assertThat(heard).containsExactly("start 2 0", "answer -1 false", "answer -1 false");
      assertThat(Files.readAllLines(out.resolve(FalconRun.COMPARISON_CSV))).hasSize(1 + 2);
      assertThat(Files.readAllLines(out.resolve("round-1").resolve("a.jsonl"))).hasSize(2);
      assertThat(run.toString()).isEqualTo("FalconRun[models=[a], rounds=1, shots=0, limit=2, judge=llmsql, "
          + "outputDir=" + out + "]");
    }
  }

  @Test
  void model_concurrencyZero_isRejected() {
    // given
    FalconRun.Builder b = FalconRun.builder();
    ChatClient client = ChatClient.builder().model("a").environment(n -> null).build();

    // when, then
    assertThatThrownBy(() -> b.model("a", client, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("concurrency must be between 1 and 256, but was 0");
  }

  static ChatClient client(ModelServer server, String model) {
    return ChatClient.builder().baseUrl(server.baseUrl()).model(model).jsonMode(false).environment(n -> null)
        .maxAttempts(2).backoff(Duration.ofMillis(10), Duration.ofMillis(20)).build();
  }
}
