package dev.llmsql.cli;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.ReportWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A report format that exists only in a test: the counts as tab-separated values. Registered by
 * {@code report-writer-plugin/META-INF/services/dev.llmsql.report.ReportWriter} (test resources), which
 * {@link ReportWriterPluginCliTest} puts on a plug-in class loader, to show that a new format is this class and
 * that one line, with no change to the command line.
 */
public final class TsvReportWriter implements ReportWriter {

  /** The writer {@link java.util.ServiceLoader} makes. */
  public TsvReportWriter() {
  }

  @Override
  public String format() {
    return "tsv";
  }

  @Override
  public String extension() {
    return "tsv";
  }

  @Override
  public void write(EvaluationReport report, Extras extras, OutputStream out) throws IOException {
    String tsv = "total\tmatches\tsql_errors\taccuracy\n" + report.total() + "\t" + report.matches() + "\t"
        + report.sqlErrors() + "\t" + String.format(Locale.ROOT, "%.4f", report.accuracy()) + "\n";
    out.write(tsv.getBytes(StandardCharsets.UTF_8));
  }
}
