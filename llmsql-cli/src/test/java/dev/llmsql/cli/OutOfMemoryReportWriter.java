package dev.llmsql.cli;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.ReportWriter;
import java.io.OutputStream;

/**
 * A report format that runs out of memory half-way, as the HTML page of a run with many wide mismatches could:
 * registered only on {@link ReportWriterFailureCliTest}'s plug-in class loader.
 */
public final class OutOfMemoryReportWriter implements ReportWriter {

  /** The writer {@link java.util.ServiceLoader} makes. */
  public OutOfMemoryReportWriter() {
  }

  @Override
  public String format() {
    return "oom";
  }

  @Override
  public String extension() {
    return "oom";
  }

  @Override
  public void write(EvaluationReport report, Extras extras, OutputStream out) throws java.io.IOException {
    out.write("half a page".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    throw new OutOfMemoryError("Java heap space");
  }
}
