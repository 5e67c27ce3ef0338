package dev.llmsql.models.inference;

import dev.llmsql.benchmark.Llmsql2Prompt;
import dev.llmsql.benchmark.PromptTable;
import java.util.List;

/**
 * The prompts: for LLMSQL 1.0 questions the 0-, 1- and 5-shot text-to-SQL prompts (instructions,
 * {@code shots} worked examples written for this project, then the table schema with one example row and the
 * question); for LLMSQL 2.0 questions upstream's zero-shot prompt ({@link #llmsql2}), byte for byte.
 *
 * <pre>{@code
 * String prompt = Prompts.build(5, schema, "How many employees work in Sales?");
 * String v2 = Prompts.llmsql2("Name the singer for Joe Wilkinson", List.of(table));
 * }</pre>
 */
final class Prompts {

  /** The shot counts there are templates for. */
  static final List<Integer> SHOTS = List.of(0, 1, 5);

  private static final String INSTRUCTIONS = """
      You translate questions about a SQLite table into one SQLite query.
      Quote table and column names with double quotes. Answer with the SQL query only, no explanation.
      """;

  private record Example(TableSchema table, String question, String sql) {
  }

  private static final List<Example> EXAMPLES = List.of(
      new Example(new TableSchema("2-1183-4", List.of("Station", "Line", "Opened", "Daily riders"),
          List.of("text", "text", "real", "real"), List.of("Harbour Gate", "Blue", "1968", "14200")),
          "Which line serves Harbour Gate station?",
          "SELECT \"Line\" FROM \"2-1183-4\" WHERE \"Station\" = 'Harbour Gate'"),
      new Example(new TableSchema("1-2207-1", List.of("Season", "Team", "Wins", "Losses"),
          List.of("text", "text", "real", "real"), List.of("2011-12", "Rovers", "21", "9")),
          "How many seasons did the Rovers win more than 20 games?",
          "SELECT COUNT(\"Season\") FROM \"1-2207-1\" WHERE \"Team\" = 'Rovers' AND \"Wins\" > 20"),
      new Example(new TableSchema("1-5530-2", List.of("Title", "Author", "Pages", "Year"),
          List.of("text", "text", "real", "real"), List.of("Salt Roads", "M. Ito", "312", "2004")),
          "What is the largest page count of a book by M. Ito?",
          "SELECT MAX(\"Pages\") FROM \"1-5530-2\" WHERE \"Author\" = 'M. Ito'"),
      new Example(new TableSchema("2-7741-9", List.of("Race", "Circuit", "Winner", "Laps"),
          List.of("text", "text", "text", "real"), List.of("Spring Cup", "Lakeside", "D. Ferro", "58")),
          "Who won the race at Lakeside with 58 laps?",
          "SELECT \"Winner\" FROM \"2-7741-9\" WHERE \"Circuit\" = 'Lakeside' AND \"Laps\" = 58"),
      new Example(new TableSchema("1-9012-3", List.of("Country", "Capital", "Population (m)"),
          List.of("text", "text", "real"), List.of("Norway", "Oslo", "5.5")),
          "What is the average population of the countries listed?",
          "SELECT AVG(\"Population (m)\") FROM \"1-9012-3\""));

  private Prompts() {
  }

  /**
   * The prompt for {@code question} on {@code table} with {@code shots} examples.
   *
   * @throws IllegalArgumentException when {@code shots} is not 0, 1 or 5
   */
  static String build(int shots, TableSchema table, String question) {
    if (!SHOTS.contains(shots)) {
      throw new IllegalArgumentException("shots must be 0, 1 or 5, but was " + shots);
    }
    StringBuilder p = new StringBuilder(INSTRUCTIONS);
    for (Example e : EXAMPLES.subList(0, shots)) {
      p.append('\n');
      task(p, e.table(), e.question());
      p.append(e.sql()).append('\n');
    }
    p.append('\n');
    task(p, table, question);
    return p.toString();
  }

  /**
   * The LLMSQL 2.0 prompt for {@code question} over {@code tables} (the question's {@code tables} field, in
   * order): the text of the question's {@code prompt} field, as upstream renders it
   * ({@link Llmsql2Prompt#render}).
   *
   * @throws IllegalArgumentException when {@code tables} is empty
   */
  static String llmsql2(String question, List<PromptTable> tables) {
    return Llmsql2Prompt.render(question, tables);
  }

  private static void task(StringBuilder p, TableSchema table, String question) {
    p.append("Table \"").append(table.tableId()).append("\" with columns:");
    for (int i = 0; i < table.header().size(); i++) {
      String type = i < table.types().size() ? table.types().get(i) : "text";
      p.append(i == 0 ? " " : ", ").append('"').append(table.header().get(i)).append("\" (").append(type)
          .append(')');
    }
    p.append('\n');
    if (!table.exampleRow().isEmpty()) {
      p.append("Example row: ").append(String.join(" | ", table.exampleRow())).append('\n');
    }
    p.append("Question: ").append(question).append('\n').append("SQL: ");
  }
}
