package dev.llmsql.judge.structure;

import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.judgement.JudgeContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Spider's view of the question's database through the judge context, with read-only queries: the
 * tables in {@code sqlite_master} order with their columns in declaration order ({@code get_schema}), and
 * the declared foreign keys, which Spider takes from {@code tables.json} (derived from the same
 * declarations).
 */
final class SchemaReader {

  private static final String COLUMNS = "SELECT m.name, p.name FROM sqlite_master AS m "
      + "JOIN pragma_table_info(m.name) AS p WHERE m.type = 'table' ORDER BY m.rowid, p.cid";
  // a key without a target column names the referenced table's primary key
  private static final String KEYS = "SELECT m.name, f.\"from\", f.\"table\", "
      + "coalesce(f.\"to\", (SELECT k.name FROM pragma_table_info(f.\"table\") AS k WHERE k.pk = 1)) "
      + "FROM sqlite_master AS m JOIN pragma_foreign_key_list(m.name) AS f WHERE m.type = 'table' "
      + "ORDER BY m.rowid, f.id DESC, f.seq";

  private SchemaReader() {
  }

  /**
   * The schema of the question's database.
   *
   * @throws IllegalStateException when the database cannot be read, with the reason
   */
  static SpiderSchema read(JudgeContext context) {
    Map<String, List<String>> tables = new LinkedHashMap<>();
    for (List<Object> row : rows(context, COLUMNS)) {
      tables.computeIfAbsent(String.valueOf(row.get(0)), t -> new ArrayList<>()).add(String.valueOf(row.get(1)));
    }
    List<SpiderSchema.ForeignKey> keys = new ArrayList<>();
    for (List<Object> row : rows(context, KEYS)) {
      if (row.get(3) != null) {
        keys.add(new SpiderSchema.ForeignKey(String.valueOf(row.get(0)), String.valueOf(row.get(1)),
            String.valueOf(row.get(2)), String.valueOf(row.get(3))));
      }
    }
    return SpiderSchema.of(tables, keys);
  }

  private static List<List<Object>> rows(JudgeContext context, String sql) {
    QueryOutcome outcome = context.executeGold(sql);
    if (outcome instanceof QueryOutcome.Success success) {
      return success.result().rows();
    }
    throw new IllegalStateException("cannot read the database schema Spider's exact-set match needs: "
        + ((QueryOutcome.Failure) outcome).message());
  }
}
