package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
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

  /**
   * The one place an evaluation's counts are made: results are added one at a time (the engine, a report's
   * builder) and counters of parts merged ({@link #merge}, associative: Spark's driver merges its tasks'), so every
   * report's figures ({@code total}, {@code matches}, {@code pred_none}, {@code gold_none}, {@code sql_errors},
   * LLMSQL 2.0's exact string matches, categories and duplicates, and the {@link Tally}) agree by construction.
   * Not thread-safe.
   *
   * <pre>{@code
   * Tally.Counter counter = new Tally.Counter();
   * report.results().forEach(counter::add);
   * int sqlErrors = counter.sqlErrors();
   * }</pre>
   */
  public static final class Counter {
    private final int[] outcomes = new int[Outcome.values().length];
    private final int[] reasons = new int[Reason.values().length];
    private final Map<String, int[]> difficulties = new TreeMap<>();
    private final Map<String, int[]> tags = new TreeMap<>();
    private final Map<String, int[]> categories = new TreeMap<>();
    private boolean anyDifficulty;
    private int total;
    private int matches;
    private int predNone;
    private int goldNone;
    private int sqlErrors;
    private int exactStringMatches;
    private int byAnswer;
    private int duplicates;

    /** An empty counter. */
    public Counter() {
    }

    /**
     * A counter holding a report's own figures (as saved, so a report read back merges as it was counted), for
     * merging the reports of parts of one evaluation. How many were judged against a reference answer is not
     * saved: {@link #byAnswer()} is 0.
     */
    public static Counter of(EvaluationReport report) {
      Counter c = new Counter();
      c.total = report.total();
      c.matches = report.matches();
      c.predNone = report.predNone();
      c.goldNone = report.goldNone();
      c.sqlErrors = report.sqlErrors();
      Tally t = report.tally();
      t.outcomes().forEach((o, n) -> c.outcomes[o.ordinal()] = n);
      t.reasons().forEach((r, n) -> c.reasons[r.ordinal()] = n);
      c.anyDifficulty = !t.byDifficulty().isEmpty();
      t.byDifficulty().forEach((k, b) -> c.difficulties.put(k, new int[] {b.total(), b.matches()}));
      int counted = t.outcomes().values().stream().mapToInt(Integer::intValue).sum();
      if (!c.anyDifficulty && counted > 0) {
        // a tally without difficulties shows none, but counted every result as of unknown difficulty
        c.difficulties.put(Breakdown.difficultyName(0), new int[] {counted, t.outcomes().get(Outcome.MATCH)});
      }
      t.byTag().forEach((k, b) -> c.tags.put(k, new int[] {b.total(), b.matches()}));
      report.llmsql2().ifPresent(f -> {
        c.exactStringMatches = f.exactStringMatches();
        c.duplicates = f.duplicates();
        f.categoryAccuracy().forEach((k, b) -> c.categories.put(k, new int[] {b.total(), b.matches()}));
      });
      return c;
    }

    /** Counts one scored prediction. */
    public void add(QuestionResult result) {
      outcomes[result.outcome().ordinal()]++;
      reasons[result.reason().ordinal()]++;
      boolean match = result.outcome().isMatch();
      total++;
      matches += match ? 1 : 0;
      predNone += result.predNone() ? 1 : 0;
      goldNone += result.goldNone() ? 1 : 0;
      sqlErrors += result.sqlError() ? 1 : 0;
      anyDifficulty |= result.difficulty() != 0;
      count(difficulties, Breakdown.difficultyName(result.difficulty()), match);
      for (String tag : result.tags()) {
        count(tags, tag, match);
      }
    }

    /**
     * Counts one prediction judged against its question's reference answer (LLMSQL 2.0's rules), in
     * {@code category} (null: none) as well.
     */
    public void addByAnswer(QuestionResult result, String category) {
      add(result);
      byAnswer++;
      exactStringMatches += result.exactStringMatch() ? 1 : 0;
      if (category != null) {
        count(categories, category, result.outcome().isMatch());
      }
    }

    /** Counts a prediction line for a question answered before, which LLMSQL 2.0 scores again. */
    public void duplicate() {
      duplicates++;
    }

    /** Adds {@code other}'s counts to this counter's; {@code a.merge(b).merge(c)} equals {@code a.merge(b.merge(c))}. */
    public Counter merge(Counter other) {
      for (int i = 0; i < outcomes.length; i++) {
        outcomes[i] += other.outcomes[i];
      }
      for (int i = 0; i < reasons.length; i++) {
        reasons[i] += other.reasons[i];
      }
      mergeSlices(difficulties, other.difficulties);
      mergeSlices(tags, other.tags);
      mergeSlices(categories, other.categories);
      anyDifficulty |= other.anyDifficulty;
      total += other.total;
      matches += other.matches;
      predNone += other.predNone;
      goldNone += other.goldNone;
      sqlErrors += other.sqlErrors;
      exactStringMatches += other.exactStringMatches;
      byAnswer += other.byAnswer;
      duplicates += other.duplicates;
      return this;
    }

    private static void mergeSlices(Map<String, int[]> into, Map<String, int[]> from) {
      from.forEach((k, c) -> {
        int[] mine = into.computeIfAbsent(k, x -> new int[2]);
        mine[0] += c[0];
        mine[1] += c[1];
      });
    }

    private static void count(Map<String, int[]> slices, String key, boolean match) {
      int[] c = slices.computeIfAbsent(key, k -> new int[2]);
      c[0]++;
      if (match) {
        c[1]++;
      }
    }

    /** Predictions counted. */
    public int total() {
      return total;
    }

    /** Predictions judged a match. */
    public int matches() {
      return matches;
    }

    /** LLMSQL's {@code pred_none}. */
    public int predNone() {
      return predNone;
    }

    /** LLMSQL's {@code gold_none}. */
    public int goldNone() {
      return goldNone;
    }

    /** LLMSQL's {@code sql_errors}. */
    public int sqlErrors() {
      return sqlErrors;
    }

    /** matches / total, 0 when total is 0. */
    public double accuracy() {
      return total == 0 ? 0.0 : (double) matches / total;
    }

    /** LLMSQL 2.0's exact string matches, among the predictions judged against a reference answer. */
    public int exactStringMatches() {
      return exactStringMatches;
    }

    /** Predictions judged against a reference answer ({@link #addByAnswer}). */
    public int byAnswer() {
      return byAnswer;
    }

    /** Prediction lines for a question answered before ({@link #duplicate()}). */
    public int duplicates() {
      return duplicates;
    }

    /** Matches per category of the predictions judged against a reference answer, sorted by name. */
    public Map<String, Breakdown> categories() {
      return slices(categories);
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
