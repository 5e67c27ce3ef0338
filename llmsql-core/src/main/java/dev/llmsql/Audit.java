package dev.llmsql;

import static java.util.Objects.requireNonNull;

import dev.llmsql.audit.AuditListener;
import dev.llmsql.audit.AuditReport;
import dev.llmsql.audit.GoldInspector;
import dev.llmsql.benchmark.BenchmarkSource;
import dev.llmsql.benchmark.Benchmarks;
import dev.llmsql.config.AuditSettings;
import dev.llmsql.config.Range;
import dev.llmsql.config.Settings;
import dev.llmsql.engine.AuditEngine;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.judgement.Judge;
import dev.llmsql.judgement.Judges;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Checks a benchmark before it scores a model: runs every gold query, with no predictions, through the same
 * executors and bounds as {@link Evaluator}, and flags per question what makes it unfair to score
 * ({@link dev.llmsql.audit.AuditFlag}: golds that fail, return nothing, run too long, do not match themselves,
 * cut through ties, depend on scan order or the clock, sort numbers as text, repeat, or name what is not there).
 * docs/AUDIT.md describes each check.
 *
 * <pre>{@code
 * AuditReport report = Audit.builder()
 *     .questionsPath(Path.of("questions.jsonl")).dbPath(Path.of("sqlite_tables.db"))
 *     .queryTimeout(Duration.ofSeconds(10))
 *     .build().run();
 * System.out.print(report.summary(10));
 * report.writeJson(Path.of("audit.json"));   // evaluate --audit audit.json scores with and without them
 * }</pre>
 */
public final class Audit {

  /**
   * The share of the query timeout a gold may take before it is {@code gold_slow}, by default
   * ({@link AuditSettings#SLOW_FRACTION}, where every default of {@link Builder} is declared).
   */
  public static final double DEFAULT_SLOW_FRACTION = AuditSettings.SLOW_FRACTION.defaultValue();

  private final BenchmarkSource source;
  private final Builder b;

  private Audit(BenchmarkSource source, Builder b) {
    this.source = source;
    this.b = b;
  }

  /** A builder with evaluation's defaults (10 s per statement, 100,000 rows, a thread per processor). */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Audits every question.
   *
   * @throws dev.llmsql.prediction.InvalidInputException when the questions cannot be read
   * @throws dev.llmsql.benchmark.BenchmarkUnavailableException when the benchmark cannot be found
   */
  public AuditReport run() {
    GoldInspector inspector = b.inspector != null ? b.inspector
        : ServiceLoader.load(GoldInspector.class).findFirst().orElse(null);
    long slowNanos = (long) Math.ceil(b.queryTimeout.toNanos() * b.slowFraction);
    return new AuditEngine(source, b.judge, b.engine, new ExecutionLimits(b.queryTimeout, b.maxRows, b.threads,
        b.maxValueBytes, b.maxRowBytes, b.maxResultBytes), b.threads, Duration.ofNanos(slowNanos), inspector,
        b.listeners).run();
  }

  @Override
  public String toString() {
    return "Audit[" + source.describe() + "]";
  }

  /**
   * Configures an {@link Audit}: the benchmark (questions and a database, a directory of databases, or any
   * {@link BenchmarkSource}), the bounds every gold runs under (as {@link Evaluator.Builder}'s), the judge of
   * {@code not_self_match} and the share of the timeout after which a gold is slow. A setting given twice with
   * different values is refused.
   *
   * <pre>{@code
   * Audit.builder().questionsPath(Path.of("dev.jsonl")).databasesDir(Path.of("database"))
   *     .judge(Judges.named("spider")).slowFraction(1.0).threads(4).build();
   * }</pre>
   */
  public static final class Builder {
    private final Settings given = new Settings("Audit.Builder");
    private BenchmarkSource benchmark;
    private Path questionsPath;
    private Path dbPath;
    private Path databasesDir;
    private Database database;
    private QueryEngine engine;
    private Judge judge = Judges.llmsqlByVersion();
    private GoldInspector inspector;
    private Duration queryTimeout = AuditSettings.QUERY_TIMEOUT.defaultValue();
    private double slowFraction = AuditSettings.SLOW_FRACTION.defaultValue();
    private int maxRows = AuditSettings.MAX_ROWS.defaultValue();
    // the declared default is "computed": the processors, within the declared range
    private int threads = (int) Math.min(Runtime.getRuntime().availableProcessors(),
        AuditSettings.THREADS.range().map(Range::max).orElseThrow());
    private int maxValueBytes = AuditSettings.MAX_VALUE_BYTES.defaultValue();
    private long maxRowBytes = AuditSettings.MAX_ROW_BYTES.defaultValue();
    private long maxResultBytes = AuditSettings.MAX_RESULT_BYTES.defaultValue();
    private final List<AuditListener> listeners = new ArrayList<>();

    private Builder() {
    }

    /** Any benchmark source; excludes the local files below. */
    public Builder benchmark(BenchmarkSource source) {
      this.benchmark = given.once("benchmark", requireNonNull(source, "benchmark"));
      return this;
    }

    /** The questions JSONL; needs {@link #dbPath}, {@link #databasesDir} or {@link #database} too. */
    public Builder questionsPath(Path questions) {
      this.questionsPath = given.once("questionsPath", requireNonNull(questions, "questionsPath"));
      return this;
    }

