package dev.llmsql.inference.falcon;

import static java.util.Objects.requireNonNull;

import dev.llmsql.Evaluator;
import dev.llmsql.inference.Inference;
import dev.llmsql.inference.InferenceSummary;
import dev.llmsql.judge.Outcome;
import dev.llmsql.judge.llm.ChatClient;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Mismatch;
import dev.llmsql.report.QuestionDetail;
import dev.llmsql.report.QuestionResult;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * DB-GPT Falcon-style multi-model run: every model answers every question in each of several rounds (models
 * run concurrently, each within its own client's limits), each round is evaluated, and two CSV tables are
 * written to the output directory: {@value #EXECUTION_CSV} (per round and model: executed, RIGHT, WRONG,
 * FAILED, executability rate, accuracy) and {@value #COMPARISON_CSV} (per round, model and question: question,
 * gold SQL, gold result, predicted SQL, result, error, verdict). Predictions go to
 * {@code round-N/MODEL.jsonl}; a re-run resumes them like {@link Inference}.
 *
 * <pre>{@code
 * List<RoundResult> results = FalconRun.builder()
 *     .model("qwen", qwenClient).model("llama", llamaClient)
 *     .rounds(2).shots(0)
 *     .questionsPath(Path.of("questions.jsonl")).tablesPath(Path.of("tables.jsonl"))
 *     .dbPath(Path.of("db.sqlite")).outputDir(Path.of("falcon"))
 *     .build().run();
 * }</pre>
 */
public final class FalconRun {

  public static final String EXECUTION_CSV = "execution-results.csv";
  public static final String COMPARISON_CSV = "comparison-results.csv";
  static final List<String> EXECUTION_COLUMNS = List.of("round", "model", "questions", "executed", "right",
      "wrong", "failed", "executability_rate", "accuracy");
  static final List<String> COMPARISON_COLUMNS = List.of("round", "model", "question_id", "question", "gold_sql",
      "gold_result", "predicted_sql", "result", "error", "verdict");
  private static final int MAX_CELL = 2_000;

  private final Map<String, ChatClient> models;
  private final int rounds;
  private final int shots;
  private final int concurrency;
  private final Path questions;
  private final Path tables;
  private final Path db;
  private final Path outputDir;

  private FalconRun(Builder b) {
    this.models = new LinkedHashMap<>(b.models);
    this.rounds = b.rounds;
    this.shots = b.shots;
    this.concurrency = b.concurrency;
    this.questions = b.questions;
    this.tables = b.tables;
    this.db = b.db;
    this.outputDir = b.outputDir;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Runs every round and writes both CSV tables; returns the rows, by round then model order. */
  public List<RoundResult> run() {
    List<RoundResult> results = new ArrayList<>();
    for (int round = 1; round <= rounds; round++) {
      int r = round;
      List<CompletableFuture<RoundResult>> running = new ArrayList<>();
      for (Map.Entry<String, ChatClient> model : models.entrySet()) {
        running.add(CompletableFuture.supplyAsync(() -> runOne(r, model.getKey(), model.getValue())));
      }
      try {
        running.forEach(f -> results.add(f.join()));
      } catch (CompletionException e) {
        if (e.getCause() instanceof RuntimeException re) {
          throw re;
        }
        throw e;
      }
    }
    try {
      writeExecution(results, outputDir.resolve(EXECUTION_CSV));
      writeComparison(results, outputDir.resolve(COMPARISON_CSV));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the Falcon tables into " + outputDir + ": " + e
          + "; choose a writable outputDir", e);
    }
    return List.copyOf(results);
  }

  private RoundResult runOne(int round, String name, ChatClient client) {
    Path predictions = outputDir.resolve("round-" + round).resolve(name + ".jsonl");
    InferenceSummary summary = Inference.builder().client(client).questionsPath(questions).tablesPath(tables)
        .shots(shots).concurrency(concurrency).build().run(predictions);
    // models of a round are evaluated at once in this JVM, and the shared gold cache file's lock is per
    // process, so concurrent evaluations would trip over it; the gold queries are cheap next to the model calls
    EvaluationReport report = Evaluator.builder().questionsPath(questions).dbPath(db).noReportFile()
        .showMismatches(false).noGoldCache().build().run(predictions);
    Map<Outcome, Integer> counts = report.outcomeCounts();
    int right = counts.getOrDefault(Outcome.MATCH, 0);
    int wrong = counts.getOrDefault(Outcome.MISMATCH, 0);
    int asked = summary.selected();
    return new RoundResult(round, name, asked, right + wrong, right, wrong, asked - right - wrong, predictions,
        report);
  }

  private static void writeExecution(List<RoundResult> results, Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
         CSVPrinter csv = CSVFormat.RFC4180.builder().setHeader(EXECUTION_COLUMNS.toArray(String[]::new)).get()
             .print(w)) {
      for (RoundResult r : results) {
        csv.printRecord(r.round(), r.model(), r.questions(), r.executed(), r.right(), r.wrong(), r.failed(),
            String.format(Locale.ROOT, "%.4f", r.executabilityRate()),
            String.format(Locale.ROOT, "%.4f", r.accuracy()));
      }
    }
  }

  private void writeComparison(List<RoundResult> results, Path file) throws IOException {
    Map<Integer, String[]> asked = questionTexts();
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
         CSVPrinter csv = CSVFormat.RFC4180.builder().setHeader(COMPARISON_COLUMNS.toArray(String[]::new)).get()
             .print(w)) {
      for (RoundResult r : results) {
        Map<Integer, QuestionResult> byId = new HashMap<>();
        r.report().results().forEach(q -> byId.put(q.questionId(), q));
        for (Map.Entry<Integer, String[]> q : asked.entrySet()) {
          int id = q.getKey();
          QuestionResult result = byId.get(id);
          if (result == null) {
            csv.printRecord(r.round(), r.model(), id, q.getValue()[0], q.getValue()[1], "", "", "",
                "no prediction: the model call failed", "FAILED");
            continue;
          }
          Mismatch m = r.report().mismatch(id).orElse(null);
          String predicted = r.report().detail(id).map(QuestionDetail::predictedSql).orElse(null);
          String verdict = switch (result.outcome()) {
            case MATCH -> "RIGHT";
            case MISMATCH -> "WRONG";
            default -> "FAILED";
          };
          // a RIGHT prediction's rows are the gold rows, which the report does not keep for matches
          csv.printRecord(r.round(), r.model(), id, q.getValue()[0], q.getValue()[1],
              m == null ? "" : cell(m.goldResults()), predicted == null ? "" : predicted,
              m == null ? "" : cell(m.predictionResults()), result.error() == null ? "" : result.error(),
              verdict);
        }
      }
    }
  }

  /** Question id to {question, gold SQL}, in file order; only as many as were asked. */
  private Map<Integer, String[]> questionTexts() throws IOException {
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    Map<Integer, String[]> texts = new LinkedHashMap<>();
    try (BufferedReader in = Files.newBufferedReader(questions, StandardCharsets.UTF_8)) {
      String line;
      while ((line = in.readLine()) != null) {
        if (!line.isBlank()) {
          var node = json.readTree(line);
          texts.put(node.path("question_id").asInt(), new String[] {node.path("question").asText(),
              node.path("sql").asText()});
        }
      }
    }
    return texts;
  }

  private static String cell(List<List<Object>> rows) {
    if (rows == null) {
      return "";
    }
    String s = rows.toString();
    return s.length() <= MAX_CELL ? s : s.substring(0, MAX_CELL) + "...";
  }

  @Override
  public String toString() {
    return "FalconRun[models=" + models.keySet() + ", rounds=" + rounds + ", shots=" + shots + ", outputDir="
        + outputDir + "]";
  }

  /** Options of {@link FalconRun}; at least one model, the questions, tables, database and output dir. */
  public static final class Builder {
    private final Map<String, ChatClient> models = new LinkedHashMap<>();
    private int rounds = 1;
    private int shots = Inference.DEFAULT_SHOTS;
    private int concurrency = Inference.DEFAULT_CONCURRENCY;
    private Path questions;
    private Path tables;
    private Path db;
    private Path outputDir;

    private Builder() {
    }

    /** A model under {@code name} (used for file names and table rows). */
    public Builder model(String name, ChatClient client) {
      requireNonNull(client, "client");
      if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
        throw new IllegalArgumentException("model name must be letters, digits, '.', '_' or '-' (it names "
            + "files), but was '" + name + "'");
      }
      if (models.putIfAbsent(name, client) != null) {
        throw new IllegalArgumentException("model '" + name + "' was already added; give each model its own name");
      }
      return this;
    }

    public Builder rounds(int rounds) {
      if (rounds < 1) {
        throw new IllegalArgumentException("rounds must be at least 1, but was " + rounds);
      }
      this.rounds = rounds;
      return this;
    }

    /** Worked examples per prompt: 0, 1 or 5. */
    public Builder shots(int shots) {
      Inference.builder().shots(shots);   // the same rule and message as Inference
      this.shots = shots;
      return this;
    }

    /** Questions in flight per model. */
    public Builder concurrency(int concurrency) {
      Inference.builder().concurrency(concurrency);
      this.concurrency = concurrency;
      return this;
    }

    public Builder questionsPath(Path questions) {
      this.questions = requireNonNull(questions, "questions");
      return this;
    }

    public Builder tablesPath(Path tables) {
      this.tables = requireNonNull(tables, "tables");
      return this;
    }

    public Builder dbPath(Path db) {
      this.db = requireNonNull(db, "db");
      return this;
    }

    public Builder outputDir(Path dir) {
      this.outputDir = requireNonNull(dir, "dir");
      return this;
    }

    public FalconRun build() {
      if (models.isEmpty()) {
        throw new IllegalStateException("no model; call model(name, client) once per model");
      }
      if (questions == null || tables == null || db == null || outputDir == null) {
        throw new IllegalStateException("questionsPath, tablesPath, dbPath and outputDir are all required");
      }
      return new FalconRun(this);
    }
  }
}
