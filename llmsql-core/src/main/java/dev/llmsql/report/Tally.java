package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judge.Outcome;
import dev.llmsql.judge.Reason;
import dev.llmsql.result.QuestionResult;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An evaluation's verdicts counted by outcome, reason, difficulty and tag. Counted as results arrive, so a
 * report keeps exact figures even when it does not keep the results themselves
 * ({@link dev.llmsql.Evaluator.Builder#keepResults(boolean)}).
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * Tally tally = Tally.of(report.results());
 * int errors = tally.outcomes().get(Outcome.ERROR);
 * }</pre>
 *
 * @param outcomes predictions per outcome, every outcome present (zeros included)
 * @param reasons predictions per reason, only reasons that occur
 * @param byDifficulty matches per difficulty name ({@code easy}, {@code medium}, {@code hard},
 *     {@code unknown}); empty when no question has a difficulty
 * @param byTag matches per tag, sorted by tag; a question with several tags counts in each
 */
public record Tally(Map<Outcome, Integer> outcomes, Map<Reason, Integer> reasons,
                    Map<String, Breakdown> byDifficulty, Map<String, Breakdown> byTag) {

  public Tally {
    outcomes = Collections.unmodifiableMap(new EnumMap<>(requireNonNull(outcomes, "outcomes")));
    reasons = reasons.isEmpty() ? Map.of() : Collections.unmodifiableMap(new EnumMap<>(reasons));
    byDifficulty = Collections.unmodifiableMap(new LinkedHashMap<>(byDifficulty));
    byTag = Collections.unmodifiableMap(new LinkedHashMap<>(byTag));
  }

  /** The tally of {@code results}. */
  public static Tally of(List<QuestionResult> results) {
    Counter counter = new Counter();
    results.forEach(counter::add);
    return counter.tally();
  }

  /** Counts results one at a time. Not thread-safe. */
  public static final class Counter {
    private final int[] outcomes = new int[Outcome.values().length];
    private final int[] reasons = new int[Reason.values().length];
    private final Map<String, int[]> difficulties = new TreeMap<>();
    private final Map<String, int[]> tags = new TreeMap<>();
    private boolean anyDifficulty;

    /** An empty counter. */
    public Counter() {
    }

    public void add(QuestionResult result) {
      outcomes[result.outcome().ordinal()]++;
      reasons[result.reason().ordinal()]++;
      boolean match = result.outcome().isMatch();
      anyDifficulty |= result.difficulty() != 0;
      count(difficulties, Breakdown.difficultyName(result.difficulty()), match);
      for (String tag : result.tags()) {
        count(tags, tag, match);
      }
    }

    private static void count(Map<String, int[]> slices, String key, boolean match) {
      int[] c = slices.computeIfAbsent(key, k -> new int[2]);
      c[0]++;
      if (match) {
        c[1]++;
      }
    }

    public Tally tally() {
      Map<Outcome, Integer> byOutcome = new EnumMap<>(Outcome.class);
      for (Outcome o : Outcome.values()) {
        byOutcome.put(o, outcomes[o.ordinal()]);
      }
      Map<Reason, Integer> byReason = new EnumMap<>(Reason.class);
      for (Reason r : Reason.values()) {
        if (reasons[r.ordinal()] > 0) {
          byReason.put(r, reasons[r.ordinal()]);
        }
      }
      return new Tally(byOutcome, byReason, anyDifficulty ? slices(difficulties) : Map.of(), slices(tags));
    }

    private static Map<String, Breakdown> slices(Map<String, int[]> counts) {
      Map<String, Breakdown> slices = new LinkedHashMap<>();
      counts.forEach((k, c) -> slices.put(k, new Breakdown(k, c[0], c[1])));
      return slices;
    }
  }
}
