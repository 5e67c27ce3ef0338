package dev.llmsql.models.judge;

/**
 * The two answer forms SCALE's judges use.
 *
 * <pre>{@code
 * ChatClient client = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen").build();
 * LlmJudge.builder().client(client).form(VerdictForm.RULES).rule("r1", "uses a JOIN", 2).build();
 * }</pre>
 */
public enum VerdictForm {
  /** {@code {"answer": "yes"|"no", "reason": "..."}}; judges vote by majority, ties pass. */
  YES_NO,
  /** {@code {"matched_rule_ids": [...], "reason": "..."}}; a rule passes when at least half matched it. */
  RULES
}
