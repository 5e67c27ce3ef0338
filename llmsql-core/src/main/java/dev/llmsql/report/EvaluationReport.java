package dev.llmsql.report;

import static java.util.Objects.requireNonNull;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;

import dev.llmsql.judge.Outcome;
import dev.llmsql.judge.Reason;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.scoring.Score;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The result of an evaluation: LLMSQL's report ({@code total}, {@code matches}, {@code pred_none},
 * {@code gold_none}, {@code sql_errors}, {@code accuracy}, {@code mismatches}, {@code timestamp},
 * {@code input_mode}) plus per-question verdicts, input problems, scores and timing.
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * System.out.println(report);              // summary and the first mismatches
 * double acc = report.accuracy();
 * }</pre>
 *
 * @param total predictions scored (unknown, invalid and duplicate ones are input problems, not scored)
 * @param matches predictions judged a match
 * @param predNone predictions whose deciding candidate returned exactly one NULL
 * @param goldNone scored predictions whose gold returned exactly one NULL
 * @param sqlErrors predictions whose SQL failed (outcome {@link Outcome#ERROR})
 * @param accuracy matches / total, 0 when total is 0
 * @param mismatches the predictions not judged a match, in input order (all of them, unless the evaluator was
 *     told to keep fewer: there are always {@code total - matches})
 * @param timestamp when the evaluation finished
 * @param inputMode how predictions were given
 * @param results one per scored prediction, in input order; empty when the evaluator was built with
 *     {@code keepResults(false)} (the counts, {@link #tally()} and scores stay exact)
 * @param inputProblems predictions that could not be scored as given
 * @param unanswered benchmark questions no prediction answered
 * @param judge the judge's name
 * @param scores the configured scorings' figures
 * @param benchmark a description of the benchmark used
 * @param duration wall time of the evaluation
 * @param savedTo where the JSON report was written, if it was
 * @param details question text, tags and SQL per scored prediction, in input order; filled by
 *     {@link dev.llmsql.Evaluator#run}, empty for reports built without it
 * @param tally the verdicts counted by outcome, reason, difficulty and tag; exact even when {@code results}
 *     were not kept
 * @param llmsql2 what LLMSQL 2.0's report adds (model name, version, exact string matches, category accuracy,
 *     coverage); empty for a report built without them, whose coverage is then derived from the other fields
 */
public record EvaluationReport(int total, int matches, int predNone, int goldNone, int sqlErrors,
                               double accuracy, List<Mismatch> mismatches, Instant timestamp,
                               InputMode inputMode, List<QuestionResult> results,
                               List<InputProblem> inputProblems, int unanswered, String judge,
                               List<Score> scores, String benchmark, Duration duration,
                               Optional<Path> savedTo, List<QuestionDetail> details, Tally tally,
                               Optional<Llmsql2Figures> llmsql2) {

  public EvaluationReport {
    mismatches = List.copyOf(mismatches);
    requireNonNull(timestamp, "timestamp");
    requireNonNull(inputMode, "inputMode");
    results = List.copyOf(results);
    inputProblems = List.copyOf(inputProblems);
    requireNonNull(judge, "judge");
    scores = List.copyOf(scores);
    requireNonNull(benchmark, "benchmark");
    requireNonNull(duration, "duration");
    requireNonNull(savedTo, "savedTo");
    details = List.copyOf(details);
    requireNonNull(tally, "tally");
    requireNonNull(llmsql2, "llmsql2");
  }

  /** A report without LLMSQL 2.0 figures. */
  public EvaluationReport(int total, int matches, int predNone, int goldNone, int sqlErrors,
                          double accuracy, List<Mismatch> mismatches, Instant timestamp,
                          InputMode inputMode, List<QuestionResult> results,
                          List<InputProblem> inputProblems, int unanswered, String judge,
                          List<Score> scores, String benchmark, Duration duration,
                          Optional<Path> savedTo, List<QuestionDetail> details, Tally tally) {
    this(total, matches, predNone, goldNone, sqlErrors, accuracy, mismatches, timestamp, inputMode, results,
        inputProblems, unanswered, judge, scores, benchmark, duration, savedTo, details, tally, Optional.empty());
  }

  /** A report whose {@link #tally()} is counted from {@code results}. */
  public EvaluationReport(int total, int matches, int predNone, int goldNone, int sqlErrors,
                          double accuracy, List<Mismatch> mismatches, Instant timestamp,
                          InputMode inputMode, List<QuestionResult> results,
                          List<InputProblem> inputProblems, int unanswered, String judge,
                          List<Score> scores, String benchmark, Duration duration,
                          Optional<Path> savedTo, List<QuestionDetail> details) {
    this(total, matches, predNone, goldNone, sqlErrors, accuracy, mismatches, timestamp, inputMode, results,
        inputProblems, unanswered, judge, scores, benchmark, duration, savedTo, details, Tally.of(results));
  }

  /** A report without {@link #details()}, as the engine builds it. */
  public EvaluationReport(int total, int matches, int predNone, int goldNone, int sqlErrors,
                          double accuracy, List<Mismatch> mismatches, Instant timestamp,
                          InputMode inputMode, List<QuestionResult> results,
                          List<InputProblem> inputProblems, int unanswered, String judge,
                          List<Score> scores, String benchmark, Duration duration,
                          Optional<Path> savedTo) {
    this(total, matches, predNone, goldNone, sqlErrors, accuracy, mismatches, timestamp, inputMode, results,
        inputProblems, unanswered, judge, scores, benchmark, duration, savedTo, List.of());
  }

  /** This report, recorded as saved to {@code file}. */
  public EvaluationReport withSavedTo(Path file) {
    return new EvaluationReport(total, matches, predNone, goldNone, sqlErrors, accuracy, mismatches,
        timestamp, inputMode, results, inputProblems, unanswered, judge, scores, benchmark, duration,
        Optional.of(file), details, tally, llmsql2);
  }

  /** This report with {@code details} (one per scored prediction, any order: they are sorted by results). */
  public EvaluationReport withDetails(List<QuestionDetail> details) {
    Map<Integer, QuestionDetail> byId = new java.util.HashMap<>();
    details.forEach(d -> byId.put(d.questionId(), d));
    List<QuestionDetail> ordered = results.stream().map(r -> byId.get(r.questionId()))
        .filter(d -> d != null).toList();
    return new EvaluationReport(total, matches, predNone, goldNone, sqlErrors, accuracy, mismatches,
        timestamp, inputMode, results, inputProblems, unanswered, judge, scores, benchmark, duration,
        savedTo, ordered, tally, llmsql2);
  }

  /** This report with LLMSQL 2.0's figures. */
  public EvaluationReport withLlmsql2(Llmsql2Figures figures) {
    return new EvaluationReport(total, matches, predNone, goldNone, sqlErrors, accuracy, mismatches,
        timestamp, inputMode, results, inputProblems, unanswered, judge, scores, benchmark, duration,
        savedTo, details, tally, Optional.of(figures));
  }

  /** The model's name, when the caller gave one ({@code modelName(...)}, {@code --model-name}). */
  public Optional<String> modelName() {
    return llmsql2.flatMap(Llmsql2Figures::model);
  }

  /** The benchmark version, e.g. {@code "2.0"}, when known. */
  public Optional<String> version() {
    return llmsql2.map(Llmsql2Figures::version);
  }

  /** Predictions whose extracted SQL equals the reference SQL as text (LLMSQL 2.0); 0 when not counted. */
  public int exactStringMatches() {
    return llmsql2.map(Llmsql2Figures::exactStringMatches).orElse(0);
  }

  /** exactStringMatches / total, 0 when total is 0. */
  public double exactStringMatchAccuracy() {
    return total == 0 ? 0.0 : (double) exactStringMatches() / total;
  }

  /**
   * Matches per question category ({@code convention}, {@code lookup}, {@code text_quantity}), sorted by
   * name, only categories that occur; empty when no judged question has a category.
   *
   * <pre>{@code
   * report.categoryAccuracy().get("lookup").accuracy();
   * }</pre>
   */
  public Map<String, Breakdown> categoryAccuracy() {
    return llmsql2.map(Llmsql2Figures::categoryAccuracy).orElse(Map.of());
  }

  /** Questions in the benchmark. */
  public int expected() {
    return llmsql2.map(Llmsql2Figures::expected).orElse(total + unanswered);
  }

  /** Distinct benchmark questions that got a prediction. */
  public int answered() {
    return llmsql2.map(Llmsql2Figures::answered).orElse(expected() - missing());
  }

  /** Benchmark questions no prediction answered. */
  public int missing() {
    return llmsql2.map(Llmsql2Figures::missing).orElse(unanswered);
  }

  /** Prediction lines for a question answered before. */
  public int duplicates() {
    return llmsql2.map(Llmsql2Figures::duplicates).orElse((int) inputProblems.stream()
        .filter(p -> p.kind() == InputProblem.Kind.DUPLICATE_QUESTION_ID).count());
  }

  /** matches / expected (upstream's coverage report), 0 when the benchmark is empty. */
  public double accuracyOverBenchmark() {
    int expected = expected();
    return expected == 0 ? 0.0 : (double) matches / expected;
  }

  /** The detail of a scored question, if recorded. */
  public Optional<QuestionDetail> detail(int questionId) {
    return details.stream().filter(d -> d.questionId() == questionId).findFirst();
  }

  /** The mismatch entry of a question, if it did not match. */
  public Optional<Mismatch> mismatch(int questionId) {
    return mismatches.stream().filter(m -> m.questionId() == questionId).findFirst();
  }

  /** How many predictions ended in each outcome (every outcome present, zeros included). */
  public Map<Outcome, Integer> outcomeCounts() {
    return new EnumMap<>(tally.outcomes());
  }

  /** How many predictions have each reason (only reasons that occur). */
  public Map<Reason, Integer> reasonCounts() {
    Map<Reason, Integer> counts = new EnumMap<>(Reason.class);
    counts.putAll(tally.reasons());
    return counts;
  }

  /**
   * Matches per difficulty ({@code easy}, {@code medium}, {@code hard}); empty when no question has a
   * difficulty.
   */
  public Map<String, Breakdown> byDifficulty() {
    return tally.byDifficulty();
  }

  /** Matches per tag, sorted by tag; a question with several tags counts in each. */
  public Map<String, Breakdown> byTag() {
    return tally.byTag();
  }

  /** Whether {@link #results()} holds every scored prediction (false for a {@code keepResults(false)} run). */
  public boolean hasResults() {
    return results.size() == total;
  }

  /**
   * Checks that this report holds every result, which {@code purpose} needs.
   *
   * @throws IllegalStateException for a report of a {@code keepResults(false)} evaluation
   */
  public void requireResults(String purpose) {
    if (!hasResults()) {
      throw new IllegalStateException(purpose + " lists every question, but this report keeps " + results.size()
          + " of " + total + " results (the evaluator was built with keepResults(false)); evaluate again "
          + "with keepResults(true), the default");
    }
  }

  /** Predictions whose gold SQL failed: benchmark defects, counted as not matching. */
  public int goldErrors() {
    return outcomeCounts().get(Outcome.GOLD_ERROR);
  }

  /** The result for a question, if a prediction for it was scored. */
  public Optional<QuestionResult> result(int questionId) {
    return results.stream().filter(r -> r.questionId() == questionId).findFirst();
  }

  /** A score by name, if that scoring ran. */
  public Optional<Score> score(String name) {
    return scores.stream().filter(s -> s.name().equals(name)).findFirst();
  }

  /** The summary {@link ReportText} prints, then the first five mismatches as a table. */
  @Override
  public String toString() {
    return ReportText.summary(this) + ReportText.mismatchTable(mismatches, 5);
  }
}
