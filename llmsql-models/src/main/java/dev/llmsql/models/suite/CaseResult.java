package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One case as one model answered it and the judges decided.
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").build();
 * CapabilitySuite suite = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json")).judge(judge).build();
 * ModelResult model = suite.run(target);
 * for (CaseResult r : model.cases()) System.out.println(r.suiteCase().id() + " " + r.status());
 * }</pre>
 *
 * @param suiteCase the case
 * @param prompt what the target model was asked
 * @param answer its answer as received (reasoning included), empty when it never answered
 * @param status pass, wrong or failed
 * @param detail why, in words
 * @param votes each judge's vote (empty when no judge was asked)
 * @param rules each rule's result (rule cases)
 */
public record CaseResult(SuiteCase suiteCase, String prompt, String answer, CaseStatus status, String detail,
                         List<JudgeVote> votes, List<RuleResult> rules) {

  public CaseResult {
    requireNonNull(suiteCase, "suiteCase");
    requireNonNull(prompt, "prompt");
    requireNonNull(answer, "answer");
    requireNonNull(status, "status");
    requireNonNull(detail, "detail");
    votes = List.copyOf(requireNonNull(votes, "votes"));
    rules = List.copyOf(requireNonNull(rules, "rules"));
  }

  /** SCALE points earned: the difficulty when passed, or the passed rules' difficulties; 0 when failed. */
  public long points() {
    if (status == CaseStatus.FAILED) {
      return 0;
    }
    if (!rules.isEmpty()) {
      return rules.stream().filter(RuleResult::passed).mapToLong(r -> r.rule().difficulty()).sum();
    }
    return status == CaseStatus.PASS ? suiteCase.difficulty() : 0;
  }

  /** SCALE points possible: the difficulty, or the sum of the rules' difficulties; 0 when failed (not scored). */
  public long maxPoints() {
    if (status == CaseStatus.FAILED) {
      return 0;
    }
    if (!rules.isEmpty()) {
      return rules.stream().mapToLong(r -> r.rule().difficulty()).sum();
    }
    return suiteCase.difficulty();
  }
}
