package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.result.QuestionResult;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * BIRD's table by difficulty, as its {@code evaluation_ex.py}, {@code evaluation_f1.py} and
 * {@code evaluation_ves.py} compute and print it: per level ({@code simple}, {@code moderate}, {@code challenging},
 * from the question's {@code difficulty}) and in total the count, EX, Soft-F1 and (when the judge timed the
 * matches, {@code bird:ves}) R-VES, each in points (0 to 100). Computed in one place, {@link #of}, in BIRD's order
 * of operations: EX and Soft-F1 are {@code sum / count * 100}, R-VES {@code sum(sqrt(reward) * 100) / count}.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * BirdScores bird = report.bird().orElseThrow();
 * double challengingEx = bird.levels().get("challenging").ex();
 * }</pre>
 *
 * @param levels {@code simple}, {@code moderate}, {@code challenging} and {@code total}, in that order
 * @param timed whether R-VES was measured (the judge timed its matches); without it {@code rves} is 0
 */
public record BirdScores(Map<String, Level> levels, boolean timed) {

  /** BIRD's levels, in its order; {@code total} also counts questions without a difficulty. */
  public static final List<String> LEVELS = List.of("simple", "moderate", "challenging", "total");

  public BirdScores {
    levels = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(levels, "levels")));
  }

  /**
   * One column of BIRD's table.
   *
   * @param count questions at this level
   * @param ex share of execution matches, in points
   * @param softF1 mean Soft-F1 (the judge's {@code soft_f1} measure, 0 where absent), in points
   * @param rves R-VES: mean of {@code sqrt(reward) * 100}, the reward from the {@code ves_reward} measure of a
   *     match (1 for a match without it), 0 for a question not matched
   */
  public record Level(int count, double ex, double softF1, double rves) {
  }

  /**
   * The BIRD level (1 {@code simple}, 2 {@code moderate}, 3 {@code challenging}) of a question's raw
   * {@code difficulty} field, 0 for anything else: BIRD's {@code compute_acc_by_diff} compares
   * {@code content["difficulty"]} with these three strings exactly, so {@code "Simple"}, {@code " simple "},
   * {@code "hard"}, {@code 1} or {@code "veryhard"} count in {@code total} only.
   *
   * @param difficulty the field as read from the question line (a String, a Number, ...), or null
   */
  public static int level(Object difficulty) {
    if (!(difficulty instanceof String label)) {
      return 0;
    }
    return switch (label) {
      case "simple" -> 1;
      case "moderate" -> 2;
      case "challenging" -> 3;
      default -> 0;
    };
  }

  /**
   * BIRD's table of {@code results}, in input order, each at the level its {@link QuestionResult#difficulty()} names
   * (give them {@link #level}'s levels for BIRD's grouping); empty when there are none. A level without questions shows
   * count 0 and zeros, where BIRD's scripts divide by zero.
   */
  public static Optional<BirdScores> of(List<QuestionResult> results) {
    if (results.isEmpty()) {
      return Optional.empty();
    }
    boolean timed = results.stream().anyMatch(r -> r.verdict().measure("ves_reward").isPresent());
    Map<String, Level> levels = new LinkedHashMap<>();
    for (int d = 1; d <= 3; d++) {
      int difficulty = d;
      levels.put(LEVELS.get(d - 1), level(results.stream().filter(r -> r.difficulty() == difficulty).toList()));
    }
    levels.put("total", level(results));
    return Optional.of(new BirdScores(levels, timed));
  }

  private static Level level(List<QuestionResult> results) {
    int n = results.size();
    if (n == 0) {
      return new Level(0, 0, 0, 0);
    }
    int matches = 0;
    double f1 = 0;
    double points = 0;
    for (QuestionResult r : results) {
      boolean match = r.outcome() == Outcome.MATCH;
      matches += match ? 1 : 0;
      f1 += r.verdict().measure("soft_f1").orElse(0);
      if (match) {
        OptionalDouble reward = r.verdict().measure("ves_reward");
        points += Math.sqrt(reward.orElse(1.0)) * 100;
      }
    }
    return new Level(n, (double) matches / n * 100, f1 / n * 100, points / n);
  }
}
