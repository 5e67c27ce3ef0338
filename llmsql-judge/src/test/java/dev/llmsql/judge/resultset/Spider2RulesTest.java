package dev.llmsql.judge.resultset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.JudgeContext;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.Prediction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Spider 2.0's rules, one crafted pair per rule, with the score {@code evaluate.py} gives it (read from
 * {@code spider2-lite/evaluation_suite/evaluate.py}, the same in {@code spider2-snow}; docs/JUDGES.md cites
 * each). The gold is given as results and the prediction as a result, as a Spider 2.0 submission of CSV files
 * is judged: nothing runs.
 */
class Spider2RulesTest {

  /** The verdict as a word: ok, or the reason; GOLD for a gold error. */
  static String verdict(ResultSetJudge judge, List<String> golds, String pred, Object conditionCols,
                        Boolean ignoreOrder) {
    Map<String, Object> extra = new LinkedHashMap<>();
    if (conditionCols != null) {
      extra.put("condition_cols", conditionCols);
    }
    if (ignoreOrder != null) {
      extra.put("ignore_order", ignoreOrder);
    }
    List<QueryResult> goldResults = golds.stream().map(Rows::parse).toList();
    Question q = new Question(1, "q", "", null, "db", extra).withGolds(List.of(), goldResults);
    Verdict v = judge.judge(new GivenResults(q, Rows.parse(pred))).verdict();
    if (v.outcome() == Outcome.GOLD_ERROR) {
      return "GOLD";
    }
    return v.outcome().isMatch() ? "ok" : v.reason().name();
  }

  static String verdict(List<String> golds, String pred, Object conditionCols, Boolean ignoreOrder) {
    return verdict(ResultSetJudge.spider2(), golds, pred, conditionCols, ignoreOrder);
  }

