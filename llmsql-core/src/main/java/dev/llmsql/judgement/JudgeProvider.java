package dev.llmsql.judgement;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Makes judges by name for {@link Judges#named(String)}, discovered with {@link java.util.ServiceLoader}:
 * a module adds names by shipping {@code META-INF/services/dev.llmsql.judgement.JudgeProvider}. Implementations
 * need a public no-argument constructor.
 *
 * <pre>{@code
 * // public and top level in real code, listed in META-INF/services/dev.llmsql.judgement.JudgeProvider
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
   * How help lists this provider's judges, one entry per judge in the order shown, e.g.
   * {@code "bird[:ves,keep-equal-ratios]"} or {@code "spider (Spider's report by hardness)"}; a name left out
   * still works. By default every name, sorted, with its options: {@code name[:option,option]}.
   */
  default List<String> help() {
    return names().stream().sorted().map(name -> options(name).isEmpty() ? name
        : name + "[:" + String.join(",", new TreeSet<>(options(name))) + "]").toList();
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
