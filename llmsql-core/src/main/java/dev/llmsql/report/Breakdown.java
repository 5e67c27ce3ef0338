package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.scoring.Score;
import dev.llmsql.stats.Interval;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Matches and accuracy of one slice of an evaluation (one difficulty, one tag).
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * report.byDifficulty().get("hard").accuracy();
 * }</pre>
 *
 * @param key the slice, e.g. {@code "hard"} or a tag
 * @param total scored predictions in the slice
 * @param matches of which matched
 * @param scores the report's other scores (soft-F1, VES, ...) on this slice's results, by name; empty unless
 *     the slice is one of {@link Breakdowns} of a report with such scores
 * @param intervals the 95% interval of each of {@code scores}, by name, computed as the report's own
 *     ({@link Confidence}: seeded bootstrap); a score without one is absent
 */
public record Breakdown(String key, int total, int matches, Map<String, Score> scores,
                        Map<String, Interval> intervals) {

  public Breakdown {
    requireNonNull(key, "key");
    scores = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(scores, "scores")));
    intervals = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(intervals, "intervals")));
  }

  /** A slice with accuracy only. */
  public Breakdown(String key, int total, int matches) {
    this(key, total, matches, Map.of(), Map.of());
  }

  /** This slice under another key, with its scores. */
  Breakdown rekeyed(String newKey) {
    return new Breakdown(newKey, total, matches, scores, intervals);
  }

  /** matches / total, 0 for an empty slice. */
  public double accuracy() {
    return total == 0 ? 0.0 : (double) matches / total;
  }

  /** Difficulty 1..3 as SCALE and Falcon name them; 0 is "unknown". */
  public static String difficultyName(int difficulty) {
    return switch (difficulty) {
      case 1 -> "easy";
      case 2 -> "medium";
      case 3 -> "hard";
      default -> "unknown";
    };
  }
}