  @ParameterizedTest(name = "{0}: {3}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      // rule (evaluate.py, compare_pandas_table)        | gold               | prediction          | score
      // vectors_match: math.isclose(float(a), float(b), abs_tol=1e-2)
      "numbers within abs 1e-2                            | 1.004              | 1.0                 | ok",
      "numbers 0.02 apart                                 | 1.02               | 1.0                 | VALUE_MISMATCH",
      "10.01 vs 10.0: 0.00999... in floats                | 10.01              | 10.0                | ok",
      // math.isclose keeps its default rel_tol=1e-9: 500 apart at 1e12 is close
      "rel_tol 1e-9 of isclose at 1e12                    | 1000000000000      | 1000000000500       | ok",
      "3000 apart at 1e12 is not                          | 1000000000000      | 1000000003000       | VALUE_MISMATCH",
      // pd.isna(a) and pd.isna(b): continue; a NaN against a number goes to isclose, which is False
      "NaN vs NaN                                         | NULL               | NULL                | ok",
      "NaN vs 0                                           | NULL               | 0                   | VALUE_MISMATCH",
      "NaN vs text                                        | 'a'; NULL          | 'a'; 'b'            | VALUE_MISMATCH",
      "empty CSV field vs NULL: both NaN                  | ''                 | NULL                | ok",
      // elif a != b: text compares exactly
      "text case differs                                  | 'Paris'            | 'paris'             | VALUE_MISMATCH",
      // for each gold column: any(vectors_match(gold, pred) for pred in t_pred_list)
      "extra predicted column                             | 1; 2               | 'a', 1; 'b', 2      | ok",
      "columns swapped                                    | 1, 'a'; 2, 'b'     | 'a', 1; 'b', 2      | ok",
      "a gold column missing                              | 1, 'a'             | 1                   | MISSING_COLUMN",
      "one predicted column stands for two gold columns   | 1, 1; 2, 2         | 1; 2                | ok",
      // len(v1) != len(v2): False
      "one row more                                       | 1; 2               | 1; 2; 3             | EXTRA_ROWS",
      "both empty                                         | [a]                | [b,c]               | ok",
      "gold empty, prediction has a row                   | [a]                | 1                   | EXTRA_ROWS",
      // ignore_order False (no flag): the vectors pair as they stand
      "order counts when ignore_order is false            | 1; 2               | 2; 1                | ROW_ORDER",
  })
  void compare_pandas_table_rules(String rule, String gold, String pred, String expected) {
    // Spider 2.0's eval files give every question its ignore_order; false here
    assertThat(verdict(List.of(gold), pred, null, false)).as(rule).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}: {4}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      // rule                                              | gold             | prediction        | ignore_order | score
      "ignore_order: rows in another order                 | 1; 2             | 2; 1              | true         | ok",
      "ignore_order false: rows in another order           | 1; 2             | 2; 1              | false        | ROW_ORDER",
      // each column is sorted on its own, so rows may be scrambled across columns
      "ignore_order sorts each column on its own           | 1, 'a'; 2, 'b'   | 1, 'b'; 2, 'a'    | true         | ok",
      // sorted(v, key=lambda x: (x is None, str(x), ...)): by text, '10.5' before '9.999' but '10.0' before '10.5'
      "ignore_order sorts by text, not value               | 9.999; 10.5      | 10.5; 10.0        | true         | VALUE_MISMATCH",
      "the same values in the same text order              | 9.999; 10.5      | 10.5; 9.999       | true         | ok",
      // missing values are NaN floats: str(nan) = 'nan' sorts among the texts
      "NaN sorts as the text 'nan'                         | 'zed'; NULL; 'a' | 'a'; 'zed'; NULL  | true         | ok",
  })
  void ignore_order_rules(String rule, String gold, String pred, boolean ignoreOrder, String expected) {
    assertThat(verdict(List.of(gold), pred, null, ignoreOrder)).as(rule).isEqualTo(expected);
  }

  @Test
  void condition_cols_onlyTheNamedGoldColumnsCount() {
    // gold.iloc[:, condition_cols]: the 'x' column is not asked for
    assertThat(verdict(List.of("1, 'x', 3"), "3, 1", List.of(0, 2), true)).isEqualTo("ok");
    assertThat(verdict(List.of("1, 'x', 3"), "3, 1", List.of(), true)).isEqualTo("VALUE_MISMATCH");
    assertThat(verdict(List.of("1, 'x', 3"), "3, 1", null, null)).isEqualTo("VALUE_MISMATCH");
    // negative positions count from the end, as iloc does
    assertThat(verdict(List.of("1, 'x', 3"), "3", List.of(-1), true)).isEqualTo("ok");
  }

  @Test
  void alternatives_anyGoldMatches_withConditionColsPerGold() {
    // compare_multi_pandas_table: condition_cols [[0], [1]] gives gold a its column 0 and gold b its column 1
    List<String> golds = List.of("1, 'x'", "'y', 2");
    List<List<Integer>> perGold = List.of(List.of(0), List.of(1));
    assertThat(verdict(golds, "1", perGold, false)).isEqualTo("ok");
    assertThat(verdict(golds, "2", perGold, false)).isEqualTo("ok");
    assertThat(verdict(golds, "'y'", perGold, false)).isEqualTo("VALUE_MISMATCH");
    // a flat list is every gold's list
    assertThat(verdict(golds, "'x'", List.of(1), false)).isEqualTo("ok");
    assertThat(verdict(golds, "'y'", List.of(1), false)).isEqualTo("VALUE_MISMATCH");
    // [] and [[]] and [None] mean every column of every gold
    assertThat(verdict(golds, "'y', 2", List.of(List.of()), false)).isEqualTo("ok");
    assertThat(verdict(golds, "'y', 2", Arrays.asList((Object) null), false)).isEqualTo("ok");
  }

  @Test
  void nestedConditionColsWithOneGold_itsOneListApplies() {
    // evaluate.py passes [[1]] to iloc and fails; we read it as the gold's one list (COMPATIBILITY.md)
    assertThat(verdict(List.of("1, 'x'"), "'x'", List.of(List.of(1)), false)).isEqualTo("ok");
    assertThat(verdict(List.of("1, 'x'"), "'x'", List.of(List.of(0), List.of(1)), false)).isEqualTo("GOLD");
  }

  @Test
  void options_combine() {
    assertThat(dev.llmsql.judgement.Judges.named("spider2:typed,one-to-one").name()).isEqualTo("spider2:typed,one-to-one");
  }

  @Test
  void alternatives_mismatchNamesTheFirstGold() {
    Verdict v = ResultSetJudge.spider2().judge(new GivenResults(
        new Question(1, "q", "", null, "db", Map.of()).withGolds(List.of(),
            List.of(Rows.parse("1"), Rows.parse("2"))), Rows.parse("3"))).verdict();

    assertThat(v.detail()).isEqualTo("gold column 'c1' (0) matches no predicted column; first difference at "
        + "row 0, column 0: gold 1, predicted 3 (against the first of 2 golds)");
  }

  @Test
  void unreadableConditionCols_isAGoldError_namingTheField() {
    assertThat(verdict(List.of("1"), "1", List.of(3), null)).isEqualTo("GOLD");
    assertThat(verdict(List.of("1"), "1", "0,1", null)).isEqualTo("GOLD");
    // one list per gold, but a list short: the second gold has none (evaluate.py fails with an IndexError)
    Verdict v = ResultSetJudge.spider2().judge(new GivenResults(new Question(1, "q", "", null, "db",
        Map.of("condition_cols", List.of(List.of(0)))).withGolds(List.of(),
        List.of(Rows.parse("1"), Rows.parse("2"))), Rows.parse("2"))).verdict();
    assertThat(v.outcome()).isEqualTo(Outcome.GOLD_ERROR);
    assertThat(v.detail()).isEqualTo("question 1: \"condition_cols\" gives 1 list(s), one per gold result, but "
        + "the question has 2 gold results");
  }

  @Test
  void oneToOne_eachGoldColumnNeedsAPredictedColumnOfItsOwn() {
    ResultSetJudge strict = (ResultSetJudge) dev.llmsql.judgement.Judges.named("spider2:one-to-one");

    assertThat(strict.name()).isEqualTo("spider2:one-to-one");
    assertThat(verdict(strict, List.of("1, 1; 2, 2"), "1; 2", null, null)).isEqualTo("MISSING_COLUMN");
    assertThat(verdict(strict, List.of("1, 1; 2, 2"), "1, 1; 2, 2", null, null)).isEqualTo("ok");
    assertThat(verdict(strict, List.of("1, 'a'; 2, 'b'"), "'a', 1, 0; 'b', 2, 0", null, null)).isEqualTo("ok");
  }

  @Test
  void isClose_isPythonsMathIsclose() {
    assertThat(Spider2Procedure.isClose(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY)).isTrue();
    assertThat(Spider2Procedure.isClose(Double.POSITIVE_INFINITY, 1e308)).isFalse();
    assertThat(Spider2Procedure.isClose(0.0, 0.01)).isTrue();
    assertThat(Spider2Procedure.isClose(0.0, 0.0101)).isFalse();
  }

  /** A context whose golds are the question's results and whose prediction is a given result. */
  private record GivenResults(Question question, QueryResult submitted) implements JudgeContext {

    @Override
    public Prediction prediction() {
      return new Prediction(question.id(), "");
    }

    @Override
    public List<String> candidates() {
      return List.of();
    }

    @Override
    public QueryOutcome gold() {
      return QueryOutcome.success(question.goldResults().get(0), 0);
    }

    @Override
    public QueryOutcome execute(String sql) {
      throw new AssertionError("nothing runs for a given result, but " + sql + " did");
    }

    @Override
    public Optional<QueryResult> submittedResult() {
      return Optional.of(submitted);
    }
  }

  static List<Object> list(Object... items) {
    return new ArrayList<>(Arrays.asList(items));
  }
}
