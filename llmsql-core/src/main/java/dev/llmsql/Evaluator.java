package dev.llmsql;

import static java.util.Objects.requireNonNull;

import dev.llmsql.benchmark.BenchmarkSource;
import dev.llmsql.benchmark.Benchmarks;
import dev.llmsql.benchmark.DefaultBenchmarkSourceFactory;
import dev.llmsql.benchmark.Question;
import dev.llmsql.config.EvaluatorSettings;
import dev.llmsql.config.Range;
import dev.llmsql.engine.EngineSettings;
import dev.llmsql.engine.EvaluationEngine;
import dev.llmsql.engine.PredictionInput;
import dev.llmsql.engine.QuestionReader;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationListener;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.MismatchPrinter;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.LlmsqlJsonWriter;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.ReportNotSavedException;
import dev.llmsql.report.ReportWriters;
import dev.llmsql.scoring.Scoring;
import dev.llmsql.scoring.Scorings;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.StringJoiner;
import java.util.UUID;
import java.util.function.Function;

/**
 * Evaluates LLM-generated SQL against a benchmark: LLMSQL's {@code evaluate()} for the JVM.
 *
 * <p>One-liners use LLMSQL's defaults (benchmark 2.0 downloaded into {@code llmsql_workdir}, report saved to
 * {@code evaluation_results_{uuid}.json}, the first 5 mismatches printed to standard output):
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * }</pre>
 * The builder configures everything else; an {@code Evaluator} is immutable and reusable:
 * <pre>{@code
 * Evaluator evaluator = Evaluator.builder()
 *     .questionsPath(Path.of("questions.jsonl")).dbPath(Path.of("sqlite_tables.db"))
 *     .queryTimeout(Duration.ofSeconds(5))
 *     .noReportFile()
 *     .build();
 * EvaluationReport report = evaluator.run(Path.of("outputs.jsonl"));
 * }</pre>
 */
public final class Evaluator {

  /**
   * Mismatches a report keeps unless {@link Builder#keepMismatches} says otherwise: far above LLMSQL 2.0's 2,000
   * questions and a typical 1.0 test split's misses, yet a bound on memory however many predictions a run has
   * ({@link EvaluatorSettings#KEEP_MISMATCHES}, where every default is declared).
   */
  public static final int DEFAULT_KEEP_MISMATCHES = EvaluatorSettings.KEEP_MISMATCHES.defaultValue();

  /** LLMSQL version downloaded when no benchmark is given. */
  public static final String DEFAULT_VERSION = EvaluatorSettings.VERSION.defaultValue();
  /**
   * Where downloads live by default: {@code llmsql_workdir} in the working directory, or the
   * {@code llmsql.workdir} system property when set (CI caches, test builds). The gold cache lives there too
   * when that property or {@link Builder#workdirPath} is given, else in {@link #defaultGoldCache}.
   */
  public static final Path DEFAULT_WORKDIR = EvaluatorSettings.WORKDIR_PATH.defaultValue();
  /** How many mismatches are printed by default. */
  public static final int DEFAULT_MAX_MISMATCHES = EvaluatorSettings.MAX_MISMATCHES.defaultValue();
  /** How long one statement may run by default. */
  public static final Duration DEFAULT_QUERY_TIMEOUT = EvaluatorSettings.QUERY_TIMEOUT.defaultValue();
  /** How many rows one statement may return by default. */
  public static final int DEFAULT_MAX_ROWS = EvaluatorSettings.MAX_ROWS.defaultValue();

  private final Builder config;
  private final BenchmarkSource localSource;

  private Evaluator(Builder config, BenchmarkSource localSource) {
    this.config = config;
    this.localSource = localSource;
  }

  /**
   * Where gold results are kept when neither {@code goldCache(dir)}, {@code noGoldCache()} nor
   * {@code workdirPath(dir)} is given: a per-user cache, so a run on local files leaves nothing in the working
   * directory. {@code $LLMSQL_CACHE_DIR/gold-cache} when that variable is set; else
   * {@code {llmsql.workdir}/gold-cache} when that system property is set (test builds); else the platform's cache
   * directory: {@code $XDG_CACHE_HOME/llmsql/gold-cache} or {@code ~/.cache/llmsql/gold-cache} (Linux and other
   * Unix), {@code ~/Library/Caches/llmsql/gold-cache} (macOS), {@code %LOCALAPPDATA%\llmsql\gold-cache}
   * (Windows). The launcher keeps its class-data archives in the same {@code llmsql} directory.
   *
   * @param environment the environment variables ({@code System::getenv}, or a test's own)
   */
  public static Path defaultGoldCache(Function<String, String> environment) {
    requireNonNull(environment, "environment");
    return defaultGoldCache(environment, System.getProperty("llmsql.workdir"), System.getProperty("os.name", ""),
        System.getProperty("user.home", ""));
  }

