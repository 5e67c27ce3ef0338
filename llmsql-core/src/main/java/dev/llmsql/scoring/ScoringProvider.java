package dev.llmsql.scoring;

import java.util.List;
import java.util.Set;

/**
 * Makes scorings by name for {@link Scorings#named(String)}, discovered with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/dev.llmsql.scoring.ScoringProvider}).
 *
 * <pre>{@code
 * // public and top level in real code, listed in META-INF/services/dev.llmsql.scoring.ScoringProvider
 * final class AcmeScorings implements ScoringProvider {
 *   public Set<String> names() { return Set.of("acme"); }
 *   public Scoring create(String name) {
 *     return results -> new Score("acme", results.stream().filter(r -> r.outcome().isMatch()).count()
 *         / (double) Math.max(1, results.size()), "share of questions matched");
 *   }
 * }
 * }</pre>
 */
public interface ScoringProvider {

  /** The names this provider answers to; never null. */
  Set<String> names();

  /**
   * How help lists this provider's scorings, one entry per scoring in the order shown, e.g.
   * {@code "weighted[:unknown-as-1]"}; a name left out still works. By default every name, sorted.
   */
  default List<String> help() {
    return names().stream().sorted().toList();
  }

  /** A scoring for one of {@link #names()}; never null. */
  Scoring create(String name);
}
