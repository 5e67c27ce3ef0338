package dev.llmsql.matching;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * LLMSQL 2.0's lenient comparison of a query's rows with a question's reference answer: five rules tried in
 * order (normalised equality, a trailing count, a two-part answer, set equality, an extra column); the first
 * that accepts decides. When none does, the outcome names the rule that came closest.
 *
 * <pre>{@code
 * ResultMatcher.MatchOutcome m =
 *     ResultMatcher.llmsql2().match(List.of(List.of("Hurts")), List.of(List.of("Hurts (3)")));
 * m.matched();   // true
 * m.rule();      // "rule2_trailing_count"
 * }</pre>
 */
public final class ResultMatcher {

  /** The name a mismatch gets in upstream's examples. */
  public static final String NO_MATCH = "no_match";

  private static final ResultMatcher LLMSQL2 = new ResultMatcher(false);
  private static final ResultMatcher STRICT = new ResultMatcher(true);

  private final List<MatchRule> rules;

  private ResultMatcher(boolean strictTwoPart) {
    rules = List.of(new EqualRule(), new TrailingCountRule(), new TwoPartRule(strictTwoPart), new SetRule(),
        new ExtraColumnRule());
  }

  /** Upstream's rules, exactly. */
  public static ResultMatcher llmsql2() {
    return LLMSQL2;
  }

  /**
   * Upstream's rules with rule 3 fixed: case-sensitive like the others, letters and digits of every script kept,
   * and only for text answers (so {@code (274, 0)} is no longer {@code 274.0}).
   */
  public static ResultMatcher strictTwoPart() {
    return STRICT;
  }

  /** The rules, in the order they are tried. */
  public List<MatchRule> rules() {
    return rules;
  }

  /**
   * Compares a query's rows with the answer.
   *
   * @param gold the reference answer's rows (cells: Long, Double, Boolean, String or null)
   * @param predicted the query's rows in engine order (cells: Long, Double, String, byte[] or null)
   * @return which rule accepted, or the closest one with what it lacked
   */
  public MatchOutcome match(List<List<Object>> gold, List<List<Object>> predicted) {
    requireNonNull(gold, "gold");
    requireNonNull(predicted, "predicted");
    for (MatchRule rule : rules) {
      if (rule.accepts(gold, predicted)) {
        return new MatchOutcome(true, rule.name(), "");
      }
    }
    MatchRule closest = rules.get(0);
    double best = -1;
    for (MatchRule rule : rules) {
      double closeness = rule.closeness(gold, predicted);
      if (closeness > best) {
        best = closeness;
        closest = rule;
      }
    }
    return new MatchOutcome(false, NO_MATCH, "closest: " + closest.name() + ", "
        + closest.shortfall(gold, predicted));
  }

  /**
   * The result of {@link #match}.
   *
   * <pre>{@code
   * if (!outcome.matched()) System.out.println(outcome.detail());  // "closest: rule1_equal, 0 of 1 ..."
   * }</pre>
   *
   * @param matched whether a rule accepted
   * @param rule the accepting rule's name, or {@link #NO_MATCH}
   * @param detail for a mismatch, the closest rule and what it lacked; empty for a match
   */
  public record MatchOutcome(boolean matched, String rule, String detail) {

    public MatchOutcome {
      requireNonNull(rule, "rule");
      requireNonNull(detail, "detail");
    }
  }
}