  /** {@link #defaultGoldCache(Function)} for a given system property, operating system and home directory. */
  static Path defaultGoldCache(Function<String, String> environment, String workdirProperty, String osName,
                               String home) {
    String chosen = environment.apply("LLMSQL_CACHE_DIR");
    if (chosen != null && !chosen.isBlank()) {
      return Path.of(chosen).resolve("gold-cache");
    }
    if (workdirProperty != null && !workdirProperty.isBlank()) {
      return Path.of(workdirProperty).resolve("gold-cache");
    }
    String os = osName.toLowerCase(java.util.Locale.ROOT);
    Path cache;
    if (os.startsWith("windows")) {
      String local = environment.apply("LOCALAPPDATA");
      cache = local != null && !local.isBlank() ? Path.of(local) : Path.of(home, "AppData", "Local");
    } else if (os.startsWith("mac")) {
      cache = Path.of(home, "Library", "Caches");
    } else {
      // the XDG base directory rule: a relative XDG_CACHE_HOME is ignored
      String xdg = environment.apply("XDG_CACHE_HOME");
      cache = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : Path.of(home, ".cache");
    }
    return cache.resolve("llmsql").resolve("gold-cache");
  }

  /** A builder with LLMSQL's defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** Evaluates a predictions JSONL file with LLMSQL's defaults. */
  public static EvaluationReport evaluate(Path outputsJsonl) {
    return builder().build().run(outputsJsonl);
  }

  /**
   * Evaluates in-memory predictions with LLMSQL's defaults: {@link dev.llmsql.prediction.Prediction}s or
   * maps with {@code question_id} and {@code completion} (or {@code predicted_sql}).
   */
  public static EvaluationReport evaluate(List<?> predictions) {
    return builder().build().run(predictions);
  }

  /**
   * Every question of a questions JSONL file, by id in file order, read exactly as evaluation reads them
   * ({@code sql} as a string or list of alternatives, {@code gold_results}, labels), for tools that check a
   * benchmark before it is used.
   *
   * @throws dev.llmsql.prediction.InvalidInputException naming file, line and the fix for the first bad line
   */
  public static Map<Integer, Question> readQuestions(Path file) {
    return QuestionReader.read(requireNonNull(file, "file"));
  }

  /**
   * Evaluates a predictions JSONL file, streamed; input is validated before any query runs. A directory is a
   * Spider 2.0 submission instead: each {@code <name>.sql} is a completion and each {@code <name>.csv} a
   * predicted result, {@code <name>} being a question's {@code instance_id} (or its {@code question_id}).
   */
  public EvaluationReport run(Path outputsJsonl) {
    requireNonNull(outputsJsonl, "outputsJsonl");
    return run(java.nio.file.Files.isDirectory(outputsJsonl) ? PredictionInput.directory(outputsJsonl)
        : PredictionInput.jsonl(outputsJsonl));
  }

  /** Evaluates in-memory predictions ({@code Prediction}s or maps). */
  public EvaluationReport run(List<?> predictions) {
    requireNonNull(predictions, "predictions");
    return run(PredictionInput.list(predictions));
  }

  /** Runs the engine, saves the report when saving is on, then tells the listeners it finished. */
  private EvaluationReport run(PredictionInput input) {
    List<EvaluationListener> listeners = listeners();
    UnflaggedScores unflagged = config.audit == null ? null : new UnflaggedScores(config.leftOut, config.scorings);
    List<EvaluationListener> engineListeners = new ArrayList<>(listeners);
    if (unflagged != null) {
      engineListeners.add(unflagged);
    }
    Path reportFile = config.saveReport ? (config.reportPath != null ? config.reportPath
        : Path.of("evaluation_results_" + UUID.randomUUID() + ".json")) : null;
    EvaluationReport report = engine(engineListeners).run(input, files -> {
      if (reportFile != null) {
        ReportFiles.requireWritableTarget(reportFile, EvaluationEngine.inputs(input, files));
      }
    });
    if (unflagged != null) {
      report = report.toBuilder().unflagged(unflagged.finish()).build();
    }
    if (reportFile != null) {
      try {
        ReportWriters.named(LlmsqlJsonWriter.FORMAT).write(report, reportFile);
        report = report.withSavedTo(reportFile);
      } catch (IOException | OutputTargetException e) {
        throw new ReportNotSavedException("evaluation finished but the report could not be saved to "
            + reportFile.toAbsolutePath() + " (" + e + "); choose another path with saveReport(...) / "
            + "--save-report; the report is attached to this exception", report, e);
      }
    }
    EvaluationReport finished = report;
    listeners.forEach(l -> l.onFinish(finished));
    return finished;
  }

  /**
   * A builder holding this evaluator's configuration, for variants: each setting may be replaced (once), e.g.
   * {@code evaluator.toBuilder().judge(other).noReportFile().build()} for an evaluator that saved its report.
   */
  public Builder toBuilder() {
    return config.copy();
  }

