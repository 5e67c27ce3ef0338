package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code llmsql audit} and {@code evaluate --audit} on the bundled demo benchmark (one gold returns only NULL). */
class AuditCommandTest extends CliHarness {

  static final Path DEMO = Path.of("..", "llmsql-examples", "demo");

  @TempDir
  Path dir;

  static final String SUMMARY = """
        Audit of local ../llmsql-examples/demo/questions.jsonl on ../llmsql-examples/demo/demo.sqlite (judge llmsql, timeout 10 s, slow after 5 s)
          Questions:             50
          Flagged:               1 (49 without flags)
            gold_error:          0
            gold_empty:          1
            gold_slow:           0
            not_self_match:      0
            limit_tie:           0
            order_dependent:     0
            nondeterministic:    0
            text_sorted_numbers: 0
            duplicate_gold:      0
            missing_database:    0
            missing_table:       0
          Worst questions:
            36: gold_empty: the gold returns only NULL (1 row)
          Time:                  T
        """;

  private int audit(String... more) {
    String[] base = {"audit", "--questions-path", DEMO.resolve("questions.jsonl").toString(), "--db-path",
        DEMO.resolve("demo.sqlite").toString(), "--quiet", "--threads", "2"};
    String[] args = new String[base.length + more.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(more, 0, args, base.length, more.length);
    return run(args);
  }

  @Test
  void audit_demo_printsTheSummary_andWritesJsonCsvHtml() throws Exception {
    Path json = dir.resolve("audit.json");
    Path csv = dir.resolve("audit.csv");
    Path html = dir.resolve("audit.html");

    int status = audit("--save", json.toString(), "--csv", csv.toString(), "--html", html.toString());

    assertThat(status).isZero();
    assertThat(err()).isEmpty();
    assertThat(timeless(out())).isEqualTo("\n" + SUMMARY + String.format(
        "  JSON:                  %s%n  CSV:                   %s%n  HTML:                  %s%n", json, csv, html));
    JsonNode saved = new ObjectMapper().readTree(json.toFile());
    assertThat(saved.path("format").asText()).isEqualTo("llmsql-java-audit");
    assertThat(saved.path("summary").toString()).isEqualTo("{\"questions\":50,\"flagged\":1,\"counts\":{"
        + "\"gold_error\":0,\"gold_empty\":1,\"gold_slow\":0,\"not_self_match\":0,\"limit_tie\":0,"
        + "\"order_dependent\":0,\"nondeterministic\":0,\"text_sorted_numbers\":0,\"duplicate_gold\":0,"
        + "\"missing_database\":0,\"missing_table\":0}}");
    JsonNode q36 = saved.path("questions").get(35);
    assertThat(q36.path("question_id").asInt()).isEqualTo(36);
    assertThat(q36.path("flags").toString()).isEqualTo("[\"gold_empty\"]");
    assertThat(q36.path("detail").toString()).isEqualTo("{\"gold_empty\":\"the gold returns only NULL (1 row)\"}");
    assertThat(Files.readAllLines(csv)).hasSize(51).contains("36,,gold_empty,gold_empty: the gold returns only NULL "
        + "(1 row)," + q36.path("gold_ms").asDouble());
    assertThat(Files.readString(html)).contains("<tr data-flags=\"gold_empty\"><td>36</td>");
  }

  /** The summary with its time (which varies) as T. */
  private static String timeless(String text) {
    return text.replaceAll("(?m)^(  Time: +)[0-9.]+ s$", "$1T");
  }

  @Test
  void failOn_aFlagSomeQuestionCarries_exits6() {
    int status = audit("--fail-on", "gold_empty,gold_error");

    assertThat(status).isEqualTo(Cli.GATE_FAILED);
    assertThat(timeless(out())).isEqualTo("\n" + SUMMARY
        + "Audit gate failed: --fail-on gold_error,gold_empty: 1 question(s) flagged (gold_empty 1)\n");
  }

  @Test
  void failOn_flagsNoQuestionCarries_passes() {
    int status = audit("--fail-on", "gold_error,missing_table");

    assertThat(status).isZero();
    assertThat(out()).endsWith("Audit gate passed: no question carries gold_error,missing_table\n");
  }

  @Test
  void failOn_unknownFlag_isAUsageError() {
    int status = audit("--fail-on", "gold_typo");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(out()).isEmpty();
    assertThat(err()).isEqualTo("llmsql audit: --fail-on: unknown audit flag \"gold_typo\"; known: gold_error, "
        + "gold_empty, gold_slow, not_self_match, limit_tie, order_dependent, nondeterministic, text_sorted_numbers, "
        + "duplicate_gold, missing_database, missing_table (see llmsql audit --help)\n");
  }

  @Test
  void missingQuestionsFile_isBenchmarkUnavailable() {
    int status = run("audit", "--questions-path", dir.resolve("nope.jsonl").toString(), "--db-path",
        DEMO.resolve("demo.sqlite").toString(), "--quiet");

    assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
    assertThat(err()).isEqualTo("llmsql audit: questions file not found: " + dir.resolve("nope.jsonl")
        + "; check the path given to --questions-path\n");
  }

  @Test
  void badQuestionLine_isBadInput() throws Exception {
    Path questions = Files.writeString(dir.resolve("q.jsonl"), "{\"question_id\": 1, \"sql\": \"SELECT 1\"}\n");

    int status = run("audit", "--questions-path", questions.toString(), "--db-path",
        DEMO.resolve("demo.sqlite").toString(), "--quiet");

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql audit: " + questions + ":1: missing \"question\"; every question needs "
        + "question_id, question, sql and table_id (or db_id)\n");
  }

