package dev.llmsql.suite;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judge.llm.Rule;

/**
 * One rule of a rule-judged case, scored as its own item weighted by its difficulty.
 *
 * <pre>{@code
 * r.passed();   // matched by at least half the judges that answered
 * }</pre>
 *
 * @param rule the rule
 * @param matched how many judges matched it
 * @param judges how many judges answered
 */
public record RuleResult(Rule rule, int matched, int judges) {

  public RuleResult {
    requireNonNull(rule, "rule");
  }

  /** SCALE: a rule passes when at least half the judges matched it. */
  public boolean passed() {
    return judges > 0 && 2 * matched >= judges;
  }
}
