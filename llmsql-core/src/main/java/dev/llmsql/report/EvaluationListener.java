package dev.llmsql.report;

import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.result.QuestionResult;
import java.net.URI;
import java.nio.file.Path;

/**
 * Told what an evaluation is doing, in input order, from the thread that called the evaluator. The only
 * way library code talks to people: the caller chooses what to print, log or draw.
 *
 * <pre>{@code
 * Evaluator.builder().listener(new EvaluationListener() {
 *   public void onResult(QuestionResult r) { System.err.print('.'); }   // one dot per judged question
 * }).build();
 * }</pre>
 */
public interface EvaluationListener {

  /**
   * Something the caller should know that does not stop the evaluation, such as a damaged gold cache being
   * rebuilt or a cache lock another process holds; one line. May come from a worker thread of the evaluation.
   */
  default void onWarning(String message) { }

  /** Bytes of a benchmark file arrived ({@code bytesTotal} -1 when unknown). */
  default void onDownloadProgress(URI uri, long bytesDone, long bytesTotal) { }

  /** A benchmark file was downloaded. */
  default void onDownloaded(URI uri, Path file, long bytes) { }

  /** A download failed and is retried. */
  default void onDownloadRetry(URI uri, int attempt, String reason) { }

  /** Input was validated; {@code predictions} lines or items will be evaluated. */
  default void onStart(long predictions) { }

  /** A prediction was scored. */
  default void onResult(QuestionResult result) { }

  /**
   * A prediction was scored, with the result sets it was judged on: the gold's outcome (null when the judge did
   * not run it, unless {@link #wantsGold()}) and the outcome of the last statement the prediction ran (null when
   * none ran). The default passes the result to {@link #onResult(QuestionResult)}; a listener that shows result
   * sets for every question (Falcon's comparison table) overrides this one. Listeners must not keep the rows of
   * a large run.
   */
  default void onResult(QuestionResult result, QueryOutcome gold, QueryOutcome predicted) {
    onResult(result);
  }

  /**
   * Whether this listener needs the gold's outcome for every prediction, so the gold is run (once, cached like
   * any gold) where the judge did not need it; counts and verdicts do not change. Default false.
   */
  default boolean wantsGold() {
    return false;
  }

  /** A scored prediction did not match; {@code ordinal} counts from 1. */
  default void onMismatch(Mismatch mismatch, int ordinal) { }

  /** A prediction could not be scored as given. */
  default void onInputProblem(InputProblem problem) { }

  /** The evaluation finished (the report is saved already when saving is on). */
  default void onFinish(EvaluationReport report) { }
}
