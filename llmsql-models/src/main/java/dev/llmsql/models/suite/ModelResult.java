package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * One target model's run of a suite: every case result and the scores.
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").build();
 * CapabilitySuite suite = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json")).judge(judge).build();
 * ModelResult model = suite.run(target);
 * model.capability("sql_understanding").map(CapabilityScore::score);
 * }</pre>
 *
 * @param model the target model
 * @param suite the suite's name
 * @param cases every case result, in dataset order
 * @param capabilities the capability scores, in config order
 * @param unscored metrics present but not scored
 * @param wallTime how long the model's run took
 */
public record ModelResult(String model, String suite, List<CaseResult> cases, List<CapabilityScore> capabilities,
                          List<String> unscored, Duration wallTime) {

  public ModelResult {
    requireNonNull(model, "model");
    requireNonNull(suite, "suite");
    cases = List.copyOf(requireNonNull(cases, "cases"));
    capabilities = List.copyOf(requireNonNull(capabilities, "capabilities"));
    unscored = List.copyOf(requireNonNull(unscored, "unscored"));
    requireNonNull(wallTime, "wallTime");
  }

  public Optional<CapabilityScore> capability(String name) {
    return capabilities.stream().filter(c -> c.capability().equals(name)).findFirst();
  }

  /** How many cases failed to run (left out of the scores). */
  public long failedCases() {
    return cases.stream().filter(c -> c.status() == CaseStatus.FAILED).count();
  }

  @Override
  public String toString() {
    return "ModelResult[" + model + ", " + cases.size() + " case(s), " + failedCases() + " failed, "
        + capabilities.stream().map(c -> c.capability() + "=" + c.score()).toList() + "]";
  }
}
