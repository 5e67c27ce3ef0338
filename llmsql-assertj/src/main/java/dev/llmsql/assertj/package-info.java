/**
 * AssertJ assertions on evaluation reports for JUnit gates: start from
 * {@link dev.llmsql.assertj.LlmsqlAssertions#assertThat(dev.llmsql.report.EvaluationReport)}. Module
 * llmsql-assertj, added in test scope, brings {@code org.assertj:assertj-core} with it.
 */
package dev.llmsql.assertj;
