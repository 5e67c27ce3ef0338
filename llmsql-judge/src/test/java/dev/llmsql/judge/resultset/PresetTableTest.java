package dev.llmsql.judge.resultset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Reason;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The table of how the presets differ: each case is a gold result, a predicted result and the verdict
 * every preset must give. The same table is rendered into docs/JUDGES.md; run with
 * {@code -Dllmsql.writeDocs=true} to rewrite the file after changing a case.
 */
class PresetTableTest {

  static final Map<String, ResultSetJudge> PRESETS = new LinkedHashMap<>();

  static {
    PRESETS.put("llmsql", ResultSetJudge.llmsql());
    PRESETS.put("spider-exec", ResultSetJudge.spiderExec());
    PRESETS.put("bird", ResultSetJudge.bird());
    PRESETS.put("defog", ResultSetJudge.defog());
    PRESETS.put("falcon", ResultSetJudge.falcon());
    PRESETS.put("spider2", ResultSetJudge.spider2());
    PRESETS.put("strict", ResultSetJudge.strict());
  }

  static final String ORDERED_SQL = "SELECT a FROM t ORDER BY a";

  /** One case: gold and predicted rows in a small notation ({@code 1, 'a'; 2, NULL}), expected verdicts. */
  record Case(String group, String what, String gold, String pred, String goldSql, String question,
              Boolean ordered, String expected) {
  }

  static Case c(String group, String what, String gold, String pred, String expected) {
    return new Case(group, what, gold, pred, "SELECT ...", "q", null, expected);
  }

  static Case ordered(String group, String what, String gold, String pred, String goldSql, String question,
                      Boolean flag, String expected) {
    return new Case(group, what, gold, pred, goldSql, question, flag, expected);
  }

