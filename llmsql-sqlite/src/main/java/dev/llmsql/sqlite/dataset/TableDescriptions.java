package dev.llmsql.sqlite.dataset;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;

/**
 * The imported tables in LLMSQL's {@code tables.jsonl} shape ({@code table_id}, {@code header}, {@code types},
 * the first rows), which inference and Falcon runs build their prompts from.
 */
final class TableDescriptions {

  private static final ObjectMapper JSON = new ObjectMapper();

  private TableDescriptions() {
  }

  /** One JSON line per table of {@code database}, each with at most {@code rows} rows. */
  static String of(Path database, List<ImportedTable> tables, int rows) throws SQLException {
    StringBuilder out = new StringBuilder();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + database);
         Statement s = c.createStatement()) {
      for (ImportedTable t : tables) {
        ObjectNode line = JSON.createObjectNode().put("table_id", t.name());
        ArrayNode header = line.putArray("header");
        t.columns().forEach(header::add);
        ArrayNode types = line.putArray("types");
        t.types().forEach(type -> types.add(type.name().toLowerCase(Locale.ROOT)));
        ArrayNode sample = line.putArray("rows");
        try (ResultSet r = s.executeQuery("SELECT * FROM " + DatasetImport.quote(t.name()) + " LIMIT " + rows)) {
          while (r.next()) {
            ArrayNode row = sample.addArray();
            for (int i = 1; i <= t.columns().size(); i++) {
              Object cell = r.getObject(i);
              if (cell instanceof Long || cell instanceof Integer) {
                row.add(((Number) cell).longValue());
              } else if (cell instanceof Number n) {
                row.add(n.doubleValue());
              } else {
                row.add(cell == null ? null : cell.toString());
              }
            }
          }
        }
        out.append(line).append('\n');
      }
    }
    return out.toString();
  }
}
