package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.util.List;

/**
 * One capability's SCALE score for one model: round(100 sum(W M) / sum(W Mmax), 1) over its metrics.
 *
 * <pre>{@code
 * ChatClient judge = ChatClient.builder().baseUrl("http://localhost:8001/v1").model("judge-1").build();
 * ChatClient target = ChatClient.builder().baseUrl("http://localhost:8000/v1").model("qwen2.5").build();
 * CapabilitySuite suite = CapabilitySuite.builder()
 *     .dataset(Path.of("my-suite"), Path.of("my-suite.json")).judge(judge).build();
 * ModelResult model = suite.run(target);
 * CapabilityScore c = model.capabilities().get(0);
 * c.score();   // e.g. 71.4
 * }</pre>
 *
 * @param capability the capability
 * @param score the score in points, 0 when no case was scored
 * @param weightedPoints sum(W M)
 * @param weightedMax sum(W Mmax)
 * @param metrics its metrics' scores
 */
public record CapabilityScore(String capability, BigDecimal score, long weightedPoints, long weightedMax,
                              List<MetricScore> metrics) {

  public CapabilityScore {
    requireNonNull(capability, "capability");
    requireNonNull(score, "score");
    metrics = List.copyOf(requireNonNull(metrics, "metrics"));
  }
}
