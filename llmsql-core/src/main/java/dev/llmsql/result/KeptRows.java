package dev.llmsql.result;

import java.util.List;

/**
 * What a report keeps of a prediction that did not match, beside its {@link QuestionResult}: the raw completion
 * and both result sets, each cut to its first rows within the evaluator's byte caps. Only the mismatches within
 * {@code keepMismatches} carry it, so memory stays flat however many predictions a run has.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * report.results().stream().filter(r -> r.kept() != null)
 *     .forEach(r -> System.out.println(r.questionId() + ": " + r.kept().predictedRows()));
 * }</pre>
 *
 * @param modelOutput the raw completion, null when the prediction had none
 * @param goldRows the gold rows as kept, null when the gold failed
 * @param predictedRows the rows of the last candidate run as kept, null if it failed or none ran
 */
public record KeptRows(String modelOutput, List<List<Object>> goldRows, List<List<Object>> predictedRows) {
}
