package dev.llmsql.judge.resultset;

import dev.llmsql.execution.QueryResult;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;

/**
 * Test notation for results: rows separated by {@code ;}, cells by {@code ,}: {@code 1, 'a'; 2.5, NULL};
 * {@code x'6162'} is a blob, {@code true} a boolean; {@code [a,b]} is an empty result with those columns.
 */
final class Rows {

  private Rows() {
  }

  static QueryResult parse(String text) {
    String t = text.trim();
    if (t.startsWith("[")) {
      return new QueryResult(List.of(t.substring(1, t.length() - 1).split(",")), List.of());
    }
    List<List<Object>> rows = new ArrayList<>();
    if (!t.isEmpty()) {
      for (String row : t.split(";")) {
        List<Object> cells = new ArrayList<>();
        for (String cell : row.split(",")) {
          cells.add(cell(cell.trim()));
        }
        rows.add(Collections.unmodifiableList(cells));
      }
    }
    int width = rows.isEmpty() ? 1 : rows.get(0).size();
    List<String> columns = new ArrayList<>();
    for (int i = 1; i <= width; i++) {
      columns.add("c" + i);
    }
    return new QueryResult(columns, rows);
  }

  static Object cell(String s) {
    if (s.equals("NULL")) {
      return null;
    }
    if (s.equals("true") || s.equals("false")) {
      return Boolean.parseBoolean(s);
    }
    if (s.startsWith("x'")) {
      return HexFormat.of().parseHex(s.substring(2, s.length() - 1));
    }
    if (s.startsWith("'")) {
      return s.substring(1, s.length() - 1);
    }
    if (s.contains(".") || s.contains("e")) {
      return Double.parseDouble(s);
    }
    return Long.parseLong(s);
  }
}
