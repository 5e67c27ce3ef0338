package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code llmsql evaluate --judge bird} on a crafted BIRD-style set: BIRD's table by difficulty (count, EX, Soft-F1)
 * in the full JSON report and in the text, with the figures BIRD's scripts compute (worked out in the comments).
 */
class CliBirdTableTest extends CliHarness {

  @TempDir
  Path dir;

  /** The database {@code shop} of {@code --databases-dir dir/db}, made by {@code statements}. */
  private void shop(String... statements) throws Exception {
    Path db = Files.createDirectories(dir.resolve("db").resolve("shop")).resolve("shop.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
  }

  /**
   * {@code summary.bird} of an evaluation with the bird judge on the shop database, R-VES left out once it is seen
   * in every level; each row is a question's id, its difficulty as JSON, its gold SQL and the prediction.
   */
  private JsonNode birdTable(String[][] rows) throws Exception {
    StringBuilder questionLines = new StringBuilder();
    StringBuilder outputLines = new StringBuilder();
    for (String[] r : rows) {
      questionLines.append("{\"question_id\": ").append(r[0]).append(", \"question\": \"q\", \"sql\": \"")
          .append(r[2]).append("\", \"db_id\": \"shop\", \"difficulty\": ").append(r[1]).append("}\n");
      outputLines.append("{\"question_id\": ").append(r[0]).append(", \"completion\": \"").append(r[3])
          .append("\"}\n");
    }
    Path questions = Files.writeString(dir.resolve("questions.jsonl"), questionLines);
    Path outputs = Files.writeString(dir.resolve("outputs.jsonl"), outputLines);
    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path", questions.toString(),
        "--databases-dir", dir.resolve("db").toString(), "--judge", "bird", "--no-save-report",
        "--no-show-mismatches", "--no-gold-cache", "--threads", "1", "--format", "json", "--out", dir.toString());
    assertThat(status).as(err()).isZero();
    JsonNode bird = new ObjectMapper().readTree(dir.resolve("outputs.json").toFile()).get("summary").get("bird");
    // R-VES rests on wall-clock timings (bird times each match once): present, but not a fixed number
    bird.forEach(level -> assertThat(level.has("r_ves")).isTrue());
    bird.forEach(level -> ((com.fasterxml.jackson.databind.node.ObjectNode) level).remove("r_ves"));
    return bird;
  }

  @Test
  void birdJudge_difficulties_exAndSoftF1PerLevelAsBirdPrintsThem() throws Exception {
    // given
    shop("CREATE TABLE t (a INTEGER, b TEXT)", "INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')");
    String[][] rows = {
        // id, difficulty, gold, prediction: EX, Soft-F1
        {"1", "\"simple\"", "SELECT a FROM t", "SELECT a FROM t"},                          // 1, 1
        {"2", "\"simple\"", "SELECT a FROM t", "SELECT a FROM t WHERE a < 3"},              // 0, p 1 r 2/3: 0.8
        {"3", "\"moderate\"", "SELECT a, b FROM t WHERE a = 1", "SELECT a FROM t WHERE a = 1"}, // 0, 2/3
        {"4", "\"challenging\"", "SELECT count(*) FROM t", "SELECT count(*) FROM t"},       // 1, 1
        {"5", "\"challenging\"", "SELECT a FROM t", "SELECT nope FROM t"},                  // 0, 0 (fails)
        {"6", "null", "SELECT b FROM t WHERE a = 2", "SELECT b FROM t WHERE a = 2"},        // 1, 1 (total only)
    };

    // when
    JsonNode bird = birdTable(rows);

    // then
    assertThat(bird.toString()).isEqualTo("{\"simple\":{\"count\":2,\"ex\":50.0,\"soft_f1\":90.0},"
        + "\"moderate\":{\"count\":1,\"ex\":0.0,\"soft_f1\":66.66666666666666},"
        + "\"challenging\":{\"count\":2,\"ex\":50.0,\"soft_f1\":50.0},"
        // sum(1, 0.8, 2/3, 1, 0, 1) / 6 * 100, summed in input order as Python's sum does
        + "\"total\":{\"count\":6,\"ex\":50.0,\"soft_f1\":74.44444444444444}}");
    assertThat(out()).contains(String.join("\n",
        "                     simple               moderate             challenging          total               ",
        "count                2                    1                    2                    6                   ",
        "======================================    EX    =====================================",
        "EX                   50.00                0.00                 50.00                50.00               ",
        "                     simple               moderate             challenging          total               ",
        "count                2                    1                    2                    6                   ",
        "======================================    Soft-F1    =====================================",
        "Soft-F1              90.00                66.67                50.00                74.44               ",
        "                     simple               moderate             challenging          total               ",
        "count                2                    1                    2                    6                   ",
        "======================================    R-VES    =====================================",
        ""));
  }