  /**
   * Scores the predictions whose question no audit flag (of those left out) marks, as they are judged, so the
   * report carries both sets of scores whether or not it keeps its results.
   */
  private static final class UnflaggedScores implements EvaluationListener {
    private final Set<Integer> leftOutIds;
    private final List<Scoring.Accumulator> scores;
    private int total;
    private int matches;
    private int leftOut;

    UnflaggedScores(Set<Integer> leftOutIds, List<Scoring> scorings) {
      this.leftOutIds = leftOutIds;
      this.scores = scorings.stream().map(Scoring::accumulator).toList();
    }

    @Override
    public void onResult(dev.llmsql.result.QuestionResult result) {
      if (leftOutIds.contains(result.questionId())) {
        leftOut++;
        return;
      }
      total++;
      if (result.outcome().isMatch()) {
        matches++;
      }
      scores.forEach(s -> s.add(result));
    }

    dev.llmsql.report.Unflagged finish() {
      return new dev.llmsql.report.Unflagged(total, matches, total == 0 ? 0.0 : (double) matches / total, leftOut,
          scores.stream().map(Scoring.Accumulator::finish).toList());
    }
  }

  /** The caller's listeners, after the mismatch printer when mismatches are shown. */
  private List<EvaluationListener> listeners() {
    List<EvaluationListener> listeners = new ArrayList<>(config.listeners);
    if (config.showMismatches && config.maxMismatches > 0) {
      listeners.add(0, new MismatchPrinter(config.mismatchOut != null ? config.mismatchOut : System.out,
          config.maxMismatches));
    }
    return listeners;
  }

  private EvaluationEngine engine(List<EvaluationListener> listeners) {
    Builder b = config;
    BenchmarkSource source = b.benchmark != null ? b.benchmark
        : localSource != null ? localSource : defaultSource(b);
    Path goldCache = !b.goldCache ? null : b.goldCacheDir != null ? b.goldCacheDir
        : b.chosen.contains("workdirPath") ? b.workdir.resolve("gold-cache") : defaultGoldCache(System::getenv);
    return new EvaluationEngine(EngineSettings.builder(source, b.judge, new ExecutionLimits(b.queryTimeout,
            b.maxRows, b.threads, b.maxValueBytes, b.maxRowBytes, b.maxResultBytes))
        .scorings(b.scorings).databases(b.queryEngine, b.executor).threads(b.threads).goldCacheDir(goldCache)
        .keep(b.keepMismatches, b.keepResults).listeners(listeners).allowEmpty(b.allowEmpty)
        .model(b.modelName, b.benchmark == null && localSource == null ? b.version : null).build());
  }

  private static BenchmarkSource defaultSource(Builder b) {
    DefaultBenchmarkSourceFactory factory = ServiceLoader.load(DefaultBenchmarkSourceFactory.class)
        .findFirst().orElseThrow(() -> new IllegalStateException(
            "No LLMSQL downloader on the classpath: add llmsql-sqlite, "
                + "or give questionsPath(...) and dbPath(...) to use local files"));
    if (b.downloadMaxFileBytes != null) {
      long rate = b.downloadMinimumRate != null ? b.downloadMinimumRate
          : EvaluatorSettings.DOWNLOAD_MINIMUM_RATE.defaultValue();
      Duration window = b.downloadRateWindow != null ? b.downloadRateWindow
          : EvaluatorSettings.DOWNLOAD_RATE_WINDOW.defaultValue();
      return factory.create(b.version, b.workdir, b.endpoint, rate, window, b.downloadMaxFileBytes);
    }
    return b.downloadMinimumRate == null ? factory.create(b.version, b.workdir, b.endpoint)
        : factory.create(b.version, b.workdir, b.endpoint, b.downloadMinimumRate, b.downloadRateWindow);
  }

  @Override
  public String toString() {
    return "Evaluator" + config;
  }

