package dev.llmsql.report.csv;

import dev.llmsql.judgement.Outcome;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.SpiderScores;
import dev.llmsql.report.SqlCharacteristics;
import dev.llmsql.report.Mismatch;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes per-question results as CSV (RFC 4180, UTF-8 with a byte order mark, one header line), for
 * spreadsheets and pandas.
 * Columns shared with DB-GPT's {@code benchmark_compare_result} sheet keep its names, so sheets line up:
 * {@code serialNo, question, selfDefineTags, difficulty, standardAnswerSql, llmOutput, compareResult,
 * reason, detail, errorMsg, timeSeconds}.
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * CsvReport.write(report, Path.of("results.csv"));
 * }</pre>
 *
 * <p>When any question carries an LLMSQL 2.0 {@code category} or {@code family}, both follow as two more
 * columns ({@link #LLMSQL2_COLUMNS}), empty for questions without them.
 *
 * <p>{@code compareResult} is DB-GPT's verdict: RIGHT (match), WRONG (ran, other answer), FAILED (SQL failed,
 * no SQL, or the gold failed). {@code llmOutput} is the SQL the verdict rests on (the raw completion when it is
 * unknown). Every text cell (question, tags and SQL too) goes through {@link CsvCells}: one starting with
 * {@code = + - @}, a tab or a carriage return gets a leading {@code '} so a spreadsheet shows it instead of
 * running it as a formula.
 */
public final class CsvReport {

  /**
   * The UTF-8 byte order mark every CSV starts with, so spreadsheet programs read non-ASCII text right; pandas
   * skips it, Python's {@code csv} module wants {@code encoding="utf-8-sig"}.
   */
  public static final char BOM = '\uFEFF';

  /** The header, in column order. */
  public static final List<String> COLUMNS = List.of("serialNo", "question", "selfDefineTags", "difficulty",
      "standardAnswerSql", "llmOutput", "compareResult", "reason", "detail", "errorMsg", "timeSeconds");

  /** The columns added after {@link #COLUMNS} when the questions carry LLMSQL 2.0 categories or families. */
  public static final List<String> LLMSQL2_COLUMNS = List.of("category", "family");

  /** The columns added last when the report has breakdowns ({@code hardness} only with Spider's report). */
  public static final List<String> BREAKDOWN_COLUMNS = List.of("hardness", "characteristics", "db_id");

  private CsvReport() {
  }

  /** Writes the CSV to {@code file} atomically. */
  public static void write(EvaluationReport report, Path file) throws IOException {
    ReportFiles.write(file, out -> write(report, out));
  }

  /** Writes the CSV to {@code out} (left open). */
  public static void write(EvaluationReport report, OutputStream out) throws IOException {
    report.requireResults("A CSV report");
    Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    // a byte order mark first: without it Excel reads UTF-8 as a legacy code page and garbles non-ASCII text
    writer.write(BOM);
    boolean llmsql2 = report.details().stream().anyMatch(d -> d.category() != null || d.family() != null);
    List<String> columns = new java.util.ArrayList<>(COLUMNS);
    if (llmsql2) {
      columns.addAll(LLMSQL2_COLUMNS);
    }
    boolean spider = report.spider().isPresent();
    boolean breakdowns = report.breakdowns().isPresent();
    if (spider) {
      columns.add(BREAKDOWN_COLUMNS.get(0));
    }
    if (breakdowns) {
      columns.addAll(BREAKDOWN_COLUMNS.subList(1, 3));
    }
    CSVPrinter csv = CSVFormat.RFC4180.builder().setHeader(columns.toArray(String[]::new)).get()
        .print(writer);
    Map<Integer, QuestionDetail> details = new HashMap<>();
    report.details().forEach(d -> details.put(d.questionId(), d));
    Map<Integer, Mismatch> mismatches = new HashMap<>();
    report.mismatches().forEach(m -> mismatches.putIfAbsent(m.questionId(), m));
    for (QuestionResult r : report.results()) {
      Optional<QuestionDetail> detail = Optional.ofNullable(details.get(r.questionId()));
      Optional<Mismatch> mismatch = Optional.ofNullable(mismatches.get(r.questionId()));
      List<Object> record = new java.util.ArrayList<>(List.of(CsvCells.row(
          r.questionId(),
          detail.map(QuestionDetail::question).or(() -> mismatch.map(Mismatch::question)).orElse(""),
          detail.map(d -> String.join(", ", d.tags())).orElse(""),
          detail.map(QuestionDetail::difficulty).orElse(""),
          detail.map(QuestionDetail::goldSql).or(() -> mismatch.map(Mismatch::goldSql)).orElse(""),
          detail.map(QuestionDetail::predictedSql).or(() -> mismatch.map(Mismatch::modelOutput)).orElse(""),
          compareResult(r.outcome()),
          r.reason().name(),
          r.verdict().detail(),
          r.error(),
          String.format(Locale.ROOT, "%.3f", r.nanos() / 1e9))));
      if (llmsql2) {
        record.add(CsvCells.text(detail.map(QuestionDetail::category).orElse("")));
        record.add(CsvCells.text(detail.map(QuestionDetail::family).orElse("")));
      }
      if (spider) {
        record.add(SpiderScores.hardness(r.verdict()).orElse(""));
      }
      if (breakdowns) {
        record.add(CsvCells.text(detail.map(d -> String.join(" ", SqlCharacteristics.of(d.goldSql()).labels()))
            .orElse("")));
        record.add(CsvCells.text(detail.map(QuestionDetail::dbId).orElse("")));
      }
      csv.printRecord(record);
    }
    csv.flush();
  }

  /** DB-GPT's verdict for an outcome: RIGHT, WRONG or FAILED. */
  public static String compareResult(Outcome outcome) {
    return switch (outcome) {
      case MATCH -> "RIGHT";
      case MISMATCH -> "WRONG";
      case ERROR, NO_SQL, GOLD_ERROR -> "FAILED";
    };
  }
}
