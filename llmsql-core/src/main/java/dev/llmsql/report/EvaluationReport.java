package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
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
 * <p>A final class with the accessors of the record it was (see CHANGELOG); build one with {@link #builder()}.
 */
public final class EvaluationReport {

  private final int total;
  private final int matches;
  private final int predNone;
  private final int goldNone;
  private final int sqlErrors;
  private final double accuracy;
  private final List<Mismatch> mismatches;
  private final Instant timestamp;
  private final InputMode inputMode;
  private final List<QuestionResult> results;
  private final List<InputProblem> inputProblems;
  private final int unanswered;
  private final String judge;
  private final List<Score> scores;
  private final String benchmark;
  private final Duration duration;
  private final Optional<Path> savedTo;
  private final List<QuestionDetail> details;
  private final Tally tally;
  private final Optional<Llmsql2Figures> llmsql2;
  private final Optional<Unflagged> unflagged;
  private final Optional<SpiderScores> spider;
  private final Optional<BirdScores> bird;
  private final Optional<Breakdowns> breakdowns;

  private EvaluationReport(int total,
                           int matches,
                           int predNone,
                           int goldNone,
                           int sqlErrors,
                           double accuracy,
                           List<Mismatch> mismatches,
                           Instant timestamp,
                           InputMode inputMode,
                           List<QuestionResult> results,
                           List<InputProblem> inputProblems,
                           int unanswered,
                           String judge,
                           List<Score> scores,
                           String benchmark,
                           Duration duration,
                           Optional<Path> savedTo,
                           List<QuestionDetail> details,
                           Tally tally,
                           Optional<Llmsql2Figures> llmsql2,
                           Optional<Unflagged> unflagged,
                           Optional<SpiderScores> spider,
                           Optional<BirdScores> bird,
                           Optional<Breakdowns> breakdowns) {
    this.total = total;
    this.matches = matches;
    this.predNone = predNone;
    this.goldNone = goldNone;
    this.sqlErrors = sqlErrors;
    this.accuracy = accuracy;
    this.mismatches = List.copyOf(mismatches);
    this.timestamp = requireNonNull(timestamp, "timestamp");
    this.inputMode = requireNonNull(inputMode, "inputMode");
    this.results = List.copyOf(results);
    this.inputProblems = List.copyOf(inputProblems);
    this.unanswered = unanswered;
    this.judge = requireNonNull(judge, "judge");
    this.scores = List.copyOf(scores);
    this.benchmark = requireNonNull(benchmark, "benchmark");
    this.duration = requireNonNull(duration, "duration");
    this.savedTo = requireNonNull(savedTo, "savedTo");
    this.details = List.copyOf(details);
    this.tally = requireNonNull(tally, "tally");
    this.llmsql2 = requireNonNull(llmsql2, "llmsql2");
    this.unflagged = requireNonNull(unflagged, "unflagged");
    this.spider = requireNonNull(spider, "spider");
    this.bird = requireNonNull(bird, "bird");
    this.breakdowns = requireNonNull(breakdowns, "breakdowns");
  }

  /** Predictions scored (unknown, invalid and duplicate ones are input problems, not scored). */
  public int total() {
    return total;
  }

  /** Predictions judged a match. */
  public int matches() {
    return matches;
  }

  /** Predictions whose deciding candidate returned exactly one NULL. */
  public int predNone() {
    return predNone;
  }

  /** Scored predictions whose gold returned exactly one NULL. */
  public int goldNone() {
    return goldNone;
  }

  /** Predictions whose SQL failed ({@link QuestionResult#sqlError()}). */
  public int sqlErrors() {
    return sqlErrors;
  }

  /** Matches / total, 0 when total is 0. */
  public double accuracy() {
    return accuracy;
  }

  /**
   * The predictions not judged a match, in input order (all of them, unless the evaluator was told to keep fewer:
   * there are always {@code total - matches}); a view of the {@code results} that carry {@link
   * dev.llmsql.result.KeptRows}, held alone only by a report without results ({@code keepResults(false)}).
   */
  public List<Mismatch> mismatches() {
    return mismatches;
  }

  /** When the evaluation finished. */
  public Instant timestamp() {
    return timestamp;
  }

  /** How predictions were given. */
  public InputMode inputMode() {
    return inputMode;
  }

  /**
   * One per scored prediction, in input order; empty when the evaluator was built with {@code keepResults(false)}
   * (the counts, {@link #tally()} and scores stay exact).
   */
  public List<QuestionResult> results() {
    return results;
  }

  /** Predictions that could not be scored as given. */
  public List<InputProblem> inputProblems() {
    return inputProblems;
  }

  /** Benchmark questions no prediction answered. */
  public int unanswered() {
    return unanswered;
  }

  /** The judge's name. */
  public String judge() {
    return judge;
  }

  /** The configured scorings' figures. */
  public List<Score> scores() {
    return scores;
  }

  /** A description of the benchmark used. */
  public String benchmark() {
    return benchmark;
  }

  /** Wall time of the evaluation. */
  public Duration duration() {
    return duration;
  }

  /** Where the JSON report was written, if it was. */
  public Optional<Path> savedTo() {
    return savedTo;
  }

  /**
   * Question text, tags and SQL per scored prediction, in input order; filled by {@link dev.llmsql.Evaluator#run},
   * empty for reports built without it.
   */
  public List<QuestionDetail> details() {
    return details;
  }

  /** The verdicts counted by outcome, reason, difficulty and tag; exact even when {@code results} were not kept. */
  public Tally tally() {
    return tally;
  }

  /**
   * What LLMSQL 2.0's report adds (model name, version, exact string matches, category accuracy, coverage); empty
   * for a report built without them, whose coverage is then derived from the other fields.
   */
  public Optional<Llmsql2Figures> llmsql2() {
    return llmsql2;
  }

  /** The scores again on the questions an audit did not flag ({@code evaluate --audit}); empty without an audit. */
  public Optional<Unflagged> unflagged() {
    return unflagged;
  }

  /** Spider's report by hardness (and turn), when the {@code spider} judge judged; empty otherwise. */
  public Optional<SpiderScores> spider() {
    return spider;
  }

  /** BIRD's table by difficulty (EX, Soft-F1, R-VES), when a {@code bird} judge judged; empty otherwise. */
  public Optional<BirdScores> bird() {
    return bird;
  }

  /**
   * Accuracy by SQL characteristic, database and table, and QVT, when asked for ({@link #withBreakdowns()}); empty
   * otherwise.
   */
  public Optional<Breakdowns> breakdowns() {
    return breakdowns;
  }

  @Override
  public boolean equals(Object other) {
    if (this == other) {
      return true;
    }
    if (!(other instanceof EvaluationReport o)) {
      return false;
    }
    return total == o.total &&
        matches == o.matches &&
        predNone == o.predNone &&
        goldNone == o.goldNone &&
        sqlErrors == o.sqlErrors &&
        Double.compare(accuracy, o.accuracy) == 0 &&
        mismatches.equals(o.mismatches) &&
        timestamp.equals(o.timestamp) &&
        inputMode.equals(o.inputMode) &&
        results.equals(o.results) &&
        inputProblems.equals(o.inputProblems) &&
        unanswered == o.unanswered &&
        judge.equals(o.judge) &&
        scores.equals(o.scores) &&
        benchmark.equals(o.benchmark) &&
        duration.equals(o.duration) &&
        savedTo.equals(o.savedTo) &&
        details.equals(o.details) &&
        tally.equals(o.tally) &&
        llmsql2.equals(o.llmsql2) &&
        unflagged.equals(o.unflagged) &&
        spider.equals(o.spider) &&
        bird.equals(o.bird) &&
        breakdowns.equals(o.breakdowns);
  }

  @Override
  public int hashCode() {
    return java.util.Objects.hash(total, matches, predNone, goldNone, sqlErrors, accuracy, mismatches, timestamp, inputMode, results,
        inputProblems, unanswered, judge, scores, benchmark, duration, savedTo, details, tally, llmsql2,
        unflagged, spider, bird, breakdowns);
  }


  /**
   * A builder for a report; the engine, {@link FullReportJson} and tests build reports with it. Counts not given
   * are counted from {@link Builder#results}, details and tally come from the results unless given.
   *
   * <pre>{@code
   * EvaluationReport report = EvaluationReport.builder()
   *     .judge("llmsql").benchmark("demo").inputMode(InputMode.LIST).timestamp(Instant.EPOCH)
   *     .results(results)           // total, matches, sql_errors, pred_none, gold_none, accuracy from them
   *     .build();
   * }</pre>
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this report's values, each of which may be replaced once. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.total = total;
    b.matches = matches;
    b.predNone = predNone;
    b.goldNone = goldNone;
    b.sqlErrors = sqlErrors;
    b.accuracy = accuracy;
    // a view of the results is derived again from them; only a list held alone is carried over
    b.mismatches = keepsRows(results) ? null : mismatches;
    b.timestamp = timestamp;
    b.inputMode = inputMode;
    b.results = results;
    b.inputProblems = inputProblems;
    b.unanswered = unanswered;
    b.judge = judge;
    b.scores = scores;
    b.benchmark = benchmark;
    b.duration = duration;
    b.savedTo = savedTo.orElse(null);
    b.details = details;
    b.tally = tally;
    b.llmsql2 = llmsql2.orElse(null);
    b.unflagged = unflagged.orElse(null);
    b.spider = spider.orElse(null);
    b.bird = bird.orElse(null);
    b.breakdowns = breakdowns.orElse(null);
    return b;
  }

  /** This report, recorded as saved to {@code file}. */
  public EvaluationReport withSavedTo(Path file) {
    return toBuilder().savedTo(requireNonNull(file, "file")).build();
  }

  /** This report with {@code details} (one per scored prediction, any order: they are sorted by results). */
  public EvaluationReport withDetails(List<QuestionDetail> details) {
    DetailsInOrder byId = new DetailsInOrder(details);
    List<QuestionDetail> ordered = results.stream().map(r -> byId.next(r.questionId()))
        .filter(d -> d != null).toList();
    return toBuilder().details(ordered).build();
  }

  /**
   * This report with its breakdowns by SQL characteristic, database and table computed ({@link Breakdowns#of}),
   * so every writer shows them.
   *
   * @throws IllegalStateException for a report without per-question results
   */
  public EvaluationReport withBreakdowns() {
    return toBuilder().breakdowns(Breakdowns.of(this)).build();
  }

  /** This report with LLMSQL 2.0's figures. */
  public EvaluationReport withLlmsql2(Llmsql2Figures figures) {
    return toBuilder().llmsql2(requireNonNull(figures, "figures")).build();
  }

  /**
   * Builds an {@link EvaluationReport}. {@code judge}, {@code benchmark}, {@code inputMode} and {@code timestamp}
   * are required. Counts ({@code total}, {@code matches}, {@code sqlErrors}, {@code predNone},
   * {@code goldNone}) not given are counted from {@link #results} by {@link Tally.Counter}, as the engine counts
   * them (an SQL error as {@link QuestionResult#sqlError()}); {@code accuracy} not given is matches / total. {@code details} not given are the
   * results' own ({@link QuestionResult#detail()}), {@code tally} not given is counted from the results.
   * Setting one value twice to different values is refused (a builder from {@link #toBuilder()} may replace each
   * value once).
   */
  public static final class Builder {
    private Integer total;
    private Integer matches;
    private Integer predNone;
    private Integer goldNone;
    private Integer sqlErrors;
    private Double accuracy;
    private List<Mismatch> mismatches;
    private Instant timestamp;
    private InputMode inputMode;
    private List<QuestionResult> results = List.of();
    private List<InputProblem> inputProblems = List.of();
    private int unanswered;
    private String judge;
    private List<Score> scores = List.of();
    private String benchmark;
    private Duration duration = Duration.ZERO;
    private Path savedTo;
    private List<QuestionDetail> details;
    private Tally tally;
    private Llmsql2Figures llmsql2;
    private Unflagged unflagged;
    private SpiderScores spider;
    private BirdScores bird;
    private Breakdowns breakdowns;
    private final Map<String, Object> set = new java.util.HashMap<>();

    private Builder() {
    }

    /**
     * The counts ({@code total}, {@code matches}, {@code predNone}, {@code goldNone}, {@code sqlErrors},
     * {@code accuracy}) and the {@link Tally} as {@code counter} made them, for a report whose results are not all
     * kept or were counted elsewhere.
     */
    public Builder counts(Tally.Counter counter) {
      total(counter.total());
      matches(counter.matches());
      predNone(counter.predNone());
      goldNone(counter.goldNone());
      sqlErrors(counter.sqlErrors());
      accuracy(counter.accuracy());
      return tally(counter.tally());
    }

    /** Predictions scored. */
    public Builder total(int total) {
      this.total = nonNegative("total", total);
      return this;
    }

    /** Predictions judged a match. */
    public Builder matches(int matches) {
      this.matches = nonNegative("matches", matches);
      return this;
    }

    /** Predictions whose deciding candidate returned exactly one NULL. */
    public Builder predNone(int predNone) {
      this.predNone = nonNegative("predNone", predNone);
      return this;
    }

    /** Scored predictions whose gold returned exactly one NULL. */
    public Builder goldNone(int goldNone) {
      this.goldNone = nonNegative("goldNone", goldNone);
      return this;
    }

    /** Predictions whose SQL failed. */
    public Builder sqlErrors(int sqlErrors) {
      this.sqlErrors = nonNegative("sqlErrors", sqlErrors);
      return this;
    }

    /** The accuracy as the source gives it (a report read back keeps its figure); default matches / total. */
    public Builder accuracy(double accuracy) {
      this.accuracy = once("accuracy", accuracy);
      return this;
    }

    /**
     * The predictions not judged a match that the report keeps, in input order, for a report whose results carry
     * no {@link dev.llmsql.result.KeptRows} (a {@code keepResults(false)} evaluation, LLMSQL's report); by
     * default they are derived from the results that carry them.
     */
    public Builder mismatches(List<Mismatch> mismatches) {
      this.mismatches = once("mismatches", List.copyOf(mismatches));
      return this;
    }

    /** When the evaluation finished; required. */
    public Builder timestamp(Instant timestamp) {
      this.timestamp = once("timestamp", requireNonNull(timestamp, "timestamp"));
      return this;
    }

    /** How predictions were given; required. */
    public Builder inputMode(InputMode inputMode) {
      this.inputMode = once("inputMode", requireNonNull(inputMode, "inputMode"));
      return this;
    }

    /** One result per scored prediction, in input order; counts not given are counted from them. */
    public Builder results(List<QuestionResult> results) {
      this.results = once("results", List.copyOf(results));
      return this;
    }

    /** Predictions that could not be scored as given. */
    public Builder inputProblems(List<InputProblem> inputProblems) {
      this.inputProblems = once("inputProblems", List.copyOf(inputProblems));
      return this;
    }

    /** Benchmark questions no prediction answered. */
    public Builder unanswered(int unanswered) {
      this.unanswered = nonNegative("unanswered", unanswered);
      return this;
    }

    /** The judge's name; required. */
    public Builder judge(String judge) {
      this.judge = once("judge", requireNonNull(judge, "judge"));
      return this;
    }

    /** The scorings' figures. */
    public Builder scores(List<Score> scores) {
      this.scores = once("scores", List.copyOf(scores));
      return this;
    }

    /** A description of the benchmark; required. */
    public Builder benchmark(String benchmark) {
      this.benchmark = once("benchmark", requireNonNull(benchmark, "benchmark"));
      return this;
    }

    /** Wall time of the evaluation; default zero. */
    public Builder duration(Duration duration) {
      this.duration = once("duration", requireNonNull(duration, "duration"));
      return this;
    }

    /** Where the JSON report was written. */
    public Builder savedTo(Path file) {
      this.savedTo = once("savedTo", requireNonNull(file, "file"));
      return this;
    }

    /** Question details in input order; default the results' own. */
    public Builder details(List<QuestionDetail> details) {
      this.details = once("details", List.copyOf(details));
      return this;
    }

    /** The verdicts counted, for a report that does not keep every result; default counted from the results. */
    public Builder tally(Tally tally) {
      this.tally = once("tally", requireNonNull(tally, "tally"));
      return this;
    }

    /** What LLMSQL 2.0's report adds. */
    public Builder llmsql2(Llmsql2Figures figures) {
      this.llmsql2 = once("llmsql2", requireNonNull(figures, "llmsql2"));
      return this;
    }

    /** The scores again on the questions an audit did not flag. */
    public Builder unflagged(Unflagged unflagged) {
      this.unflagged = once("unflagged", requireNonNull(unflagged, "unflagged"));
      return this;
    }

    /** Spider's report by hardness (and turn). */
    public Builder spider(SpiderScores scores) {
      this.spider = once("spider", requireNonNull(scores, "spider"));
      return this;
    }

    /** BIRD's table by difficulty. */
    public Builder bird(BirdScores scores) {
      this.bird = once("bird", requireNonNull(scores, "bird"));
      return this;
    }

    /** The breakdowns by SQL characteristic, database and table. */
    public Builder breakdowns(Breakdowns breakdowns) {
      this.breakdowns = once("breakdowns", requireNonNull(breakdowns, "breakdowns"));
      return this;
    }

    /**
     * The report.
     *
     * @throws IllegalStateException when judge, benchmark, inputMode or timestamp is missing, matches exceed
     *     total, or mismatches are given for results that carry their own kept rows
     */
    public EvaluationReport build() {
      require("judge", judge);
      require("benchmark", benchmark);
      require("inputMode", inputMode);
      require("timestamp", timestamp);
      Tally.Counter counted = new Tally.Counter();
      results.forEach(counted::add);
      int t = total != null ? total : counted.total();
      int m = matches != null ? matches : counted.matches();
      if (m > t) {
        throw new IllegalStateException("EvaluationReport.Builder: matches (" + m + ") exceed total (" + t + ")");
      }
      int e = sqlErrors != null ? sqlErrors : counted.sqlErrors();
      int p = predNone != null ? predNone : counted.predNone();
      int g = goldNone != null ? goldNone : counted.goldNone();
      double a = accuracy != null ? accuracy : t == 0 ? 0.0 : (double) m / t;
      List<Mismatch> kept;
      if (keepsRows(results)) {
        if (mismatches != null) {
          throw new IllegalStateException("EvaluationReport.Builder: mismatches(...) given for results that carry "
              + "kept rows; the mismatches are derived from those results, give one or the other");
        }
        kept = results.stream().filter(r -> r.kept() != null).map(Mismatch::of).toList();
      } else {
        kept = mismatches != null ? mismatches : List.of();
      }
      List<QuestionDetail> d = details != null ? details
          : results.stream().map(QuestionResult::detail).filter(x -> x != null).toList();
      return new EvaluationReport(t, m, p, g, e, a, kept, timestamp, inputMode, results, inputProblems,
          unanswered, judge, scores, benchmark, duration, Optional.ofNullable(savedTo), d,
          tally != null ? tally : counted.tally(), Optional.ofNullable(llmsql2), Optional.ofNullable(unflagged),
          Optional.ofNullable(spider), Optional.ofNullable(bird), Optional.ofNullable(breakdowns));
    }

    private static void require(String name, Object value) {
      if (value == null) {
        throw new IllegalStateException("EvaluationReport.Builder: " + name + "(...) is required");
      }
    }

    private int nonNegative(String name, int value) {
      if (value < 0) {
        throw new IllegalArgumentException("EvaluationReport.Builder: " + name + " must not be negative, but was "
            + value);
      }
      return once(name, value);
    }

    /** {@code value}, unless {@code name} was set before to another value on this builder. */
    private <T> T once(String name, T value) {
      Object before = set.putIfAbsent(name, value);
      if (before != null && !before.equals(value)) {
        throw new IllegalStateException("EvaluationReport.Builder: " + name + " was set twice, to " + shown(before)
            + " and to " + shown(value) + "; set it once");
      }
      return value;
    }

    private static String shown(Object value) {
      return value instanceof List<?> list ? "a list of " + list.size() : String.valueOf(value);
    }
  }

  private static boolean keepsRows(List<QuestionResult> results) {
    return results.stream().anyMatch(r -> r.kept() != null);
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

  /**
   * Matches per level, for gates and assertions on where a model fails: Spider's hardness ({@code easy},
   * {@code medium}, {@code hard}, {@code extra}) when the {@code spider} judge judged, else the questions'
   * difficulty ({@code easy}, {@code medium}, {@code hard}); BIRD's {@code simple}, {@code moderate},
   * {@code challenging} with BIRD's table; and with breakdowns each slice as {@code sql:<characteristic>},
   * {@code db:<db_id>}, {@code table:<name>}. Spider's and BIRD's levels are counted from the results.
   *
   * <pre>{@code
   * report.byLevel().get("hard").accuracy();
   * }</pre>
   */
  public Map<String, Breakdown> byLevel() {
    Map<String, Breakdown> levels = new java.util.LinkedHashMap<>();
    Map<String, int[]> counts = new java.util.LinkedHashMap<>();
    boolean spiderLevels = results.stream().anyMatch(r -> SpiderScores.hardness(r.verdict()).isPresent());
    if (spiderLevels) {
      SpiderScores.HARDNESS.forEach(h -> counts.put(h, new int[2]));
      results.forEach(r -> SpiderScores.hardness(r.verdict()).ifPresent(h -> add(counts, h, r)));
    } else {
      levels.putAll(byDifficulty());
    }
    if (bird.isPresent()) {
      List<String> names = BirdScores.LEVELS.subList(0, 3);
      names.forEach(n -> counts.put(n, new int[2]));
      results.stream().filter(r -> r.difficulty() >= 1 && r.difficulty() <= 3)
          .forEach(r -> add(counts, names.get(r.difficulty() - 1), r));
    }
    counts.forEach((k, c) -> levels.put(k, new Breakdown(k, c[0], c[1])));
    breakdowns.ifPresent(b -> b.all().forEach(slice -> levels.put(slice.key(), slice)));
    return levels;
  }

  private static void add(Map<String, int[]> counts, String key, QuestionResult r) {
    int[] c = counts.get(key);
    c[0]++;
    c[1] += r.outcome().isMatch() ? 1 : 0;
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