  /**
   * Configures an {@link Evaluator}. Setters reject bad values at once; {@link #build()} checks
   * combinations and rejects conflicting settings, naming both: one setting given twice with different values
   * ({@code threads(2)} then {@code threads(4)}), {@code saveReport(path)} with {@code noReportFile()},
   * {@code goldCache(dir)} with {@code noGoldCache()}, {@code showMismatches(false)} with
   * {@code showMismatches(out, n)} or {@code maxMismatches(n)}, two of {@code dbPath}, {@code databasesDir}
   * and {@code database}, local files or {@code benchmark(...)} with each other or with {@code version(...)},
   * {@code hubEndpoint(...)}, {@code downloadMinimumRate(...)} or {@code downloadMaxFileBytes(...)} (which apply to
   * the downloaded benchmark). Reusable: {@code build()} copies the configuration.
   *
   * <pre>{@code
   * Evaluator.builder().version("1.0").workdirPath(Path.of("cache")).threads(4).build();
   * }</pre>
   */
  public static final class Builder {
    private BenchmarkSource benchmark;
    private Path questionsPath;
    private Path dbPath;
    private Path databasesDir;
    private Database database;
    private QueryEngine queryEngine;
    private String version = DEFAULT_VERSION;
    private Path workdir = DEFAULT_WORKDIR;
    private URI endpoint;
    private Long downloadMinimumRate;
    private Duration downloadRateWindow;
    private Long downloadMaxFileBytes;
    private boolean saveReport = !EvaluatorSettings.NO_REPORT_FILE.defaultValue();
    private Path reportPath;
    private boolean showMismatches = EvaluatorSettings.SHOW_MISMATCHES.defaultValue();
    private int maxMismatches = DEFAULT_MAX_MISMATCHES;
    private PrintStream mismatchOut;
    private final List<EvaluationListener> listeners = new ArrayList<>();
    private Judge judge = Judges.llmsqlByVersion();
    private String modelName;
    private final List<Scoring> scorings = new ArrayList<>(List.of(Scorings.accuracy()));
    private Duration queryTimeout = DEFAULT_QUERY_TIMEOUT;
    private int maxRows = DEFAULT_MAX_ROWS;
    private int threads = (int) Math.min(Runtime.getRuntime().availableProcessors(), Range.THREADS.max());
    private int maxValueBytes = EvaluatorSettings.MAX_VALUE_BYTES.defaultValue();
    private long maxRowBytes = EvaluatorSettings.MAX_ROW_BYTES.defaultValue();
    private long maxResultBytes = EvaluatorSettings.MAX_RESULT_BYTES.defaultValue();
    private QueryExecutor executor;
    private boolean goldCache = !EvaluatorSettings.NO_GOLD_CACHE.defaultValue();
    private int keepMismatches = DEFAULT_KEEP_MISMATCHES;
    private boolean keepResults = EvaluatorSettings.KEEP_RESULTS.defaultValue();
    private Path goldCacheDir;
    private boolean allowEmpty = EvaluatorSettings.ALLOW_EMPTY_INPUT.defaultValue();
    private dev.llmsql.audit.AuditReport audit;
    private Set<Integer> leftOut = Set.of();
    private final List<String> set = new ArrayList<>();
    /** Each setting set on this builder, with the call that set it: a second call with another value conflicts. */
    private final Map<String, Object[]> given = new LinkedHashMap<>();
    /** Settings given on this builder or the one it was copied from (toBuilder), for combination checks. */
    private final Set<String> chosen = new HashSet<>();
    private final List<String> conflicts = new ArrayList<>();

    private Builder() {
    }

    /** Any benchmark source; excludes {@code questionsPath}/{@code dbPath}/{@code version}. */
    public Builder benchmark(BenchmarkSource source) {
      this.benchmark = once("benchmark", requireNonNull(source, "benchmark"), "benchmark(" + source.describe() + ")");
      return note("benchmark=" + source.describe());
    }

    /** The LLMSQL version to download, {@code "1.0"} or {@code "2.0"} (default). */
    public Builder version(String version) {
      this.version = once("version", Benchmarks.requireLlmsqlVersion(version), "version(\"" + version + "\")");
      return note("version=" + version);
    }

    /**
     * Where downloads are cached, and then the gold cache too ({@code {dir}/gold-cache}); default
     * {@code llmsql_workdir}.
     */
    public Builder workdirPath(Path workdir) {
      this.workdir = once("workdirPath", requireNonNull(workdir, "workdir"), "workdirPath(" + workdir + ")");
      return note("workdirPath=" + workdir);
    }

    /**
     * The hub endpoint, an http or https URL; default the {@code HF_ENDPOINT} variable, else
     * {@code https://huggingface.co}.
     */
    public Builder hubEndpoint(URI endpoint) {
      requireNonNull(endpoint, "endpoint");
      URI checked = Range.httpUrl("hubEndpoint", endpoint.toString());   // without user:password@
      this.endpoint = once("hubEndpoint", checked, "hubEndpoint(" + checked + ")");
      return note("hubEndpoint=" + checked);
    }

    /**
     * The slowest the LLMSQL download may go: {@code bytesPerSecond} averaged over {@code window} (curl's
     * {@code --speed-limit}/{@code --speed-time}); slower, the download ends with one line and what arrived is
     * kept for the next run to resume. Default 1,024 bytes a second over 30 s; 0 turns the check off
     * ({@link Range#DOWNLOAD_MIN_RATE}, {@link Range#DOWNLOAD_RATE_WINDOW_MILLIS}).
     */
    public Builder downloadMinimumRate(long bytesPerSecond, Duration window) {
      requireNonNull(window, "window");
      EvaluatorSettings.DOWNLOAD_MINIMUM_RATE.check(bytesPerSecond);
      EvaluatorSettings.DOWNLOAD_RATE_WINDOW.check(window);
      this.downloadMinimumRate = once("downloadMinimumRate", bytesPerSecond,
          "downloadMinimumRate(" + bytesPerSecond + ", " + window + ")");
      this.downloadRateWindow = once("downloadRateWindow", window,
          "downloadMinimumRate(" + bytesPerSecond + ", " + window + ")");
      return note("downloadMinimumRate=" + bytesPerSecond + "/" + window);
    }