  @Test
  void databaseThatCannotServe_failsTheAudit_asItFailsAnEvaluation() {
    // it flagged every question missing_database (or gold_error for a server that refused) and exited 0
    String url = "jdbc:sqlite:" + dir.resolve("missing.sqlite");
    int status = run("audit", "--questions-path", DEMO.resolve("questions.jsonl").toString(), "--jdbc-url", url,
        "--quiet");

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql audit: " + url + ": does not exist; pass the benchmark's .sqlite/.db file\n");
  }

  @Test
  void noDatabase_isAUsageError() {
    int status = run("audit", "--questions-path", DEMO.resolve("questions.jsonl").toString());

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql audit: give exactly one of --db-path, --databases-dir or --jdbc-url (see "
        + "llmsql audit --help)\n");
  }

  @Test
  void evaluate_auditThatIsNotAnAudit_isBadInput_beforeTheRun() throws Exception {
    Path notAudit = Files.writeString(dir.resolve("x.json"), "{\"format\": \"something\"}");

    int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--audit", notAudit.toString(), "--quiet");

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: --audit " + notAudit + " is not an audit report (no \"format\": "
        + "\"llmsql-java-audit\"); give the JSON that llmsql audit --save wrote\n");
  }

  @Test
  void evaluate_withAudit_scoresTwice() throws Exception {
    Path json = dir.resolve("audit.json");
    audit("--save", json.toString());
    out.reset();
    Path full = dir.resolve("out");

    int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--no-gold-cache", "--no-show-mismatches", "--audit", json.toString(), "--format", "json", "--out",
        full.toString());
    assertThat(status).isZero();
    assertThat(out()).contains("  Accuracy:       54.00% (all 50); 53.06% (49 without audit flags, 1 left out)\n");
    JsonNode summary = new ObjectMapper().readTree(full.resolve("predictions.json").toFile()).path("summary");
    assertThat(summary.path("unflagged").toString()).isEqualTo("{\"total\":49,\"matches\":26,\"accuracy\":"
        + "0.5306122448979592,\"left_out\":1,\"scores\":[{\"name\":\"accuracy\",\"value\":0.5306122448979592,"
        + "\"explanation\":\"matches / total = 26 / 49\"}]}");

    Path board = dir.resolve("board.html");
    assertThat(run("leaderboard", full.resolve("predictions.json").toString(), "--out", board.toString())).isZero();
    assertThat(Files.readString(board)).contains(">accuracy without audit flags</th>",
        "<td data-sort=\"0.5306122448979592\">53.06% (49 questions, 1 left out)</td>");

    out.reset();
    int quiet = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--audit", json.toString(), "--quiet");

    assertThat(quiet).isZero();
    assertThat(out()).isEqualTo("54.00% accuracy (27 of 50 matched); 53.06% without audit flags (26 of 49 matched, "
        + "1 left out)\n");
  }
}
