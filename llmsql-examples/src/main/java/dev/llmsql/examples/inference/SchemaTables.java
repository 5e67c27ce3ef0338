package dev.llmsql.examples.inference;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes an LLMSQL-shaped {@code tables.jsonl} (header, types, first row) from a SQLite file's schema, for
 * benchmarks such as the bundled demo that ship a database but no tables file.
 *
 * <pre>{@code
 * SchemaTables.write(Path.of("llmsql-examples/demo/demo.sqlite"), Path.of("target/demo-tables.jsonl"));
 * }</pre>
 */
public final class SchemaTables {

  private static final ObjectMapper JSON = new ObjectMapper();

  private SchemaTables() {
  }

  /** Writes one line per table of {@code sqlite} into {@code tablesJsonl}. */
  public static Path write(Path sqlite, Path tablesJsonl) throws SQLException, IOException {
    if (tablesJsonl.toAbsolutePath().getParent() != null) {
      Files.createDirectories(tablesJsonl.toAbsolutePath().getParent());
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:file:" + sqlite.toAbsolutePath() + "?mode=ro");
         BufferedWriter out = Files.newBufferedWriter(tablesJsonl, StandardCharsets.UTF_8)) {
      List<String> names = new ArrayList<>();
      try (Statement s = c.createStatement();
           ResultSet rs = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")) {
        while (rs.next()) {
          names.add(rs.getString(1));
        }
      }
      for (String name : names) {
        ObjectNode line = JSON.createObjectNode().put("table_id", name);
        ArrayNode header = line.putArray("header");
        ArrayNode types = line.putArray("types");
        try (PreparedStatement p = c.prepareStatement("SELECT name, type FROM pragma_table_info(?)")) {
          p.setString(1, name);
          try (ResultSet rs = p.executeQuery()) {
            while (rs.next()) {
              header.add(rs.getString(1));
              String type = rs.getString(2).toUpperCase(Locale.ROOT);
              types.add(type.contains("INT") ? "integer" : type.contains("REAL") ? "real" : "text");
            }
          }
        }
        ArrayNode rows = line.putArray("rows");
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT * FROM \"" + name.replace("\"", "\"\"") + "\" LIMIT 1")) {
          if (rs.next()) {
            ArrayNode row = rows.addArray();
            for (int i = 1; i <= header.size(); i++) {
              row.add(rs.getString(i));
            }
          }
        }
        out.write(line.toString());
        out.write('\n');
      }
    }
    return tablesJsonl;
  }
}