    /**
     * The largest file the LLMSQL download may be, in bytes; default 1 GiB ({@link Range#DOWNLOAD_MAX_FILE_BYTES}).
     * A larger published or announced size fails before any byte, a body growing past it stops with its part
     * deleted.
     */
    public Builder downloadMaxFileBytes(long bytes) {
      EvaluatorSettings.DOWNLOAD_MAX_FILE_BYTES.check(bytes);
      this.downloadMaxFileBytes = once("downloadMaxFileBytes", bytes, "downloadMaxFileBytes(" + bytes + ")");
      return note("downloadMaxFileBytes=" + bytes);
    }

    /** A local questions JSONL; needs {@link #dbPath} or {@link #databasesDir} too. */
    public Builder questionsPath(Path questions) {
      this.questionsPath = once("questionsPath", requireNonNull(questions, "questionsPath"),
          "questionsPath(" + questions + ")");
      return note("questionsPath=" + questions);
    }

    /** A local SQLite database all questions run on. */
    public Builder dbPath(Path db) {
      this.dbPath = once("dbPath", requireNonNull(db, "dbPath"), "dbPath(" + db + ")");
      return note("dbPath=" + db);
    }

    /**
     * The database all questions run on, on any engine: a file, a JDBC URL (in which {@code {db_id}} is filled in
     * per question, for one database or schema per {@code db_id} on a server) or a caller's {@code DataSource};
     * needs {@link #questionsPath}. Excludes {@link #dbPath} and {@link #databasesDir}.
     *
     * <pre>{@code
     * Evaluator.builder().questionsPath(Path.of("dev.jsonl"))
     *     .database(Database.jdbc("jdbc:postgresql://localhost/{db_id}?user=reader")).build();
     * }</pre>
     */
    public Builder database(Database database) {
      this.database = once("database", requireNonNull(database, "database"), "database(" + database.describe() + ")");
      return note("database=" + database.describe());
    }

    /**
     * Runs SQL with this engine instead of the one found on the class path for each database (by URL prefix,
     * file contents or extension), e.g. {@code QueryEngines.named("duckdb")}.
     */
    public Builder engine(QueryEngine engine) {
      this.queryEngine = once("engine", requireNonNull(engine, "engine"), "engine(" + engine.name() + ")");
      return note("engine=" + engine.name());
    }

    /** A directory of databases laid out {@code {dir}/{db_id}/{db_id}.sqlite} (Spider/BIRD). */
    public Builder databasesDir(Path dir) {
      this.databasesDir = once("databasesDir", requireNonNull(dir, "databasesDir"), "databasesDir(" + dir + ")");
      return note("databasesDir=" + dir);
    }

    /** Where to save the JSON report; default {@code evaluation_results_{uuid}.json}. */
    public Builder saveReport(Path file) {
      this.reportPath = once("report file", requireNonNull(file, "file"), "saveReport(" + file + ")");
      this.saveReport = true;
      return note("saveReport=" + file);
    }

    /** Saves no JSON report. */
    public Builder noReportFile() {
      once("report file", NONE, "noReportFile()");
      this.saveReport = false;
      this.reportPath = null;
      return note("noReportFile");
    }

    /** Prints up to {@code max} mismatches to {@code out} as they are found (default: 5, standard output). */
    public Builder showMismatches(PrintStream out, int max) {
      this.mismatchOut = once("mismatch output", requireNonNull(out, "out"), "showMismatches(out, " + max + ")");
      return maxMismatches(max, "showMismatches(out, " + max + ")");
    }

    /** Whether to print mismatches at all (default true). */
    public Builder showMismatches(boolean show) {
      this.showMismatches = once("showMismatches", show, "showMismatches(" + show + ")");
      return note("showMismatches=" + show);
    }

    /** How many mismatches to print (default 5); 0 prints none. */
    public Builder maxMismatches(int max) {
      return maxMismatches(max, "maxMismatches(" + max + ")");
    }

    private Builder maxMismatches(int max, String call) {
      this.maxMismatches = once("maxMismatches", EvaluatorSettings.MAX_MISMATCHES.check(max), call);
      this.showMismatches = once("showMismatches", true, call);
      set.remove("showMismatches=false");   // a toBuilder() variant that shows mismatches again
      return note("maxMismatches=" + max);
    }

