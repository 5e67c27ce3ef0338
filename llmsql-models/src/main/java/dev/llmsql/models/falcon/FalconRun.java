package dev.llmsql.models.falcon;

import static java.util.Objects.requireNonNull;

import dev.llmsql.Evaluator;
import dev.llmsql.config.Range;
import dev.llmsql.config.Settings;
import dev.llmsql.models.inference.Inference;
import dev.llmsql.models.inference.InferenceSummary;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.csv.CsvCells;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.threads.DaemonThreads;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * DB-GPT Falcon-style multi-model run: every model answers every question in each of several rounds (models
 * run concurrently, each within its own client's limits), each round is evaluated, and two CSV tables are
 * written to the output directory: {@value #EXECUTION_CSV} (per round and model: executed, RIGHT, WRONG,
 * FAILED, executability rate, accuracy), {@value #COMPARISON_CSV} (DB-GPT's {@code benchmark_compare_result}
 * sheet with its column names, per round, model and question: question, gold SQL, gold result, predicted SQL,
 * result, error, verdict; RIGHT rows carry both results too, as JSON objects of columns such as
 * {@code {"Name":["Ann"],"Age":[31.0]}}) and {@value #EVALUATION_CSV} (DB-GPT's {@code dataset_evaluation_result}
 * sheet with its column names). Every table starts with a UTF-8 byte order mark so spreadsheet programs
 * read non-ASCII text right. Predictions go to
 * {@code round-N/MODEL.jsonl}; a re-run resumes them like {@link Inference}.
 *
 * <p>Defaults: one round, {@value Inference#DEFAULT_SHOTS} shots for LLMSQL 1.0 questions and none for 2.0
 * ones, every question, {@value
 * Inference#DEFAULT_CONCURRENCY} questions in flight per model, judged by {@link Judges#llmsql()}.
 *
 * <pre>{@code
 * ChatClient qwenClient = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen").build();
 * ChatClient llamaClient = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("llama").build();
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
  /** DB-GPT's per-question execution sheet ({@code dataset_evaluation_result}), one row per round and model. */
  public static final String EVALUATION_CSV = "dataset_evaluation_result.csv";
  /**
   * DB-GPT's {@code benchmark_compare_result} sheet, column for column, then {@code roundId} (DB-GPT keeps the
   * round of a comparison record apart, we keep every round in one table).
   */
  static final List<String> COMPARISON_COLUMNS = List.of("serialNo", "analysisModelId", "question",
      "selfDefineTags", "prompt", "standardAnswerSql", "standardAnswer", "llmCode", "llmOutput", "executeResult",
      "errorMsg", "compareResult", "roundId");
  /** DB-GPT's {@code dataset_evaluation_result} sheet, column for column (its names are Chinese). */
  static final List<String> EVALUATION_COLUMNS = List.of("编号", "大模型名称", "轮次", "数据集ID", "用户问题",
      "自定义标签", "知识", "prompt", "Cot长度", "LLM输出结果", "结果执行", "执行结果的报错信息", "traceId", "耗时（秒）");
  /** Starts every CSV so spreadsheet programs read it as UTF-8 (without it Excel guesses a legacy code page). */
  static final char BOM = '\uFEFF';
  private final Map<String, ChatClient> models;
  private final Map<String, Integer> concurrencies;
  private final int rounds;
  private final Integer shots;
  private final int concurrency;
  private final int limit;
  private final Judge judge;
  private final Path questions;
  private final Path tables;
  private final Path db;
  private final Path outputDir;
  private final dev.llmsql.models.inference.InferenceListener listener;

  private FalconRun(Builder b) {
    this.models = new LinkedHashMap<>(b.models);
    this.concurrencies = new HashMap<>(b.concurrencies);
    this.rounds = b.rounds;
    this.shots = b.shots;
    this.concurrency = b.concurrency;
    this.limit = b.limit;
    this.judge = b.judge;
    this.questions = b.questions;
    this.tables = b.tables;
    this.db = b.db;
    this.outputDir = b.outputDir;
    this.listener = b.listener;
  }

  /**
   * {@code name} when it can name a model: letters, digits, '.', '_' or '-', since it names the model's files in
   * the output folder. A caller that creates any of them before building checks it first.
   *
   * @throws IllegalArgumentException otherwise, e.g. for {@code ../x}, which would name a file outside the folder
   */
  public static String requireModelName(String name) {
    if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
      throw new IllegalArgumentException("model name must be letters, digits, '.', '_' or '-' (it names "
          + "files), but was '" + name + "'");
    }
    return name;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Runs every round and writes both CSV tables; returns the rows, by round then model order. */
  public List<RoundResult> run() {
    // before any model call: the tables must not land on a FIFO, a device or an input of the run
    Map<String, Path> inputs = new java.util.LinkedHashMap<>();
    inputs.put("questions file", questions);
    inputs.put("tables file", tables);
    inputs.put("database", db);
    for (String table : List.of(EXECUTION_CSV, COMPARISON_CSV, EVALUATION_CSV)) {
      dev.llmsql.report.ReportFiles.requireWritableTarget(outputDir.resolve(table), inputs);
    }
    List<RoundResult> results = new ArrayList<>();
    // by identity: a record's equals would compare whole reports
    Map<RoundResult, ResultCapture> captured = new java.util.IdentityHashMap<>();
    // a thread per model: the common pool has cores - 1 threads, so on four cores a fifth model would wait
    ExecutorService perModel = Executors.newFixedThreadPool(models.size(), DaemonThreads.named("falcon-model"));
    try {
      listener.onInferenceStart(rounds * models.size() * questionCount(), 0);
      runRounds(perModel, results, captured);
    } finally {
      perModel.shutdownNow();
    }
    try {
      writeExecution(results, outputDir.resolve(EXECUTION_CSV));
      writeComparison(results, captured, outputDir.resolve(COMPARISON_CSV), outputDir.resolve(EVALUATION_CSV));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the Falcon tables into " + outputDir + ": " + e
          + "; choose a writable outputDir", e);
    }
    return List.copyOf(results);
  }

  private void runRounds(ExecutorService perModel, List<RoundResult> results,
                         Map<RoundResult, ResultCapture> captured) {
    for (int round = 1; round <= rounds; round++) {
      int r = round;
      List<CompletableFuture<RoundResult>> running = new ArrayList<>();
      for (Map.Entry<String, ChatClient> model : models.entrySet()) {
        ResultCapture capture = new ResultCapture();
        running.add(CompletableFuture.supplyAsync(() -> runOne(r, model.getKey(), model.getValue(), capture),
                perModel)
            .thenApply(result -> {
              synchronized (captured) {
                captured.put(result, capture);
              }
              return result;
            }));
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
  }

  private RoundResult runOne(int round, String name, ChatClient client, ResultCapture capture) {
    Path predictions = outputDir.resolve("round-" + round).resolve(name + ".jsonl");
    Inference.Builder inference = Inference.builder().client(client).questionsPath(questions).tablesPath(tables)
        .concurrency(concurrencies.getOrDefault(name, concurrency));
    if (shots != null) {
      inference.shots(shots);
    }
    if (limit != Integer.MAX_VALUE) {
      inference.limit(limit);
    }
    inference.listener(new dev.llmsql.models.inference.InferenceListener() {
      @Override
      public void onInferenceStart(int toAsk, int alreadyAnswered) {
        // answers kept from an interrupted run are done: they count at once
        for (int i = 0; i < alreadyAnswered; i++) {
          heard(-1, false);
        }
      }

      @Override
      public void onAnswer(long questionId, boolean failed) {
        heard(questionId, failed);
      }
    });
    InferenceSummary summary = inference.build().run(predictions);
    // models of a round are evaluated at once in this JVM, and the shared gold cache file's lock is per
    // process, so concurrent evaluations would trip over it; the gold queries are cheap next to the model calls
    // a round where every model call failed leaves an empty predictions file: a run of nothing, not an error
    EvaluationReport report = Evaluator.builder().questionsPath(questions).dbPath(db).noReportFile()
        .allowEmptyInput(true).showMismatches(false).noGoldCache().judge(judge).listener(capture).build()
        .run(predictions);
    Map<Outcome, Integer> counts = report.outcomeCounts();
    int right = counts.getOrDefault(Outcome.MATCH, 0);
    int wrong = counts.getOrDefault(Outcome.MISMATCH, 0);
    int asked = summary.selected();
    return new RoundResult(round, name, asked, right + wrong, right, predictions, report);
  }

  private void heard(long questionId, boolean failed) {
    // models of a round answer at once: one call at a time, so a listener need not be thread-safe
    synchronized (listener) {
      listener.onAnswer(questionId, failed);
    }
  }

  private static void writeExecution(List<RoundResult> results, Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
         CSVPrinter csv = CSVFormat.RFC4180.builder().setHeader(EXECUTION_COLUMNS.toArray(String[]::new)).get()
             .print(bom(w))) {
      for (RoundResult r : results) {
        csv.printRecord(CsvCells.row(r.round(), r.model(), r.questions(), r.executed(), r.right(), r.wrong(),
            r.failed(), String.format(Locale.ROOT, "%.4f", r.executabilityRate()),
            String.format(Locale.ROOT, "%.4f", r.accuracy())));
      }
    }
  }

  private void writeComparison(List<RoundResult> results, Map<RoundResult, ResultCapture> captured, Path file,
                               Path evaluationFile) throws IOException {
    Map<Integer, String[]> asked = questionTexts();
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
         CSVPrinter csv = CSVFormat.RFC4180.builder().setHeader(COMPARISON_COLUMNS.toArray(String[]::new)).get()
             .print(bom(w));
         Writer ew = Files.newBufferedWriter(evaluationFile, StandardCharsets.UTF_8);
         CSVPrinter evaluation = CSVFormat.RFC4180.builder().setHeader(EVALUATION_COLUMNS.toArray(String[]::new))
             .get().print(bom(ew))) {
      for (RoundResult r : results) {
        Map<Integer, QuestionResult> byId = new HashMap<>();
        r.report().results().forEach(q -> byId.put(q.questionId(), q));
        for (Map.Entry<Integer, String[]> q : asked.entrySet()) {
          int id = q.getKey();
          String[] text = q.getValue();
          QuestionResult result = byId.get(id);
          if (result == null) {
            String error = "no prediction: the model call failed";
            csv.printRecord(CsvCells.row(id, text[2], text[0], "", "", text[1], "", r.model(), "", "", error,
                "FAILED", r.round()));
            evaluation.printRecord(CsvCells.row(id, r.model(), r.round(), text[2], text[0], "", "", "", "", "", "",
                error, "", ""));
            continue;
          }
          ResultCapture.Cells cells = captured.get(r).cells(id).orElse(new ResultCapture.Cells("", ""));
          String predicted = r.report().detail(id).map(QuestionDetail::predictedSql).orElse(null);
          String verdict = switch (result.outcome()) {
            case MATCH -> "RIGHT";
            case MISMATCH -> "WRONG";
            default -> "FAILED";
          };
          csv.printRecord(CsvCells.row(id, text[2], text[0], "", "", text[1], cells.gold(), r.model(), predicted,
              cells.predicted(), result.error(), verdict, r.round()));
          evaluation.printRecord(CsvCells.row(id, r.model(), r.round(), text[2], text[0], "", "", "", "", predicted,
              cells.predicted(), result.error(), "", ""));
        }
      }
    }
  }

  private static Writer bom(Writer w) throws IOException {
    w.write(BOM);
    return w;
  }

  /**
   * How many questions each model is asked: non-blank lines up to the limit, counted without parsing, so a
   * malformed line is still reported by {@link Inference} with its file and line; 0 when unreadable (the
   * inference run reports that too).
   */
  private int questionCount() {
    int count = 0;
    try (dev.llmsql.benchmark.BoundedLineReader in = dev.llmsql.benchmark.BoundedLineReader.open(questions)) {
      String line;
      while (count < limit && (line = in.readLine()) != null) {
        if (!line.isBlank()) {
          count++;
        }
      }
    } catch (IOException | RuntimeException e) {
      return count;
    }
    return count;
  }

  /** Question id to {question, gold SQL, table id}, in file order; only as many as were asked. */
  private Map<Integer, String[]> questionTexts() throws IOException {
    com.fasterxml.jackson.databind.ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper();
    Map<Integer, String[]> texts = new LinkedHashMap<>();
    try (dev.llmsql.benchmark.BoundedLineReader in = dev.llmsql.benchmark.BoundedLineReader.open(questions)) {
      String line;
      while ((line = in.readLine()) != null && texts.size() < limit) {
        if (!line.isBlank()) {
          var node = json.readTree(line);
          texts.put(node.path("question_id").asInt(), new String[] {node.path("question").asText(),
              goldSql(node.path("sql")), node.path("table_id").asText("")});
        }
      }
    }
    return texts;
  }

  /** The gold SQL cell: the statement, alternatives one per line, empty for a question given only results. */
  private static String goldSql(com.fasterxml.jackson.databind.JsonNode sql) {
    if (sql.isArray()) {
      List<String> all = new ArrayList<>();
      sql.forEach(s -> all.add(s.asText()));
      return String.join("\n", all);
    }
    return sql.isMissingNode() || sql.isNull() ? "" : sql.asText();
  }

  @Override
  public String toString() {
    return "FalconRun[models=" + models.keySet() + ", rounds=" + rounds + ", shots=" + (shots == null ? "default" : shots)
        + (limit == Integer.MAX_VALUE ? "" : ", limit=" + limit) + ", judge=" + judge.name() + ", outputDir="
        + outputDir + "]";
  }

  /** Options of {@link FalconRun}; at least one model, the questions, tables, database and output dir. */
  public static final class Builder {
    private final Map<String, ChatClient> models = new LinkedHashMap<>();
    private final Map<String, Integer> concurrencies = new HashMap<>();
    private int rounds = 1;
    private Integer shots;
    private int concurrency = Inference.DEFAULT_CONCURRENCY;
    private int limit = Integer.MAX_VALUE;
    private Judge judge = Judges.llmsql();
    private Path questions;
    private Path tables;
    private Path db;
    private Path outputDir;
    private dev.llmsql.models.inference.InferenceListener listener = dev.llmsql.models.inference.InferenceListener.NONE;
    private final Settings settings = new Settings("FalconRun.Builder");

    /**
     * Hears every model answer of every round (the total: rounds × models × questions; answers kept from an
     * interrupted run count as done at once, with question id -1), e.g. to draw progress; the library prints
     * nothing itself.
     */
    public Builder listener(dev.llmsql.models.inference.InferenceListener listener) {
      this.listener = settings.once("listener", requireNonNull(listener, "listener"));
      return this;
    }

    private Builder() {
    }

    /** A model under {@code name} (used for file names and table rows; see {@link #requireModelName}). */
    public Builder model(String name, ChatClient client) {
      requireNonNull(client, "client");
      requireModelName(name);
      if (models.putIfAbsent(name, client) != null) {
        throw new IllegalArgumentException("model '" + name + "' was already added; give each model its own name");
      }
      return this;
    }

    /**
     * A model under {@code name} with {@code concurrency} questions in flight, in place of the shared
     * {@link #concurrency(int)}: each model runs within its own server's limits.
     */
    public Builder model(String name, ChatClient client, int concurrency) {
      Inference.builder().concurrency(concurrency);
      model(name, client);
      concurrencies.put(name, concurrency);
      return this;
    }

    /** Rounds per model ({@link Range#ROUNDS}). */
    public Builder rounds(int rounds) {
      this.rounds = settings.once("rounds", Range.ROUNDS.check("rounds", rounds));
      return this;
    }

    /** Worked examples per LLMSQL 1.0 prompt: 0, 1 or 5; LLMSQL 2.0 questions are asked zero-shot. */
    public Builder shots(int shots) {
      Inference.builder().shots(shots);   // the same rule and message as Inference
      this.shots = settings.once("shots", shots);
      return this;
    }

    /** Questions in flight per model, unless the model was added with its own. */
    public Builder concurrency(int concurrency) {
      Inference.builder().concurrency(concurrency);
      this.concurrency = settings.once("concurrency", concurrency);
      return this;
    }

    /** Only the first {@code limit} questions of the file, for a quick run. */
    public Builder limit(int limit) {
      Inference.builder().limit(limit);
      this.limit = settings.once("limit", limit);
      return this;
    }

    /** How each answer is judged RIGHT or WRONG; default {@link Judges#llmsql()}. */
    public Builder judge(Judge judge) {
      this.judge = settings.once("judge", requireNonNull(judge, "judge"));
      return this;
    }

    public Builder questionsPath(Path questions) {
      this.questions = settings.once("questionsPath", requireNonNull(questions, "questions"));
      return this;
    }

    public Builder tablesPath(Path tables) {
      this.tables = settings.once("tablesPath", requireNonNull(tables, "tables"));
      return this;
    }

    public Builder dbPath(Path db) {
      this.db = settings.once("dbPath", requireNonNull(db, "db"));
      return this;
    }

    public Builder outputDir(Path dir) {
      this.outputDir = settings.once("outputDir", requireNonNull(dir, "dir"));
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