  // columns: llmsql spider-exec bird defog falcon spider2 strict
  static final List<Case> CASES = List.of(
      c("identity", "same rows, same order", "1, 'a'; 2, 'b'", "1, 'a'; 2, 'b'", "ok ok ok ok ok ok ok"),
      c("identity", "same rows, other order", "1, 'a'; 2, 'b'", "2, 'b'; 1, 'a'", "ok ok ok ok ok ok ok"),
      c("identity", "single value", "42", "42", "ok ok ok ok ok ok ok"),
      c("duplicates", "prediction repeats a row", "1", "1; 1", "EXTRA EXTRA ok ok EXTRA EXTRA EXTRA"),
      c("duplicates", "prediction drops a repeat", "1; 1", "1", "MISSING MISSING ok ok MISSING MISSING MISSING"),
      c("duplicates", "missing DISTINCT, 3 rows vs 2", "'x'; 'y'", "'x'; 'y'; 'x'",
          "EXTRA EXTRA ok ok EXTRA EXTRA EXTRA"),
      c("duplicates", "same multiset of duplicates", "1; 1; 2", "2; 1; 1", "ok ok ok ok ok ok ok"),
      c("duplicates", "other duplicate counts, same size", "1; 1; 2", "1; 2; 2",
          "VALUE VALUE ok ok VALUE VALUE VALUE"),
      c("rows", "one extra row", "1; 2", "1; 2; 3", "EXTRA EXTRA EXTRA EXTRA EXTRA EXTRA EXTRA"),
      c("rows", "one row missing", "1; 2; 3", "1; 2", "MISSING MISSING MISSING MISSING MISSING MISSING MISSING"),
      c("rows", "one value differs", "1; 2", "1; 3", "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("rows", "text case differs", "'Paris'", "'paris'", "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("rows", "trailing space in text", "'Paris'", "'Paris '", "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      ordered("order", "gold ORDER BY, prediction reversed", "1; 2; 3", "3; 2; 1", ORDERED_SQL, "q", null,
          "ok ORDER ok ok ok ok ORDER"),
      ordered("order", "gold ORDER BY only in a sub-query", "1; 2", "2; 1",
          "SELECT a FROM t WHERE b IN (SELECT b FROM u ORDER BY c LIMIT 2)", "q", null, "ok ok ok ok ok ok ok"),
      ordered("order", "'order by' inside a string literal", "1; 2", "2; 1",
          "SELECT a FROM t WHERE note = 'order by date'", "q", null, "ok ok ok ok ok ok ok"),
      ordered("order", "question asks to sort, no ORDER BY", "1; 2", "2; 1", "SELECT a FROM t",
          "Sort the ids", null, "ok ok ok ORDER ok ok ok"),
      ordered("order", "question flagged ordered", "1; 2", "2; 1", "SELECT a FROM t", "q", true,
          "ok ok ok ok ORDER ORDER ok"),
      ordered("order", "flagged unordered, gold ORDER BY", "1; 2", "2; 1", ORDERED_SQL, "q", false,
          "ok ORDER ok ok ok ok ORDER"),
      ordered("order", "gold ORDER BY, same order", "1; 2; 3", "1; 2; 3", ORDERED_SQL, "q", null,
          "ok ok ok ok ok ok ok"),
      ordered("order", "ordered, ties in other order", "1, 'a'; 1, 'b'", "1, 'b'; 1, 'a'", ORDERED_SQL, "q", true,
          "ok ORDER ok ok ORDER ORDER ORDER"),
      ordered("order", "ordered and a value differs", "1; 2", "1; 5", ORDERED_SQL, "q", true,
          "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("columns", "columns swapped", "1, 'a'; 2, 'b'", "'a', 1; 'b', 2", "VALUE ok VALUE ok ok ok VALUE"),
      c("columns", "three columns rotated", "1, 'a', 2.5", "'a', 2.5, 1", "VALUE ok VALUE ok ok ok VALUE"),
      c("columns", "extra predicted column", "1; 2", "1, 'a'; 2, 'b'", "COLS COLS COLS ok ok ok COLS"),
      c("columns", "extra column first", "1; 2", "'a', 1; 'b', 2", "COLS COLS COLS ok ok ok COLS"),
      c("columns", "predicted column missing", "1, 'a'", "1", "COLS COLS COLS COLS MISSCOL MISSCOL COLS"),
      c("columns", "same column twice vs once", "1", "1, 1", "COLS COLS COLS ok ok ok COLS"),
      c("columns", "rows scrambled across columns", "1, 'a'; 2, 'b'", "1, 'b'; 2, 'a'",
          "VALUE VALUE VALUE VALUE VALUE ok VALUE"),
      c("columns", "swapped columns with equal value sets", "1, 2; 2, 1", "2, 1; 1, 2",
          "ok ok ok ok ok ok ok"),
      c("columns", "permutation needed plus a wrong value", "1, 'a'; 2, 'b'", "'a', 1; 'c', 2",
          "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("numbers", "2 vs 2.0", "2", "2.0", "ok ok ok ok ok ok VALUE"),
      c("numbers", "0.1+0.2 vs 0.3", "0.30000000000000004", "0.3", "VALUE VALUE VALUE ok ok ok VALUE"),
      c("numbers", "27.733333 vs 27.73", "27.733333", "27.73", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("numbers", "27.735 vs 27.74 (HALF_UP)", "27.735", "27.74", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("numbers", "1.004 vs 1.0", "1.004", "1.0", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("numbers", "1.02 vs 1.0", "1.02", "1.0", "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("numbers", "1000000 vs 1000001 (relative 1e-6)", "1000000", "1000001",
          "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("numbers", "-0.0 vs 0", "-0.0", "0", "ok ok ok ok VALUE ok VALUE"),
      c("numbers", "1000000.0 vs 1000001.0 (reals, pandas rtol 1e-5)", "1000000.0", "1000001.0",
          "VALUE VALUE VALUE ok VALUE VALUE VALUE"),
      c("numbers", "0.0 vs 0.000000001 (pandas atol 1e-8)", "0.0", "0.000000001",
          "VALUE VALUE VALUE ok ok ok VALUE"),
      c("nulls", "NULL vs -99999 (Defog fills NULL)", "NULL", "-99999", "VALUE VALUE VALUE ok VALUE VALUE VALUE"),
      c("numbers", "large integers differ in last digit", "9007199254740993", "9007199254740992",
          "VALUE VALUE VALUE VALUE VALUE ok VALUE"),
      c("text vs numbers", "'2' vs 2", "'2'", "2", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("text vs numbers", "'2.0' vs 2", "'2.0'", "2", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("text vs numbers", "'27.73' vs 27.7333", "'27.73'", "27.7333", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("text vs numbers", "'abc' vs 0", "'abc'", "0", "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("text vs numbers", "'true' vs 1", "'true'", "1", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("text vs numbers", "true vs 1", "true", "1", "ok ok ok ok ok ok VALUE"),
      c("nulls", "NULL vs NULL", "NULL", "NULL", "ok ok ok ok ok ok ok"),
      c("nulls", "NULL vs ''", "NULL", "''", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("nulls", "NULL vs 'null'", "NULL", "'null'", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("nulls", "NULL vs 0", "NULL", "0", "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("nulls", "NULL vs 'NULL' text", "NULL", "'NULL'", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("nulls", "NULL among numbers, other order", "1; NULL; 2", "NULL; 2; 1", "ok ok ok ok ok ok ok"),
      c("nulls", "one-row NULL vs no rows", "NULL", "", "MISSING MISSING MISSING ok MISSING MISSING MISSING"),
      c("nulls", "no rows vs one-row NULL", "", "NULL", "EXTRA EXTRA EXTRA ok EXTRA EXTRA EXTRA"),
      c("empty", "both empty", "", "", "ok ok ok ok VALUE ok ok"),
      c("empty", "gold empty, prediction has a row", "", "1", "EXTRA EXTRA EXTRA ok EXTRA EXTRA EXTRA"),
      c("empty", "gold has a row, prediction empty", "1", "", "MISSING MISSING MISSING ok MISSING MISSING MISSING"),
      new Case("empty", "both empty, 1 vs 2 columns", "[a]", "[a,b]", "SELECT ...", "q", null,
          "ok ok ok ok VALUE ok COLS"),
      c("mixed types", "mixed NULL, numbers and text, other order", "1, 'a'; NULL, 2; 'x', 3.5",
          "'x', 3.5; 1, 'a'; NULL, 2", "ok ok ok VALUE ok ok ok"),
      c("mixed types", "int vs real in one row of many", "1, 2; 3, 4", "1, 2; 3, 4.0",
          "ok ok ok ok ok ok VALUE"),
      c("mixed types", "mixed column, one cell text", "1; 2", "1; '2'", "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("mixed types", "blob vs same text", "x'6162'", "'ab'", "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("mixed types", "identical blobs", "x'6162'", "x'6162'", "ok ok ok ok ok ok ok"),
      c("size", "count result vs wrong count", "10", "11", "VALUE VALUE VALUE VALUE VALUE VALUE VALUE"),
      c("size", "aggregate rounding 3.3333 vs 3.33", "3.3333333333333335", "3.33",
          "VALUE VALUE VALUE VALUE ok ok VALUE"),
      c("size", "many rows, one swapped pair", "1; 2; 3; 4; 5", "1; 2; 3; 5; 4", "ok ok ok ok ok ok ok"));

  @Test
  void presets_onEveryCase_giveTheTabledVerdicts() {
    // given
    assertThat(CASES).hasSizeGreaterThanOrEqualTo(60);
    List<String> wrong = new ArrayList<>();

    // when
    for (Case tc : CASES) {
      String actual = verdicts(tc);
      if (!actual.equals(tc.expected())) {
        wrong.add(tc.what() + ": expected " + tc.expected() + " but was " + actual);
      }
    }

    // then
    assertThat(wrong).isEmpty();
  }

  @Test
  void judgesDoc_matchesTheTable() throws IOException {
    // given
    Path doc = docsDir().resolve("JUDGES.md");
    String table = markdownTable();

    // when
    if (Boolean.getBoolean("llmsql.writeDocs")) {
      String text = Files.readString(doc, StandardCharsets.UTF_8);
      Files.writeString(doc, replaceTable(text, table), StandardCharsets.UTF_8);
    }

    // then
    String text = Files.readString(doc, StandardCharsets.UTF_8);
    assertThat(tableIn(text))
        .as("docs/JUDGES.md is out of date with PresetTableTest; rerun with -Dllmsql.writeDocs=true")
        .isEqualTo(table);
  }

  static final String BEGIN = "<!-- BEGIN GENERATED TABLE (PresetTableTest) -->\n";
  static final String END = "<!-- END GENERATED TABLE -->";

  static String tableIn(String text) {
    int b = text.indexOf(BEGIN);
    int e = text.indexOf(END);
    return b < 0 || e < 0 ? "" : text.substring(b + BEGIN.length(), e);
  }

  static String replaceTable(String text, String table) {
    int b = text.indexOf(BEGIN);
    int e = text.indexOf(END);
    return text.substring(0, b + BEGIN.length()) + table + text.substring(e);
  }

  static Path docsDir() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("docs")) && Files.exists(dir.resolve("mvnw"))) {
        return dir.resolve("docs");
      }
    }
    throw new IllegalStateException("no docs/ directory above " + Path.of("").toAbsolutePath());
  }

  static String markdownTable() {
    StringBuilder sb = new StringBuilder();
    sb.append("| # | group | case | gold | prediction | row order from |");
    PRESETS.keySet().forEach(p -> sb.append(' ').append(p).append(" |"));
    sb.append('\n').append("|---|---|---|---|---|---|");
    PRESETS.keySet().forEach(p -> sb.append("---|"));
    sb.append('\n');
    int n = 0;
    for (Case tc : CASES) {
      n++;
      String orderFrom = tc.ordered() != null ? "flag ordered=" + tc.ordered()
          : !tc.goldSql().equals("SELECT ...") ? "`" + tc.goldSql() + "`"
          : !tc.question().equals("q") ? "question \"" + tc.question() + "\"" : "";
      sb.append("| ").append(n).append(" | ").append(tc.group()).append(" | ").append(tc.what())
          .append(" | `").append(tc.gold().isEmpty() ? "(no rows)" : tc.gold()).append("` | `")
          .append(tc.pred().isEmpty() ? "(no rows)" : tc.pred()).append("` | ").append(orderFrom).append(" |");
      for (String v : tc.expected().split(" ")) {
        sb.append(' ').append(v.equals("ok") ? "✓" : v).append(" |");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  static String verdicts(Case tc) {
    Question question = new Question(1, tc.question(), tc.goldSql(), "t", null, Map.of())
        .withLabels(0, List.of(), tc.ordered());
    List<String> out = new ArrayList<>();
    for (ResultSetJudge judge : PRESETS.values()) {
      Comparison c = judge.compare(question, tc.goldSql(), Rows.parse(tc.gold()), "SELECT ...",
          Rows.parse(tc.pred()));
      out.add(c.equal() ? "ok" : SHORT.get(c.reason()));
    }
    return String.join(" ", out);
  }

  static final Map<Reason, String> SHORT = Map.of(Reason.EXTRA_ROWS, "EXTRA", Reason.MISSING_ROWS, "MISSING",
      Reason.ROW_ORDER, "ORDER", Reason.COLUMN_COUNT, "COLS", Reason.VALUE_MISMATCH, "VALUE",
      Reason.MISSING_COLUMN, "MISSCOL");
}
