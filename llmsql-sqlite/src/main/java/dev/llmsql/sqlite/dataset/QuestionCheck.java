package dev.llmsql.sqlite.dataset;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.benchmark.Question;
import dev.llmsql.engine.QuestionReader;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.prediction.InvalidInputException;
import dev.llmsql.sqlite.SqliteQueryEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks a questions file against a freshly imported database before anyone evaluates with it: every line
 * reads as evaluation reads it (so malformed {@code gold_results} are caught), no gold result is empty of
 * columns, every {@code table_id} names an imported table, and every gold SQL runs. Problems carry file:line and the fix.
 */
final class QuestionCheck {

  /** Gold SQL gets as long as a prediction would. */
  private static final ExecutionLimits LIMITS = new ExecutionLimits(Duration.ofSeconds(10), 100_000, 1);
  private static final ObjectMapper JSON = new ObjectMapper();

  private QuestionCheck() {
  }

  /**
   * The problems of {@code questions} on {@code database}, whose tables are {@code tables}; empty when there
   * are none. Stops at the first line that cannot be read at all (its message is the only problem).
   */
  static List<String> problems(Path questions, Path database, List<ImportedTable> tables) {
    Map<Integer, Question> byId;
    try {
      byId = QuestionReader.read(questions);
    } catch (InvalidInputException e) {
      return List.of(e.getMessage());
    }
    if (byId.isEmpty()) {
      return List.of(questions + ": no questions; give one JSON object per line, e.g. {\"question_id\": 1, "
          + "\"question\": \"...\", \"sql\": \"SELECT ...\", \"table_id\": \"employees\"}");
    }
    Map<String, ImportedTable> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    tables.forEach(t -> byName.put(t.name(), t));
    Map<Integer, Integer> lines = lineNumbers(questions);
    List<String> problems = new ArrayList<>();
    try (QueryExecutor sqlite = new SqliteQueryEngine().open(Database.file(database), LIMITS)) {
      for (Question q : byId.values()) {
        String where = questions + ":" + lines.getOrDefault(q.id(), 0) + ": question " + q.id() + ": ";
        ImportedTable table = q.tableId() == null ? null : byName.get(q.tableId());
        if (q.tableId() != null && table == null) {
          problems.add(where + "table_id '" + q.tableId() + "' is not a table of this import; use one of: "
              + String.join(", ", byName.keySet()) + " (a CSV file's table is named after the file)");
        }
        for (int i = 0; i < q.goldResults().size(); i++) {
          if (q.goldResults().get(i).columns().isEmpty()) {
            problems.add(where + "gold result " + (i + 1) + " has no columns; give each as an object of columns, "
                + "e.g. \"gold_results\": {\"name\": [\"Cy\"]}");
          }
        }
        for (String sql : q.goldSql()) {
          QueryOutcome outcome = sqlite.execute(sql);
          if (outcome instanceof QueryOutcome.Failure f) {
            problems.add(where + "gold SQL fails on the imported tables (" + f.message() + "): " + sql
                + "; fix the SQL" + (table == null ? "" : " (columns of " + table.name() + ": "
                + String.join(", ", table.columns()) + ")") + ", or give \"gold_results\" instead");
          }
        }
      }
    }
    return List.copyOf(problems);
  }

  /** Question id to its 1-based line; the reader has already checked every line. */
  private static Map<Integer, Integer> lineNumbers(Path questions) {
    Map<Integer, Integer> lines = new HashMap<>();
    try (dev.llmsql.benchmark.BoundedLineReader in = dev.llmsql.benchmark.BoundedLineReader.open(questions)) {
      String line;
      int n = 0;
      while ((line = in.readLine()) != null) {
        n++;
        if (!line.isBlank()) {
          JsonNode id = JSON.readTree(line).path("question_id");
          lines.putIfAbsent(id.isTextual() ? Integer.parseInt(id.textValue().trim()) : id.asInt(), n);
        }
      }
    } catch (JsonProcessingException | NumberFormatException e) {
      // unreachable after the reader accepted the file; the problems then just lack a line number
    } catch (IOException e) {
      throw new DatasetImportException("cannot read " + questions + ": " + e + "; check the path", e);
    }
    return lines;
  }

  static String plural(int n, String noun) {
    return n + " " + noun + (n == 1 ? "" : "s");
  }
}
