package dev.llmsql.spark;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.llmsql.Evaluator;
import dev.llmsql.benchmark.BenchmarkFiles;
import dev.llmsql.benchmark.Benchmarks;
import dev.llmsql.benchmark.Question;
import dev.llmsql.config.EvaluatorSettings;
import dev.llmsql.config.Range;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.judgement.Judges;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.scoring.Scoring;
import dev.llmsql.scoring.Scorings;
import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.api.java.JavaPairRDD;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.expressions.Window;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;

/**
 * Evaluates many models' predictions against one or more benchmarks on Apache Spark, with the verdicts and
 * reports of the single-machine {@link Evaluator}: each task runs that evaluator's engine on one model's
 * predictions for one database, so going from a JUnit-sized run to a cluster changes the entry point, not a
 * verdict.
 *
 * <p>The job: the driver reads each benchmark's questions (which database each question runs on); a first stage
 * runs every distinct gold statement the predictions need once, partitioned by database, and broadcasts the
 * outcomes; the judging stage partitions predictions by (benchmark, database, split), so an executor opens few
 * databases (once per executor JVM, read-only, with every bound of {@link ExecutionLimits}) and a large database is
 * spread over several tasks; the driver puts each model's partial reports back together. docs/SCALE-OUT.md
 * has the design, the costs and the command for a cluster.
 *
 * <pre>{@code
 * SparkEvaluation evaluation = SparkEvaluation.builder()
 *     .benchmark(SparkBenchmark.databasesDir("spider", Path.of("dev.jsonl"), Path.of("database")))
 *     .judge("spider-exec")
 *     .build();
 * // columns model, question_id, completion (and benchmark when there are several)
 * SparkEvaluationResult result = evaluation.evaluate(spark.read().json("predictions/*.jsonl"));
 * result.reports().forEach(r -> System.out.println(r.model() + " " + r.report().accuracy()));
 * }</pre>
 */
public final class SparkEvaluation implements Serializable {

  private static final long serialVersionUID = 1L;

  /** The columns of {@link SparkEvaluationResult#results()}. */
  public static final StructType RESULT_SCHEMA = new StructType()
      .add("model", DataTypes.StringType, false)
      .add("benchmark", DataTypes.StringType, false)
      .add("ordinal", DataTypes.LongType, false)
      .add("question_id", DataTypes.IntegerType, false)
      .add("outcome", DataTypes.StringType, false)
      .add("reason", DataTypes.StringType, false)
      .add("match", DataTypes.BooleanType, false)
      .add("detail", DataTypes.StringType, true)
      .add("error", DataTypes.StringType, true)
      .add("candidates", DataTypes.IntegerType, false)
      .add("executed", DataTypes.IntegerType, false)
      .add("pred_none", DataTypes.BooleanType, false)
      .add("gold_none", DataTypes.BooleanType, false)
      .add("nanos", DataTypes.LongType, false)
      .add("measures", DataTypes.createMapType(DataTypes.StringType, DataTypes.DoubleType), false);

  /**
   * The column {@link #read} adds to JSON lines: true where a line's {@code completion} (or, when it has none,
   * its {@code predicted_sql}) is a JSON value other than a string or null, which the engine reports as a
   * {@code NON_STRING_COMPLETION} input problem, as it does for a file; a dataset without it is taken as typed.
   */
  public static final String NON_STRING_COMPLETION = "non_string_completion";

  /** Predictions one task judges at most by default: a large database is split above this. */
  public static final int DEFAULT_PREDICTIONS_PER_TASK = SparkSettings.PREDICTIONS_PER_TASK.defaultValue();

  private final LinkedHashMap<String, SparkBenchmark> benchmarks;
  private final String judge;
  private final ArrayList<String> scorings;
  private final String engine;
  private final Duration queryTimeout;
  private final int maxRows;
  private final int maxValueBytes;
  private final long maxRowBytes;
  private final long maxResultBytes;
  private final int threadsPerTask;
  private final int predictionsPerTask;
  private final int keepMismatches;
  private final boolean distributeFiles;
  /** Per benchmark, what one evaluation's job reads (empty outside {@link #evaluate}). */
  private final HashMap<String, JobFiles> jobFiles;

