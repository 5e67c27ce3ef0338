package dev.llmsql.judge.structure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ExactSetJudgeTest {

  /**
   * One pair: gold, prediction, the verdict with values ignored (Spider's default) and with values kept,
   * and the clause that differs (empty when they match).
   */
  record Pair(String what, String gold, String pred, boolean matchIgnoringValues, boolean matchKeepingValues,
              String differingClause) {
    @Override
    public String toString() {
      return what;
    }
  }

  static Pair same(String what, String gold, String pred) {
    return new Pair(what, gold, pred, true, true, "");
  }

  static Pair differ(String what, String gold, String pred, String clause) {
    return new Pair(what, gold, pred, false, false, clause);
  }

  static Pair valuesOnly(String what, String gold, String pred, String clause) {
    return new Pair(what, gold, pred, true, false, clause);
  }

  static final List<Pair> PAIRS = List.of(
      same("identical", "SELECT name FROM singer", "SELECT name FROM singer"),
      same("keyword and identifier case", "SELECT name FROM singer", "select NAME from Singer"),
      same("quoted identifiers", "SELECT name FROM singer", "SELECT \"name\" FROM `singer`"),
      same("square-bracket identifiers", "SELECT name FROM singer", "SELECT [name] FROM [singer]"),
      same("table alias resolved", "SELECT T1.name FROM singer AS T1", "SELECT name FROM singer"),
      same("different aliases in a join",
          "SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id",
          "SELECT s.name FROM concert c JOIN stadium s ON s.stadium_id = c.stadium_id"),
      same("select list as a set", "SELECT name, age FROM singer", "SELECT age, name FROM singer"),
      same("column alias ignored", "SELECT count(*) FROM singer", "SELECT count(*) AS n FROM singer"),
      same("AND operands swapped", "SELECT a FROM t WHERE b = 1 AND c = 2", "SELECT a FROM t WHERE c = 2 AND b = 1"),
      same("OR operands swapped", "SELECT a FROM t WHERE b = 1 OR c = 2", "SELECT a FROM t WHERE c = 2 OR b = 1"),
      same("equality sides swapped", "SELECT a FROM t WHERE b = 'x'", "SELECT a FROM t WHERE 'x' = b"),
      same("> written as <", "SELECT a FROM t WHERE age > 20", "SELECT a FROM t WHERE 20 < age"),
      same("<> written as !=", "SELECT a FROM t WHERE b <> 1", "SELECT a FROM t WHERE b != 1"),
      same("redundant parentheses", "SELECT a FROM t WHERE b = 1 AND c = 2",
          "SELECT a FROM t WHERE ((b = 1) AND (c = 2))"),
      same("group by as a set", "SELECT a, b, count(*) FROM t GROUP BY a, b",
          "SELECT a, b, count(*) FROM t GROUP BY b, a"),
      same("order by an alias", "SELECT a, count(*) FROM t GROUP BY a ORDER BY count(*) DESC",
          "SELECT a, count(*) AS n FROM t GROUP BY a ORDER BY n DESC"),
      same("order by a position", "SELECT a, b FROM t ORDER BY b", "SELECT a, b FROM t ORDER BY 2"),
      same("ASC is the default", "SELECT a FROM t ORDER BY a", "SELECT a FROM t ORDER BY a ASC"),
      same("UNION branches swapped", "SELECT a FROM t UNION SELECT a FROM u", "SELECT a FROM u UNION SELECT a FROM t"),
      same("trailing semicolon", "SELECT a FROM t", "SELECT a FROM t;"),
      same("nested query with aliases", "SELECT name FROM singer WHERE id IN (SELECT T1.singer_id FROM concert AS T1)",
          "SELECT name FROM singer WHERE id IN (SELECT singer_id FROM concert)"),
      valuesOnly("other literal in where", "SELECT a FROM t WHERE age > 20", "SELECT a FROM t WHERE age > 30", "where"),
      valuesOnly("other string literal", "SELECT a FROM t WHERE name = 'Bob'", "SELECT a FROM t WHERE name = 'Alice'",
          "where"),
      valuesOnly("other LIMIT", "SELECT a FROM t ORDER BY a LIMIT 1", "SELECT a FROM t ORDER BY a LIMIT 3", "limit"),
      valuesOnly("other value in a nested query", "SELECT a FROM t WHERE b IN (SELECT b FROM u WHERE c = 1)",
          "SELECT a FROM t WHERE b IN (SELECT b FROM u WHERE c = 2)", "where"),
      differ("other column selected", "SELECT name FROM singer", "SELECT age FROM singer", "select"),
      differ("extra column selected", "SELECT name FROM singer", "SELECT name, age FROM singer", "select"),
      differ("missing DISTINCT", "SELECT DISTINCT name FROM singer", "SELECT name FROM singer", "select"),
      differ("other aggregate", "SELECT max(age) FROM singer", "SELECT min(age) FROM singer", "select"),
      differ("count distinct vs count", "SELECT count(DISTINCT a) FROM t", "SELECT count(a) FROM t", "select"),
      differ("other table", "SELECT name FROM singer", "SELECT name FROM artist", "from"),
      differ("extra join", "SELECT T1.name FROM singer AS T1",
          "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.id = T2.singer_id", "from"),
      differ("LEFT JOIN vs JOIN", "SELECT a.x FROM a JOIN b ON a.id = b.id",
          "SELECT a.x FROM a LEFT JOIN b ON a.id = b.id", "join"),
      differ("missing where condition", "SELECT a FROM t WHERE b = 1 AND c = 2", "SELECT a FROM t WHERE b = 1",
          "where"),
      differ("AND vs OR", "SELECT a FROM t WHERE b = 1 AND c = 2", "SELECT a FROM t WHERE b = 1 OR c = 2", "where"),
      differ("> vs >=", "SELECT a FROM t WHERE age > 20", "SELECT a FROM t WHERE age >= 20", "where"),
      differ("LIKE vs =", "SELECT a FROM t WHERE name LIKE '%a%'", "SELECT a FROM t WHERE name = '%a%'", "where"),
      differ("NOT IN vs IN", "SELECT a FROM t WHERE b NOT IN (SELECT b FROM u)",
          "SELECT a FROM t WHERE b IN (SELECT b FROM u)", "where"),
      differ("other group by", "SELECT a, count(*) FROM t GROUP BY a", "SELECT a, count(*) FROM t GROUP BY b",
          "group_by"),
      differ("missing HAVING", "SELECT a FROM t GROUP BY a HAVING count(*) > 1", "SELECT a FROM t GROUP BY a",
          "having"),
      differ("DESC vs ASC", "SELECT a FROM t ORDER BY a DESC", "SELECT a FROM t ORDER BY a", "order_by"),
      differ("order by keys swapped", "SELECT a FROM t ORDER BY a, b", "SELECT a FROM t ORDER BY b, a", "order_by"),
      differ("missing LIMIT", "SELECT a FROM t ORDER BY a LIMIT 1", "SELECT a FROM t ORDER BY a", "limit"),
      differ("UNION vs INTERSECT", "SELECT a FROM t UNION SELECT a FROM u",
          "SELECT a FROM t INTERSECT SELECT a FROM u", "set_ops"),
      differ("EXCEPT branches swapped", "SELECT a FROM t EXCEPT SELECT a FROM u",
          "SELECT a FROM u EXCEPT SELECT a FROM t", "from"),
      differ("UNION ALL vs UNION", "SELECT a FROM t UNION ALL SELECT a FROM u", "SELECT a FROM t UNION SELECT a FROM u",
          "set_ops"),
      differ("nested query on another table", "SELECT a FROM t WHERE b IN (SELECT b FROM u)",
          "SELECT a FROM t WHERE b IN (SELECT b FROM v)", "where"));

  static Stream<Pair> pairs() {
    return PAIRS.stream();
  }

  @Test
  void table_hasAtLeastThirtyPairs() {
    assertThat(PAIRS).hasSizeGreaterThanOrEqualTo(30);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pairs")
  void judge_valuesIgnored_givesTheTablesVerdict(Pair pair) {
    // when
    Verdict verdict = ExactSetJudge.structural().compare(pair.gold(), pair.pred());
    // then
    assertThat(verdict.outcome()).as(verdict.detail())
        .isEqualTo(pair.matchIgnoringValues() ? Outcome.MATCH : Outcome.MISMATCH);
    if (!pair.matchIgnoringValues()) {
      assertThat(verdict.measure("clause_" + pair.differingClause()).getAsDouble()).isLessThan(1.0);
      assertThat(verdict.detail()).contains(pair.differingClause() + ": gold");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pairs")
  void judge_valuesKept_givesTheTablesVerdict(Pair pair) {
    // when
    Verdict verdict = ExactSetJudge.builder().structural(true).ignoreValues(false).build().compare(pair.gold(), pair.pred());
    // then
    assertThat(verdict.outcome()).as(verdict.detail())
        .isEqualTo(pair.matchKeepingValues() ? Outcome.MATCH : Outcome.MISMATCH);
    if (!pair.matchKeepingValues()) {
      assertThat(verdict.measure("clause_" + pair.differingClause()).getAsDouble()).isLessThan(1.0);
    }
  }

  @Test
  void judge_match_recordsEveryClauseAsOne() {
    // when
    Verdict verdict = ExactSetJudge.structural().compare("SELECT a FROM t WHERE b = 1", "SELECT a FROM t WHERE b = 2");
    // then
    List<String> names = new ArrayList<>();
    QueryShape.CLAUSES.forEach(c -> names.add("clause_" + c));
    assertThat(verdict.measures()).containsOnlyKeys(names);
    assertThat(verdict.measures().values()).containsOnly(1.0);
  }

  @Test
  void judge_oneOfTwoWhereConditions_scoresTheClauseByF1() {
    // when
    Verdict verdict = ExactSetJudge.structural().compare("SELECT a FROM t WHERE b = 1 AND c = 2",
        "SELECT a FROM t WHERE b = 1");
    // then: 2 * 1 common / (2 + 1)
    assertThat(verdict.measure("clause_where").getAsDouble()).isEqualTo(2.0 / 3);
    assertThat(verdict.measure("clause_select").getAsDouble()).isEqualTo(1.0);
    assertThat(verdict.reason()).isEqualTo(Reason.OTHER);
    assertThat(verdict.detail()).isEqualTo(
        "clauses differ: where: gold [? = t.b, ? = t.c] vs prediction [? = t.b]");
  }

  @Test
  void shape_joinWithAliases_resolvesEveryColumnToItsTable() {
    // when
    QueryShape shape = ExactSetJudge.shape("SELECT T2.name, count(*) FROM concert AS T1 JOIN stadium AS T2 "
        + "ON T1.stadium_id = T2.stadium_id WHERE T1.year > 2014 GROUP BY T2.name ORDER BY count(*) DESC LIMIT 1",
        true);
    // then
    assertThat(shape.canonical()).isEqualTo("select [count(*) | stadium.name] from [concert | stadium] "
        + "join [concert.stadium_id = stadium.stadium_id] where [? < concert.year] group_by [stadium.name] "
        + "order_by [count(*) desc] limit [limit]");
  }

  @Test
  void judge_predictionDoesNotParse_isAPredictionError() {
    // when
    Verdict verdict = ExactSetJudge.structural().compare("SELECT a FROM t", "SELEC a FROM t");
    // then
    assertThat(verdict.outcome()).isEqualTo(Outcome.ERROR);
    assertThat(verdict.reason()).isEqualTo(Reason.PRED_ERROR);
    assertThat(verdict.detail()).startsWith("the prediction does not parse: ");
  }

  @Test
  void judge_predictionIsNotAQuery_isAPredictionError() {
    // when
    Verdict verdict = ExactSetJudge.structural().compare("SELECT a FROM t", "DELETE FROM t");
    // then
    assertThat(verdict.detail()).isEqualTo("the prediction is not a query but Delete");
    assertThat(verdict.outcome()).isEqualTo(Outcome.ERROR);
  }

  @Test
  void judge_twoStatements_isAPredictionError() {
    // when
    Verdict verdict = ExactSetJudge.structural().compare("SELECT a FROM t", "SELECT a FROM t; DROP TABLE t");
    // then
    assertThat(verdict.detail()).isEqualTo("the prediction does not parse: expected one statement but found 2");
  }

  @Test
  void judge_goldDoesNotParse_isAGoldError() {
    // when
    Verdict verdict = ExactSetJudge.structural().compare("SELEC a FROM t", "SELECT a FROM t");
    // then
    assertThat(verdict.outcome()).isEqualTo(Outcome.GOLD_ERROR);
    assertThat(verdict.detail()).startsWith("the gold does not parse: ");
  }

  @Test
  void named_exactSet_isThisJudge() {
    assertThat(Judges.named("exact-set").name()).isEqualTo("exact-set");
    assertThat(Judges.named("exact-set:keep-values").name()).isEqualTo("exact-set:keep-values");
    assertThat(Judges.names()).contains("exact-set");
  }

  @Test
  void named_unknownOption_listsTheKnownOne() {
    assertThatThrownBy(() -> Judges.named("exact-set:values"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("judge 'exact-set' has no option 'values'; known options: extract, keep-values, structural");
  }

  @Test
  void builder_blankName_namesTheFix() {
    assertThatThrownBy(() -> ExactSetJudge.builder().name(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("name must not be blank; leave it unset for the default");
  }
}
