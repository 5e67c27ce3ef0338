package dev.llmsql.report.html;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.ReportWriter;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The {@code html} format: one self-contained page ({@link HtmlReport}).
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * ReportWriters.named("html").write(report, Path.of("report.html"));
 * }</pre>
 */
public final class HtmlWriter implements ReportWriter {

  /** The writer {@link java.util.ServiceLoader} makes. */
  public HtmlWriter() {
  }

  @Override
  public String format() {
    return "html";
  }

  @Override
  public String extension() {
    return "html";
  }

  @Override
  public void write(EvaluationReport report, Extras extras, OutputStream out) throws IOException {
    HtmlReport.write(report, out);
  }
}
