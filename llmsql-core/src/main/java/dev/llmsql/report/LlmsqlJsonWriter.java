package dev.llmsql.report;

import java.io.IOException;
import java.io.OutputStream;

/**
 * The {@code llmsql-json} format: LLMSQL's own JSON report ({@link ReportJson}), the file an
 * {@code Evaluator} saves ({@code saveReport}, {@code --save-report}). Not {@link #listed()}: it has its option.
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.builder().noReportFile().build().run(Path.of("outputs.jsonl"));
 * ReportWriters.named(LlmsqlJsonWriter.FORMAT).write(report, Path.of("evaluation_results.json"));
 * }</pre>
 */
public final class LlmsqlJsonWriter implements ReportWriter {

  /** Its format name. */
  public static final String FORMAT = "llmsql-json";

  /** The writer {@link java.util.ServiceLoader} makes. */
  public LlmsqlJsonWriter() {
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
  public boolean listed() {
    return false;
  }

  @Override
  public void write(EvaluationReport report, Extras extras, OutputStream out) throws IOException {
    ReportJson.write(report, out);
  }
}
