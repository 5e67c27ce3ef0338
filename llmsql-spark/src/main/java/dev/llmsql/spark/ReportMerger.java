package dev.llmsql.spark;

import dev.llmsql.prediction.InputProblem;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.Llmsql2Figures;
import dev.llmsql.report.Mismatch;
import dev.llmsql.report.Tally;
import dev.llmsql.result.KeptRows;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import dev.llmsql.scoring.Scoring;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Puts one model's partial reports (one per database split) back together on the driver into the report the
 * single-machine engine gives for all of its predictions at once: results, mismatches and input problems in input
 * order, counts merged ({@link Tally.Counter#merge}, as the engine counts them), coverage and scores computed over
 * the whole.
 */
final class ReportMerger {

  private ReportMerger() {
  }

  private record Placed<T>(long ordinal, T value) { }

  /**
   * The merged results, each of the {@code kept} mismatches (the first within the cap) on its result and no
   * other result carrying rows: the parts each kept up to the cap, the whole keeps the cap. When a mismatch is
   * not the view of its result (its question text is not the result's detail), no result carries rows and the
   * report holds the mismatches alone.
   */
  private static List<QuestionResult> carrying(List<Placed<QuestionResult>> results, List<Placed<Mismatch>> kept) {
    Map<Long, Mismatch> byOrdinal = new java.util.HashMap<>();
    kept.forEach(p -> byOrdinal.put(p.ordinal(), p.value()));
    List<QuestionResult> merged = new ArrayList<>(results.size());
    boolean views = true;
    for (Placed<QuestionResult> p : results) {
      Mismatch m = byOrdinal.get(p.ordinal());
      QuestionDetail d = p.value().detail();
      views &= m == null || d != null && d.question().equals(m.question()) && d.goldSql().equals(m.goldSql());
      merged.add(p.value().withKept(m == null ? null
          : new KeptRows(m.modelOutput(), m.goldResults(), m.predictionResults())));
    }
    return views ? merged : merged.stream().map(r -> r.withKept(null)).toList();
  }

  /**
   * The report of one model on one benchmark.
   *
   * @param description the benchmark as the driver names it (executors may see copies elsewhere)
   * @param expected the questions in the benchmark (each task sees only those its predictions answer)
   * @param scorings accuracy and the evaluation's other scorings, as the evaluator orders them
   * @param keepMismatches the evaluation's mismatch cap
   */
  static EvaluationReport merge(List<PartOutput> parts, String description, int expected, List<Scoring> scorings,
                                int keepMismatches, Duration duration) {
    List<Placed<QuestionResult>> results = new ArrayList<>();
    List<Placed<Mismatch>> mismatches = new ArrayList<>();
    List<Placed<InputProblem>> problems = new ArrayList<>();
    List<QuestionDetail> details = new ArrayList<>();
    Map<Long, Integer> birdLevels = new HashMap<>();
    Tally.Counter counts = new Tally.Counter();
    String judge = null;
    String version = null;
    String model = null;
    boolean llmsql2 = false;
    dev.llmsql.prediction.InputMode mode = dev.llmsql.prediction.InputMode.DICT_LIST;
    // parsing the partial reports is most of the driver's work: all cores at once
    List<EvaluationReport> partial = parts.parallelStream().map(p -> read(p.report())).toList();
    for (int n = 0; n < parts.size(); n++) {
      PartOutput part = parts.get(n);
      EvaluationReport r = partial.get(n);
      mode = r.inputMode();
      counts.merge(Tally.Counter.of(r));
      if (judge == null || r.judge().equals("llmsql2")) {
        judge = r.judge();
      }
      int mismatch = 0;
      for (int i = 0; i < r.results().size(); i++) {
        QuestionResult result = r.results().get(i);
        results.add(new Placed<>(part.resultOrdinals()[i], result));
        if (i < part.birdLevels().length) {
          birdLevels.put(part.resultOrdinals()[i], (int) part.birdLevels()[i]);
        }
        if (!result.outcome().isMatch() && mismatch < r.mismatches().size()) {
          mismatches.add(new Placed<>(part.resultOrdinals()[i], r.mismatches().get(mismatch++)));
        }
      }
      for (int i = 0; i < r.inputProblems().size(); i++) {
        problems.add(new Placed<>(part.problemOrdinals()[i], r.inputProblems().get(i)));
      }
      details.addAll(r.details());
      if (r.llmsql2().isPresent()) {
        Llmsql2Figures f = r.llmsql2().get();
        llmsql2 = true;
        model = f.modelName();
        version = version != null ? version : f.version();
      }
    }
    Comparator<Placed<?>> order = Comparator.comparingLong(Placed::ordinal);
    results.sort(order);
    mismatches.sort(order);
    problems.sort(order);
    List<Placed<Mismatch>> kept = mismatches.stream().limit(keepMismatches).toList();
    List<QuestionResult> merged = carrying(results, kept);
    List<Score> scores = new ArrayList<>();
    for (Scoring scoring : scorings) {
      Scoring.Accumulator acc = scoring.accumulator();
      merged.forEach(acc::add);
      scores.add(acc.finish());
    }
    Set<Integer> answered = new HashSet<>();
    merged.forEach(r -> answered.add(r.questionId()));
    EvaluationReport.Builder builder = EvaluationReport.builder().counts(counts)
        .timestamp(Instant.now()).inputMode(mode).results(merged)
        .inputProblems(problems.stream().map(Placed::value).toList()).unanswered(expected - answered.size())
        .judge(judge == null ? "llmsql" : judge).scores(scores).benchmark(description).duration(duration)
        .details(List.of());
    if (merged.stream().noneMatch(r -> r.kept() != null)) {
      builder.mismatches(kept.stream().map(Placed::value).toList());
    }
    // Spider's and BIRD's tables from the merged results, in input order, as the single-machine engine counts them
    // (a multi-turn benchmark's turn rows need the questions' interactions, which the parts do not carry)
    dev.llmsql.report.SpiderScores.of(merged, Map.of(), Map.of()).ifPresent(builder::spider);
    if (birdJudge(judge)) {
      // at BIRD's levels of the raw "difficulty" labels, as the single-machine protocol groups them: each task
      // sent its results' levels, read from its questions
      List<QuestionResult> leveled = new ArrayList<>(merged.size());
      for (int i = 0; i < merged.size(); i++) {
        QuestionResult r = merged.get(i);
        leveled.add(r.withQuestion(birdLevels.getOrDefault(results.get(i).ordinal(), 0), r.tags(), r.detail()));
      }
      dev.llmsql.report.BirdScores.of(leveled).ifPresent(builder::bird);
    }
    EvaluationReport report = builder.build();
    if (llmsql2) {
      report = report.withLlmsql2(new Llmsql2Figures(model, version, counts.exactStringMatches(),
          counts.categories(), expected, answered.size(), expected - answered.size(), counts.duplicates()));
    }
    return report.withDetails(details);
  }

  /** Whether {@code judge} names BIRD's judge, whose reports hold BIRD's table. */
  static boolean birdJudge(String judge) {
    return judge != null && (judge.equals("bird") || judge.startsWith("bird:"));
  }

  private static EvaluationReport read(byte[] json) {
    try {
      return FullReportJson.read(new ByteArrayInputStream(json));
    } catch (IOException e) {
      throw new UncheckedIOException("a task's partial report could not be read back", e);
    }
  }
}
