package dev.llmsql.assertj;

import dev.llmsql.report.EvaluationReport;

/**
 * Entry point of the AssertJ assertions on evaluation reports; named so it can be static-imported beside
 * AssertJ's {@code Assertions}. Lives in llmsql-assertj, which users add in test scope, so production code
 * never pulls AssertJ in.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * EvaluationReport baseline = FullReportJson.read(Path.of("baseline.json"));
 * // a test usually imports it statically: import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
 * LlmsqlAssertions.assertThat(report).hasAccuracyAtLeast(0.8).hasNoSqlErrors().isNoWorseThan(baseline);
 * }</pre>
 */
public final class LlmsqlAssertions {

  private LlmsqlAssertions() {
  }

  /** Assertions on {@code report}. */
  public static ReportAssert assertThat(EvaluationReport report) {
    return new ReportAssert(report);
  }
}
