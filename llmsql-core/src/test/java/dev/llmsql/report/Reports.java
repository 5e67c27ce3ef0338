package dev.llmsql.report;

import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.result.KeptRows;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.scoring.Score;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Small hand-built reports for report tests: question i answered right when {@code right[i-1]}. */
public final class Reports {

  private Reports() {
  }

  /** A report over questions 1..n; wrong ones are value mismatches except those listed as errors. */
  public static EvaluationReport of(boolean[] right, int... errorIds) {
    List<QuestionResult> results = new ArrayList<>();
    int matches = 0;
    int errors = 0;
    for (int i = 1; i <= right.length; i++) {
      boolean error = false;
      for (int e : errorIds) {
        error |= e == i;
      }
      Verdict v = right[i - 1] ? Verdict.match() : error
          ? Verdict.error(Reason.PRED_ERROR, "no such column: nme")
          : Verdict.mismatch(Reason.VALUE_MISMATCH, "row 1, column 1: gold 3, predicted 4");
      String predicted = error ? "SELECT nme FROM t WHERE id = " + i : "SELECT n FROM t WHERE id = " + i;
      QuestionDetail detail = new QuestionDetail(i, "Question " + i + "?", "SELECT n FROM t WHERE id = " + i,
          predicted, i % 2 == 0 ? List.of("even", "lookup") : List.of("odd"), i <= 2 ? "easy" : "hard");
      // a mismatch carries its rows, as the engine keeps them; the report's mismatches are their view
      KeptRows kept = right[i - 1] ? null : new KeptRows("```sql\n" + predicted + "\n```", List.of(List.of(3L)),
          error ? null : List.of(List.of(4L)));
      results.add(new QuestionResult(i, v, 1, 1, false, false, error ? "no such column: nme" : null, 1_000_000L * i).withQuestion(0, List.of(), detail).withKept(kept));
      if (right[i - 1]) {
        matches++;
      } else {
        errors += error ? 1 : 0;
      }
    }
    double accuracy = right.length == 0 ? 0 : (double) matches / right.length;
    return EvaluationReport.builder().total(right.length).matches(matches).predNone(0).goldNone(0).sqlErrors(errors)
        .accuracy(accuracy).timestamp(Instant.parse("2026-01-02T03:04:05Z"))
        .inputMode(InputMode.JSONL_PATH).results(results).judge("llmsql")
        .scores(List.of(new Score("accuracy", accuracy, "matches / total = " + matches + " / " + right.length)))
        .benchmark("local questions.jsonl").duration(Duration.ofMillis(1234)).build();
  }

  /** {@code report} with one unknown-id input problem added. */
  public static EvaluationReport withProblem(EvaluationReport r) {
    return r.toBuilder()
        .inputProblems(List.of(new InputProblem(InputProblem.Kind.UNKNOWN_QUESTION_ID, "outputs.jsonl:7", 99,
            "question_id 99 is not in the benchmark's questions; check that the predictions belong to this "
                + "benchmark")))
        .build();
  }

  /**
   * {@code report} as a {@code keepResults(false)} evaluation with {@code keptMismatches} kept would give it:
   * no per-question results, the first mismatches only (held alone), counts and tally unchanged.
   */
  public static EvaluationReport trimmed(EvaluationReport r, int keptMismatches) {
    return r.toBuilder().mismatches(r.mismatches().subList(0, Math.min(keptMismatches, r.mismatches().size())))
        .results(List.of()).build();
  }

  /** The results of {@code report} carrying no rows, for a report that holds its mismatches alone. */
  public static List<QuestionResult> withoutKeptRows(EvaluationReport report) {
    return report.results().stream().map(r -> r.withKept(null)).toList();
  }
}