    /** Adds a listener told about progress, results and mismatches. */
    public Builder listener(EvaluationListener listener) {
      listeners.add(requireNonNull(listener, "listener"));
      return note("listener=" + listener);
    }

    /**
     * How each prediction is judged; default {@link Judges#llmsqlByVersion()}: LLMSQL 2.0's rules for questions
     * that carry an answer, 1.0's for the others. {@link Judges#llmsql()} judges every question by 1.0's rules.
     */
    public Builder judge(Judge judge) {
      this.judge = once("judge", requireNonNull(judge, "judge"), "judge(" + judge.name() + ")");
      return note("judge=" + judge.name());
    }

    /**
     * The model's name, written to the report ({@code model_name} of LLMSQL 2.0's JSON); default none.
     *
     * @throws IllegalArgumentException for a blank name
     */
    public Builder modelName(String name) {
      requireNonNull(name, "name");
      if (name.isBlank()) {
        throw new IllegalArgumentException("modelName must not be blank");
      }
      this.modelName = once("modelName", name, "modelName(\"" + name + "\")");
      return note("modelName=" + name);
    }

    /** Adds a scoring beside accuracy, which is always computed. */
    public Builder scoring(Scoring scoring) {
      scorings.add(requireNonNull(scoring, "scoring"));
      return note("scoring=" + scoring);
    }

    /**
     * How long one statement may run (default 10 s; {@link Range#QUERY_TIMEOUT_MILLIS}: 1 ms to one day); it is
     * interrupted after that.
     */
    public Builder queryTimeout(Duration timeout) {
      requireNonNull(timeout, "queryTimeout");
      this.queryTimeout = once("queryTimeout", EvaluatorSettings.QUERY_TIMEOUT.check(timeout),
          "queryTimeout(" + timeout + ")");
      return note("queryTimeout=" + timeout);
    }

    /**
     * How many rows one statement may return (default 100,000; {@link Range#MAX_ROWS}); more is an error, not an
     * OOM.
     */
    public Builder maxRows(int maxRows) {
      this.maxRows = once("maxRows", EvaluatorSettings.MAX_ROWS.check(maxRows), "maxRows(" + maxRows + ")");
      return note("maxRows=" + maxRows);
    }

    /**
     * The longest string or blob one statement may build or read, and for SQLite the longest stored row
     * (default 250,000 bytes); more is a {@code SIZE_LIMIT} error for that statement, predictions and gold
     * queries alike. Raising it raises the worst-case native memory and run time of a hostile statement
     * (docs/SECURITY.md).
     */
    public Builder maxValueBytes(int bytes) {
      this.maxValueBytes = once("maxValueBytes", EvaluatorSettings.MAX_VALUE_BYTES.check(bytes),
          "maxValueBytes(" + bytes + ")");
      return note("maxValueBytes=" + bytes);
    }

    /** The most one result row may take, in estimated heap bytes (default 16 MiB); at least maxValueBytes. */
    public Builder maxRowBytes(long bytes) {
      this.maxRowBytes = once("maxRowBytes", EvaluatorSettings.MAX_ROW_BYTES.check(bytes),
          "maxRowBytes(" + bytes + ")");
      return note("maxRowBytes=" + bytes);
    }

    /** The most one result may take, in estimated heap bytes (default 128 MiB); at least maxRowBytes. */
    public Builder maxResultBytes(long bytes) {
      this.maxResultBytes = once("maxResultBytes", EvaluatorSettings.MAX_RESULT_BYTES.check(bytes),
          "maxResultBytes(" + bytes + ")");
      return note("maxResultBytes=" + bytes);
    }

    /**
     * How many predictions are evaluated at once (default: available processors; {@link Range#THREADS}). In a
     * fresh JVM on two cores, one thread is the faster for a single evaluation: the JIT compiler takes about a
     * core for its first seconds, and on SQLite each further thread's connection reads the schema again
     * (docs/PERFORMANCE.md); later evaluations in the same JVM gain from every core.
     */
    public Builder threads(int threads) {
      this.threads = once("threads", EvaluatorSettings.THREADS.check(threads), "threads(" + threads + ")");
      return note("threads=" + threads);
    }

    /**
     * Where gold results are kept between runs, so re-evaluating a benchmark runs only the predictions. Keyed by
     * database content and gold SQL. Default {@code {workdirPath}/gold-cache} when {@link #workdirPath} is given,
     * else {@link Evaluator#defaultGoldCache} (a per-user cache directory, never the working directory).
     */
    public Builder goldCache(Path dir) {
      this.goldCacheDir = once("gold cache", requireNonNull(dir, "dir"), "goldCache(" + dir + ")");
      this.goldCache = true;
      return note("goldCache=" + dir);
    }

