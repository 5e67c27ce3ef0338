package dev.llmsql.report;

import static java.util.Objects.requireNonNull;


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
}
