package dev.llmsql.report;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The {@code json} format: the full report ({@link FullReportJson}) that {@code llmsql report},
 * {@code llmsql leaderboard}, {@code compare} and the gate's baseline read back.
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.builder().noReportFile().keepResults(true).build()
 *     .run(Path.of("outputs.jsonl"));
 * ReportWriters.named(FullJsonWriter.FORMAT).write(report, Path.of("reports/gpt-4o.json"));
 * }</pre>
 */
public final class FullJsonWriter implements ReportWriter {

  /** Its format name. */
  public static final String FORMAT = "json";

  /** The writer {@link java.util.ServiceLoader} makes. */
  public FullJsonWriter() {
  }

  @Override
  public String format() {
    return FORMAT;
  }

  @Override
  public String extension() {
    return "json";
  }

  @Override
  public void write(EvaluationReport report, Extras extras, OutputStream out) throws IOException {
    FullReportJson.write(report, out);
  }
}
