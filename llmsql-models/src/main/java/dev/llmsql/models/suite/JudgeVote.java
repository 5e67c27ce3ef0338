package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What one judge model said about one case.
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").build();
 * CapabilitySuite suite = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json")).judge(judge).build();
 * ModelResult model = suite.run(target);
 * JudgeVote vote = model.cases().get(0).votes().get(0);
 * vote.verdict();   // "yes", "no", "rules" or "failed"
 * }</pre>
 *
 * @param model the judge model
 * @param verdict {@code yes}, {@code no}, {@code rules} (it answered matched rule ids) or {@code failed}
 * @param matchedRuleIds the rules it matched (rule cases)
 * @param reason its reason, or why it failed
 */
public record JudgeVote(String model, String verdict, List<String> matchedRuleIds, String reason) {

  public JudgeVote {
    requireNonNull(model, "model");
    requireNonNull(verdict, "verdict");
    matchedRuleIds = List.copyOf(requireNonNull(matchedRuleIds, "matchedRuleIds"));
    requireNonNull(reason, "reason");
  }

  public boolean failed() {
    return verdict.equals("failed");
  }
}