  @Test
  void birdJudge_labelsBirdDoesNotKnow_countInTheTotalOnly_andTheRunGoesOn() throws Exception {
    // given: BIRD groups by content["difficulty"] == "simple" / "moderate" / "challenging", exactly
    shop("CREATE TABLE t (a INTEGER)", "INSERT INTO t VALUES (1), (2)");
    String[] labels = {"\"simple\"", "\"Simple\"", "\" simple \"", "\"hard\"", "\"extra\"", "\"veryhard\"", "1",
        "\"moderate\"", "\"challenging\""};
    // a match (EX 1, Soft-F1 1) or a miss (SELECT 2 for 1: EX 0, Soft-F1 0)
    boolean[] match = {true, true, false, true, false, true, true, false, true};
    String[][] rows = new String[labels.length][];
    for (int i = 0; i < labels.length; i++) {
      rows[i] = new String[] {String.valueOf(i + 1), labels[i], "SELECT a FROM t WHERE a = 1",
          "SELECT a FROM t WHERE a = " + (match[i] ? 1 : 2)};
    }

    // when
    JsonNode bird = birdTable(rows);

    // then: simple is question 1 alone, moderate 8, challenging 9; the total counts all nine (6 matches)
    assertThat(bird.toString()).isEqualTo("{\"simple\":{\"count\":1,\"ex\":100.0,\"soft_f1\":100.0},"
        + "\"moderate\":{\"count\":1,\"ex\":0.0,\"soft_f1\":0.0},"
        + "\"challenging\":{\"count\":1,\"ex\":100.0,\"soft_f1\":100.0},"
        + "\"total\":{\"count\":9,\"ex\":66.66666666666666,\"soft_f1\":66.66666666666666}}");
    assertThat(out()).contains(String.join("\n",
        "                     simple               moderate             challenging          total               ",
        "count                1                    1                    1                    9                   ",
        "======================================    EX    =====================================",
        "EX                   100.00               0.00                 100.00               66.67               "));
  }

  @Test
  void birdJudge_aWarmGoldCache_everyMatchStillGetsItsTimeRatio() throws Exception {
    // given: the gold cache answers every gold on the second run, without a time of that run
    shop("CREATE TABLE t (a INTEGER, b TEXT)", "INSERT INTO t VALUES (1, 'x'), (2, 'y'), (3, 'z')");
    Path q = Files.writeString(dir.resolve("questions.jsonl"), String.join("\n",
        "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT a FROM t\", \"db_id\": \"shop\"}",
        "{\"question_id\": 2, \"question\": \"q\", \"sql\": \"SELECT count(*) FROM t\", \"db_id\": \"shop\"}",
        "{\"question_id\": 3, \"question\": \"q\", \"sql\": \"SELECT b FROM t\", \"db_id\": \"shop\"}", ""));
    Path o = Files.writeString(dir.resolve("outputs.jsonl"), String.join("\n",
        "{\"question_id\": 1, \"completion\": \"SELECT a FROM t ORDER BY a\"}",
        "{\"question_id\": 2, \"completion\": \"SELECT count(a) FROM t\"}",
        "{\"question_id\": 3, \"completion\": \"SELECT a FROM t\"}", ""));

    for (String round : new String[] {"cold", "warm"}) {
      // when
      Path out = Files.createDirectories(dir.resolve(round));
      int status = run("evaluate", "--outputs", o.toString(), "--questions-path", q.toString(), "--databases-dir",
          dir.resolve("db").toString(), "--judge", "bird", "--workdir-path", dir.resolve("work").toString(),
          "--no-save-report", "--no-show-mismatches", "--threads", "1", "--format", "json", "--out",
          out.toString());

      // then: the two matches carry a time ratio and its reward on both runs, the mismatch neither
      assertThat(status).as(err()).isZero();
      JsonNode results = new ObjectMapper().readTree(out.resolve("outputs.json").toFile()).get("results");
      StringBuilder timed = new StringBuilder();
      results.forEach(r -> timed.append(r.get("question_id").asInt()).append(' ').append(r.get("outcome").asText())
          .append(' ').append(r.get("measures").has("time_ratio")).append(' ')
          .append(r.get("measures").has("ves_reward")).append('\n'));
      assertThat(timed.toString()).as(round)
          .isEqualTo("1 MATCH true true\n2 MATCH true true\n3 MISMATCH false false\n");
    }
    assertThat(dir.resolve("work").resolve("gold-cache")).isDirectory();
  }
}
