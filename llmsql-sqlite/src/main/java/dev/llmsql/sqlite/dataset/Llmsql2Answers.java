package dev.llmsql.sqlite.dataset;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.benchmark.BoundedLineReader;
import dev.llmsql.benchmark.Llmsql2Prompt;
import dev.llmsql.benchmark.PromptTable;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.sqlite.SqliteQueryEngine;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns checked questions into LLMSQL 2.0 questions: each gold SQL is run once on the imported database and
 * its rows are stored as the question's {@code answer} (a JSON string, as the released files hold it), the
 * {@code tables} shown default to the question's {@code table_id}, and the {@code prompt} is rendered from the
 * imported tables as upstream renders it. Every other field ({@code category}, {@code family}, ...) passes
 * through unchanged, in its place.
 */
final class Llmsql2Answers {

  /** An answer is what a model's query must reproduce; more rows than this is not a question's answer. */
  static final int MAX_ANSWER_ROWS = 10_000;
  private static final ExecutionLimits LIMITS = new ExecutionLimits(Duration.ofSeconds(10), MAX_ANSWER_ROWS, 1);
  private static final ObjectMapper JSON = new ObjectMapper();

  private Llmsql2Answers() {
  }

  /** What {@link #of} produced: the new questions file, or the problems that stop it. */
  record Result(String questionsJsonl, List<String> problems) {
  }

  /**
   * The questions of {@code questions} with answers from {@code database}. {@code titles} holds the Wikipedia
   * page and section title of tables imported from a {@code tables.jsonl} ({@code [page, section]}).
   */
  static Result of(Path questions, Path database, List<ImportedTable> tables, Map<String, String[]> titles) {
    Map<String, ImportedTable> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    tables.forEach(t -> byName.put(t.name(), t));
    Map<String, PromptTable> shown = new HashMap<>();
    List<String> problems = new ArrayList<>();
    StringBuilder out = new StringBuilder();
    try (QueryExecutor sqlite = new SqliteQueryEngine().open(Database.file(database), LIMITS);
         BoundedLineReader in = BoundedLineReader.open(questions);
         Connection c = DriverManager.getConnection("jdbc:sqlite:" + database)) {
      String line;
      int lineNo = 0;
      while ((line = in.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        ObjectNode q;
        try {
          q = (ObjectNode) JSON.readTree(line);   // the reader has accepted every line as an object
        } catch (JsonProcessingException e) {
          problems.add(questions + ":" + lineNo + ": not valid JSON " + dev.llmsql.files.JsonSyntax.describe(e, line)
              + "; each line is one question object");
          continue;
        }
        String where = questions + ":" + lineNo + ": question " + q.path("question_id").asText() + ": ";
        String sql = q.path("sql").asText("");
        if (sql.isBlank()) {
          problems.add(where + "no \"sql\" to take the answer from; give each question its gold SQL");
          continue;
        }
        QueryOutcome outcome = sqlite.execute(sql);
        if (!(outcome instanceof QueryOutcome.Success s)) {
          problems.add(where + "gold SQL fails: " + ((QueryOutcome.Failure) outcome).message() + "; fix the SQL");
          continue;
        }
        if (s.result().rows().stream().flatMap(List::stream).anyMatch(v -> v instanceof byte[])) {
          problems.add(where + "gold SQL returns a BLOB, which an answer (JSON text and numbers) cannot hold; "
              + "select text or numbers");
          continue;
        }
        List<String> names = new ArrayList<>();
        JsonNode tablesField = q.get("tables");
        if (tablesField != null && tablesField.isArray() && !tablesField.isEmpty()) {
          tablesField.forEach(t -> names.add(t.asText()));
        } else if (q.path("table_id").isTextual()) {
          names.add(q.path("table_id").asText());
        } else {
          problems.add(where + "no \"table_id\" or \"tables\" to show in the prompt; name the question's table");
          continue;
        }
        List<PromptTable> prompt = new ArrayList<>();
        for (String name : names) {
          ImportedTable table = byName.get(name);
          if (table == null) {
            problems.add(where + "\"tables\" names '" + name + "', which is not a table of this import");
            break;
          }
          prompt.add(shown.computeIfAbsent(table.name(), n -> promptTable(c, table, titles.get(n))));
        }
        if (prompt.size() < names.size()) {
          continue;
        }
        if (tablesField == null || !tablesField.isArray() || tablesField.isEmpty()) {
          ArrayNode list = JSON.createArrayNode();
          names.forEach(list::add);
          q.set("tables", list);
        }
        q.put("answer", Llmsql2Prompt.pythonJson(s.result().rows()));
        q.put("prompt", Llmsql2Prompt.render(q.path("question").asText(), prompt));
        out.append(JSON.writeValueAsString(q)).append('\n');
      }
    } catch (JsonProcessingException e) {
      // only writing a tree read just before can fail here, which Jackson never does
      throw new IllegalStateException("cannot write a question of " + questions + " back as JSON", e);
    } catch (IOException e) {
      throw new DatasetImportException("cannot read " + questions + ": " + e + "; check the path", e);
    } catch (SQLException | UncheckedSql e) {
      throw new DatasetImportException("cannot read the imported tables back from " + database + ": "
          + e.getMessage(), e);
    }
    return new Result(out.toString(), List.copyOf(problems));
  }

  /** An SQL failure inside a lambda. */
  private static final class UncheckedSql extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UncheckedSql(SQLException e) {
      super(e.getMessage(), e);
    }
  }

  private static PromptTable promptTable(Connection c, ImportedTable table, String[] title) {
    List<String> types = new ArrayList<>();
    // upstream's prompt knows "real" and "text"; whole numbers are numbers to a model too
    table.types().forEach(t -> types.add(t == ColumnType.TEXT ? "text" : "real"));
    List<List<Object>> sample = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      try (ResultSet r = s.executeQuery("SELECT * FROM " + DatasetImport.quote(table.name()) + " LIMIT "
          + Llmsql2Prompt.SAMPLE_ROWS)) {
        while (r.next()) {
          Object[] row = new Object[table.columns().size()];
          for (int i = 0; i < row.length; i++) {
            Object v = r.getObject(i + 1);
            row[i] = v instanceof Integer n ? Long.valueOf(n) : v;   // an import writes no BLOBs
          }
          sample.add(Arrays.asList(row));
        }
      }
    } catch (SQLException e) {
      throw new UncheckedSql(e);
    }
    return new PromptTable(table.name(), title == null ? null : title[0], title == null ? null : title[1],
        table.columns(), types, sample, (int) Math.min(Integer.MAX_VALUE, table.rows()));
  }
}
