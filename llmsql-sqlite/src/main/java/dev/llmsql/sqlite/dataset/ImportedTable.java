package dev.llmsql.sqlite.dataset;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.List;

/**
 * One table written by {@link DatasetImport}.
 *
 * <pre>{@code
 * ImportedTable t = DatasetImport.builder().csv(Path.of("data")).build().into(Path.of("db.sqlite")).get(0);
 * t.name();   // "employees" for data/employees.csv
 * }</pre>
 *
 * @param name the table name
 * @param columns the column names, in order
 * @param types the column types, in order
 * @param rows how many rows were inserted
 * @param source the file it came from
 */
public record ImportedTable(String name, List<String> columns, List<ColumnType> types, long rows, Path source) {

  public ImportedTable {
    requireNonNull(name, "name");
    columns = List.copyOf(columns);
    types = List.copyOf(types);
    requireNonNull(source, "source");
  }
}