    /** The one SQLite database every question runs on. */
    public Builder dbPath(Path db) {
      this.dbPath = given.once("dbPath", requireNonNull(db, "dbPath"));
      return this;
    }

    /** A directory of databases laid out {@code {dir}/{db_id}/{db_id}.sqlite} (Spider, BIRD). */
    public Builder databasesDir(Path dir) {
      this.databasesDir = given.once("databasesDir", requireNonNull(dir, "databasesDir"));
      return this;
    }

    /** The database on any engine: a file, a JDBC URL (with {@code {db_id}}) or a caller's pool. */
    public Builder database(Database database) {
      this.database = given.once("database", requireNonNull(database, "database"));
      return this;
    }

    /** Runs SQL with this engine instead of the one found for each database. */
    public Builder engine(QueryEngine engine) {
      this.engine = given.once("engine", requireNonNull(engine, "engine"));
      return this;
    }

    /** The judge the gold is judged against itself with ({@code not_self_match}); default LLMSQL's. */
    public Builder judge(Judge judge) {
      this.judge = given.once("judge", requireNonNull(judge, "judge"));
      return this;
    }

    /**
     * Reads golds for {@code limit_tie}, {@code text_sorted_numbers} and the tables of a failing gold; default
     * the one found with {@link ServiceLoader} (llmsql-judge's), none when there is none.
     */
    public Builder inspector(GoldInspector inspector) {
      this.inspector = given.once("inspector", requireNonNull(inspector, "inspector"));
      return this;
    }

    /** How long one statement may run (default 10 s, as evaluation's). */
    public Builder queryTimeout(Duration timeout) {
      this.queryTimeout = given.once("queryTimeout", AuditSettings.QUERY_TIMEOUT.check(timeout));
      return this;
    }

    /**
     * The share of the query timeout after which a gold is {@code gold_slow}: {@code 0.5} (the default) flags
     * golds that need half the time a run allows, {@code 1.0} only those that time out.
     *
     * @throws IllegalArgumentException outside (0, 1]
     */
    public Builder slowFraction(double fraction) {
      if (!(fraction > 0 && fraction <= 1)) {
        throw new IllegalArgumentException("slowFraction must be more than 0 and at most 1, but was " + fraction);
      }
      this.slowFraction = given.once("slowFraction", fraction);
      return this;
    }

    /** How many rows one statement may return (default 100,000). */
    public Builder maxRows(int maxRows) {
      this.maxRows = given.once("maxRows", AuditSettings.MAX_ROWS.check(maxRows));
      return this;
    }

    /** The longest string or blob a statement may build or read (default 250,000 bytes). */
    public Builder maxValueBytes(int bytes) {
      this.maxValueBytes = given.once("maxValueBytes", AuditSettings.MAX_VALUE_BYTES.check(bytes));
      return this;
    }

    /** The most one result row may take (default 16 MiB). */
    public Builder maxRowBytes(long bytes) {
      this.maxRowBytes = given.once("maxRowBytes", AuditSettings.MAX_ROW_BYTES.check(bytes));
      return this;
    }

    /** The most one result may take (default 128 MiB). */
    public Builder maxResultBytes(long bytes) {
      this.maxResultBytes = given.once("maxResultBytes", AuditSettings.MAX_RESULT_BYTES.check(bytes));
      return this;
    }

    /** How many questions are audited at once (default: available processors). */
    public Builder threads(int threads) {
      this.threads = given.once("threads", AuditSettings.THREADS.check(threads));
      return this;
    }

    /** Adds a listener told how the audit progresses. */
    public Builder listener(AuditListener listener) {
      listeners.add(requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * The audit.
     *
     * @throws IllegalStateException when the benchmark is missing or given twice, or bounds do not grow from
     *     value to row to result
     */
    public Audit build() {
      int databases = (dbPath != null ? 1 : 0) + (databasesDir != null ? 1 : 0) + (database != null ? 1 : 0);
      if (benchmark != null && (questionsPath != null || databases > 0)) {
        throw new IllegalStateException("Audit.Builder: benchmark(...) and local files exclude each other");
      }
      if (benchmark == null && (questionsPath == null || databases != 1)) {
        throw new IllegalStateException("Audit.Builder: give questionsPath(...) and one of dbPath(...), "
            + "databasesDir(...) or database(...), or benchmark(...)");
      }
      if (maxRowBytes < maxValueBytes || maxResultBytes < maxRowBytes) {
        throw new IllegalStateException("size bounds must grow from value to row to result, but maxValueBytes="
            + maxValueBytes + ", maxRowBytes=" + maxRowBytes + ", maxResultBytes=" + maxResultBytes);
      }
      BenchmarkSource source = benchmark != null ? benchmark
          : dbPath != null ? Benchmarks.local(questionsPath, dbPath)
          : database != null ? Benchmarks.local(questionsPath, database)
          : Benchmarks.localDatabases(questionsPath, databasesDir);
      Builder copy = new Builder();
      copy.judge = judge;
      copy.engine = engine;
      copy.inspector = inspector;
      copy.queryTimeout = queryTimeout;
      copy.slowFraction = slowFraction;
      copy.maxRows = maxRows;
      copy.threads = threads;
      copy.maxValueBytes = maxValueBytes;
      copy.maxRowBytes = maxRowBytes;
      copy.maxResultBytes = maxResultBytes;
      copy.listeners.addAll(listeners);
      return new Audit(source, copy);
    }
  }
}
