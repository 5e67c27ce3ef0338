package dev.llmsql.sqlite.llmsql2;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.benchmark.Question;
import dev.llmsql.engine.QuestionReader;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.report.Breakdown;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.sqlite.RecordingEngine;
import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fixture evaluated end to end with predictions written here (right, lenient-right, wrong, erroring, no SQL,
 * a NULL answer, a repeated id); the saved report holds the counters upstream's 2.0 evaluator gives them.
 */
@Requires(shared = Llmsql2Fixture.SHARED, programs = Program.PYTHON3)
class Llmsql2EndToEndTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  private Path predictions() throws Exception {
    Map<Integer, Question> questions = QuestionReader.read(Llmsql2Fixture.questions());
    List<String> lines = new ArrayList<>();
    // q2 lookup: the reference SQL in a fence: rule 1, exact string match
    lines.add(line(2, "```sql\n" + questions.get(2).sql() + "\n```"));
    // q12 lookup: "$274.0" is 274.0 after normalisation: rule 1
    lines.add(line(12, "SELECT '$' || \"Enrollment\" FROM \"2-16079809-1\" WHERE \"Location\" = 'Onalaska'"));
    // q24 lookup: wrong filter, no rows
    lines.add(line(24, "```sql\nSELECT \"Date of vacancy\" FROM \"1-18522916-5\" WHERE \"Outgoing manager\" = 'Nobody'\n```"));
    // q37 lookup: no such column: sql error (unquoted: SQLite reads an unknown "Nope" as the string 'Nope')
    lines.add(line(37, "```sql\nSELECT Nope FROM \"2-18992167-1\";\n```"));
    // q51 lookup: no SQL: counted as an sql error
    lines.add(line(51, "I do not know."));
    // q1 text_quantity: one NULL: pred_none
    lines.add(line(1, "SELECT NULL;"));
    // q42 text_quantity: the right count plus a label column: rule 5
    lines.add(line(42, "```sql\nSELECT 9, 'count'\n```"));
    // q43 text_quantity: a trailing count: rule 2; then the same id again, wrong: both lines count
    lines.add(line(43, "```sql\nSELECT 'Mariya Koryttseva (2)'\n```"));
    lines.add(line(43, "```sql\nSELECT 'wrong'\n```"));
    // q3 convention: the reference SQL unfenced: rule 1, exact string match
    lines.add(line(3, questions.get(3).sql()));
    // q9 convention: two statements: sql error
    lines.add(line(9, "```sql\nSELECT 12; SELECT 12;\n```"));
    // q18 convention: a ```sqlite fence leaves "ite" before the query, which is dropped: rule 1
    lines.add(line(18, "```sqlite\nSELECT 4\n```"));
    // q40 convention: an unclosed fence is no block: the whole text is searched: rule 1
    lines.add(line(40, "```sql\nSELECT 17"));
    Path file = dir.resolve("outputs.jsonl");
    Files.write(file, lines, StandardCharsets.UTF_8);
    return file;
  }

  private static String line(int id, String completion) throws Exception {
    return JSON.writeValueAsString(Map.of("question_id", id, "completion", completion));
  }

  @Test
  void evaluate_fixture_reportHasUpstreamsCountersCategoriesAndKeys() throws Exception {
    Path db = Llmsql2Fixture.database();
    String before = sha256(db);
    RecordingEngine recording = new RecordingEngine();
    List<String> ran = recording.ran;
    Path report = dir.resolve("report.json");
    EvaluationReport result = Evaluator.builder().questionsPath(Llmsql2Fixture.questions()).dbPath(db)
        .modelName("my-model").saveReport(report).showMismatches(false).noGoldCache().threads(2).engine(recording)
        .build().run(predictions());

    assertThat(result.judge()).isEqualTo("llmsql2");
    assertThat(result.total()).isEqualTo(13);
    assertThat(result.matches()).isEqualTo(7);
    assertThat(result.sqlErrors()).isEqualTo(3);
    assertThat(result.predNone()).isEqualTo(1);
    assertThat(result.goldNone()).isZero();
    assertThat(result.exactStringMatches()).isEqualTo(2);
    assertThat(result.categoryAccuracy()).containsExactly(
        Map.entry("convention", new Breakdown("convention", 4, 3)),
        Map.entry("lookup", new Breakdown("lookup", 5, 2)),
        Map.entry("text_quantity", new Breakdown("text_quantity", 4, 2)));
    assertThat(result.modelName()).contains("my-model");
    assertThat(result.version()).contains("2.0");
    assertThat(List.of(result.expected(), result.answered(), result.missing(), result.duplicates()))
        .containsExactly(21, 12, 9, 1);
    assertThat(result.accuracyOverBenchmark()).isEqualTo(7.0 / 21);
    assertThat(result.results()).extracting(r -> r.outcome()).containsExactly(Outcome.MATCH, Outcome.MATCH,
        Outcome.MISMATCH, Outcome.ERROR, Outcome.NO_SQL, Outcome.MISMATCH, Outcome.MATCH, Outcome.MATCH,
        Outcome.MISMATCH, Outcome.MATCH, Outcome.ERROR, Outcome.MATCH, Outcome.MATCH);
    assertThat(result.results()).extracting(r -> r.verdict().detail()).element(6).isEqualTo("rule5_extra_column");
    assertThat(result.results()).extracting(r -> r.verdict().detail()).element(7).isEqualTo("rule2_trailing_count");
    // only predictions ran: no reference SQL, and the database is unchanged
    // 13 lines: 11 statements (no SQL in q51, q9 refused before it runs); none of them a reference SQL but the
    // two predictions that copy one
    assertThat(ran).hasSize(11);
    for (int id : List.of(12, 24, 37, 51, 1, 42, 43, 9, 18, 40)) {
      String gold = questions().get(id).sql();
      assertThat(ran).noneMatch(sql -> sql.equals(gold) || sql.equals(gold + ";"));
    }
    assertThat(sha256(db)).isEqualTo(before);

    JsonNode saved = JSON.readTree(report.toFile());
    List<String> keys = new ArrayList<>();
    saved.fieldNames().forEachRemaining(keys::add);
    assertThat(keys).containsExactly("model_name", "version", "total", "matches", "exact_string_matches",
        "pred_none", "gold_none", "sql_errors", "accuracy", "exact_string_match_accuracy", "category_accuracy",
        "mismatches", "timestamp", "input_mode", "expected", "answered", "missing", "duplicates",
        "accuracy_over_benchmark");
    assertThat(saved.get("model_name").asText()).isEqualTo("my-model");
    assertThat(saved.get("version").asText()).isEqualTo("2.0");
    assertThat(saved.get("total").asInt()).isEqualTo(13);
    assertThat(saved.get("matches").asInt()).isEqualTo(7);
    assertThat(saved.get("exact_string_matches").asInt()).isEqualTo(2);
    assertThat(saved.get("pred_none").asInt()).isEqualTo(1);
    assertThat(saved.get("gold_none").asInt()).isZero();
    assertThat(saved.get("sql_errors").asInt()).isEqualTo(3);
    assertThat(saved.get("accuracy").asDouble()).isEqualTo(7.0 / 13);
    assertThat(saved.get("exact_string_match_accuracy").asDouble()).isEqualTo(2.0 / 13);
    assertThat(saved.get("category_accuracy").toString()).isEqualTo(
        "{\"convention\":{\"total\":4,\"matches\":3,\"accuracy\":0.75},"
            + "\"lookup\":{\"total\":5,\"matches\":2,\"accuracy\":0.4},"
            + "\"text_quantity\":{\"total\":4,\"matches\":2,\"accuracy\":0.5}}");
    assertThat(saved.get("input_mode").asText()).isEqualTo("jsonl_path");
    assertThat(saved.get("expected").asInt()).isEqualTo(21);
    assertThat(saved.get("answered").asInt()).isEqualTo(12);
    assertThat(saved.get("missing").asInt()).isEqualTo(9);
    assertThat(saved.get("duplicates").asInt()).isEqualTo(1);
    assertThat(saved.get("accuracy_over_benchmark").asDouble()).isEqualTo(7.0 / 21);
    JsonNode mismatches = saved.get("mismatches");
    assertThat(mismatches).hasSize(6);
    List<String> shown = new ArrayList<>();
    for (Iterator<JsonNode> it = mismatches.elements(); it.hasNext(); ) {
      JsonNode m = it.next();
      shown.add(m.get("question_id") + " " + m.get("gold_results") + " " + m.get("prediction_results"));
    }
    assertThat(shown).containsExactly("24 [[\"29 December 2008\"]] []", "37 [[\"7:00pm–11:00pm\"]] null",
        "51 [[1993.0]] null", "1 [[217]] [[null]]", "43 [[\"Mariya Koryttseva\"]] [[\"wrong\"]]", "9 [[12]] null");
    assertThat(mismatches.get(0).get("gold_sql").asText()).isEqualTo(questions().get(24).sql());
  }

  @Test
  void explicitLlmsqlJudge_keepsTheOnePointZeroRules() throws Exception {
    // --judge llmsql: gold SQL runs, rows must be equal, a repeated id is an input problem, no 2.0 figures
    EvaluationReport result = Evaluator.builder().questionsPath(Llmsql2Fixture.questions())
        .dbPath(Llmsql2Fixture.database()).judge(Judges.llmsql()).noReportFile().showMismatches(false)
        .noGoldCache().threads(1).build().run(predictions());

    assertThat(result.judge()).isEqualTo("llmsql");
    assertThat(result.total()).isEqualTo(12);
    assertThat(result.duplicates()).isEqualTo(1);
    assertThat(result.version()).isEmpty();
    assertThat(result.categoryAccuracy()).isEmpty();
    // exact rows only: q2, q3 (reference SQL), q40 (17), q18 (4), and q9, whose first statement 1.0 takes alone;
    // "$274.0", (9, 'count') and "Mariya Koryttseva (2)" miss
    assertThat(result.matches()).isEqualTo(5);
  }

  @Test
  void withDelete_throughWith_neverChangesTheDatabase() throws Exception {
    Path db = Llmsql2Fixture.database();
    String before = sha256(db);
    Path outputs = Files.writeString(dir.resolve("outputs.jsonl"),
        line(18, "```sql\nWITH x AS (SELECT 1) DELETE FROM \"2-16882035-1\"\n```") + "\n"
            + line(2, "WITH x AS (SELECT 1) UPDATE \"1-29135051-2\" SET \"Singer(s)\" = 'Hurts' RETURNING \"Singer(s)\"")
            + "\n", StandardCharsets.UTF_8);

    EvaluationReport result = Evaluator.builder().questionsPath(Llmsql2Fixture.questions()).dbPath(db)
        .noReportFile().showMismatches(false).noGoldCache().threads(1).build().run(outputs);

    assertThat(result.matches()).isZero();
    assertThat(result.sqlErrors()).isEqualTo(2);
    assertThat(sha256(db)).isEqualTo(before);
  }

  @Test
  void blobRows_mismatchAsUpstream_butTheReportIsWritten() throws Exception {
    // upstream's verdict: b'274' is not 274.0 (no match), and then its report writer crashes on the blob
    Path outputs = Files.writeString(dir.resolve("outputs.jsonl"),
        line(12, "SELECT CAST('274' AS BLOB)") + "\n", StandardCharsets.UTF_8);
    Path report = dir.resolve("report.json");

    EvaluationReport result = Evaluator.builder().questionsPath(Llmsql2Fixture.questions())
        .dbPath(Llmsql2Fixture.database()).saveReport(report).showMismatches(false).noGoldCache().threads(1).build()
        .run(outputs);

    assertThat(result.matches()).isZero();
    assertThat(result.sqlErrors()).isZero();
    assertThat(result.results().get(0).verdict().detail()).startsWith("no_match (closest: rule1_equal, 0 of 1 ");
    JsonNode saved = JSON.readTree(report.toFile());
    assertThat(saved.get("mismatches").get(0).get("prediction_results").toString()).isEqualTo("[[\"Mjc0\"]]");
  }

  private static Map<Integer, Question> questions() {
    return QuestionReader.read(Llmsql2Fixture.questions());
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }
}
