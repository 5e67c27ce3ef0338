package dev.llmsql.gate;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.ReportWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The {@code junit-xml} format: the gate's result as JUnit XML ({@link GateResult#toJunitXml()}), for CI
 * dashboards. The {@link GateResult} comes in the extras. Not {@link #listed()}: it has its option
 * ({@code --gate-format junit-xml=FILE}).
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * GateResult result = Gate.builder().failUnder(0.7).build().check(report);
 * ReportWriters.named("junit-xml").write(report, ReportWriter.Extras.of(result), Path.of("gate.xml"));
 * }</pre>
 */
public final class JunitXmlWriter implements ReportWriter {

  /** The writer {@link java.util.ServiceLoader} makes. */
  public JunitXmlWriter() {
  }

  @Override
  public String format() {
    return "junit-xml";
  }

  @Override
  public String extension() {
    return "xml";
  }

  @Override
  public boolean listed() {
    return false;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalArgumentException without a {@link GateResult} in {@code extras}
   */
  @Override
  public void write(EvaluationReport report, Extras extras, OutputStream out) throws IOException {
    GateResult result = extras.get(GateResult.class).orElseThrow(() -> new IllegalArgumentException(
        "junit-xml writes a gate's result: give it as ReportWriter.Extras.of(gate.check(report))"));
    out.write(result.toJunitXml().getBytes(StandardCharsets.UTF_8));
  }
}