  /** The evaluation's configuration for one job, with the files that job reads. */
  private SparkEvaluation(SparkEvaluation e, Map<String, JobFiles> jobFiles) {
    this.benchmarks = e.benchmarks;
    this.judge = e.judge;
    this.scorings = e.scorings;
    this.engine = e.engine;
    this.queryTimeout = e.queryTimeout;
    this.maxRows = e.maxRows;
    this.maxValueBytes = e.maxValueBytes;
    this.maxRowBytes = e.maxRowBytes;
    this.maxResultBytes = e.maxResultBytes;
    this.threadsPerTask = e.threadsPerTask;
    this.predictionsPerTask = e.predictionsPerTask;
    this.keepMismatches = e.keepMismatches;
    this.distributeFiles = e.distributeFiles;
    this.jobFiles = new HashMap<>(jobFiles);
  }

  private SparkEvaluation(Builder b) {
    this.benchmarks = new LinkedHashMap<>(b.benchmarks);
    this.judge = b.judge;
    this.scorings = new ArrayList<>(b.scorings);
    this.engine = b.engine;
    this.queryTimeout = b.queryTimeout;
    this.maxRows = b.maxRows;
    this.maxValueBytes = b.maxValueBytes;
    this.maxRowBytes = b.maxRowBytes;
    this.maxResultBytes = b.maxResultBytes;
    this.threadsPerTask = b.threadsPerTask;
    this.predictionsPerTask = b.predictionsPerTask;
    this.keepMismatches = b.keepMismatches;
    this.distributeFiles = b.distributeFiles;
    this.jobFiles = new HashMap<>();
  }

