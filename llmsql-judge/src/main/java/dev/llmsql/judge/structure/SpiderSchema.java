package dev.llmsql.judge.structure;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What Spider's exact-set match knows of a database: each table's columns in declaration order (lower-cased,
 * as {@code process_sql.get_schema} reads them from SQLite) and the foreign-key map of {@code evaluation.py}
 * ({@code build_foreign_key_map}): every column of a foreign-key group maps to the group's column declared
 * first, so {@code T2.owner_id} and {@code T1.owner_id} of a join compare equal.
 *
 * @param tables table name to its column names, in the database's order
 * @param foreignKeys column id ({@code __table.column__}) to the id it stands for
 */
record SpiderSchema(Map<String, List<String>> tables, Map<String, String> foreignKeys) {

  SpiderSchema {
    requireNonNull(tables, "tables");
    requireNonNull(foreignKeys, "foreignKeys");
    Map<String, List<String>> copy = new LinkedHashMap<>();
    tables.forEach((t, cols) -> copy.put(t.toLowerCase(Locale.ROOT),
        cols.stream().map(c -> c.toLowerCase(Locale.ROOT)).toList()));
    tables = Collections.unmodifiableMap(copy);
    foreignKeys = Map.copyOf(foreignKeys);
  }

  /** One declared foreign key: {@code table.column} references {@code refTable.refColumn}. */
  record ForeignKey(String table, String column, String refTable, String refColumn) {
  }

  /**
   * Builds the schema and Spider's foreign-key map. Columns are numbered as Spider's {@code tables.json}
   * numbers them (0 is {@code *}, then table by table); foreign keys are grouped as {@code keyset_in_list}
   * groups them (a key joins the first group holding either end; groups are not merged), and each group maps
   * to its lowest-numbered column.
   */
  static SpiderSchema of(Map<String, List<String>> tables, List<ForeignKey> keys) {
    List<String> ids = new ArrayList<>();
    ids.add("__all__");
    Map<String, Integer> index = new LinkedHashMap<>();
    tables.forEach((t, cols) -> {
      for (String c : cols) {
        String id = columnId(t, c);
        index.putIfAbsent(id, ids.size());
        ids.add(id);
      }
    });
    List<Set<Integer>> groups = new ArrayList<>();
    for (ForeignKey k : keys) {
      Integer from = index.get(columnId(k.table(), k.column()));
      Integer to = index.get(columnId(k.refTable(), k.refColumn()));
      if (from == null || to == null) {
        continue;   // a key naming a column the table does not have: tables.json would not list it either
      }
      Set<Integer> group = null;
      for (Set<Integer> g : groups) {
        if (g.contains(from) || g.contains(to)) {
          group = g;
          break;
        }
      }
      if (group == null) {
        group = new HashSet<>();
        groups.add(group);
      }
      group.add(from);
      group.add(to);
    }
    Map<String, String> map = new LinkedHashMap<>();
    for (Set<Integer> g : groups) {
      TreeSet<Integer> sorted = new TreeSet<>(g);
      String target = ids.get(sorted.first());
      for (int i : sorted) {
        map.put(ids.get(i), target);
      }
    }
    return new SpiderSchema(tables, map);
  }

  static String columnId(String table, String column) {
    return "__" + table.toLowerCase(Locale.ROOT) + "." + column.toLowerCase(Locale.ROOT) + "__";
  }

  static String tableId(String table) {
    return "__" + table.toLowerCase(Locale.ROOT) + "__";
  }

  /** Spider's {@code idMap} lookup: {@code table.column}, {@code table} or {@code *}; null when unknown. */
  String id(String key) {
    if (key.equals("*")) {
      return "__all__";
    }
    int dot = key.indexOf('.');
    if (dot < 0) {
      return tables.containsKey(key) ? tableId(key) : null;
    }
    List<String> cols = tables.get(key.substring(0, dot));
    return cols != null && cols.contains(key.substring(dot + 1)) ? "__" + key + "__" : null;
  }
}
