package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.report.Breakdown;
import dev.llmsql.report.FullReportJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code llmsql evaluate --judge spider} on a multi-turn benchmark built here: three interactions (turns 1-6 with
 * {@code turn} given, 1-2 by position, and one single turn) on a real SQLite database. The expected figures follow
 * {@code evaluation.py}'s rules: a turn's position counts 1 to 4 and then {@code turn > 4}, and an interaction
 * counts in {@code joint_all} only when every one of its turns matches.
 */
class CliSpiderReportTest extends CliHarness {

  @TempDir
  Path dir;

  Path questions;
  Path outputs;

  @BeforeEach
  void benchmark() throws Exception {
    Path db = Files.createDirectories(dir.resolve("db").resolve("shop")).resolve("shop.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT, price REAL)");
      s.execute("INSERT INTO items VALUES (1, 'a', 1.0), (2, 'b', 3.0), (3, 'c', 5.0)");
    }
    List<String> q = new ArrayList<>();
    List<String> p = new ArrayList<>();
    // interaction A, turns given: exec/exact 1/1, 0/1 (values ignored by exact), 1/1, 1/1, 0/0, 1/1
    add(q, p, 1, "\"A\"", 1, "SELECT name FROM items", "SELECT name FROM items");
    add(q, p, 2, "\"A\"", 2, "SELECT name FROM items WHERE price > 2", "SELECT name FROM items WHERE price > 5");
    add(q, p, 3, "\"A\"", 3, "SELECT count(*) FROM items", "SELECT count(*) FROM items");
    add(q, p, 4, "\"A\"", 4, "SELECT name, price FROM items ORDER BY price", "SELECT name, price FROM items ORDER BY price");
    add(q, p, 5, "\"A\"", 5, "SELECT name FROM items", "SELECT id FROM items");
    add(q, p, 6, "\"A\"", 6, "SELECT max(price) FROM items", "SELECT max(price) FROM items");
    // interaction 7 (a number, as SParC's index would be), turns by position: 1/1, 1/1
    add(q, p, 7, "7", 0, "SELECT name FROM items", "SELECT name FROM items");
    add(q, p, 8, "7", 0, "SELECT price FROM items WHERE name = 'a'", "SELECT price FROM items WHERE name = 'a'");
    // interaction C: an unparsable prediction, 0/0
    add(q, p, 9, "\"C\"", 1, "SELECT id FROM items", "no sql here");
    questions = Files.writeString(dir.resolve("questions.jsonl"), String.join("\n", q) + "\n");
    outputs = Files.writeString(dir.resolve("outputs.jsonl"), String.join("\n", p) + "\n");
  }

  private static void add(List<String> q, List<String> p, int id, String interaction, int turn, String gold,
                          String pred) {
    q.add("{\"question_id\": " + id + ", \"question\": \"q" + id + "\", \"sql\": \"" + gold.replace("\"", "\\\"")
        + "\", \"db_id\": \"shop\", \"interaction_id\": " + interaction + (turn > 0 ? ", \"turn\": " + turn : "")
        + "}");
    p.add("{\"question_id\": " + id + ", \"completion\": \"" + pred + "\"}");
  }

  @Test
  void spiderJudge_multiTurn_turnRowsAndJointAllAsEvaluationPyCountsThem() throws Exception {
    // when
    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path", questions.toString(),
        "--databases-dir", dir.resolve("db").toString(), "--judge", "spider", "--no-save-report",
        "--no-show-mismatches", "--no-gold-cache", "--threads", "1", "--format", "json", "--out", dir.toString());

    // then
    assertThat(status).as(err()).isZero();
    JsonNode report = new ObjectMapper().readTree(dir.resolve("outputs.json").toFile());
    JsonNode spider = report.get("summary").get("spider");
    List<String> keys = new ArrayList<>();
    spider.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("easy", "medium", "hard", "extra", "all", "turn 1", "turn 2", "turn 3",
        "turn 4", "turn > 4", "joint_all");
    assertThat(figures(spider.get("turn 1"))).isEqualTo(List.of(3.0, 2.0 / 3, 2.0 / 3));
    assertThat(figures(spider.get("turn 2"))).isEqualTo(List.of(2.0, 0.5, 1.0));
    assertThat(figures(spider.get("turn 3"))).isEqualTo(List.of(1.0, 1.0, 1.0));
    assertThat(figures(spider.get("turn 4"))).isEqualTo(List.of(1.0, 1.0, 1.0));
    assertThat(figures(spider.get("turn > 4"))).isEqualTo(List.of(2.0, 0.5, 0.5));
    // only interaction 7 matches in every turn, by execution and by exact set
    assertThat(figures(spider.get("joint_all"))).isEqualTo(List.of(3.0, 1.0 / 3, 1.0 / 3));
    assertThat(figures(spider.get("all"))).isEqualTo(List.of(9.0, 6.0 / 9, 7.0 / 9));
    // only turn 4 (two columns and ORDER BY) is medium
    assertThat(figures(spider.get("medium"))).isEqualTo(List.of(1.0, 1.0, 1.0));
    assertThat(figures(spider.get("easy"))).isEqualTo(List.of(8.0, 5.0 / 8, 6.0 / 8));
    assertThat(report.get("results").get(3).get("hardness").asText()).isEqualTo("medium");
    assertThat(report.get("results").get(0).get("hardness").asText()).isEqualTo("easy");
    assertThat(out()).contains(String.join("\n",
        "                     turn 1               turn 2               turn 3               turn 4               "
            + "turn > 4            ",
        "count                3                    2                    1                    1                    "
            + "2                   ",
        "=====================   TURN EXECUTION ACCURACY     =====================",
        "execution            0.667                0.500                1.000                1.000                "
            + "0.500               ",
        "",
        "====================== TURN EXACT MATCHING ACCURACY =====================",
        "exact match          0.667                1.000                1.000                1.000                "
            + "0.500               ",
        ""));
  }

  @Test
  void datasetImportMultiTurn_sparcDevJson_questionsThatGiveTurnRows() throws Exception {
    // given: SParC's dev.json layout (CoSQL's is the same) over the shop database
    Path dev = Files.writeString(dir.resolve("dev.json"), """
        [{"database_id": "shop", "interaction": [
           {"utterance": "List the items.", "query": "SELECT name FROM items"},
           {"utterance": "Only the dear ones.", "query": "SELECT name FROM items WHERE price > 2"}]},
         {"database_id": "shop", "interaction": [{"utterance": "How many?", "query": "SELECT count(*) FROM items"}]}]
        """);
    Path converted = dir.resolve("sparc-questions.jsonl");

    // when
    int imported = run("dataset", "import", "--multi-turn", dev.toString(), "--out", converted.toString());
    String importOut = out();
    int again = run("dataset", "import", "--multi-turn", dev.toString(), "--out", converted.toString());
    String againErr = err();
    Path preds = Files.writeString(dir.resolve("sparc-preds.jsonl"), String.join("\n",
        "{\"question_id\": 0, \"completion\": \"SELECT name FROM items\"}",
        "{\"question_id\": 1, \"completion\": \"SELECT name FROM items\"}",
        "{\"question_id\": 2, \"completion\": \"SELECT count(*) FROM items\"}") + "\n");
    int evaluated = run("evaluate", "--outputs", preds.toString(), "--questions-path", converted.toString(),
        "--databases-dir", dir.resolve("db").toString(), "--judge", "spider", "--no-save-report",
        "--no-show-mismatches", "--no-gold-cache", "--threads", "1", "--format", "json", "--out", dir.toString());

    // then
    assertThat(imported).isZero();
    assertThat(importOut).isEqualTo("3 turn(s) written to " + converted + " as questions with interaction_id and "
        + "turn\nNext: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path " + converted
        + " --databases-dir DATABASE_DIR --judge spider\n");
    assertThat(again).isEqualTo(Cli.USAGE);
    assertThat(againErr).contains("--out " + converted + " exists; add --overwrite to replace it");
    assertThat(evaluated).as(err()).isZero();
    JsonNode spider = new ObjectMapper().readTree(dir.resolve("sparc-preds.json").toFile()).get("summary")
        .get("spider");
    assertThat(figures(spider.get("turn 1"))).isEqualTo(List.of(2.0, 1.0, 1.0));
    assertThat(figures(spider.get("turn 2"))).isEqualTo(List.of(1.0, 0.0, 0.0));
    // the first interaction lost its second turn: one of two interactions matches in every turn
    assertThat(figures(spider.get("joint_all"))).isEqualTo(List.of(2.0, 0.5, 0.5));
  }

  @Test
  void breakdowns_anyJudge_compactTableInTheSummaryAndColumnsInTheCsv() throws Exception {
    // when
    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path", questions.toString(),
        "--databases-dir", dir.resolve("db").toString(), "--judge", "spider-exec", "--no-save-report",
        "--no-show-mismatches", "--no-gold-cache", "--threads", "1", "--breakdowns", "--format", "csv", "--out",
        dir.toString());

    // then: 6 of 9 match by execution; one question joins nothing... all read one table
    assertThat(status).as(err()).isZero();
    assertThat(out()).contains("Breakdowns (matches/total, accuracy, 95% CI)\n"
        + "  sql:joins=0                      6/9    66.67%  ");
    assertThat(out()).contains("\n  sql:aggregation                  2/2   100.00%  ");
    assertThat(out()).contains("\n  db:shop                          6/9    66.67%  ");
    assertThat(out()).contains("\n  table:items                      6/9    66.67%  ");
    // questions 1 and 5 ask the same gold (group 1/2) and 7 too (with 1: 2 of 3); QVT over that one group
    assertThat(out()).contains("\n  QVT                          0.6667 over 1 group(s) of equal gold SQL\n");
    List<String> csv = Files.readAllLines(dir.resolve("outputs.csv"), StandardCharsets.UTF_8);
    assertThat(csv.get(0)).endsWith(",characteristics,db_id");
    assertThat(csv.get(4)).endsWith(",joins=0 order_by tables=1,shop");
  }

  @Test
  void breakdowns_withSoftF1_eachSliceCarriesTheScoreAndItsBootstrapInterval() throws Exception {
    // when
    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path", questions.toString(),
        "--databases-dir", dir.resolve("db").toString(), "--judge", "spider-exec", "--no-save-report",
        "--no-show-mismatches", "--no-gold-cache", "--threads", "1", "--breakdowns", "--scoring", "soft-f1",
        "--format", "json,html", "--out", dir.toString());

    // then
    assertThat(status).as(err()).isZero();
    // then: soft-F1 is 1 where the prediction matches, 0 for question 2 (no row), 5 (other column) and 9 (no SQL);
    // a slice of the whole run (joins=0, shop, items) gets the run's own figure and bootstrap interval
    assertThat(out()).contains("  soft_f1:        0.6667 (mean Soft-F1 over 9 question(s), 8 measured, the rest 0), "
        + "95% CI [0.3333, 1.0000]\n");
    assertThat(out()).contains("Breakdowns (matches/total, accuracy, 95% CI; soft_f1, 95% CI)\n"
        + "  sql:joins=0                      6/9    66.67%  35.42% to 87.94%   0.6667 [0.3333, 1.0000]\n"
        + "  sql:order_by                     1/1   100.00%  20.65% to 100.00%   1.0000 [1.0000, 1.0000]\n"
        + "  sql:aggregation                  2/2   100.00%  34.24% to 100.00%   1.0000 [1.0000, 1.0000]\n"
        + "  sql:tables=1                     6/9    66.67%  35.42% to 87.94%   0.6667 [0.3333, 1.0000]\n"
        + "  db:shop                          6/9    66.67%  35.42% to 87.94%   0.6667 [0.3333, 1.0000]\n"
        + "  table:items                      6/9    66.67%  35.42% to 87.94%   0.6667 [0.3333, 1.0000]\n"
        + "  QVT                          0.6667 over 1 group(s) of equal gold SQL\n");
    JsonNode breakdowns = new ObjectMapper().readTree(dir.resolve("outputs.json").toFile())
        .path("summary").path("breakdowns");
    assertThat(breakdowns.path("by_characteristic").path("aggregation").path("scores").toString()).isEqualTo(
        "{\"soft_f1\":{\"value\":1.0,\"explanation\":\"mean Soft-F1 over 2 question(s), 2 measured, the rest 0\","
            + "\"ci\":{\"low\":1.0,\"high\":1.0,\"method\":\"bootstrap (1000 resamples, seed 42)\"}}}");
    assertThat(breakdowns.path("by_database").path("shop").path("scores").toString()).isEqualTo(
        "{\"soft_f1\":{\"value\":0.6666666666666666,"
            + "\"explanation\":\"mean Soft-F1 over 9 question(s), 8 measured, the rest 0\","
            + "\"ci\":{\"low\":0.3333333333333333,\"high\":1.0,\"method\":\"bootstrap (1000 resamples, seed 42)\"}}}");

    // and read back: the slice carries the score and its interval
    Breakdown items = FullReportJson.read(dir.resolve("outputs.json")).breakdowns().orElseThrow()
        .byTable().get("items");
    assertThat(items.scores().get("soft_f1").value()).isEqualTo(0.6666666666666666);
    assertThat(items.intervals().get("soft_f1").format()).isEqualTo("[0.3333, 1.0000]");

    // and the HTML breakdown table: a column for soft_f1
    assertThat(Files.readString(dir.resolve("outputs.html"))).contains(
        "<th>95% CI</th><th>soft_f1 (95% CI)</th></tr>",
        "<tr><td>sql:order_by</td><td class=\"n\">1</td><td class=\"n\">1</td><td class=\"n\">100.00%</td>"
            + "<td>20.65% to 100.00%</td><td class=\"n\">1.0000 [1.0000, 1.0000]</td></tr>");
  }

  @Test
  void failUnder_hardnessLevel_gatesOnThatLevelsAccuracy() {
    // easy: 5 of 8 match by execution (0.625); medium: 1 of 1
    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path", questions.toString(),
        "--databases-dir", dir.resolve("db").toString(), "--judge", "spider", "--no-save-report",
        "--no-show-mismatches", "--no-gold-cache", "--threads", "1", "--fail-under", "medium=1.0,easy=0.7");

    assertThat(status).as(err()).isEqualTo(Cli.GATE_FAILED);
    assertThat(out() + err()).contains(
        "llmsql gate: FAILED: medium 1.0000 >= 1.0000 (fail-under), easy 0.6250 < 0.7000 (fail-under)\n");
  }

  @Test
  void compare_twoSpiderRuns_pairedTestPerHardnessLevel() throws Exception {
    // given: a second run that fixes question 5 (easy) and breaks question 4 (medium)
    Path better = Files.writeString(dir.resolve("better.jsonl"), Files.readString(outputs)
        .replace("SELECT id FROM items\"}", "SELECT name FROM items\"}")
        .replace("SELECT name, price FROM items ORDER BY price\"}", "SELECT name FROM items ORDER BY price\"}"));
    for (Path run : List.of(outputs, better)) {
      assertThat(run("evaluate", "--outputs", run.toString(), "--questions-path", questions.toString(),
          "--databases-dir", dir.resolve("db").toString(), "--judge", "spider", "--no-save-report",
          "--no-show-mismatches", "--no-gold-cache", "--threads", "1", "--format", "json", "--out", dir.toString(),
          "--quiet")).as(err()).isZero();
    }
    out.reset();

    // when
    int status = run("compare", dir.resolve("outputs.json").toString(), dir.resolve("better.json").toString());

    // then
    assertThat(status).as(err()).isZero();
    assertThat(out()).contains(String.join("\n",
        "By level (outputs.json vs better.json): questions, accuracies, difference, only-first/only-second, McNemar p",
        "  easy                     8   62.50%   75.00%   +12.50  0/1  p = 1.0000",
        "  medium                   1  100.00%    0.00%  -100.00  1/0  p = 1.0000",
        ""));

    // and the comparison page, the same rows per level
    Path page = dir.resolve("compare.html");
    assertThat(run("compare", dir.resolve("outputs.json").toString(), dir.resolve("better.json").toString(),
        "--html", page.toString())).as(err()).isZero();
    assertThat(Files.readString(page)).contains("<h2>By level</h2>", "id=\"level-table\"",
        "<tr><td>easy</td><td>8</td><td>62.50%</td><td>75.00%</td><td>+12.50</td><td>0 / 1</td><td>1.0000</td></tr>",
        "<tr><td>medium</td><td>1</td><td>100.00%</td><td>0.00%</td><td>-100.00</td><td>1 / 0</td><td>1.0000</td>"
            + "</tr>");

    // and the leaderboard's per-level table, one sortable column per hardness level
    Path board = dir.resolve("board.html");
    assertThat(run("leaderboard", dir.resolve("outputs.json").toString(), dir.resolve("better.json").toString(),
        "--out", board.toString())).as(err()).isZero();
    String html = Files.readString(board);
    assertThat(html).contains("<h2>Accuracy by level</h2>", "id=\"levels\"",
        "<th class=\"sortable\" data-type=\"n\">easy</th><th class=\"sortable\" data-type=\"n\">medium</th>",
        "<td data-sort=\"0.75\">75.00% (6/8)</td>", "<td data-sort=\"0.625\">62.50% (5/8)</td>");
  }

  private static List<Double> figures(JsonNode level) {
    return List.of(level.get("count").asDouble(), level.get("exec").asDouble(), level.get("exact").asDouble());
  }
}
