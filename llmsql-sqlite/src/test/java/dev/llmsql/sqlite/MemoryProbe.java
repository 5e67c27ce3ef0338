package dev.llmsql.sqlite;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An evaluation with default settings whose predictions and gold queries try to exhaust memory, in a JVM of
 * its own: {@code MemoryProbe DIR} prints the count of verdict reasons, then its peak resident set
 * ({@code VmHWM} of /proc/self/status, in kB) as the last line.
 */
public final class MemoryProbe {

  /** Statements that build as much as the bounds let them: wide rows, many rows, many held constants. */
  static final List<String> HOSTILE = List.of(
      "SELECT " + "printf('%.*c', 249990, 'a'), ".repeat(199) + "1",
      "SELECT printf('%.*c', 249990, 'a') || a.n FROM nums a, nums b",
      "SELECT " + "zeroblob(16000000), ".repeat(500) + "1",
      "SELECT randomblob(249990), randomblob(249990) FROM nums a, nums b, nums c",
      held());

  private MemoryProbe() {
  }

  /** As many distinct 250 kB constants as the SQL length limit allows, each held for the whole statement. */
  static String held() {
    StringBuilder sql = new StringBuilder("SELECT 0");
    for (int i = 0; sql.length() < 19_900; i++) {
      sql.append(i % 60 == 59 ? ", 0" : "").append(" + instr(n, printf('%.*c', ").append(249_990 - i).append(", 'a'))");
    }
    return sql.append(" FROM nums").toString();
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    Path dir = Path.of(args[0]);
    Path db = TestDatabases.players(dir);
    ObjectMapper json = new ObjectMapper();
    List<String> questions = new ArrayList<>();
    List<Prediction> predictions = new ArrayList<>();
    int id = 0;
    for (int round = 0; round < 4; round++) {
      for (String sql : HOSTILE) {
        // a hostile prediction against a plain gold, then a hostile gold against a plain prediction
        questions.add(json.writeValueAsString(question(++id, "SELECT COUNT(*) FROM nums")));
        predictions.add(new Prediction(id, sql));
        questions.add(json.writeValueAsString(question(++id, sql)));
        predictions.add(new Prediction(id, "SELECT COUNT(*) FROM nums"));
      }
    }
    Path questionsFile = Files.write(dir.resolve("questions.jsonl"), questions, StandardCharsets.UTF_8);
    EvaluationReport report = Evaluator.builder().questionsPath(questionsFile).dbPath(db).noGoldCache()
        .noReportFile().showMismatches(false).build().run(predictions);
    Map<String, Integer> reasons = new TreeMap<>();
    for (QuestionResult r : report.results()) {
      reasons.merge(r.outcome() + "/" + r.reason(), 1, Integer::sum);
    }
    out.println(reasons);
    out.println(Files.readAllLines(Path.of("/proc/self/status")).stream()
        .filter(l -> l.startsWith("VmHWM:")).findFirst().orElseThrow().replaceAll("\\D", ""));
  }

  private static Map<String, Object> question(int id, String sql) {
    Map<String, Object> q = new LinkedHashMap<>();
    q.put("question_id", id);
    q.put("question", "q" + id);
    q.put("sql", sql);
    q.put("table_id", "nums");
    return q;
  }
}
