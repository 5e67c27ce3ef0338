package dev.llmsql.models.suite;

/**
 * A case's verdict in the case report.
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").build();
 * CapabilitySuite suite = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json")).judge(judge).build();
 * ModelResult model = suite.run(target);
 * CaseResult result = model.cases().get(0);
 * boolean passed = result.status() == CaseStatus.PASS;
 * }</pre>
 */
public enum CaseStatus {
  /** Judged correct (rule cases: every rule passed). */
  PASS,
  /** Judged wrong, including malformed or refused answers. */
  WRONG,
  /** Did not run to a verdict (target retries exhausted, every judge failed): left out of both score sums. */
  FAILED
}
