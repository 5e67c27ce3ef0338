package dev.llmsql.spark;

import dev.llmsql.config.EvaluatorSettings;
import dev.llmsql.config.Range;
import dev.llmsql.config.Setting;
import java.time.Duration;
import java.util.List;

/**
 * The settings of {@link SparkEvaluation.Builder}: those it shares with the single-machine evaluator are the
 * evaluator's own declarations ({@link EvaluatorSettings}, same name, default and range), the others are
 * declared here once. {@link SparkEvaluate}'s help takes its options' words and defaults from here too.
 */
final class SparkSettings {

  /** Predictions one task judges at once: 1, as Spark runs a task per core already. */
  static final Setting<Integer> THREADS_PER_TASK = Setting.of("threadsPerTask", 1, Range.THREADS)
      .cli("--threads-per-task", "predictions one task judges at once (default {default})");
  /**
   * The most predictions one task judges: a database with more is split over several tasks. The builder
   * refuses a value below 1 with its own message, so no range is declared.
   */
  static final Setting<Integer> PREDICTIONS_PER_TASK = Setting.of("predictionsPerTask", 2_000, null)
      .cli("--predictions-per-task", "split a database's predictions into tasks of at most N "
          + "(default {default})");
  /** Whether the driver ships the questions and databases to every executor. */
  static final Setting<Boolean> DISTRIBUTE_FILES = Setting.of("distributeFiles", false, null)
      .cli("--distribute-files");
  /** {@code --query-timeout} of {@link SparkEvaluate}: the evaluator's setting, in spark-submit's words. */
  static final Setting<Duration> QUERY_TIMEOUT = EvaluatorSettings.QUERY_TIMEOUT
      .cli("--query-timeout", "per statement (default {default})");
  /** {@code --max-rows} of {@link SparkEvaluate}: the evaluator's setting, in spark-submit's words. */
  static final Setting<Integer> MAX_ROWS = EvaluatorSettings.MAX_ROWS
      .cli("--max-rows", "per statement (default {default})");

  /** The evaluator's settings {@link SparkEvaluation.Builder} has too, by the same name. */
  static final List<Setting<?>> SHARED = List.of(EvaluatorSettings.JUDGE, EvaluatorSettings.SCORING,
      EvaluatorSettings.ENGINE, EvaluatorSettings.QUERY_TIMEOUT, EvaluatorSettings.MAX_ROWS,
      EvaluatorSettings.MAX_VALUE_BYTES, EvaluatorSettings.MAX_ROW_BYTES, EvaluatorSettings.MAX_RESULT_BYTES,
      EvaluatorSettings.KEEP_MISMATCHES);

  /** Spark's own settings. */
  static final List<Setting<?>> OWN = List.of(THREADS_PER_TASK, PREDICTIONS_PER_TASK, DISTRIBUTE_FILES);

  private SparkSettings() {
  }
}