  /** A builder; at least one benchmark is needed. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Reads predictions from a path Spark reads (a file, a directory or a glob; local, HDFS or object store):
   * Parquet when it ends in {@code .parquet}, JSON lines otherwise, with columns {@code model},
   * {@code question_id}, {@code completion} (and {@code benchmark} when there are several); JSON lines also get
   * {@link #NON_STRING_COMPLETION}.
   */
  public static Dataset<Row> read(SparkSession spark, String path) {
    String lower = path.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".parquet") || lower.endsWith(".parquet/")) {
      return spark.read().parquet(path);
    }
    // Spark's schema inference turns a completion that is an array, object or number in a column of strings into
    // its JSON text, which the engine would then judge as SQL; the single-machine engine makes it an input problem
    // (NON_STRING_COMPLETION). So the columns are inferred as before, and each line is also read for whether its
    // completion is a string, into the NON_STRING_COMPLETION column evaluate() reads.
    StructType schema = spark.read().json(path).schema();
    if (schema.isEmpty()) {
      return spark.read().schema(schema).json(path);   // no field in any line: nothing to parse per line
    }
    Column line = functions.col("value");
    return spark.read().text(path).filter(line.rlike("\\S"))
        .select(functions.from_json(line, schema).as("_line"),
            functions.udf(new NonStringCompletion(), DataTypes.BooleanType).apply(line).as(NON_STRING_COMPLETION))
        .select(functions.col("_line.*"), functions.col(NON_STRING_COMPLETION));
  }

  /**
   * Reads one model's predictions file (JSON lines of {@code question_id} and {@code completion}, or Parquet),
   * as the single-machine CLI takes it, naming the model.
   */
  public static Dataset<Row> readModel(SparkSession spark, String model, String path) {
    return read(spark, path).withColumn("model", functions.lit(model));
  }

  /** Evaluates the predictions at {@code path} ({@link #read}). */
  public SparkEvaluationResult evaluate(SparkSession spark, String path) {
    return evaluate(read(spark, path));
  }

  /**
   * Evaluates predictions with columns {@code model}, {@code question_id} and {@code completion} (or
   * {@code predicted_sql}), and {@code benchmark} when this evaluation has several. Each model's predictions are
   * taken in the dataset's order, as the single-machine engine reads a file, and each row as it reads a line:
   * {@code completion}, else {@code predicted_sql}; no string when {@link #NON_STRING_COMPLETION} says so or the
   * column's value is no string.
   *
   * @throws IllegalArgumentException when a column is missing, a row has no model or a benchmark name is unknown
   */
  public SparkEvaluationResult evaluate(Dataset<Row> predictions) {
    requireNonNull(predictions, "predictions");
    long started = System.nanoTime();
    SparkSession spark = predictions.sparkSession();
    JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
    List<String> columns = Arrays.asList(predictions.columns());
    for (String column : List.of("model", "question_id", "completion")) {
      // predicted_sql (LLMSQL's older name) stands in for completion, row by row as the engine reads it
      if (!columns.contains(column) && !(column.equals("completion") && columns.contains("predicted_sql"))) {
        throw new IllegalArgumentException("predictions need a column '" + column + "'" + (column.equals(
            "completion") ? " (or 'predicted_sql')" : "") + " (have " + columns + "): model, question_id and "
            + "completion, and benchmark when an evaluation has several");
      }
    }
    Column benchmark;
    if (columns.contains("benchmark")) {
      benchmark = functions.col("benchmark").cast(DataTypes.StringType);
    } else if (benchmarks.size() == 1) {
      benchmark = functions.lit(benchmarks.keySet().iterator().next());
    } else {
      throw new IllegalArgumentException("this evaluation has " + benchmarks.size() + " benchmarks "
          + benchmarks.keySet() + ": give the predictions a 'benchmark' column naming one per row");
    }
    // the driver reads each benchmark's questions once: which database each question runs on, and its golds
    Routes routes = new Routes();
    Map<String, Map<Integer, Question>> questions = new HashMap<>();
    HashMap<String, JobFiles> jobFiles = new HashMap<>();
    for (SparkBenchmark b : benchmarks.values()) {
      BenchmarkFiles files = b.files();
      Map<Integer, Question> read = dev.llmsql.Evaluator.readQuestions(files.questions());
      if (read.isEmpty()) {
        throw new IllegalArgumentException("benchmark " + b.name() + " has no questions: " + files.questions()
            + " is empty or holds only blank lines");
      }
      questions.put(b.name(), read);
      routes.add(b.name(), files, read);
      // executors keep a questions file they read for the JVM's life: keyed by its content as read here, a file
      // changed before a later evaluation of the session is read again; shipped files are named by it too, as
      // SparkContext.addFile refuses a second file of one name with other contents
      String fingerprint = ShippedFiles.contentHash(Path.of(b.questions()));
      jobFiles.put(b.name(), distributeFiles ? new JobFiles(fingerprint,
          ShippedFiles.ship(sc.sc(), Path.of(b.questions()), fingerprint, false),
          ShippedFiles.ship(sc.sc(), Path.of(b.database()), ShippedFiles.identityHash(Path.of(b.database())),
              b.directory())) : new JobFiles(fingerprint, null, null));
    }
    Broadcast<Routes> routing = sc.broadcast(routes);

    // each model's predictions numbered in the dataset's order, as the single-machine engine reads them
    Column none = functions.lit(null).cast(DataTypes.StringType);
    Dataset<Row> numbered = predictions.select(functions.col("model").cast(DataTypes.StringType).as("model"),
            benchmark.as("benchmark"), functions.col("question_id"),
            columns.contains("completion") ? functions.col("completion") : none,
            columns.contains("predicted_sql") ? functions.col("predicted_sql") : none,
            columns.contains(NON_STRING_COMPLETION)
                ? functions.col(NON_STRING_COMPLETION).cast(DataTypes.BooleanType) : functions.lit(false))
        .withColumn("_seq", functions.monotonically_increasing_id())
        .withColumn("ordinal", functions.row_number().over(Window.partitionBy("model", "benchmark")
            .orderBy("_seq")).minus(1).cast(DataTypes.LongType));
    JavaRDD<PredictionRow> rows = numbered.toJavaRDD().map(r -> new PredictionRow(r.getString(0), r.getString(1),
        r.getLong(7), r.get(2), completion(r.get(3), r.get(4), !r.isNullAt(5) && r.getBoolean(5))));
    rows.persist(StorageLevel.MEMORY_AND_DISK());
    // checked here on the driver, so a bad row is the IllegalArgumentException this method documents (thrown in
    // a task, Spark would wrap it in a SparkException)
    for (Tuple2<String, String> found : rows.map(p -> new Tuple2<>(p.model(), p.benchmark())).distinct().collect()) {
      requireModel(found._1());
      if (!benchmarks.containsKey(found._2())) {
        rows.unpersist(false);
        throw new IllegalArgumentException("predictions name benchmark '" + found._2() + "', which this evaluation "
            + "does not have; known: " + benchmarks.keySet());
      }
    }

    // split each (benchmark, database) so no task judges more than predictionsPerTask predictions
    Map<GroupKey, Long> counts = rows.mapToPair(p -> new Tuple2<>(
        new GroupKey(p.benchmark(), routing.value().database(p.benchmark(), p.questionId()), 0), 1L))
        .reduceByKey(Long::sum).collectAsMap();
    long total = counts.values().stream().mapToLong(Long::longValue).sum();
    Map<GroupKey, Integer> splits = new HashMap<>();
    counts.forEach((group, n) -> splits.put(group, (int) Math.min(Integer.MAX_VALUE,
        (n + predictionsPerTask - 1) / predictionsPerTask)));
    Map<GroupKey, Integer> index = new HashMap<>();
    counts.entrySet().stream().sorted(Map.Entry.<GroupKey, Long>comparingByValue().reversed()
            .thenComparing(e -> e.getKey().benchmark() + "\u0000" + e.getKey().database()))
        .forEach(e -> {
          for (int split = 0; split < splits.get(e.getKey()); split++) {
            index.put(new GroupKey(e.getKey().benchmark(), e.getKey().database(), split), index.size());
          }
        });
    GroupPartitioner partitioner = new GroupPartitioner(index);
    Broadcast<HashMap<GroupKey, Integer>> splitCounts = sc.broadcast(new HashMap<>(splits));

    // first stage: every distinct gold statement the predictions need, once, on the executor of its database
    long goldStarted = System.nanoTime();
    List<Tuple2<String, Integer>> predicted = rows.map(p -> new Tuple2<>(p.benchmark(),
            Routes.questionId(p.questionId()))).filter(t -> t._2() != null).distinct().collect();
    Map<String, GoldJob> jobs = new LinkedHashMap<>();
    for (Tuple2<String, Integer> p : predicted) {
      Question q = questions.get(p._1()).get(p._2());
      String database = routes.database(p._1(), p._2());
      if (q == null || database.equals(GroupKey.UNROUTED)) {
        continue;
      }
      for (String sql : q.goldSql()) {
        if (!sql.isBlank()) {
          jobs.putIfAbsent(p._1() + "\u0000" + database + "\u0000" + sql, new GoldJob(p._1(), database, sql));
        }
      }
    }
    SparkEvaluation config = new SparkEvaluation(this, jobFiles);
    List<Tuple2<String, Tuple2<String, SharedGold>>> computed = sc.parallelize(new ArrayList<>(jobs.values()))
        .mapToPair(job -> new Tuple2<>(new GroupKey(job.benchmark(), job.database(),
            Math.floorMod(job.sql().hashCode(), splitCounts.value().get(new GroupKey(job.benchmark(),
                job.database(), 0)))), job))
        .partitionBy(partitioner)
        .mapPartitions(it -> config.runGolds(it))
        .collect();
    HashMap<String, Map<String, SharedGold>> golds = new HashMap<>();
    for (Tuple2<String, Tuple2<String, SharedGold>> g : computed) {
      golds.computeIfAbsent(g._1(), k -> new HashMap<>()).put(g._2()._1(), g._2()._2());
    }
    Broadcast<HashMap<String, Map<String, SharedGold>>> shared = sc.broadcast(golds);
    long goldMillis = (System.nanoTime() - goldStarted) / 1_000_000;

    // judging stage: one task per (benchmark, database, split), each model's predictions on the engine
    long judgeStarted = System.nanoTime();
    JavaPairRDD<GroupKey, PredictionRow> keyed = rows.mapToPair(p -> {
      GroupKey group = new GroupKey(p.benchmark(), routing.value().database(p.benchmark(), p.questionId()), 0);
      Integer id = Routes.questionId(p.questionId());
      String spread = p.model() + "\u0000" + (id != null ? id.toString() : String.valueOf(p.questionId()));
      return new Tuple2<>(new GroupKey(group.benchmark(), group.database(),
          Math.floorMod(spread.hashCode(), splitCounts.value().get(group))), p);
    });
    JavaRDD<PartOutput> outputs = keyed.partitionBy(partitioner)
        .mapPartitions(it -> EvaluationTask.run(config, shared.value(), it).iterator())
        .persist(StorageLevel.MEMORY_AND_DISK());
    List<PartOutput> parts = outputs.map(PartOutput::withoutRows).collect();
    long judgeMillis = (System.nanoTime() - judgeStarted) / 1_000_000;
    rows.unpersist(false);

    Map<List<String>, List<PartOutput>> byModel = new TreeMap<>(Comparator.<List<String>, String>comparing(
        k -> k.get(0)).thenComparing(k -> benchmarkOrder(k.get(1))));
    for (PartOutput part : parts) {
      byModel.computeIfAbsent(List.of(part.model(), part.benchmark()), k -> new ArrayList<>()).add(part);
    }
    List<Scoring> scoringList = new ArrayList<>(List.of(Scorings.accuracy()));
    scorings.forEach(name -> scoringList.add(Scorings.named(name)));
    Duration duration = Duration.ofNanos(System.nanoTime() - started);
    List<ModelReport> reports = new ArrayList<>();
    byModel.forEach((k, modelParts) -> reports.add(new ModelReport(k.get(0), k.get(1), ReportMerger.merge(
        modelParts, benchmarks.get(k.get(1)).source().describe(), questions.get(k.get(1)).size(), scoringList,
        keepMismatches, duration))));
    Dataset<Row> results = spark.createDataFrame(outputs.flatMap(p -> p.rows().iterator()), RESULT_SCHEMA);
    SparkEvaluationResult.JobStats stats = new SparkEvaluationResult.JobStats(total, index.size(), jobs.size(),
        computed.size(), goldMillis, judgeMillis, (System.nanoTime() - started) / 1_000_000);
    return new SparkEvaluationResult(results, reports, stats);
  }

  /**
   * Checks that each benchmark's questions file and database are there on the driver, as {@link #evaluate} first
   * does, so a command line can name a missing one before reading any predictions.
   *
   * @throws java.io.UncheckedIOException caused by a {@link java.io.FileNotFoundException} naming the file
   */
  void requireBenchmarkFiles() {
    benchmarks.values().forEach(SparkBenchmark::files);
  }

  private int benchmarkOrder(String name) {
    return new ArrayList<>(benchmarks.keySet()).indexOf(name);
  }

  private static void requireModel(String model) {
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("a prediction has no model (null or blank 'model' column); give every "
          + "prediction the name of the model that wrote it");
    }
  }

  /**
   * A prediction's completion as the single-machine engine takes it from a map: {@code completion}, else
   * {@code predicted_sql} (per row: a dataset may have both columns, each filled on some rows).
   */
  private static Object completion(Object completion, Object legacy, boolean notAString) {
    return notAString ? NotAString.VALUE : completion != null ? completion : legacy;
  }

  /**
   * What a task hands the engine for a completion that was no JSON string: not a {@link CharSequence}, so the
   * engine reports {@code NON_STRING_COMPLETION} and scores it as an answer without SQL.
   */
  enum NotAString { VALUE }

  /** Whether a JSON line's completion (or, without one, its {@code predicted_sql}) is neither string nor null. */
  private static final class NonStringCompletion implements UDF1<String, Boolean> {
    private static final long serialVersionUID = 1L;
    private static final JsonFactory JSON = new JsonFactory();

    @Override
    public Boolean call(String line) {
      JsonToken completion = null;
      JsonToken legacy = null;
      try (JsonParser p = JSON.createParser(line)) {
        if (p.nextToken() != JsonToken.START_OBJECT) {
          return false;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          JsonToken value = p.nextToken();
          // a field given twice counts the last time, as the engine reads a line
          if (name.equals("completion")) {
            completion = value;
          } else if (name.equals("predicted_sql")) {
            legacy = value;
          }
          p.skipChildren();
        }
      } catch (IOException e) {
        return false;   // a broken line: Spark gives it no question_id, and the engine reports that
      }
      JsonToken given = completion == null || completion == JsonToken.VALUE_NULL ? legacy : completion;
      return given != null && given != JsonToken.VALUE_NULL && given != JsonToken.VALUE_STRING;
    }
  }

  /**
   * The benchmark files of one evaluation: the questions file's content hash (executors key their cached copy
   * by it) and, when the files are shipped, the names they are shipped under.
   */
  record JobFiles(String questionsFingerprint, String shippedQuestions, String shippedDatabase)
      implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /** One gold statement of the first stage. */
  private record GoldJob(String benchmark, String database, String sql) implements Serializable {
    private static final long serialVersionUID = 1L;
  }

  /** Runs a partition of gold statements on the executor's shared database; keeps the shareable outcomes. */
  private java.util.Iterator<Tuple2<String, Tuple2<String, SharedGold>>> runGolds(
      java.util.Iterator<Tuple2<GroupKey, GoldJob>> jobs) {
    List<Tuple2<String, Tuple2<String, SharedGold>>> out = new ArrayList<>();
    while (jobs.hasNext()) {
      GoldJob job = jobs.next()._2();
      SparkBenchmark b = benchmark(job.benchmark());
      Path database = database(job.benchmark());
      Database db = b.directory() ? Database.file(database.resolve(job.database()).resolve(job.database()
          + ".sqlite")) : Database.file(database);
      QueryExecutor executor;
      try {
        executor = ExecutorDatabases.get(db, engine, limits());
      } catch (RuntimeException e) {
        continue;   // the judging stage reports it per question, as the single-machine engine does
      }
      SharedGold gold;
      try {
        gold = SharedGold.of(executor.execute(job.sql(), Integer.MAX_VALUE));
      } catch (DatabaseUnavailableException e) {
        // damaged pages: the job fails naming the file, as the single-machine run stops, never a report
        throw new InvalidInputException(db.describe(), e.getMessage(), e);
      }
      if (gold != null) {
        out.add(new Tuple2<>(job.benchmark() + "\u0000" + job.database(), new Tuple2<>(job.sql(), gold)));
      }
    }
    return out.iterator();
  }

  SparkBenchmark benchmark(String name) {
    return benchmarks.get(name);
  }

  /** The executor's path of a benchmark's questions file: its shipped copy, or the shared path. */
  Path questions(String benchmark) {
    JobFiles files = jobFiles.get(benchmark);
    return files != null && files.shippedQuestions() != null
        ? Path.of(org.apache.spark.SparkFiles.get(files.shippedQuestions()))
        : Path.of(benchmark(benchmark).questions());
  }

  /** The executor's path of a benchmark's database file or directory: its shipped copy, or the shared path. */
  Path database(String benchmark) {
    JobFiles files = jobFiles.get(benchmark);
    return files != null && files.shippedDatabase() != null
        ? Path.of(org.apache.spark.SparkFiles.get(files.shippedDatabase()))
        : Path.of(benchmark(benchmark).database());
  }

  /** The content hash of a benchmark's questions file as the driver read it for this evaluation. */
  String questionsFingerprint(String benchmark) {
    return jobFiles.get(benchmark).questionsFingerprint();
  }

  String engineName() {
    return engine;
  }

  /**
   * The bounds of the executor's shared databases: the evaluation's, with room for every task slot of the
   * executor JVM to run its threads at once.
   */
  ExecutionLimits limits() {
    int concurrency = (int) Math.min(Range.THREADS.max(),
        (long) threadsPerTask * Runtime.getRuntime().availableProcessors());
    return new ExecutionLimits(queryTimeout, maxRows, concurrency, maxValueBytes, maxRowBytes, maxResultBytes);
  }

  /** The single-machine evaluator's configuration for one model's predictions in a task. */
  Evaluator.Builder evaluatorBuilder(String model) {
    Evaluator.Builder b = Evaluator.builder().modelName(model).noReportFile().showMismatches(false).noGoldCache()
        .threads(threadsPerTask).queryTimeout(queryTimeout).maxRows(maxRows).maxValueBytes(maxValueBytes)
        .maxRowBytes(maxRowBytes).maxResultBytes(maxResultBytes).keepMismatches(keepMismatches);
    if (judge != null) {
      b.judge(Judges.named(judge));
    }
    if (engine != null) {
      b.engine(QueryEngines.named(engine));
    }
    return b;
  }

  @Override
  public String toString() {
    return "SparkEvaluation{benchmarks=" + benchmarks.keySet() + ", judge=" + (judge == null ? "default" : judge)
        + ", scorings=" + scorings + ", predictionsPerTask=" + predictionsPerTask + "}";
  }

  /**
   * Configures a {@link SparkEvaluation}. Setters reject bad values at once; {@link #build()} checks the
   * combination. Judges, scorings and engines are named (as on the CLI) because executors build their own from
   * the class path.
   *
   * <pre>{@code
   * SparkEvaluation.builder()
   *     .benchmark(SparkBenchmark.singleDatabase("llmsql", Path.of("questions.jsonl"), Path.of("sqlite_tables.db")))
   *     .judge("llmsql").scoring("executability").predictionsPerTask(5_000).build();
   * }</pre>
   */
  public static final class Builder {
    private final LinkedHashMap<String, SparkBenchmark> benchmarks = new LinkedHashMap<>();
    private String judge;
    private final List<String> scorings = new ArrayList<>();
    private String engine;
    private Duration queryTimeout = EvaluatorSettings.QUERY_TIMEOUT.defaultValue();
    private int maxRows = EvaluatorSettings.MAX_ROWS.defaultValue();
    private int maxValueBytes = EvaluatorSettings.MAX_VALUE_BYTES.defaultValue();
    private long maxRowBytes = EvaluatorSettings.MAX_ROW_BYTES.defaultValue();
    private long maxResultBytes = EvaluatorSettings.MAX_RESULT_BYTES.defaultValue();
    private int threadsPerTask = SparkSettings.THREADS_PER_TASK.defaultValue();
    private int predictionsPerTask = SparkSettings.PREDICTIONS_PER_TASK.defaultValue();
    private int keepMismatches = EvaluatorSettings.KEEP_MISMATCHES.defaultValue();
    private boolean distributeFiles = SparkSettings.DISTRIBUTE_FILES.defaultValue();

    private Builder() {
    }

    /**
     * Adds a benchmark.
     *
     * @throws IllegalArgumentException when one of that name was added already
     */
    public Builder benchmark(SparkBenchmark benchmark) {
      requireNonNull(benchmark, "benchmark");
      if (benchmarks.putIfAbsent(benchmark.name(), benchmark) != null) {
        throw new IllegalArgumentException("benchmark '" + benchmark.name() + "' was added twice");
      }
      return this;
    }

    /**
     * The judge by name and options, as {@link Judges#named} takes it (e.g. {@code "spider-exec"}); default the
     * evaluator's ({@link Judges#llmsqlByVersion()}).
     *
     * @throws IllegalArgumentException for an unknown judge, naming the known ones
     */
    public Builder judge(String spec) {
      Judges.named(requireNonNull(spec, "judge"));
      this.judge = spec;
      return this;
    }

    /**
     * Adds a scoring beside accuracy, by name as {@link Scorings#named} takes it.
     *
     * @throws IllegalArgumentException for an unknown scoring
     */
    public Builder scoring(String name) {
      Scorings.named(requireNonNull(name, "scoring"));
      scorings.add(name);
      return this;
    }

    /** Runs SQL with this engine (by name, e.g. {@code "sqlite"}) instead of the one chosen per database. */
    public Builder engine(String name) {
      QueryEngines.named(requireNonNull(name, "engine"));
      this.engine = name;
      return this;
    }

    /** How long one statement may run (default 10 s); as {@link Evaluator.Builder#queryTimeout}. */
    public Builder queryTimeout(Duration timeout) {
      this.queryTimeout = EvaluatorSettings.QUERY_TIMEOUT.check(timeout);
      return this;
    }

    /** How many rows one statement may return (default 100,000); as {@link Evaluator.Builder#maxRows}. */
    public Builder maxRows(int maxRows) {
      this.maxRows = EvaluatorSettings.MAX_ROWS.check(maxRows);
      return this;
    }

    /** The longest value a statement may build or read; as {@link Evaluator.Builder#maxValueBytes}. */
    public Builder maxValueBytes(int bytes) {
      this.maxValueBytes = EvaluatorSettings.MAX_VALUE_BYTES.check(bytes);
      return this;
    }

    /** The most one result row may take; as {@link Evaluator.Builder#maxRowBytes}. */
    public Builder maxRowBytes(long bytes) {
      this.maxRowBytes = EvaluatorSettings.MAX_ROW_BYTES.check(bytes);
      return this;
    }

    /** The most one result may take; as {@link Evaluator.Builder#maxResultBytes}. */
    public Builder maxResultBytes(long bytes) {
      this.maxResultBytes = EvaluatorSettings.MAX_RESULT_BYTES.check(bytes);
      return this;
    }

    /**
     * How many predictions one task judges at once (default 1: Spark runs a task per core already; more helps
     * when statements wait on a server).
     */
    public Builder threadsPerTask(int threads) {
      this.threadsPerTask = SparkSettings.THREADS_PER_TASK.check(threads);
      return this;
    }

    /**
     * The most predictions one task judges (default 2,000, {@link #DEFAULT_PREDICTIONS_PER_TASK}): a database with
     * more is split over several tasks, so one large database does not run on one core while the others idle.
     */
    public Builder predictionsPerTask(int predictions) {
      if (predictions < 1) {
        throw new IllegalArgumentException("predictionsPerTask must be positive, but was " + predictions);
      }
      this.predictionsPerTask = predictions;
      return this;
    }

    /** Mismatches each report keeps at most; as {@link Evaluator.Builder#keepMismatches}. */
    public Builder keepMismatches(int max) {
      this.keepMismatches = EvaluatorSettings.KEEP_MISMATCHES.check(max);
      return this;
    }

    /**
     * Whether the driver ships the questions and databases to every executor ({@code SparkContext.addFile}, each
     * fetched once per executor) instead of executors reading the same paths on a shared filesystem (the default).
     * Two benchmarks' files must then differ in name.
     */
    public Builder distributeFiles(boolean distribute) {
      this.distributeFiles = distribute;
      return this;
    }

    /**
     * Checks the combination and returns the evaluation.
     *
     * @throws IllegalStateException naming the fix when options clash
     */
    public SparkEvaluation build() {
      if (benchmarks.isEmpty()) {
        throw new IllegalStateException("a Spark evaluation needs at least one benchmark(...)");
      }
      if (maxRowBytes < maxValueBytes || maxResultBytes < maxRowBytes) {
        throw new IllegalStateException("size bounds must grow from value to row to result, but maxValueBytes="
            + maxValueBytes + ", maxRowBytes=" + maxRowBytes + ", maxResultBytes=" + maxResultBytes);
      }
      if (distributeFiles) {
        List<String> names = new ArrayList<>();
        for (SparkBenchmark b : benchmarks.values()) {
          for (String file : List.of(b.questions(), b.database())) {
            String name = String.valueOf(Path.of(file).getFileName());
            if (names.contains(name)) {
              throw new IllegalStateException("distributeFiles(true) ships files by name, and two benchmarks "
                  + "share '" + name + "'; rename one, or read them from a shared filesystem");
            }
            names.add(name);
          }
        }
      }
      return new SparkEvaluation(this);
    }
  }
}
