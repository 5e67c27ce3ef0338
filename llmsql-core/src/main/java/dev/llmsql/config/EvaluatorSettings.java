package dev.llmsql.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Every setting of {@code Evaluator.Builder}, declared once: {@code Evaluator.Builder} takes its defaults and
 * checks from here, {@code llmsql evaluate} its options' help (and the converters the same {@link Range}s), and
 * {@code SparkEvaluation.Builder} the defaults and checks of the settings it shares. A new setting is one
 * constant here, added to {@link #ALL}, one builder method named after it and, unless it is API-only, one
 * option; {@code EvaluatorSettingsTest} and the command line's agreement test fail until all three agree.
 *
 * <pre>{@code
 * for (Setting<?> s : EvaluatorSettings.ALL) {
 *   System.out.println(s.name() + " " + s.option().orElse("(API only: " + s.apiOnlyReason().orElseThrow() + ")"));
 * }
 * Duration timeout = EvaluatorSettings.QUERY_TIMEOUT.defaultValue();   // PT10S
 * }</pre>
 */
public final class EvaluatorSettings {

  /** Any benchmark source. */
  public static final Setting<Object> BENCHMARK = Setting.of("benchmark", null, null)
      .apiOnly("a BenchmarkSource object; the command line names local files or the LLMSQL download");
  /** The LLMSQL version downloaded when no benchmark is given. */
  public static final Setting<String> VERSION = Setting.of("version", "2.0", null)
      .cli("--version", "LLMSQL version to download (default {default})");
  /**
   * Where downloads are cached: {@code llmsql_workdir}, or the {@code llmsql.workdir} system property when set
   * (CI caches, test builds; the help shows the plain default).
   */
  public static final Setting<Path> WORKDIR_PATH = Setting.of("workdirPath",
          Path.of(System.getProperty("llmsql.workdir", "llmsql_workdir")), null)
      .cli("--workdir-path", "download cache (default llmsql_workdir)");
  /** The hub endpoint; default the {@code HF_ENDPOINT} variable, else {@code https://huggingface.co}. */
  public static final Setting<URI> HUB_ENDPOINT = Setting.of("hubEndpoint", (URI) null, null)
      .cli("--hub-endpoint", "hub to download from, http:// or https:// (default $HF_ENDPOINT or "
          + "https://huggingface.co)");
  /** The slowest a download may go, in bytes a second; 0 turns the check off. */
  public static final Setting<Long> DOWNLOAD_MINIMUM_RATE = Setting.of("downloadMinimumRate", 1_024L,
          Range.DOWNLOAD_MIN_RATE)
      .cli("--download-min-rate", "end a download slower than this, averaged over --download-rate-window; the "
          + "part is kept and the next run resumes it (default {default}; 0 turns it off; up to 1000000000)");
  /** The window the download rate is averaged over; the second argument of {@code downloadMinimumRate}. */
  public static final Setting<Duration> DOWNLOAD_RATE_WINDOW = Setting.of("downloadMinimumRate window",
          Duration.ofSeconds(30), Range.DOWNLOAD_RATE_WINDOW_MILLIS)
      .cli("--download-rate-window", "the window --download-min-rate is averaged over (default {default}; "
          + "{range})");
  /** The largest file downloaded, in bytes: a wrong endpoint cannot fill the disk. */
  public static final Setting<Long> DOWNLOAD_MAX_FILE_BYTES = Setting.of("downloadMaxFileBytes", 1L << 30,
          Range.DOWNLOAD_MAX_FILE_BYTES)
      .cli("--download-max-file-bytes", "the largest file downloaded, in bytes; a larger one fails before its "
          + "first byte, naming this option (default {default}; {range})");
  /** A local questions JSONL. */
  public static final Setting<Path> QUESTIONS_PATH = Setting.of("questionsPath", (Path) null, null)
      .cli("--questions-path", "local questions JSONL; with --db-path or --databases-dir, no download");
  /** A local database all questions run on. */
  public static final Setting<Path> DB_PATH = Setting.of("dbPath", (Path) null, null)
      .cli("--db-path", "local database all questions run on (SQLite; DuckDB by a .duckdb/.ddb name or "
          + "--engine)");
  /** A directory of databases laid out {@code {dir}/{db_id}/{db_id}.sqlite}. */
  public static final Setting<Path> DATABASES_DIR = Setting.of("databasesDir", (Path) null, null)
      .cli("--databases-dir", "local databases laid out DIR/{db_id}/{db_id}.sqlite (Spider/BIRD); a db_id "
          + "leading outside DIR ('..', a path, a link out) is an input problem");
  /** The database all questions run on, on any engine; the command line gives it as a JDBC URL. */
  public static final Setting<Object> DATABASE = Setting.of("database", null, null)
      .cli("--jdbc-url", "the database as a JDBC URL (jdbc:duckdb:FILE, jdbc:postgresql://...); {db_id} in it is "
          + "filled in per question; with --questions-path");
  /** The engine SQL runs on instead of the one chosen per database. */
  public static final Setting<Object> ENGINE = Setting.of("engine", null, null).cli("--engine");
  /** Where the JSON report is saved; default {@code evaluation_results_{uuid}.json}. */
  public static final Setting<Path> SAVE_REPORT = Setting.of("saveReport", (Path) null, null)
      .cli("--save-report", "where to save LLMSQL's JSON report (default evaluation_results_{uuid}.json)");
  /** Saves no JSON report. */
  public static final Setting<Boolean> NO_REPORT_FILE = Setting.of("noReportFile", false, null)
      .cli("--no-save-report", "save no LLMSQL JSON report");
  /** Whether mismatches are printed at all; the command line turns it off. */
  public static final Setting<Boolean> SHOW_MISMATCHES = Setting.of("showMismatches", true, null)
      .cli("--no-show-mismatches", "print no mismatches");
  /** How many mismatches are printed. */
  public static final Setting<Integer> MAX_MISMATCHES = Setting.of("maxMismatches", 5, Range.MISMATCHES)
      .cli("--max-mismatches", "print at most N mismatches (default {default}; {range})");
  /** Listeners told about progress, results and mismatches. */
  public static final Setting<Object> LISTENER = Setting.of("listener", null, null)
      .apiOnly("a Java object; the command line adds its own progress and download listeners");
  /** How each prediction is judged. */
  public static final Setting<Object> JUDGE = Setting.of("judge", null, null).cli("--judge");
  /** The model's name, written to the report. */
  public static final Setting<String> MODEL_NAME = Setting.of("modelName", (String) null, null)
      .cli("--model-name", "the model's name, for the report's model_name (LLMSQL 2.0) and the leaderboard "
          + "entry (default: model.name of --run-metadata)");
  /** Scorings beside accuracy. */
  public static final Setting<Object> SCORING = Setting.of("scoring", null, null).cli("--scoring");
  /** How long one statement may run. */
  public static final Setting<Duration> QUERY_TIMEOUT = Setting.of("queryTimeout", Duration.ofSeconds(10),
          Range.QUERY_TIMEOUT_MILLIS)
      .cli("--query-timeout", "interrupt a statement after this long (default {default}; {range})");
  /** How many rows one statement may return. */
  public static final Setting<Integer> MAX_ROWS = Setting.of("maxRows", 100_000, Range.MAX_ROWS)
      .cli("--max-rows", "row cap per statement (default {default}; {range})");
  /** The longest string or blob one statement may build or read (for SQLite also the longest stored row). */
  public static final Setting<Integer> MAX_VALUE_BYTES = Setting.of("maxValueBytes", 250_000,
          Range.MAX_VALUE_BYTES)
      .cli("--max-value-bytes", "longest string, blob or stored row a statement may build or read (default "
          + "{default}; {range})");
  /** The most one result row may take, in estimated heap bytes: 16 MiB. */
  public static final Setting<Long> MAX_ROW_BYTES = Setting.of("maxRowBytes", 16L << 20, Range.RESULT_BYTES)
      .cli("--max-row-bytes", "bytes one result row may take (default {default}; {range})");
  /** The most one result may take, in estimated heap bytes: 128 MiB. */
  public static final Setting<Long> MAX_RESULT_BYTES = Setting.of("maxResultBytes", 128L << 20,
          Range.RESULT_BYTES)
      .cli("--max-result-bytes", "bytes one result may take (default {default}; {range}); over a bound is a "
          + "SIZE_LIMIT error for that statement, gold queries included");
  /** How many predictions are evaluated at once; default the available processors (at most 256). */
  public static final Setting<Integer> THREADS = Setting.of("threads", (Integer) null, Range.THREADS)
      .cli("--threads", "predictions evaluated at once (default: available processors; {range})");
  /** Where gold results are kept between runs. */
  public static final Setting<Path> GOLD_CACHE = Setting.of("goldCache", (Path) null, null)
      .cli("--gold-cache", "where (default: WORKDIR/gold-cache with --workdir-path, else "
          + "$LLMSQL_CACHE_DIR/gold-cache or the user cache directory's llmsql/gold-cache, e.g. "
          + "~/.cache/llmsql/gold-cache)");
  /** Runs every gold query afresh. */
  public static final Setting<Boolean> NO_GOLD_CACHE = Setting.of("noGoldCache", false, null)
      .cli("--no-gold-cache", "run every gold query afresh");
  /**
   * Mismatches a report keeps: far above LLMSQL 2.0's 2,000 questions and a typical 1.0 test split's misses,
   * yet a bound on memory however many predictions a run has.
   */
  public static final Setting<Integer> KEEP_MISMATCHES = Setting.of("keepMismatches", 10_000, Range.MISMATCHES)
      .cli("--keep-mismatches", "keep at most N mismatches in the report (default {default}; counts stay exact; "
          + "{range})");
  /** Whether the report keeps per-question results. */
  public static final Setting<Boolean> KEEP_RESULTS = Setting.of("keepResults", true, null)
      .apiOnly("the command line keeps results exactly when --format, --baseline, --breakdowns or a level's "
          + "--fail-under needs them, so its memory stays flat otherwise");
  /** Whether an empty predictions or questions file is a run of nothing. */
  public static final Setting<Boolean> ALLOW_EMPTY_INPUT = Setting.of("allowEmptyInput", false, null)
      .cli("--allow-empty", "evaluate an empty (or blank-only) predictions or questions file as a run of nothing "
          + "instead of refusing it (exit 3)");
  /** An open executor the caller closes. */
  public static final Setting<Object> EXECUTOR = Setting.of("executor", null, null)
      .apiOnly("an open QueryExecutor is a Java object; the command line opens its databases itself");
  /** An audit whose flagged questions are also scored apart. */
  public static final Setting<Path> AUDIT = Setting.of("audit", (Path) null, null)
      .cli("--audit", "also score the questions this audit (llmsql audit --save) did not flag; the summary, JSON "
          + "report and leaderboard show both");

  /** Every setting above, in the builder's order. */
  public static final List<Setting<?>> ALL = List.of(BENCHMARK, VERSION, WORKDIR_PATH, HUB_ENDPOINT,
      DOWNLOAD_MINIMUM_RATE, DOWNLOAD_RATE_WINDOW, DOWNLOAD_MAX_FILE_BYTES, QUESTIONS_PATH, DB_PATH, DATABASES_DIR,
      DATABASE, ENGINE, SAVE_REPORT, NO_REPORT_FILE, SHOW_MISMATCHES, MAX_MISMATCHES, LISTENER, JUDGE, MODEL_NAME,
      SCORING, QUERY_TIMEOUT, MAX_ROWS, MAX_VALUE_BYTES, MAX_ROW_BYTES, MAX_RESULT_BYTES, THREADS, GOLD_CACHE,
      NO_GOLD_CACHE, KEEP_MISMATCHES, KEEP_RESULTS, ALLOW_EMPTY_INPUT, EXECUTOR, AUDIT);

  /** The settings of the LLMSQL download, shared by every command that downloads it. */
  public static final List<Setting<?>> DOWNLOAD = List.of(VERSION, WORKDIR_PATH, HUB_ENDPOINT,
      DOWNLOAD_MINIMUM_RATE, DOWNLOAD_RATE_WINDOW, DOWNLOAD_MAX_FILE_BYTES);

  private EvaluatorSettings() {
  }
}