    /** Runs every gold query afresh and keeps no gold results on disk. */
    public Builder noGoldCache() {
      once("gold cache", NONE, "noGoldCache()");
      this.goldCache = false;
      this.goldCacheDir = null;
      return note("noGoldCache");
    }

    /**
     * Keeps at most {@code max} mismatches (with their result sets) in the report, to bound memory on huge
     * runs; every count stays exact (mismatches = total - matches), and a report that kept fewer than it had
     * says so ({@code mismatches_cap}, {@code mismatches_omitted} in the JSON). Default
     * 10,000 ({@link EvaluatorSettings#KEEP_MISMATCHES}); {@code Integer.MAX_VALUE} keeps all, as LLMSQL does.
     */
    public Builder keepMismatches(int max) {
      this.keepMismatches = once("keepMismatches", EvaluatorSettings.KEEP_MISMATCHES.check(max),
          "keepMismatches(" + max + ")");
      return note("keepMismatches=" + max);
    }

    /**
     * Whether the report keeps a {@link dev.llmsql.result.QuestionResult} and question details per scored
     * prediction (default true). With false, memory does not grow with the number of predictions: counts,
     * {@code tally()} and scores stay exact, {@code results()} and {@code details()} are empty, and CSV, HTML
     * and full JSON reports (which list every question) refuse such a report.
     */
    public Builder keepResults(boolean keep) {
      this.keepResults = once("keepResults", keep, "keepResults(" + keep + ")");
      return note("keepResults=" + keep);
    }

    /**
     * Whether an empty predictions or questions file (or one of blank lines only) is evaluated as a run of
     * nothing (true) or refused with an {@link dev.llmsql.prediction.InvalidInputException} (false, the default):
     * an empty file is almost always a step that failed upstream. An empty list of predictions is always
     * evaluated: in code it is deliberate.
     */
    public Builder allowEmptyInput(boolean allow) {
      this.allowEmpty = once("allowEmptyInput", allow, "allowEmptyInput(" + allow + ")");
      return note("allowEmptyInput=" + allow);
    }

    /**
     * Runs SQL on the executor's database with this executor (the caller closes it) instead of opening one; other
     * databases (test-suite variants, other {@code db_id}s) are still opened through the engine.
     */
    public Builder executor(QueryExecutor executor) {
      this.executor = once("executor", requireNonNull(executor, "executor"), "executor(" + executor + ")");
      return note("executor=" + executor);
    }

    /**
     * Scores every prediction twice: on all questions, and on the questions {@code audit} did not flag with a
     * defect ({@link dev.llmsql.audit.AuditReport#DEFECTS}: any flag but {@code duplicate_gold}); the report's
     * {@link EvaluationReport#unflagged()} holds the second set and says how many predictions were left out.
     *
     * <pre>{@code
     * AuditReport audit = AuditReport.readJson(Path.of("audit.json"));
     * Evaluator.builder().questionsPath(Path.of("q.jsonl")).dbPath(Path.of("db.sqlite")).audit(audit).build();
     * }</pre>
     */
    public Builder audit(dev.llmsql.audit.AuditReport audit) {
      return audit(audit, dev.llmsql.audit.AuditReport.DEFECTS);
    }

    /** As {@link #audit(dev.llmsql.audit.AuditReport)}, leaving out the questions carrying any of {@code flags}. */
    public Builder audit(dev.llmsql.audit.AuditReport audit, Set<dev.llmsql.audit.AuditFlag> flags) {
      requireNonNull(audit, "audit");
      requireNonNull(flags, "flags");
      this.audit = once("audit", audit, "audit(" + audit.benchmark() + ")");
      Set<Integer> ids = new HashSet<>();
      audit.withAny(flags).forEach(q -> ids.add(q.questionId()));
      this.leftOut = Set.copyOf(ids);
      return note("audit=" + audit.benchmark());
    }

