package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Matches and accuracy of one slice of an evaluation (one difficulty, one tag).
 *
 * <pre>{@code
 * report.byDifficulty().get("hard").accuracy();
 * }</pre>
 *
 * @param key the slice, e.g. {@code "hard"} or a tag
 * @param total scored predictions in the slice
 * @param matches of which matched
 */
public record Breakdown(String key, int total, int matches) {

  public Breakdown {
    requireNonNull(key, "key");
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

  static Map<String, Breakdown> of(List<QuestionResult> results,
                                   Function<QuestionResult, List<String>> keys) {
    Map<String, int[]> counts = new TreeMap<>();
    for (QuestionResult r : results) {
      for (String key : keys.apply(r)) {
        int[] c = counts.computeIfAbsent(key, k -> new int[2]);
        c[0]++;
        if (r.outcome().isMatch()) {
          c[1]++;
        }
      }
    }
    Map<String, Breakdown> slices = new java.util.LinkedHashMap<>();
    counts.forEach((k, c) -> slices.put(k, new Breakdown(k, c[0], c[1])));
    return java.util.Collections.unmodifiableMap(slices);
  }
}
