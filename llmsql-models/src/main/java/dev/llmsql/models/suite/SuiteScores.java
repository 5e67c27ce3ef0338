package dev.llmsql.models.suite;

import dev.llmsql.judge.scoring.WeightedScoring;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SCALE's weighted formula over case results: per metric M = points of passed cases (rules), Mmax = points of
 * all scored cases (rules), metric % = round(100 M / Mmax, 1); per capability round(100 sum(W M) /
 * sum(W Mmax), 1); failed cases are in neither sum; no cases gives 0; unweighted metrics are not scored.
 *
 * <pre>{@code
 * List<CapabilityScore> scores = SuiteScores.score(config, results);
 * }</pre>
 */
final class SuiteScores {

  private SuiteScores() {
  }

  /** The capability scores of {@code results}, capabilities and metrics in config order. */
  static List<CapabilityScore> score(SuiteConfig config, List<CaseResult> results) {
    Map<String, List<MetricScore>> byCapability = new LinkedHashMap<>();
    for (MetricConfig metric : config.metrics()) {
      if (!metric.scored()) {
        continue;
      }
      long points = 0;
      long max = 0;
      int passed = 0;
      int wrong = 0;
      int failed = 0;
      for (CaseResult r : results) {
        SuiteCase c = r.suiteCase();
        if (!c.capability().equals(metric.capability()) || !c.metric().equals(metric.metric())) {
          continue;
        }
        points += r.points();
        max += r.maxPoints();
        switch (r.status()) {
          case PASS -> passed++;
          case WRONG -> wrong++;
          case FAILED -> failed++;
        }
      }
      byCapability.computeIfAbsent(metric.capability(), k -> new ArrayList<>()).add(new MetricScore(
          metric.capability(), metric.metric(), metric.weight(), metric.evaluation(), points, max,
          WeightedScoring.percent(points, max), new MetricScore.Cases(passed, wrong, failed)));
    }
    List<CapabilityScore> scores = new ArrayList<>();
    byCapability.forEach((capability, metrics) -> {
      long num = metrics.stream().mapToLong(m -> m.weight() * m.points()).sum();
      long den = metrics.stream().mapToLong(m -> m.weight() * m.maxPoints()).sum();
      scores.add(new CapabilityScore(capability, WeightedScoring.percent(num, den), num, den, metrics));
    });
    return scores;
  }
}
