/**
 * Evaluation results: start from {@link dev.llmsql.report.EvaluationReport}; {@link dev.llmsql.report.ReportJson}
 * saves it in LLMSQL's format and {@link dev.llmsql.report.EvaluationListener} follows a run.
 */
package dev.llmsql.report;
