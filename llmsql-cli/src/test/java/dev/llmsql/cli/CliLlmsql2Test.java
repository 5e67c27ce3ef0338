package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code llmsql evaluate} on LLMSQL 2.0 questions: picked by default, {@code --model-name}, the 2.0 report keys. */
class CliLlmsql2Test {

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  @Test
  void evaluate_twoPointZeroQuestions_lenientRulesAndModelNameInTheReport() throws Exception {
    Path db = dir.resolve("tables.db");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE \"t-1\" (\"Name\" TEXT, \"Wins\" REAL)");
      s.execute("INSERT INTO \"t-1\" VALUES ('Hurts', 3.0), ('Keane', 1.0)");
    }
    Path questions = Files.writeString(dir.resolve("questions.jsonl"), String.join("\n",
        "{\"question_id\": 1, \"table_id\": \"t-1\", \"tables\": [\"t-1\"], \"question\": \"Who won most?\", "
            + "\"sql\": \"SELECT \\\"Name\\\" FROM \\\"t-1\\\" ORDER BY \\\"Wins\\\" DESC LIMIT 1\", "
            + "\"answer\": \"[[\\\"Hurts\\\"]]\", \"category\": \"lookup\", \"family\": \"f\"}",
        "{\"question_id\": 2, \"table_id\": \"t-1\", \"question\": \"Total wins?\", "
            + "\"sql\": \"SELECT SUM(\\\"Wins\\\") FROM \\\"t-1\\\"\", \"answer\": [[4.0]], \"category\": \"convention\"}",
        ""), StandardCharsets.UTF_8);
    Path outputs = Files.writeString(dir.resolve("outputs.jsonl"), String.join("\n",
        "{\"question_id\": 1, \"completion\": \"```sql\\nSELECT \\\"Name\\\", \\\"Wins\\\" FROM \\\"t-1\\\" "
            + "ORDER BY \\\"Wins\\\" DESC LIMIT 1\\n```\"}",
        "{\"question_id\": 2, \"completion\": \"SELECT '4 wins'\"}",
        ""), StandardCharsets.UTF_8);
    Path report = dir.resolve("report.json");

    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path", questions.toString(),
        "--db-path", db.toString(), "--save-report", report.toString(), "--model-name", "demo-model",
        "--no-show-mismatches", "--no-gold-cache", "--threads", "1");

    assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
    JsonNode saved = new ObjectMapper().readTree(report.toFile());
    assertThat(saved.get("model_name").asText()).isEqualTo("demo-model");
    assertThat(saved.get("version").asText()).isEqualTo("2.0");
    // q1 by rule 5 (extra column); "4 wins" is not a unit, so q2 misses
    assertThat(saved.get("matches").asInt()).isEqualTo(1);
    assertThat(saved.get("total").asInt()).isEqualTo(2);
    assertThat(saved.get("category_accuracy").toString()).isEqualTo(
        "{\"convention\":{\"total\":1,\"matches\":0,\"accuracy\":0.0},"
            + "\"lookup\":{\"total\":1,\"matches\":1,\"accuracy\":1.0}}");
    assertThat(List.of(saved.get("expected").asInt(), saved.get("answered").asInt(), saved.get("missing").asInt(),
        saved.get("duplicates").asInt())).containsExactly(2, 2, 0, 0);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("judge llmsql2");
  }
  @Test
  void evaluate_answerNumbers_areReadAsJsonLoadsReadsThem() throws Exception {
    // -0.0 kept its sign nowhere (rows sort by their text: "(-0.0,)" before "(-3.0,)"), an integer past Long lost
    // digits that rule 3 compares, 1e400 stopped the run ("unexpected error: NumberFormatException") and so did
    // Infinity, which json.dumps writes
    Path db = dir.resolve("tables.db");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (a TEXT)");
    }
    String[] answers = {"[[-3], [-0.0]]", "[[-3], [-0.0]]", "[[123456789012345678901]]", "[[1e400]]",
        "[[Infinity]]", "[[123456789012345678901]]"};
    String[] completions = {"SELECT -3 UNION ALL SELECT -0.0", "SELECT -3 UNION ALL SELECT 0.0",
        "SELECT 1234567890, 12345678901", "SELECT 1e999", "SELECT 1e999", "SELECT 1"};
    StringBuilder questions = new StringBuilder();
    StringBuilder outputs = new StringBuilder();
    for (int i = 0; i < answers.length; i++) {
      questions.append("{\"question_id\": ").append(i + 1).append(", \"table_id\": \"t\", \"question\": \"q\", ")
          .append("\"sql\": \"SELECT 1\", \"answer\": \"").append(answers[i]).append("\"}\n");
      outputs.append("{\"question_id\": ").append(i + 1).append(", \"completion\": \"").append(completions[i])
          .append("\"}\n");
    }
    Path q = Files.writeString(dir.resolve("questions.jsonl"), questions);
    Path o = Files.writeString(dir.resolve("outputs.jsonl"), outputs);

    int status = run("evaluate", "--outputs", o.toString(), "--questions-path", q.toString(), "--db-path",
        db.toString(), "--no-save-report", "--format", "json", "--out", dir.toString(), "--no-gold-cache",
        "--threads", "1", "-q");

    assertThat(status).as(err.toString(StandardCharsets.UTF_8)).isZero();
    JsonNode results = new ObjectMapper().readTree(dir.resolve("outputs.json").toFile()).get("results");
    List<String> outcomes = new java.util.ArrayList<>();
    results.forEach(r -> outcomes.add(r.get("question_id").asInt() + " " + r.get("outcome").asText()));
    assertThat(outcomes).containsExactly("1 MATCH", "2 MISMATCH", "3 MATCH", "4 MATCH", "5 MATCH", "6 MISMATCH");
    // read back, the kept answer keeps every digit (asLong cut it to 64 bits)
    Path page = dir.resolve("page.html");
    assertThat(run("report", dir.resolve("outputs.json").toString(), "--out", page.toString())).isZero();
    assertThat(Files.readString(page)).contains("123456789012345678901");
  }
}
