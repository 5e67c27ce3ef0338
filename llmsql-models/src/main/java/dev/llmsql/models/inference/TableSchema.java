package dev.llmsql.models.inference;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * What a prompt shows of one table: its id, column names and types, and one example row (LLMSQL's
 * {@code tables.jsonl} holds all rows; only the first is kept, so memory stays small).
 *
 * <pre>{@code
 * new TableSchema("employees", List.of("Name", "Salary"), List.of("text", "real"), List.of("Ann", "5000"));
 * }</pre>
 *
 * @param tableId the table's name in the database
 * @param header column names
 * @param types column types, one per column ("text" when unknown)
 * @param exampleRow the first row as text, empty when the table has no rows
 */
record TableSchema(String tableId, List<String> header, List<String> types, List<String> exampleRow) {

  public TableSchema {
    requireNonNull(tableId, "tableId");
    header = List.copyOf(header);
    types = List.copyOf(types);
    exampleRow = List.copyOf(exampleRow);
  }
}
