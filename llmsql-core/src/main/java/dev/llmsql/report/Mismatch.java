package dev.llmsql.report;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Verdict;
import dev.llmsql.result.KeptRows;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import java.util.List;

/**
 * A prediction that did not match, with both result sets: LLMSQL's mismatch entry plus the verdict. A report's
 * mismatches are a view of its results that carry {@link KeptRows}; a {@code keepResults(false)} report, which
 * keeps no results, holds them alone.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * report.mismatches().get(0).predictionResults();  // null when the last candidate failed
 * }</pre>
 *
 * @param questionId the question
 * @param question its text
 * @param goldSql the gold SQL
 * @param modelOutput the raw completion (null when the prediction had none)
 * @param goldResults the gold rows, null when the gold failed
 * @param predictionResults the rows of the last candidate run, null if it failed or none ran
 * @param verdict why it is not a match
 */
public record Mismatch(int questionId, String question, String goldSql, String modelOutput,
                       List<List<Object>> goldResults, List<List<Object>> predictionResults,
                       Verdict verdict) {

  public Mismatch {
    requireNonNull(question, "question");
    requireNonNull(goldSql, "goldSql");
    requireNonNull(verdict, "verdict");
  }

  /** The view of {@code result}, which carries kept rows: question and gold SQL from its detail ("" without). */
  static Mismatch of(QuestionResult result) {
    KeptRows kept = requireNonNull(result.kept(), "kept");
    QuestionDetail d = result.detail();
    return new Mismatch(result.questionId(), d == null ? "" : d.question(), d == null ? "" : d.goldSql(),
        kept.modelOutput(), kept.goldRows(), kept.predictedRows(), result.verdict());
  }

  /** What a result keeps of this mismatch. */
  KeptRows kept() {
    return new KeptRows(modelOutput, goldResults, predictionResults);
  }

  /** The mismatch as {@link ReportText} prints it: question, gold SQL, model output, both result sets, why. */
  @Override
  public String toString() {
    return ReportText.mismatch(this, 0);
  }
}