    /**
     * Checks the combination of options and returns an evaluator.
     *
     * @throws IllegalStateException naming the fix when options clash
     */
    public Evaluator build() {
      if (!conflicts.isEmpty()) {
        throw new IllegalStateException(String.join("; ", conflicts));
      }
      String localFiles = questionsPath != null ? "questionsPath(...)" : dbPath != null ? "dbPath(...)"
          : databasesDir != null ? "databasesDir(...)" : database != null ? "database(...)" : null;
      if (questionsPath != null || dbPath != null || databasesDir != null || database != null) {
        if (benchmark != null) {
          throw new IllegalStateException("benchmark(...) and " + localFiles + " exclude each other: give the "
              + "benchmark as a source or as local files, not both");
        }
        if (questionsPath == null) {
          throw new IllegalStateException((dbPath != null ? "dbPath" : databasesDir != null ? "databasesDir"
              : "database") + "(...) needs questionsPath(...) too; give both, or neither to download LLMSQL "
              + version);
        }
        if (dbPath == null && databasesDir == null && database == null) {
          throw new IllegalStateException("questionsPath(path) needs dbPath(path), databasesDir(dir) or "
              + "database(...) too; give both, or neither to download LLMSQL " + version);
        }
        if ((dbPath != null ? 1 : 0) + (databasesDir != null ? 1 : 0) + (database != null ? 1 : 0) > 1) {
          List<String> both = new ArrayList<>();
          if (dbPath != null) {
            both.add("dbPath(...)");
          }
          if (databasesDir != null) {
            both.add("databasesDir(...)");
          }
          if (database != null) {
            both.add("database(...)");
          }
          throw new IllegalStateException(String.join(" and ", both) + " exclude each other: use dbPath for one "
              + "SQLite file, databasesDir for {dir}/{db_id}/{db_id}.sqlite, database for any engine");
        }
      }
      for (String downloadOnly : List.of("version", "hubEndpoint", "downloadMinimumRate",
          "downloadMaxFileBytes")) {
        if (chosen.contains(downloadOnly) && (benchmark != null || localFiles != null)) {
          throw new IllegalStateException((benchmark != null ? "benchmark(...)" : localFiles) + " and " + downloadOnly
              + "(...) exclude each other: " + downloadOnly + " applies to the LLMSQL benchmark downloaded when "
              + "no benchmark is given");
        }
      }
      if (maxRowBytes < maxValueBytes || maxResultBytes < maxRowBytes) {
        throw new IllegalStateException("size bounds must grow from value to row to result, but maxValueBytes="
            + maxValueBytes + ", maxRowBytes=" + maxRowBytes + ", maxResultBytes=" + maxResultBytes);
      }
      BenchmarkSource local = questionsPath == null ? null
          : dbPath != null ? Benchmarks.local(questionsPath, dbPath)
          : database != null ? Benchmarks.local(questionsPath, database)
          : Benchmarks.localDatabases(questionsPath, databasesDir);
      return new Evaluator(copy(), local);
    }

    /** Stands for "none" in a setting that can be turned off ({@code noReportFile()}, {@code noGoldCache()}). */
    private static final Object NONE = new Object();

    /**
     * {@code value}, noting a conflict when {@code setting} was given another value on this builder: the second
     * call would silently replace the first.
     */
    private <T> T once(String setting, T value, String call) {
      Object[] before = given.putIfAbsent(setting, new Object[] {value, call});
      if (before != null && !java.util.Objects.equals(before[0], value)) {
        conflicts.add(before[1] + " and " + call + " conflict: both set " + setting + "; set it once");
      }
      chosen.add(setting);
      return value;
    }

    /** The key under which toString shows an option: a setting and the call that turns it off share one. */
    private static String group(String key) {
      return key.equals("noReportFile") ? "saveReport=" : key.equals("noGoldCache") ? "goldCache=" : key;
    }

    private Builder note(String option) {
      String key = group(option.contains("=") ? option.substring(0, option.indexOf('=') + 1) : option);
      set.removeIf(s -> group(s).startsWith(key) && !key.equals("listener=") && !key.equals("scoring="));
      set.add(option);
      return this;
    }

    private Builder copy() {
      Builder b = new Builder();
      b.benchmark = benchmark;
      b.questionsPath = questionsPath;
      b.dbPath = dbPath;
      b.database = database;
      b.queryEngine = queryEngine;
      b.databasesDir = databasesDir;
      b.version = version;
      b.workdir = workdir;
      b.endpoint = endpoint;
      b.downloadMinimumRate = downloadMinimumRate;
      b.downloadRateWindow = downloadRateWindow;
      b.downloadMaxFileBytes = downloadMaxFileBytes;
      b.saveReport = saveReport;
      b.reportPath = reportPath;
      b.showMismatches = showMismatches;
      b.maxMismatches = maxMismatches;
      b.mismatchOut = mismatchOut;
      b.listeners.addAll(listeners);
      b.judge = judge;
      b.modelName = modelName;
      b.scorings.clear();
      b.scorings.addAll(scorings);
      b.queryTimeout = queryTimeout;
      b.maxRows = maxRows;
      b.threads = threads;
      b.maxValueBytes = maxValueBytes;
      b.maxRowBytes = maxRowBytes;
      b.maxResultBytes = maxResultBytes;
      b.executor = executor;
      b.goldCache = goldCache;
      b.keepMismatches = keepMismatches;
      b.keepResults = keepResults;
      b.goldCacheDir = goldCacheDir;
      b.allowEmpty = allowEmpty;
      b.audit = audit;
      b.leftOut = leftOut;
      b.set.addAll(set);
      b.chosen.addAll(chosen);
      return b;
    }

    /** The options that were set, e.g. {@code {dbPath=db.sqlite, threads=4}}. */
    @Override
    public String toString() {
      StringJoiner j = new StringJoiner(", ", "{", "}");
      set.forEach(j::add);
      return j.toString();
    }
  }
}
