package dev.llmsql.report.csv;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.ReportWriter;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The {@code csv} format: one row per question ({@link CsvReport}).
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * ReportWriters.named("csv").write(report, Path.of("report.csv"));
 * }</pre>
 */
public final class CsvWriter implements ReportWriter {

  /** The writer {@link java.util.ServiceLoader} makes. */
  public CsvWriter() {
  }

  @Override
  public String format() {
    return "csv";
  }

  @Override
  public String extension() {
    return "csv";
  }

  @Override
  public void write(EvaluationReport report, Extras extras, OutputStream out) throws IOException {
    CsvReport.write(report, out);
  }
}
