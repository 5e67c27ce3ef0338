package dev.llmsql.judge;

import java.util.Set;

/**
 * Makes judges by name for {@link Judges#named(String)}, discovered with {@link java.util.ServiceLoader}:
 * a module adds names by shipping {@code META-INF/services/dev.llmsql.judge.JudgeProvider}. Implementations
 * need a public no-argument constructor.
 *
 * <pre>{@code
 * // public and top level in real code, listed in META-INF/services/dev.llmsql.judge.JudgeProvider
 * final class AcmeJudges implements JudgeProvider {
 *   public Set<String> names() { return Set.of("acme"); }
 *   public Judge create(String name, Set<String> options) { return Judges.llmsql2(options); }   // or your own Judge
 * }
 * }</pre>
 */
public interface JudgeProvider {

  /** The names this provider answers to, e.g. {@code "spider-exec"}; never null. */
  Set<String> names();

  /** The options {@code name} accepts (written {@code name:option,option}); empty by default. */
  default Set<String> options(String name) {
    return Set.of();
  }

  /**
   * A judge for one of {@link #names()}.
   *
   * @param name one of {@link #names()}
   * @param options a subset of {@link #options(String)}, already checked; never null
   * @return the judge, never null
   */
  Judge create(String name, Set<String> options);
}
