package dev.llmsql.judge.structure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * evaluation.py's {@code eval_hardness} and {@code evaluate()}'s reading of the partial totals, quirks included,
 * and the switches that undo them.
 */
class SpiderHardnessTest {

  private static SpiderSql.Query parse(String sql) {
    return SpiderSql.parse(SpiderExactSetTest.SCHEMA, sql);
  }

  private static String hardness(String sql, boolean peer) {
    return SpiderSql.hardness(parse(sql), peer);
  }

  @Test
  void hardness_spidersOwnExamples() {
    assertThat(hardness("SELECT count(*) FROM singer", true)).isEqualTo("easy");
    assertThat(hardness("SELECT name, country, age FROM singer ORDER BY age DESC", true)).isEqualTo("medium");
    assertThat(hardness("SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer)", true)).isEqualTo("hard");
    // one set operation: hard when nothing else counts, extra with two WHERE conditions
    assertThat(hardness("SELECT name FROM singer WHERE age > 1 UNION SELECT name FROM singer WHERE age < 3", true))
        .isEqualTo("hard");
    assertThat(hardness("SELECT name FROM singer WHERE age > 1 AND country = 'x' UNION SELECT name FROM singer",
        true)).isEqualTo("extra");
  }

  @Test
  void hardness_notInCountsAsAnAggregationByThePeer_notWithFixHardness() {
    // the peer counts the NOT flag and the select's count as two aggregations: one "other" rule, so not hard
    String sql = "SELECT count(*) FROM singer WHERE singer_id NOT IN (SELECT concert_id FROM concert)";
    assertThat(hardness(sql, true)).isEqualTo("extra");
    assertThat(hardness(sql, false)).isEqualTo("hard");
  }

  @Test
  void hardness_havingAggregatesNotCountedButItsAndIs_fixHardnessCountsTheAggregates() {
    // the peer counts the AND between the conditions (one) and neither aggregate: no "other" rule, easy
    String sql = "SELECT name FROM singer GROUP BY name HAVING count(*) > 2 AND max(age) > 3";
    assertThat(hardness(sql, true)).isEqualTo("easy");
    assertThat(hardness(sql, false)).isEqualTo("medium");
  }

  @Test
  void partialMatch_andOrDiffer_totalsSwappedAsEvaluateReadsThem() {
    SpiderSql.Query gold = parse("SELECT name FROM singer WHERE age > 1 AND age < 5 OR country = 'x'");
    SpiderSql.Query pred = parse("SELECT name FROM singer");

    assertThat(totals(SpiderSql.partialMatch(pred, gold, true)).get("and_or")).isEqualTo("[0, 2, 0]");
    assertThat(totals(SpiderSql.partialMatch(pred, gold, false)).get("and_or")).isEqualTo("[2, 0, 0]");
    // equal sets, both empty included: (1, 1, 1)
    assertThat(totals(SpiderSql.partialMatch(pred, pred, true)).get("and_or")).isEqualTo("[1, 1, 1]");
  }

  @Test
  void partialMatch_emptyPrediction_goldTotalsAndZeroScores() {
    SpiderSql.Query gold = parse("SELECT name FROM singer WHERE age > 1 ORDER BY age");

    Map<String, String> t = totals(SpiderSql.partialMatch(SpiderSql.EMPTY, gold, true));

    assertThat(t).containsExactly(Map.entry("select", "[1, 0, 0]"), Map.entry("select_no_agg", "[1, 0, 0]"),
        Map.entry("where", "[1, 0, 0]"), Map.entry("where_no_op", "[1, 0, 0]"),
        Map.entry("group_no_having", "[0, 0, 1]"), Map.entry("group", "[0, 0, 1]"), Map.entry("order", "[1, 0, 0]"),
        Map.entry("and_or", "[1, 1, 1]"), Map.entry("set_ops", "[0, 0, 1]"), Map.entry("keywords", "[3, 0, 0]"));
  }

  private static Map<String, String> totals(Map<String, int[]> m) {
    Map<String, String> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, Arrays.toString(v)));
    return out;
  }
}
