package dev.llmsql.report;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;

/**
 * Writes a report as LLMSQL's JSON, with exactly its keys so existing LLMSQL tooling reads it:
 * {@code total, matches, pred_none, gold_none, sql_errors, accuracy, mismatches, timestamp, input_mode}.
 *
 * <p>A report of questions judged by LLMSQL 2.0's rules ({@link EvaluationReport#version()} {@code "2.0"}) is
 * written as upstream's 2.0 evaluator writes it (its category variant): {@code model_name, version, total,
 * matches, exact_string_matches, pred_none, gold_none, sql_errors, accuracy, exact_string_match_accuracy,
 * category_accuracy} (only when a question has a category){@code , mismatches, timestamp, input_mode}, then the
 * keys of upstream's coverage variant: {@code expected, answered, missing, duplicates, accuracy_over_benchmark}.
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * ReportJson.write(report, Path.of("evaluation_results.json"));
 * }</pre>
 */
public final class ReportJson {

  private static final JsonFactory JSON = new JsonFactory();

  private ReportJson() {
  }

  /**
   * Writes {@code report} to {@code file} atomically (a temporary file renamed into place, by
   * {@link ReportFiles#write}).
   *
   * @throws OutputTargetException if {@code file} exists and is not a regular file
   */
  public static void write(EvaluationReport report, Path file) throws IOException {
    ReportFiles.write(file, out -> write(report, out));
  }

  /** Writes {@code report} to {@code out} (left open). */
  public static void write(EvaluationReport report, OutputStream out) throws IOException {
    try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      g.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      boolean v2 = report.version().filter("2.0"::equals).isPresent();
      if (v2) {
        g.writeStringField("model_name", report.modelName().orElse(null));
        g.writeStringField("version", "2.0");
      }
      g.writeNumberField("total", report.total());
      g.writeNumberField("matches", report.matches());
      if (v2) {
        g.writeNumberField("exact_string_matches", report.exactStringMatches());
      }
      g.writeNumberField("pred_none", report.predNone());
      g.writeNumberField("gold_none", report.goldNone());
      g.writeNumberField("sql_errors", report.sqlErrors());
      g.writeNumberField("accuracy", report.accuracy());
      if (v2) {
        g.writeNumberField("exact_string_match_accuracy", report.exactStringMatchAccuracy());
        if (!report.categoryAccuracy().isEmpty()) {
          g.writeObjectFieldStart("category_accuracy");
          for (Breakdown b : report.categoryAccuracy().values()) {
            g.writeObjectFieldStart(b.key());
            g.writeNumberField("total", b.total());
            g.writeNumberField("matches", b.matches());
            g.writeNumberField("accuracy", b.accuracy());
            g.writeEndObject();
          }
          g.writeEndObject();
        }
      }
      g.writeArrayFieldStart("mismatches");
      for (Mismatch m : report.mismatches()) {
        g.writeStartObject();
        writeMismatchFields(g, m);
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeStringField("timestamp", DateTimeFormatter.ISO_INSTANT.format(report.timestamp()));
      g.writeStringField("input_mode", report.inputMode().jsonName());
      int omitted = report.total() - report.matches() - report.mismatches().size();
      if (omitted > 0) {
        // LLMSQL lists every mismatch; a capped list must say so, or a reader takes it for all of them
        g.writeNumberField("mismatches_cap", report.mismatches().size());
        g.writeNumberField("mismatches_omitted", omitted);
      }
      if (v2) {
        g.writeNumberField("expected", report.expected());
        g.writeNumberField("answered", report.answered());
        g.writeNumberField("missing", report.missing());
        g.writeNumberField("duplicates", report.duplicates());
        g.writeNumberField("accuracy_over_benchmark", report.accuracyOverBenchmark());
      }
      g.writeEndObject();
    }
  }

  /** LLMSQL's fields of a mismatch entry; {@link FullReportJson} adds the verdict after them. */
  static void writeMismatchFields(JsonGenerator g, Mismatch m) throws IOException {
    g.writeNumberField("question_id", m.questionId());
    g.writeStringField("question", m.question());
    g.writeStringField("gold_sql", m.goldSql());
    g.writeStringField("model_output", m.modelOutput());
    g.writeFieldName("gold_results");
    writeRows(g, m.goldResults());
    g.writeFieldName("prediction_results");
    writeRows(g, m.predictionResults());
  }

  static void writeRows(JsonGenerator g, List<List<Object>> rows) throws IOException {
    if (rows == null) {
      g.writeNull();
      return;
    }
    g.writeStartArray();
    for (List<Object> row : rows) {
      g.writeStartArray();
      for (Object cell : row) {
        writeCell(g, cell);
      }
      g.writeEndArray();
    }
    g.writeEndArray();
  }

  private static void writeCell(JsonGenerator g, Object cell) throws IOException {
    if (cell == null) {
      g.writeNull();
    } else if (cell instanceof Long l) {
      g.writeNumber(l);
    } else if (cell instanceof Integer i) {
      g.writeNumber(i);
    } else if (cell instanceof java.math.BigInteger big) {
      g.writeNumber(big);   // a JSON answer's integer past Long, every digit kept
    } else if (cell instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        g.writeString(d.toString());
      } else {
        g.writeNumber(d);
      }
    } else if (cell instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (cell instanceof byte[] bytes) {
      // JSON has no bytes; base64 keeps blobs readable by any tool.
      g.writeString(Base64.getEncoder().encodeToString(bytes));
    } else {
      g.writeString(cell.toString());
    }
  }
}
