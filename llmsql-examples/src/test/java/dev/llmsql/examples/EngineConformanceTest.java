package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.Evaluator;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every engine passes the same judge, hostile-input and report tests: the bundled demo benchmark (50 questions
 * on a company database) loaded into each engine, judged by each judge preset, must give the verdicts it gives
 * on SQLite, but for the dialect differences listed here (and in docs/ENGINES.md) with their reason; hostile
 * predictions must all fail and leave the database as it was; the saved reports must be equal but for timings.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class EngineConformanceTest {

  private static final Path DEMO = Path.of("demo");
  private static final List<String> JUDGES = List.of("llmsql", "spider-exec", "bird", "defog", "falcon", "strict",
      "llmsql-rs");

  @TempDir
  static Path dir;

  private final Map<String, EngineLeg> legs = new TreeMap<>();
  private final Map<String, Map<Integer, Outcome>> sqliteVerdicts = new TreeMap<>();

  @BeforeAll
  void openEngines() throws Exception {
    for (EngineLeg leg : EngineLeg.all(dir)) {
      legs.put(leg.name(), leg);
    }
    for (String judge : JUDGES) {
      sqliteVerdicts.put(judge, verdicts(evaluate(legs.get("sqlite"), judge, DEMO.resolve("predictions.jsonl"),
          null)));
    }
  }

  @AfterAll
  void closeEngines() throws Exception {
    for (EngineLeg leg : legs.values()) {
      leg.close();
    }
  }

  Stream<String> engines() {
    return legs.keySet().stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void demo_everyJudge_givesSqlitesVerdictsButForTheListedDialectDifferences(String engine) throws Exception {
    EngineLeg leg = legs.get(engine);
    Map<String, List<String>> differences = new TreeMap<>();
    for (String judge : JUDGES) {
      Map<Integer, Outcome> here = verdicts(evaluate(leg, judge, DEMO.resolve("predictions.jsonl"), null));
      Map<Integer, Outcome> there = sqliteVerdicts.get(judge);
      assertThat(here.keySet()).as(judge).isEqualTo(there.keySet());
      List<String> differing = new ArrayList<>();
      for (Map.Entry<Integer, Outcome> e : here.entrySet()) {
        if (e.getValue() != there.get(e.getKey())) {
          differing.add(e.getKey() + ":" + there.get(e.getKey()) + "->" + e.getValue());
        }
      }
      if (!differing.isEmpty()) {
        differences.put(judge, differing);
      }
    }
    assertThat(differences).as("verdicts that differ from SQLite's").isEqualTo(leg.expectedDifferences());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void hostilePredictions_allFail_andTheDatabaseIsUnchanged(String engine) throws Exception {
    EngineLeg leg = legs.get(engine);
    String before = leg.snapshot();
    List<Prediction> predictions = new ArrayList<>();
    for (int i = 0; i < HOSTILE.size(); i++) {
      predictions.add(new Prediction(i + 1, HOSTILE.get(i)));
    }
    Path scratch = Files.createDirectories(dir.resolve("hostile-" + engine));
    for (String judge : List.of("llmsql", "spider-exec")) {
      EvaluationReport report = evaluator(leg, judge, null).queryTimeout(java.time.Duration.ofSeconds(2)).build()
          .run(predictions);
      assertThat(report.total()).isEqualTo(HOSTILE.size());
      for (QuestionResult result : report.results()) {
        assertThat(result.outcome().isMatch()).as("%s on %s: %s -> %s", judge, engine,
            HOSTILE.get(result.questionId() - 1), result.verdict()).isFalse();
      }
    }
    assertThat(leg.snapshot()).isEqualTo(before);
    assertThat(DemoBenchmarkTest.list(scratch)).isEmpty();
    assertThat(Files.exists(Path.of("llmsql_pwned.txt"))).isFalse();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("engines")
  void savedReport_equalsSqlitesButForTimings(String engine) throws Exception {
    Path here = dir.resolve("report-" + engine + ".json");
    Path there = dir.resolve("report-sqlite-reference-" + engine + ".json");
    evaluate(legs.get(engine), "llmsql", DEMO.resolve("predictions.jsonl"), here);
    evaluate(legs.get("sqlite"), "llmsql", DEMO.resolve("predictions.jsonl"), there);

    ObjectMapper json = new ObjectMapper();
    JsonNode a = withoutTimes(json.readTree(here.toFile()));
    JsonNode b = withoutTimes(json.readTree(there.toFile()));
    List<String> differing = legs.get(engine).expectedDifferences().getOrDefault("llmsql", List.of());
    int gained = (int) differing.stream().filter(d -> d.endsWith("->MATCH")).count();
    int lost = (int) differing.stream().filter(d -> d.contains(":MATCH->")).count();
    java.util.Set<Integer> ids = new java.util.HashSet<>();
    differing.forEach(d -> ids.add(Integer.parseInt(d.substring(0, d.indexOf(':')))));
    assertThat(a.get("total")).isEqualTo(b.get("total"));
    assertThat(a.get("matches").asInt()).isEqualTo(b.get("matches").asInt() + gained - lost);
    // every mismatch of a question judged alike is reported alike (same question, SQL, rows, outcome, reason),
    // but for its detail, which carries the engine's own error message, and the order of rows no ORDER BY fixes
    assertThat(mismatchesBut(a, ids)).isEqualTo(mismatchesBut(b, ids));
  }

  private static List<JsonNode> mismatchesBut(JsonNode report, java.util.Set<Integer> ids) {
    List<JsonNode> kept = new ArrayList<>();
    report.get("mismatches").forEach(m -> {
      if (!ids.contains(m.get("question_id").asInt())) {
        ObjectNode copy = ((ObjectNode) m.deepCopy()).without("detail");
        for (String side : List.of("gold_results", "prediction_results")) {
          if (copy.get(side).isArray()) {
            List<JsonNode> rows = new ArrayList<>();
            copy.get(side).forEach(rows::add);
            rows.sort(java.util.Comparator.comparing(JsonNode::toString));
            copy.putArray(side).addAll(rows);
          }
        }
        kept.add(copy);
      }
    });
    return kept;
  }

  private EvaluationReport evaluate(EngineLeg leg, String judge, Path predictions, Path report) throws Exception {
    return evaluator(leg, judge, report).build().run(predictions);
  }

  private static Evaluator.Builder evaluator(EngineLeg leg, String judge, Path report) {
    Evaluator.Builder b = Evaluator.builder().noGoldCache().questionsPath(DEMO.resolve("questions.jsonl"))
        .database(leg.database()).engine(leg.engine()).judge(Judges.named(judge)).showMismatches(false).threads(2);
    return report == null ? b.noReportFile() : b.saveReport(report);
  }

  private static Map<Integer, Outcome> verdicts(EvaluationReport report) {
    Map<Integer, Outcome> verdicts = new TreeMap<>();
    for (QuestionResult r : report.results()) {
      verdicts.put(r.questionId(), r.outcome());
    }
    return verdicts;
  }

  private static JsonNode withoutTimes(JsonNode node) {
    if (node instanceof ObjectNode o) {
      o.remove(List.of("timestamp", "duration_seconds", "elapsed_seconds"));
      o.elements().forEachRemaining(EngineConformanceTest::withoutTimes);
    } else if (node.isArray()) {
      node.elements().forEachRemaining(EngineConformanceTest::withoutTimes);
    }
    return node;
  }

  /** Completions that try to change the database, read or write files, or exhaust the engine. */
  static final List<String> HOSTILE = List.of(
      "DROP TABLE \"employees\"",
      "SELECT 1; DROP TABLE \"employees\"",
      "DELETE FROM \"employees\"",
      "UPDATE \"employees\" SET \"Salary (USD)\" = 0",
      "INSERT INTO \"employees\" (\"Employee ID\", \"Name\") VALUES (999, 'x')",
      "CREATE TABLE pwned AS SELECT * FROM \"employees\"",
      "WITH x AS (SELECT 1) DELETE FROM \"employees\"",
      "ATTACH DATABASE 'llmsql_pwned.db' AS p",
      "VACUUM INTO 'llmsql_pwned.db'",
      "PRAGMA writable_schema = 1",
      "SELECT load_extension('./libllmsql_pwn.so')",
      "SELECT writefile('llmsql_pwned.txt', 'x')",
      "COPY \"employees\" TO 'llmsql_pwned.txt'",
      "COPY (SELECT 1) TO PROGRAM 'touch llmsql_pwned.txt'",
      "SELECT pg_read_file('/etc/passwd')",
      "SELECT lo_import('/etc/passwd')",
      "SELECT * FROM read_csv('/etc/passwd')",
      "INSTALL httpfs",
      "LOAD httpfs",
      "SET memory_limit = '100GB'",
      "SELECT COUNT(*) FROM \"employees\" a, \"employees\" b, \"employees\" c, \"employees\" d, \"employees\" e, "
          + "\"employees\" f, \"employees\" g",
      "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r",
      "SELECT * FROM \"employees\" a, \"employees\" b, \"employees\" c, \"employees\" d",
      "SELECT replace(printf('%.*c', 100000000, 'x'), 'x', 'yy')");
}
