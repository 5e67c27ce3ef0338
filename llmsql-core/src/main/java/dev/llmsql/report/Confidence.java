package dev.llmsql.report;

import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import dev.llmsql.scoring.Scoring;
import dev.llmsql.scoring.Scorings;
import dev.llmsql.stats.Bootstrap;
import dev.llmsql.stats.Interval;
import dev.llmsql.stats.Wilson;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * The 95% confidence interval of each score of a report, one method per score whatever the output: accuracy
 * always gets the {@link Wilson} score interval of its counts; every other score a seeded {@link Bootstrap}
 * over questions, scoring each resample again with the scoring of the same name (when that scoring gives the
 * report's figure on the whole run; otherwise the score was made by another scoring and has no interval).
 * Without per-question results ({@code keepResults(false)}) the other scores have no interval.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * Optional<Interval> ci = Confidence.of(report, "accuracy");
 * ci.map(Interval::format).orElse("unavailable");   // "[0.4040, 0.6703]" for 27 of 50
 * }</pre>
 */
public final class Confidence {

  /** What reports print for a score without an interval. */
  public static final String UNAVAILABLE = "unavailable";

  /**
   * Intervals already computed, per results list: the text summary, JSON, HTML and leaderboard of one run ask
   * for the same intervals, and re-scoring 1,000 resamples of a large run takes seconds. Weak keys: an entry
   * goes with its report. Equal results give equal intervals, so keying by equality is sound.
   */
  private static final Map<List<QuestionResult>, Map<String, Interval>> CACHE = new WeakHashMap<>();

  private Confidence() {
  }

  /**
   * The interval of accuracy: the {@link Wilson} score interval of matches out of total, whether or not the
   * report kept per-question results, so a run prints the same interval in every output, a report read from
   * counts alone (LLMSQL's own JSON) gets it too, and a run of 160,000 predictions needs no results for it.
   * Empty for a report without a scored question.
   */
  public static Optional<Interval> accuracy(EvaluationReport report) {
    if (report.total() == 0) {
      return Optional.empty();
    }
    return Optional.of(Wilson.interval(report.matches(), report.total()));
  }

  /**
   * The interval of the score named {@code name} ({@code "accuracy"} included); empty when the report has no
   * such score, no question, no kept results (other than accuracy), or the scoring is not known by name.
   */
  public static Optional<Interval> of(EvaluationReport report, String name) {
    return of(report, name, Bootstrap.DEFAULT);
  }

  /** {@link #of(EvaluationReport, String)} with another bootstrap. */
  public static Optional<Interval> of(EvaluationReport report, String name, Bootstrap bootstrap) {
    if (name.equals("accuracy")) {
      return accuracy(report);
    }
    if (report.total() == 0) {
      return Optional.empty();
    }
    return rescoring(report, name).map(scoring -> bootstrap(report.results(), name, scoring, bootstrap));
  }

  /**
   * The registered scoring that made the report's score {@code name}, when it can score a subset again: the
   * report kept its results and the scoring gives the report's figure on the whole run. Empty otherwise.
   */
  static Optional<Scoring> rescoring(EvaluationReport report, String name) {
    if (name.equals("accuracy") || report.score(name).isEmpty() || !report.hasResults()) {
      return Optional.empty();
    }
    // a scoring may name its score in snake case (soft-f1 gives soft_f1): try its registered name too
    Optional<Scoring> found = registered(name).or(() -> registered(name.replace('_', '-')));
    if (found.isEmpty()) {
      return Optional.empty();   // a caller's own scoring: we cannot score a resample again
    }
    Scoring scoring = found.get();
    // A caller's own scoring may share a registered name: only bootstrap with the registered one when it
    // gives the report's figure on the whole run, else the interval would be of another score.
    if (Math.abs(scoring.score(report.results()).value() - report.score(name).get().value()) > 1e-9) {
      return Optional.empty();
    }
    return Optional.of(scoring);
  }

  private static Optional<Scoring> registered(String name) {
    try {
      return Optional.of(Scorings.named(name));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The bootstrap interval of {@code scoring} over {@code results} (a run, or one slice of it for breakdowns). */
  static Interval bootstrap(List<QuestionResult> results, String name, Scoring scoring, Bootstrap bootstrap) {
    // Accumulators keep running sums where the scoring can, so a resample costs no list of n results.
    return cached(results, name, bootstrap, () -> bootstrap.interval(results.size(), indices -> {
      Scoring.Accumulator acc = scoring.accumulator();
      for (int i : indices) {
        acc.add(results.get(i));
      }
      return acc.finish().value();
    }));
  }

  private static Interval cached(List<QuestionResult> results, String name, Bootstrap bootstrap,
                                 Supplier<Interval> compute) {
    String key = name + "\u0000" + bootstrap;
    Map<String, Interval> known;
    synchronized (CACHE) {
      known = CACHE.computeIfAbsent(results, r -> new HashMap<>());
      Interval hit = known.get(key);
      if (hit != null) {
        return hit;
      }
    }
    Interval interval = compute.get();
    synchronized (CACHE) {
      known.put(key, interval);
    }
    return interval;
  }

  /**
   * Every score of the report (accuracy first, even when not among {@link EvaluationReport#scores()}) with its
   * interval, empty where unavailable.
   */
  public static Map<String, Optional<Interval>> all(EvaluationReport report) {
    Map<String, Optional<Interval>> all = new LinkedHashMap<>();
    all.put("accuracy", accuracy(report));
    for (Score s : report.scores()) {
      all.computeIfAbsent(s.name(), name -> of(report, name));
    }
    return all;
  }

  /** The interval as {@code [low, high]}, or {@value #UNAVAILABLE}. */
  public static String format(Optional<Interval> interval) {
    return interval.map(Interval::format).orElse(UNAVAILABLE);
  }
}
