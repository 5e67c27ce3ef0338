package dev.llmsql.matching;

import java.util.List;

/**
 * One way LLMSQL 2.0's scorer accepts a query's rows as the reference answer. {@link ResultMatcher} tries its
 * rules in order; the first that accepts decides.
 *
 * <pre>{@code
 * MatchRule rule = ResultMatcher.llmsql2().rules().get(0);
 * rule.name();                                                    // "rule1_equal"
 * rule.accepts(List.of(List.of("Hurts")), List.of(List.of(" Hurts ")));  // true
 * }</pre>
 */
public interface MatchRule {

  /** The rule's name as upstream's examples give it, e.g. {@code rule2_trailing_count}. */
  String name();

  /**
   * Whether the rule accepts {@code predicted} for {@code gold}.
   *
   * @param gold the reference answer's rows, raw cells
   * @param predicted the query's rows in engine order, raw cells
   */
  boolean accepts(List<List<Object>> gold, List<List<Object>> predicted);

  /**
   * How near {@code predicted} comes to passing this rule, from 0 (not at all, or the rule does not apply) to
   * 1, to name the closest rule when none accepts.
   */
  double closeness(List<List<Object>> gold, List<List<Object>> predicted);

  /** A short account of where {@code predicted} falls short of this rule. */
  String shortfall(List<List<Object>> gold, List<List<Object>> predicted);
}
