package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.html.Leaderboard;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes SCALE's reports of a suite run into a directory (shapes in {@code docs/REPORTS.md}):
 * {@value #SCORE_REPORTS}{@code /<model>.json} (capability and metric scores, the leaderboard data),
 * {@value #CASE_REPORTS}{@code /<model>/<capability>.json} (per metric the pass/wrong/failed counts,
 * correct rate and every case with prompt, answers and verdict), {@value #MODEL_PAGES}{@code /<model>.html}
 * (one HTML page per model: capability breakdown, the weighted points behind each score, every metric and
 * every case with the judges' verdicts and reasons) and {@value #LEADERBOARD} (the HTML page with a radar chart
 * of capability scores per model). The process log is written while running, by the
 * {@code ChatClient}s' {@code ProcessLog}; the command line puts it at {@value #PROCESS_LOGS}{@code /process.jsonl}.
 * Model names become file names with anything but letters, digits, '.', '-' and '_' replaced by '_'.
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").build();
 * CapabilitySuite suite = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json")).judge(judge).build();
 * List<ModelResult> results = suite.run(List.of(target));
 * SuiteReports.write(results, Path.of("suite-reports"));
 * }</pre>
 */
public final class SuiteReports {

  public static final String SCORE_REPORTS = "eval_reports";
  public static final String CASE_REPORTS = "evaluation_case_reports";
  public static final String PROCESS_LOGS = "evaluation_process_detail_logs";
  public static final String LEADERBOARD = "leaderboard.html";
  /** Per-model HTML pages: capability breakdown, weighted scores, every case with the judges' reasons. */
  public static final String MODEL_PAGES = "model_pages";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private SuiteReports() {
  }

  /** Writes every report of {@code results} into {@code directory}; returns the files written. */
  public static List<Path> write(List<ModelResult> results, Path directory) throws IOException {
    requireNonNull(results, "results");
    requireNonNull(directory, "directory");
    List<Path> written = new ArrayList<>();
    List<Leaderboard.SuiteEntry> board = new ArrayList<>();
    for (ModelResult r : results) {
      String model = fileName(r.model());
      written.add(save(directory.resolve(SCORE_REPORTS).resolve(model + ".json"), scoreReport(r)));
      Set<String> capabilities = new LinkedHashSet<>();
      r.cases().forEach(c -> capabilities.add(c.suiteCase().capability()));
      r.capabilities().forEach(c -> capabilities.add(c.capability()));
      for (String capability : capabilities) {
        written.add(save(directory.resolve(CASE_REPORTS).resolve(model).resolve(fileName(capability) + ".json"),
            caseReport(r, capability)));
      }
      String page = ModelPage.render(r);
      Path pageFile = directory.resolve(MODEL_PAGES).resolve(model + ".html");
      ReportFiles.write(pageFile, out -> out.write(page.getBytes(StandardCharsets.UTF_8)));
      written.add(pageFile);
      Map<String, Double> points = new LinkedHashMap<>();
      r.capabilities().forEach(c -> points.put(c.capability(), c.score().doubleValue()));
      board.add(new Leaderboard.SuiteEntry(r.model(), points));
    }
    if (!board.isEmpty()) {
      Path page = directory.resolve(LEADERBOARD);
      Files.createDirectories(directory);
      Leaderboard.write(List.of(), board, page);
      written.add(page);
    }
    return written;
  }

  /** The score report of one model. */
  static ObjectNode scoreReport(ModelResult r) {
    ObjectNode root = JSON.createObjectNode();
    root.put("model", r.model());
    root.put("suite", r.suite());
    root.put("wall_time_ms", r.wallTime().toMillis());
    root.put("cases", r.cases().size());
    root.put("failed_cases", r.failedCases());
    ArrayNode capabilities = root.putArray("capabilities");
    for (CapabilityScore c : r.capabilities()) {
      ObjectNode cap = capabilities.addObject();
      cap.put("capability", c.capability());
      cap.put("score", c.score());
      cap.put("weighted_points", c.weightedPoints());
      cap.put("weighted_max", c.weightedMax());
      ArrayNode metrics = cap.putArray("metrics");
      for (MetricScore m : c.metrics()) {
        ObjectNode metric = metrics.addObject();
        metric.put("metric", m.metric());
        metric.put("weight", m.weight());
        metric.put("evaluation", m.evaluation().configName());
        metric.put("score", m.score());
        metric.put("points", m.points());
        metric.put("max_points", m.maxPoints());
        metric.put("passed", m.passed());
        metric.put("wrong", m.wrong());
        metric.put("failed", m.failed());
      }
    }
    ArrayNode unscored = root.putArray("unscored_metrics");
    r.unscored().forEach(unscored::add);
    return root;
  }

  /** The HTML page of one model (what {@link #write} saves as {@value #MODEL_PAGES}{@code /<model>.html}). */
  public static String modelPage(ModelResult r) {
    return ModelPage.render(requireNonNull(r, "r"));
  }

  /** The case report of one model and capability. */
  static ObjectNode caseReport(ModelResult r, String capability) {
    ObjectNode root = JSON.createObjectNode();
    root.put("model", r.model());
    root.put("suite", r.suite());
    root.put("capability", capability);
    ArrayNode metrics = root.putArray("metrics");
    List<MetricScore> scores = r.capability(capability).map(CapabilityScore::metrics).orElse(List.of());
    for (MetricScore m : scores) {
      ObjectNode metric = metrics.addObject();
      metric.put("metric", m.metric());
      metric.put("evaluation", m.evaluation().configName());
      metric.put("passed", m.passed());
      metric.put("wrong", m.wrong());
      metric.put("failed", m.failed());
      metric.put("correct_rate", m.correctRate());
      ArrayNode cases = metric.putArray("cases");
      for (CaseResult c : r.cases()) {
        if (c.suiteCase().capability().equals(capability) && c.suiteCase().metric().equals(m.metric())) {
          cases.add(caseNode(c));
        }
      }
    }
    return root;
  }

  private static ObjectNode caseNode(CaseResult c) {
    ObjectNode node = JSON.createObjectNode();
    SuiteCase s = c.suiteCase();
    node.put("id", s.id());
    node.put("difficulty", String.valueOf(s.difficulty()));
    node.put("prompt", c.prompt());
    node.put("answer", c.answer());
    if (s.expected() != null) {
      node.set("expected", s.expected());
    }
    node.put("verdict", c.status().name());
    node.put("detail", c.detail());
    node.put("points", c.points());
    node.put("max_points", c.maxPoints());
    ArrayNode judges = node.putArray("judges");
    for (JudgeVote v : c.votes()) {
      ObjectNode j = judges.addObject();
      j.put("model", v.model());
      j.put("verdict", v.verdict());
      if (v.verdict().equals("rules")) {
        ArrayNode ids = j.putArray("matched_rule_ids");
        v.matchedRuleIds().forEach(ids::add);
      }
      j.put("reason", v.reason());
    }
    if (!c.rules().isEmpty()) {
      ArrayNode rules = node.putArray("rules");
      for (RuleResult rr : c.rules()) {
        rules.addObject().put("id", rr.rule().id()).put("difficulty", String.valueOf(rr.rule().difficulty()))
            .put("matched", rr.matched()).put("judges", rr.judges()).put("passed", rr.passed());
      }
    }
    return node;
  }

  /**
   * The leaderboard entry of a score report written by {@link #write}: the model and its capability scores.
   *
   * @throws IOException when the file cannot be read or is not a suite score report, saying which
   */
  public static Leaderboard.SuiteEntry readScoreReport(Path file) throws IOException {
    com.fasterxml.jackson.databind.JsonNode root;
    String text = dev.llmsql.benchmark.BoundedLineReader.readWhole(file);
    try {
      root = JSON.readTree(text);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IOException(file + ": not valid JSON " + dev.llmsql.files.JsonSyntax.describe(e, text)
          + "; give a score report the suite wrote (" + SCORE_REPORTS + "/<model>.json)", e);
    }
    return scoreEntry(root).orElseThrow(() -> new IOException(file + " is not a suite score report (it needs "
        + "\"model\" and \"capabilities\" [{\"capability\", \"score\"}], as in " + SCORE_REPORTS + "/<model>.json)"));
  }

  /** The leaderboard entry of a parsed score report, empty when {@code root} is not one. */
  static java.util.Optional<Leaderboard.SuiteEntry> scoreEntry(com.fasterxml.jackson.databind.JsonNode root) {
    if (root == null || !root.path("model").isTextual() || !root.path("capabilities").isArray()) {
      return java.util.Optional.empty();
    }
    Map<String, Double> points = new LinkedHashMap<>();
    for (com.fasterxml.jackson.databind.JsonNode c : root.get("capabilities")) {
      if (!c.path("capability").isTextual() || !c.path("score").isNumber()) {
        return java.util.Optional.empty();
      }
      points.put(c.get("capability").asText(), c.get("score").asDouble());
    }
    return java.util.Optional.of(new Leaderboard.SuiteEntry(root.get("model").asText(), points));
  }

  /** {@code name} as a file name. */
  static String fileName(String name) {
    String cleaned = name.replaceAll("[^A-Za-z0-9._-]", "_");
    return cleaned.isEmpty() || cleaned.startsWith(".") ? "_" + cleaned : cleaned;
  }

  private static Path save(Path file, ObjectNode node) throws IOException {
    byte[] text = (JSON.writeValueAsString(node) + "\n").getBytes(StandardCharsets.UTF_8);
    ReportFiles.write(file, out -> out.write(text));
    return file;
  }
}
