package dev.llmsql.report;

/**
 * The evaluation finished but its JSON report could not be written. Nothing computed is lost: the report is
 * carried here.
 *
 * <pre>{@code
 * Evaluator evaluator = Evaluator.builder().saveReport(Path.of("evaluation_results.json")).build();
 * Path path = Path.of("outputs.jsonl");
 * EvaluationReport report;
 * try { report = evaluator.run(path); }
 * catch (ReportNotSavedException e) { report = e.report(); }
 * }</pre>
 */
public class ReportNotSavedException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient EvaluationReport report;

  public ReportNotSavedException(String message, EvaluationReport report, Throwable cause) {
    super(message, cause);
    this.report = report;
  }

  /** The finished report that was not saved. */
  public EvaluationReport report() {
    return report;
  }
}
