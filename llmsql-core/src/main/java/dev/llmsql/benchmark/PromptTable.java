package dev.llmsql.benchmark;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What an LLMSQL 2.0 prompt shows of one table (a line of {@code tables.jsonl}): its id, the Wikipedia page
 * and section it comes from, column names and types, the first rows and how many rows there are.
 *
 * <pre>{@code
 * PromptTable t = new PromptTable("1-10015132-9", "Toronto Raptors all-time roster", "L",
 *     List.of("Player", "No."), List.of("text", "real"), List.of(List.of("Aleksandar Radojević", 25.0)), 1);
 * }</pre>
 *
 * @param tableId the table's name in the database
 * @param pageTitle the Wikipedia page title (null renders as {@code None}, as upstream's Python does)
 * @param sectionTitle the Wikipedia section title (null renders as {@code None})
 * @param header column names
 * @param types column types ({@code "real"} or {@code "text"}), one per column
 * @param sampleRows the first rows (at most {@link Llmsql2Prompt#SAMPLE_ROWS} are shown); cells are
 *     {@code String}, {@code Long}/{@code Integer}/{@code BigInteger} (JSON integers), {@code Double}
 *     (JSON reals, shown as Python shows them: {@code 1.0}), {@code Boolean} or null
 * @param rowCount how many rows the table has in all
 */
public record PromptTable(String tableId, String pageTitle, String sectionTitle, List<String> header,
                          List<String> types, List<List<Object>> sampleRows, int rowCount) {

  public PromptTable {
    requireNonNull(tableId, "tableId");
    header = List.copyOf(header);
    types = List.copyOf(types);
    List<List<Object>> rows = new ArrayList<>();
    for (List<Object> row : sampleRows) {
      rows.add(Collections.unmodifiableList(new ArrayList<>(row)));   // cells may be null
    }
    sampleRows = Collections.unmodifiableList(rows);
    if (rowCount < sampleRows.size()) {
      throw new IllegalArgumentException("rowCount " + rowCount + " is less than the " + sampleRows.size()
          + " sample rows given");
    }
  }
}
