package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import dev.llmsql.models.judge.Rule;

/**
 * One rule of a rule-judged case, scored as its own item weighted by its difficulty.
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").build();
 * CapabilitySuite suite = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json")).judge(judge).build();
 * ModelResult model = suite.run(target);
 * RuleResult r = model.cases().get(0).rules().get(0);
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
