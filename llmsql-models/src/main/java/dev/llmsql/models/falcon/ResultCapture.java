package dev.llmsql.models.falcon;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.report.EvaluationListener;
import dev.llmsql.result.QuestionResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Keeps, per question, the gold result and the result of the last SQL the prediction ran, as the comparison
 * table shows them: the report keeps result sets for mismatches only, but Falcon's table shows them for RIGHT
 * rows too. A listener of the evaluation, which hands every judged prediction's result sets over (the gold run
 * for the table when the judge did not need it). Cells are formatted at once, capped in length, so a run keeps
 * text, not rows.
 */
final class ResultCapture implements EvaluationListener {

  /** Longest result cell; longer ones are cut and end with "...". */
  static final int MAX_CELL = 2_000;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The two result cells of one question; empty strings when nothing ran or the statement failed. */
  record Cells(String gold, String predicted) {
  }

  private final Map<Integer, Cells> cells = new ConcurrentHashMap<>();

  @Override
  public boolean wantsGold() {
    // the table shows the gold on every row, also where the judge skipped it (no SQL in the answer)
    return true;
  }

  @Override
  public void onResult(QuestionResult result, QueryOutcome gold, QueryOutcome predicted) {
    cells.put(result.questionId(), new Cells(cell(gold), predicted == null ? "" : cell(predicted)));
  }

  Optional<Cells> cells(int questionId) {
    return Optional.ofNullable(cells.get(questionId));
  }

  /**
   * A result as Falcon shows it, one JSON object of columns: {@code {"Name":["Ann"],"Age":[31.0]}}; when two
   * columns share a label, the row form {@code {"columns":[...],"rows":[[...]]}} instead (both forms are what
   * a question's {@code gold_results} accepts). Empty for a failed statement: its message is the error cell.
   */
  static String cell(QueryOutcome outcome) {
    if (!(outcome instanceof QueryOutcome.Success success)) {
      return "";
    }
    QueryResult r = success.result();
    Map<String, Object> json = new LinkedHashMap<>();
    Set<String> labels = new HashSet<>(r.columns());
    if (labels.size() == r.columns().size()) {
      for (int c = 0; c < r.columns().size(); c++) {
        List<Object> column = new ArrayList<>();
        for (List<Object> row : r.rows()) {
          column.add(row.get(c));
        }
        json.put(r.columns().get(c), column);
      }
    } else {
      json.put("columns", r.columns());
      json.put("rows", r.rows());
    }
    String text;
    try {
      text = JSON.writeValueAsString(json);
    } catch (JsonProcessingException e) {
      text = r.rows().toString();   // unreachable for SQLite's cell types; the rows still say something
    }
    // the judge stops reading a prediction once it has more rows than the gold: say the cell is partial
    String more = r.complete() ? "" : " (and more rows)";
    return text.length() + more.length() <= MAX_CELL ? text + more : text.substring(0, MAX_CELL) + "...";
  }
}
