package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Requires;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code llmsql dataset import --answers}, then {@code llmsql evaluate}: the questions are judged as LLMSQL 2.0. */
class DatasetAnswersCliTest {

  @TempDir
  Path dir;

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... args) {
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void importAnswersThenEvaluate_judgedByLlmsql2WithCategories() throws Exception {
    // given: two questions of our own on a fixture table, with categories
    Path questions = Files.writeString(dir.resolve("mine.jsonl"), """
        {"question_id": 1, "question": "Who sang for Joe Wilkinson?", "sql": "SELECT \\"Singer(s)\\" FROM \\"1-29135051-2\\" WHERE \\"Comedian\\" = 'Joe Wilkinson'", "table_id": "1-29135051-2", "category": "lookup", "family": "mine"}
        {"question_id": 2, "question": "How many episodes?", "sql": "SELECT COUNT(*) FROM \\"1-29135051-2\\"", "table_id": "1-29135051-2", "category": "convention", "family": "mine"}
        """);
    Path db = dir.resolve("mine.sqlite");
    assertThat(run("dataset", "import", "--tables-jsonl", Llmsql2Fixture.file("tables.jsonl").toString(),
        "--questions", questions.toString(), "--answers", "--out", db.toString())).isZero();
    Path imported = dir.resolve("mine.questions.jsonl");
    assertThat(Files.readAllLines(imported).get(1)).startsWith("{\"question_id\":2,\"question\":\"How many "
        + "episodes?\",\"sql\":\"SELECT COUNT(*) FROM \\\"1-29135051-2\\\"\",\"table_id\":\"1-29135051-2\","
        + "\"category\":\"convention\",\"family\":\"mine\",\"tables\":[\"1-29135051-2\"],\"answer\":\"[[6]]\","
        + "\"prompt\":\"You are an expert SQLite query writer.");
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("2 question(s) checked (they read, their tables "
        + "exist, their gold SQL runs) and written to " + imported + " as LLMSQL 2.0 questions (answer, tables, "
        + "prompt)");
    Path preds = Files.writeString(dir.resolve("preds.jsonl"), """
        {"question_id": 1, "completion": "```sql\\nSELECT 'Hurts (3)'\\n```"}
        {"question_id": 2, "completion": "```sql\\nSELECT 7\\n```"}
        """);
    out.reset();

    // when
    int status = run("evaluate", "--outputs", preds.toString(), "--questions-path", imported.toString(),
        "--db-path", db.toString(), "--save-report", dir.resolve("report.json").toString(), "--quiet",
        "--model-name", "mine", "--format", "json,csv,html", "--out", dir.toString());

    // then: the lenient 2.0 rules accept the trailing count; the count 7 is wrong
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(status).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("50.00% accuracy (1 of 2 matched)\n");
    String report = Files.readString(dir.resolve("report.json"));
    assertThat(report).contains("\"model_name\" : \"mine\"", "\"version\" : \"2.0\"", "\"category_accuracy\"");
    assertThat(Files.readAllLines(dir.resolve("preds.csv"))).first().asString().endsWith(",timeSeconds,category,family");
    assertThat(Files.readString(dir.resolve("preds.html"))).contains("<h3>Accuracy by category</h3>",
        "<title>convention: 0.00% (0/1)</title>", "<title>lookup: 100.00% (1/1)</title>");

    // and: the leaderboard built from the full JSON report shows the categories too
    assertThat(run("leaderboard", dir.resolve("preds.json").toString(), "--out", dir.resolve("board.html").toString()))
        .isZero();
    assertThat(Files.readString(dir.resolve("board.html"))).contains("<tr><td>preds</td><td>0.00% (0/1)</td>"
        + "<td>100.00% (1/1)</td></tr>");
  }
}
