package dev.llmsql.audit;

/**
 * Told how an audit progresses, for a progress line; called from the auditing threads, one call at a time.
 *
 * <pre>{@code
 * AuditListener progress = (phase, done, total) -> System.err.printf("%s %d/%d%n", phase, done, total);
 * }</pre>
 */
@FunctionalInterface
public interface AuditListener {

  /**
   * {@code done} of {@code total} questions passed {@code phase}: {@code "checks"} (each gold run and
   * inspected) or {@code "self-match"} (each gold judged against itself).
   */
  void onProgress(String phase, int done, int total);
}
