package dev.llmsql.judge.resultset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Reason;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Defog sql-eval's compare_query_results, one listed behaviour per test, on hand-made results. */
class DefogProcedureTest {

  static final Question PLAIN = new Question(1, "Which ids?", "SELECT ...", "t", null, Map.of());
  static final Question ASKS_ORDER = new Question(1, "List the ids in ascending order", "SELECT ...", "t", null,
      Map.of());
  static final DefogProcedure PEER = DefogProcedure.peer();

  static QueryResult result(List<String> columns, Object[]... rows) {
    return new QueryResult(columns, Arrays.stream(rows).map(Arrays::asList).toList());
  }

  static Comparison compare(QueryResult gold, QueryResult predicted) {
    return PEER.compare(gold, "SELECT ...", predicted, "SELECT ...", PLAIN, false);
  }

  @Test
  void oneRowAgainstZeroRowGold_passesByBroadcasting_andFailsWithTheFix() {
    QueryResult none = result(List.of("id"));
    QueryResult one = result(List.of("id"), new Object[] {7});

    assertThat(compare(none, one).equal()).isTrue();
    assertThat(compare(one, none).equal()).isTrue();
    DefogProcedure fixed = DefogProcedure.builder().broadcasting(false).build();
    assertThat(fixed.compare(none, "SELECT ...", one, "SELECT ...", PLAIN, false).reason())
        .isEqualTo(Reason.EXTRA_ROWS);
    assertThat(fixed.compare(none, "SELECT ...", none, "SELECT ...", PLAIN, false).equal()).isTrue();
    assertThat(ResultSetJudge.defog(false).name()).isEqualTo("defog:no-broadcast");
  }

  @Test
  void broadcasting_oneGoldRowEqualsEveryPredictedRow() {
    QueryResult gold = result(List.of("id"), new Object[] {7});

    assertThat(compare(gold, result(List.of("id"), new Object[] {7}, new Object[] {7})).equal()).isTrue();
  }

  @Test
  void whenTheQuestionAsksToOrder_rowsAreReSortedByTheQuerysOrderByColumns() {
    DefogProcedure.Frame frame = DefogProcedure.Frame.of(result(List.of("a", "b"),
        new Object[] {2, "x"}, new Object[] {1, "y"}, new Object[] {3, "z"}));

    // ORDER BY t.a ASC: rows by a ascending, the ORDER BY column moved last
    DefogProcedure.Frame asc = DefogProcedure.normalize(frame, true, "SELECT a, b FROM t ORDER BY t.a ASC");
    assertThat(asc.names).containsExactly("b", "a");
    assertThat(asc.rows).extracting(r -> r[1]).containsExactly(1L, 2L, 3L);
    // no ASC: Defog sorts descending
    DefogProcedure.Frame desc = DefogProcedure.normalize(frame, true, "SELECT a, b FROM t ORDER BY a");
    assertThat(desc.rows).extracting(r -> r[1]).containsExactly(3L, 2L, 1L);
    // no ORDER BY clause: rows stay as they are
    assertThat(DefogProcedure.normalize(frame, true, "SELECT a, b FROM t").rows).extracting(r -> r[0])
        .containsExactly(2L, 1L, 3L);
    // the question does not ask: every column, ascending
    assertThat(DefogProcedure.normalize(frame, false, "SELECT a, b FROM t ORDER BY a").rows)
        .extracting(r -> r[0]).containsExactly(1L, 2L, 3L);
  }

  @Test
  void rowsInAnotherOrder_failWhenTheQuestionAsksToOrder() {
    QueryResult gold = result(List.of("id"), new Object[] {1}, new Object[] {2});
    QueryResult pred = result(List.of("id"), new Object[] {2}, new Object[] {1});

    assertThat(compare(gold, pred).equal()).isTrue();
    assertThat(PEER.compare(gold, "SELECT id FROM t", pred, "SELECT id FROM t", ASKS_ORDER, true).reason())
        .isEqualTo(Reason.ROW_ORDER);
  }

  @Test
  void nullIsFilledWithMinus99999() {
    assertThat(compare(result(List.of("v"), new Object[] {null}), result(List.of("v"), new Object[] {-99999}))
        .equal()).isTrue();
  }

  @Test
  void aColumnMixingNumbersAndText_scoresZero() {
    QueryResult gold = result(List.of("v"), new Object[] {1}, new Object[] {"a"});
    QueryResult reordered = result(List.of("v"), new Object[] {"a"}, new Object[] {1});

    Comparison c = compare(gold, reordered);
    assertThat(c.equal()).isFalse();
    assertThat(c.detail()).startsWith("Defog's comparison raised");
    // the same order passes the first check before any sort
    assertThat(compare(gold, gold).equal()).isTrue();
  }

  @Test
  void floats_followPandasTolerance_integersExact() {
    QueryResult real = result(List.of("v"), new Object[] {1000000.0});

    assertThat(compare(real, result(List.of("v"), new Object[] {1000001.0})).equal()).isTrue();
    assertThat(compare(real, result(List.of("v"), new Object[] {1000100.0})).equal()).isFalse();
    assertThat(compare(result(List.of("v"), new Object[] {0.0}), result(List.of("v"), new Object[] {1e-9}))
        .equal()).isTrue();
    assertThat(compare(result(List.of("v"), new Object[] {0.0}), result(List.of("v"), new Object[] {1e-7}))
        .equal()).isFalse();
    assertThat(compare(result(List.of("v"), new Object[] {1000000L}), result(List.of("v"), new Object[] {1000001L}))
        .equal()).isFalse();
    // integers beside a NULL are float64 in pandas, so the tolerance applies to them
    assertThat(compare(result(List.of("v"), new Object[] {1000000L}, new Object[] {null}),
        result(List.of("v"), new Object[] {null}, new Object[] {1000001L})).equal()).isTrue();
  }

  @Test
  void anExtraPredictedColumnThatMakesGoldValuesRepeat_doesNotPass() {
    QueryResult gold = result(List.of("name"), new Object[] {"a"}, new Object[] {"b"});

    assertThat(compare(gold, result(List.of("name", "n"), new Object[] {"a", 1}, new Object[] {"b", 2})).equal())
        .isTrue();
    assertThat(compare(gold, result(List.of("name", "n"), new Object[] {"a", 1}, new Object[] {"a", 2},
        new Object[] {"b", 3})).equal()).isFalse();
  }
}
