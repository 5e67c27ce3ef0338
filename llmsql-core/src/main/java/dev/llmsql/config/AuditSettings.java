package dev.llmsql.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Every setting of {@code Audit.Builder}, declared once. Those it shares with {@code Evaluator.Builder} (the
 * benchmark, the judge and every bound) are {@link EvaluatorSettings}' own declarations, given {@code llmsql audit}'s
 * option words with {@link Setting#cli(String, String)}: same name, default and range, so an audit runs its golds
 * under exactly the bounds an evaluation would. {@code Audit.Builder} takes its defaults and checks from here,
 * {@code llmsql audit} its options' help; {@code AuditSettingsTest} and the command line's agreement test fail
 * until the three agree.
 *
 * <pre>{@code
 * AuditSettings.MAX_ROWS.defaultValue();        // 100000, as EvaluatorSettings.MAX_ROWS
 * AuditSettings.MAX_ROWS.help();                // Optional[rows one statement may return (default 100000)]
 * AuditSettings.SLOW_FRACTION.defaultValue();   // 0.5
 * }</pre>
 */
public final class AuditSettings {

  /** Any benchmark source. */
  public static final Setting<Object> BENCHMARK = EvaluatorSettings.BENCHMARK;
  /** The questions JSONL, with gold {@code sql}. */
  public static final Setting<Path> QUESTIONS_PATH = EvaluatorSettings.QUESTIONS_PATH
      .cli("--questions-path", "the questions JSONL (with gold \"sql\")");
  /** The one SQLite database every question runs on. */
  public static final Setting<Path> DB_PATH = EvaluatorSettings.DB_PATH
      .cli("--db-path", "the one database every question runs on");
  /** A directory of databases laid out {@code {dir}/{db_id}/{db_id}.sqlite}. */
  public static final Setting<Path> DATABASES_DIR = EvaluatorSettings.DATABASES_DIR
      .cli("--databases-dir", "databases laid out DIR/{db_id}/{db_id}.sqlite");
  /** The database on any engine; the command line gives it as a JDBC URL. */
  public static final Setting<Object> DATABASE = EvaluatorSettings.DATABASE
      .cli("--jdbc-url", "a server's database; {db_id} is filled per question");
  /** The engine SQL runs on instead of the one chosen per database; the command line lists the engines. */
  public static final Setting<Object> ENGINE = EvaluatorSettings.ENGINE;
  /** The judge a gold is judged against itself with ({@code not_self_match}). */
  public static final Setting<Object> JUDGE = EvaluatorSettings.JUDGE
      .cli("--judge", "the judge a gold is judged against itself with (not_self_match); default as evaluate's");
  /** Reads golds for the checks that parse them; default the one found with {@code ServiceLoader}. */
  public static final Setting<Object> INSPECTOR = Setting.of("inspector", null, null)
      .apiOnly("a GoldInspector is a Java object; the command line uses the one on the class path");
  /** How long one statement may run. */
  public static final Setting<Duration> QUERY_TIMEOUT = EvaluatorSettings.QUERY_TIMEOUT
      .cli("--query-timeout", "how long one statement may run (default {default}, as evaluate's)");
  /**
   * The share of the query timeout after which a gold is {@code gold_slow}; no {@link Range} holds a fraction,
   * so the builder checks (0, 1] itself.
   */
  public static final Setting<Double> SLOW_FRACTION = Setting.of("slowFraction", 0.5, null)
      .cli("--slow-fraction", "a gold taking more than this share of the timeout is gold_slow (default {default}; "
          + "1 = only timeouts)");
  /** How many rows one statement may return. */
  public static final Setting<Integer> MAX_ROWS = EvaluatorSettings.MAX_ROWS
      .cli("--max-rows", "rows one statement may return (default {default})");
  /** The longest string or blob one statement may build or read. */
  public static final Setting<Integer> MAX_VALUE_BYTES = EvaluatorSettings.MAX_VALUE_BYTES
      .cli("--max-value-bytes", "the longest string or blob a statement may build or read (default {default})");
  /** The most one result row may take. */
  public static final Setting<Long> MAX_ROW_BYTES = EvaluatorSettings.MAX_ROW_BYTES
      .cli("--max-row-bytes", "the most one result row may take, in bytes (default {default MiB})");
  /** The most one result may take. */
  public static final Setting<Long> MAX_RESULT_BYTES = EvaluatorSettings.MAX_RESULT_BYTES
      .cli("--max-result-bytes", "the most one result may take, in bytes (default {default MiB})");
  /** How many questions are audited at once; default the available processors (at most 256). */
  public static final Setting<Integer> THREADS = EvaluatorSettings.THREADS
      .cli("--threads", "questions audited at once (default: processors)");
  /** Listeners told how the audit progresses. */
  public static final Setting<Object> LISTENER = Setting.of("listener", null, null)
      .apiOnly("an AuditListener is a Java object; the command line prints progress unless --quiet");

  /** Every setting above, in the builder's order. */
  public static final List<Setting<?>> ALL = List.of(BENCHMARK, QUESTIONS_PATH, DB_PATH, DATABASES_DIR, DATABASE,
      ENGINE, JUDGE, INSPECTOR, QUERY_TIMEOUT, SLOW_FRACTION, MAX_ROWS, MAX_VALUE_BYTES, MAX_ROW_BYTES,
      MAX_RESULT_BYTES, THREADS, LISTENER);

  /** The settings {@code Audit.Builder} shares with {@code Evaluator.Builder}: the same declarations. */
  public static final List<Setting<?>> SHARED = List.of(BENCHMARK, QUESTIONS_PATH, DB_PATH, DATABASES_DIR,
      DATABASE, ENGINE, JUDGE, QUERY_TIMEOUT, MAX_ROWS, MAX_VALUE_BYTES, MAX_ROW_BYTES, MAX_RESULT_BYTES, THREADS);

  private AuditSettings() {
  }
}
