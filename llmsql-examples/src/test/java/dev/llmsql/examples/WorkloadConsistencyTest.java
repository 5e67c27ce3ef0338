package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Scorings;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.Workloads;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The speed machinery (gold cache, threads, statement dedup) must not change a single verdict. */
@Requires(shared = Workloads.SHARED, programs = Program.PYTHON3)
class WorkloadConsistencyTest {

  @TempDir
  Path cache;

  @Test
  void smallWorkload_sameReportWithCacheOnOffAndOneOrTwoThreads() throws Exception {
    Path workload = Workloads.small();

    EvaluationReport reference = run(workload, 1, null);
    EvaluationReport coldTwo = run(workload, 2, cache);
    EvaluationReport warmOne = run(workload, 1, cache);
    EvaluationReport warmTwo = run(workload, 2, cache);

    for (EvaluationReport other : List.of(coldTwo, warmOne, warmTwo)) {
      assertThat(summary(other)).isEqualTo(summary(reference));
      assertThat(other.results()).extracting(QuestionResult::questionId, QuestionResult::verdict,
              QuestionResult::predNone, QuestionResult::goldNone, QuestionResult::error)
          .isEqualTo(reference.results().stream().map(r -> org.assertj.core.groups.Tuple.tuple(r.questionId(),
              r.verdict(), r.predNone(), r.goldNone(), r.error())).toList());
      assertThat(other.mismatches()).isEqualTo(reference.mismatches());
    }
  }

  @Test
  void smallWorkload_withoutKeptResults_sameCountsTallyScoresAndMismatches() throws Exception {
    Path workload = Workloads.small();
    EvaluationReport kept = run(workload, 2, null);

    EvaluationReport streamed = evaluator(workload, 2).noGoldCache().keepResults(false)
        .scoring(Scorings.named("executability")).build()
        .run(workload.resolve("outputs.jsonl"));

    assertThat(streamed.results()).isEmpty();
    assertThat(streamed.details()).isEmpty();
    assertThat(summary(streamed)).isEqualTo(summary(kept));
    assertThat(streamed.tally()).isEqualTo(kept.tally());
    assertThat(streamed.outcomeCounts()).isEqualTo(kept.outcomeCounts());
    assertThat(streamed.unanswered()).isEqualTo(kept.unanswered());
    assertThat(streamed.mismatches()).isEqualTo(kept.mismatches());
    assertThat(streamed.scores()).containsExactlyElementsOf(List.of(
        Scorings.accuracy().score(kept.results()), Scorings.named("executability").score(kept.results())));
  }

  private static List<Integer> summary(EvaluationReport r) {
    return List.of(r.total(), r.matches(), r.sqlErrors(), r.predNone(), r.goldNone(), r.mismatches().size());
  }

  private static Evaluator.Builder evaluator(Path workload, int threads) {
    return Evaluator.builder().questionsPath(workload.resolve("questions.jsonl"))
        .dbPath(workload.resolve("sqlite_tables.db")).noReportFile().showMismatches(false).threads(threads);
  }

  private static EvaluationReport run(Path workload, int threads, Path goldCache) {
    Evaluator.Builder b = evaluator(workload, threads);
    return (goldCache == null ? b.noGoldCache() : b.goldCache(goldCache)).build()
        .run(workload.resolve("outputs.jsonl"));
  }
}
