/**
 * The CI gate: minimum scores and a baseline report a run must not fall behind, checked by one
 * implementation for the CLI ({@code llmsql evaluate --fail-under/--baseline}) and for AssertJ
 * ({@code assertThat(report).passesGate(gate)}); start from {@link dev.llmsql.gate.Gate#builder()}.
 */
package dev.llmsql.gate;
