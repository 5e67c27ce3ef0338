package dev.llmsql.benchmark;

/**
 * The benchmark's files could not be had: a failed download, a missing local file. The message names the
 * URL or path and how to pass local files instead.
 *
 * <pre>{@code
 * try {
 *   Evaluator.evaluate(Path.of("outputs.jsonl"));   // downloads the benchmark on first use
 * } catch (BenchmarkUnavailableException e) {
 *   System.err.println(e.getMessage());
 * }
 * }</pre>
 */
public class BenchmarkUnavailableException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public BenchmarkUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
