package dev.llmsql.judgement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.execution.QueryResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ResultComparisonTest {

  static Stream<Arguments> cases() {
    return Stream.of(
        // name, gold, predicted, expected reason (EQUAL = match)
        c("same rows", rows(r(1L, "a"), r(2L, "b")), rows(r(1L, "a"), r(2L, "b")), Reason.EQUAL),
        c("order ignored", rows(r(1L), r(2L)), rows(r(2L), r(1L)), Reason.EQUAL),
        c("duplicates count", rows(r(1L), r(1L)), rows(r(1L), r(2L)), Reason.VALUE_MISMATCH),
        c("missing duplicate", rows(r(1L), r(1L)), rows(r(1L)), Reason.MISSING_ROWS),
        c("extra duplicate", rows(r(1L)), rows(r(1L), r(1L)), Reason.EXTRA_ROWS),
        c("integer equals real", rows(r(1L)), rows(r(1.0)), Reason.EQUAL),
        c("real equals integer", rows(r(4.0)), rows(r(4L)), Reason.EQUAL),
        c("text is not integer", rows(r("1")), rows(r(1L)), Reason.VALUE_MISMATCH),
        c("text is not real", rows(r("1.0")), rows(r(1.0)), Reason.VALUE_MISMATCH),
        c("0.1+0.2 is not 0.3", rows(r(0.1 + 0.2)), rows(r(0.3)), Reason.VALUE_MISMATCH),
        c("null equals null", rows(r((Object) null)), rows(r((Object) null)), Reason.EQUAL),
        c("null is not zero", rows(r((Object) null)), rows(r(0L)), Reason.VALUE_MISMATCH),
        c("null is not empty text", rows(r((Object) null)), rows(r("")), Reason.VALUE_MISMATCH),
        c("mixed null and numbers, any order", rows(r("a", 1.5), r("b", null), r("c", 2L)),
            rows(r("c", 2.0), r("a", 1.5), r("b", null)), Reason.EQUAL),
        c("mixed text and numbers in one column", rows(r(1L), r("x"), r((Object) null)),
            rows(r((Object) null), r("x"), r(1.0)), Reason.EQUAL),
        c("column order counts", rows(r(1L, "a")), rows(r("a", 1L)), Reason.VALUE_MISMATCH),
        c("column count", rows(r(1L, "a")), rows(r(1L)), Reason.COLUMN_COUNT),
        c("both empty", rows(), rows(), Reason.EQUAL),
        c("empty vs one row", rows(), rows(r(1L)), Reason.EXTRA_ROWS),
        c("one-row NULL vs no rows", rows(r((Object) null)), rows(), Reason.MISSING_ROWS),
        c("blobs by content", rows(r((Object) new byte[] {1, 2})), rows(r((Object) new byte[] {1, 2})),
            Reason.EQUAL),
        c("blob is not text", rows(r((Object) new byte[] {'a'})), rows(r("a")), Reason.VALUE_MISMATCH),
        c("large integers exact", rows(r(9007199254740993L)), rows(r(9007199254740992.0)),
            Reason.VALUE_MISMATCH),
        c("negative zero", rows(r(0.0)), rows(r(-0.0)), Reason.EQUAL),
        c("non-integral real", rows(r(2.5)), rows(r(2.5)), Reason.EQUAL),
        c("integer column values differ", rows(r(2L)), rows(r(3L)), Reason.VALUE_MISMATCH));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void unordered_case_givesExpectedReason(String name, List<List<Object>> gold, List<List<Object>> predicted,
                                          Reason expected) {
    ResultComparison comparison = ResultComparison.unordered(result(gold), result(predicted));

    assertThat(comparison.reason()).isEqualTo(expected);
    assertThat(comparison.equal()).isEqualTo(expected == Reason.EQUAL);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void unordered_isSymmetricInEquality(String name, List<List<Object>> gold, List<List<Object>> predicted,
                                       Reason expected) {
    assertThat(ResultComparison.unordered(result(predicted), result(gold)).equal())
        .isEqualTo(expected == Reason.EQUAL);
  }

  @org.junit.jupiter.api.Test
  void unordered_valueMismatch_namesFirstDifferingRow() {
    ResultComparison comparison = ResultComparison.unordered(result(rows(r(1L, "a"), r(2L, "b"))),
        result(rows(r(1L, "a"), r(2L, "c"))));

    assertThat(comparison.detail())
        .isEqualTo("predicted row (2, 'c') is not in the gold result; e.g. gold row (2, 'b') is missing");
  }

  @org.junit.jupiter.api.Test
  void unordered_incompletePrediction_isExtraRowsSayingReadingStopped() {
    ResultComparison comparison = ResultComparison.unordered(result(rows(r(1L))),
        QueryResult.incomplete(List.of("c0"), rows(r(1L), r(2L))));

    assertThat(comparison).isEqualTo(new ResultComparison(false, Reason.EXTRA_ROWS,
        "prediction has more than 2 row(s) (reading stopped there), gold 1"));
  }

  private static Arguments c(String name, List<List<Object>> gold, List<List<Object>> pred, Reason reason) {
    return Arguments.of(name, gold, pred, reason);
  }

  @SafeVarargs
  private static List<List<Object>> rows(List<Object>... rows) {
    // copied element by element: handing the generic array on would be heap pollution (-Xlint:varargs)
    List<List<Object>> list = new java.util.ArrayList<>(rows.length);
    for (List<Object> row : rows) {
      list.add(row);
    }
    return List.copyOf(list);
  }

  private static List<Object> r(Object... cells) {
    return new ArrayList<>(Arrays.asList(cells));
  }

  private static QueryResult result(List<List<Object>> rows) {
    int width = rows.isEmpty() ? 1 : rows.get(0).size();
    List<String> columns = new ArrayList<>();
    for (int i = 0; i < width; i++) {
      columns.add("c" + i);
    }
    return new QueryResult(columns, rows);
  }
}
