/**
 * AssertJ assertions on evaluation reports for JUnit gates: start from
 * {@link dev.llmsql.assertj.LlmsqlAssertions#assertThat(dev.llmsql.report.EvaluationReport)}. Needs
 * {@code org.assertj:assertj-core} on the test class path (an optional dependency of llmsql-core).
 */
package dev.llmsql.assertj;
