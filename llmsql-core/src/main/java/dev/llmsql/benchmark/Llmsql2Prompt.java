package dev.llmsql.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * LLMSQL 2.0's zero-shot prompt, byte for byte as upstream renders it (and ships it as each question's
 * {@code prompt} field): a header, then per table a {@code CREATE TABLE} line, the Wikipedia page and
 * section, and the first {@value #SAMPLE_ROWS} rows as JSON arrays (as Python's {@code json.dumps} writes
 * them: {@code ", "} separators, non-ASCII kept, reals as {@code 1.0}), then the question.
 *
 * <pre>{@code
 * String tablesJsonlLine = Files.readAllLines(Path.of("tables.jsonl")).get(0);
 * PromptTable table = Llmsql2Prompt.table(new com.fasterxml.jackson.databind.ObjectMapper().readTree(tablesJsonlLine));
 * String prompt = Llmsql2Prompt.render("Name the singer for Joe Wilkinson", List.of(table));
 * }</pre>
 */
public final class Llmsql2Prompt {

  /** Rows of each table the prompt shows. */
  public static final int SAMPLE_ROWS = 3;

  private static final String HEADER = """
      You are an expert SQLite query writer. Given the database schema with a few sample rows and a question,
      write a single SQLite query that answers the question. Use the exact table names. Return only the SQL \
      in a ```sql block.

      """;

  private Llmsql2Prompt() {
  }

  /**
   * The prompt for {@code question} over {@code tables} (the question's {@code tables} field, in order).
   *
   * @throws IllegalArgumentException when {@code tables} is empty
   */
  public static String render(String question, List<PromptTable> tables) {
    if (tables.isEmpty()) {
      throw new IllegalArgumentException("an LLMSQL 2.0 prompt shows at least one table");
    }
    StringBuilder p = new StringBuilder(HEADER);
    for (int t = 0; t < tables.size(); t++) {
      PromptTable table = tables.get(t);
      p.append(t == 0 ? "" : "\n\n").append("CREATE TABLE \"").append(table.tableId()).append("\" (");
      int columns = Math.min(table.header().size(), table.types().size());   // Python's zip stops at the shorter
      for (int i = 0; i < columns; i++) {
        p.append(i == 0 ? "" : ", ").append('"').append(table.header().get(i)).append("\" ")
            .append("real".equals(table.types().get(i)) ? "REAL" : "TEXT");
      }
      p.append(");\n-- Wikipedia: ").append(python(table.pageTitle())).append(" / ")
          .append(python(table.sectionTitle())).append("\n-- ");
      List<List<Object>> rows = table.sampleRows().subList(0, Math.min(SAMPLE_ROWS, table.sampleRows().size()));
      p.append(table.rowCount() <= SAMPLE_ROWS ? "all rows"
          : "first " + rows.size() + " of " + table.rowCount() + " rows").append(":\n");
      for (int r = 0; r < rows.size(); r++) {
        p.append(r == 0 ? "" : "\n").append(PythonJson.dumps(rows.get(r)));
      }
    }
    return p.append("\n\nQuestion: ").append(question).toString();
  }

  /**
   * A line of LLMSQL's {@code tables.jsonl} ({@code table_id, page_title, section_title, header, types, rows})
   * as the prompt shows it: its first {@value #SAMPLE_ROWS} rows and the row count. JSON integers stay
   * integers and reals stay reals, as Python's {@code json.loads} keeps them.
   *
   * @throws IllegalArgumentException when {@code table_id} or the {@code header} array is missing
   */
  public static PromptTable table(JsonNode line) {
    JsonNode id = line.path("table_id");
    JsonNode header = line.path("header");
    if (!id.isTextual() || !header.isArray()) {
      throw new IllegalArgumentException("a table needs \"table_id\" and a \"header\" array");
    }
    List<String> columns = new ArrayList<>();
    header.forEach(h -> columns.add(h.asText()));
    List<String> types = new ArrayList<>();
    line.path("types").forEach(t -> types.add(t.asText()));
    JsonNode rows = line.path("rows");
    List<List<Object>> sample = new ArrayList<>();
    for (int r = 0; r < Math.min(SAMPLE_ROWS, rows.size()); r++) {
      sample.add(cells(rows.get(r)));
    }
    return new PromptTable(id.asText(), title(line, "page_title"), title(line, "section_title"), columns, types,
        sample, rows.size());
  }

  /** What Python's f-string shows for a title: {@code None} for a missing one. */
  private static String python(String text) {
    return text == null ? "None" : text;
  }

  private static String title(JsonNode table, String field) {
    JsonNode title = table.get(field);
    return title == null || title.isNull() ? null : title.asText();
  }

  private static List<Object> cells(JsonNode row) {
    List<Object> cells = new ArrayList<>();
    if (row != null && row.isArray()) {
      row.forEach(c -> cells.add(value(c)));
    }
    return cells;
  }

  private static Object value(JsonNode c) {
    if (c.isNull()) {
      return null;
    }
    if (c.isBoolean()) {
      return c.booleanValue();
    }
    if (c.isIntegralNumber()) {
      return c.bigIntegerValue();
    }
    if (c.isNumber()) {
      return c.doubleValue();
    }
    if (c.isArray()) {
      return cells(c);
    }
    if (c.isObject()) {
      Map<String, Object> map = new LinkedHashMap<>();
      c.properties().forEach(e -> map.put(e.getKey(), value(e.getValue())));
      return map;
    }
    return c.asText();
  }

  /** Python's {@code json.dumps(value, ensure_ascii=False)} of plain values (an answer's rows, a table row). */
  public static String pythonJson(Object value) {
    return PythonJson.dumps(value);
  }
}
