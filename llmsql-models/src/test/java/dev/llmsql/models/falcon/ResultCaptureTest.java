package dev.llmsql.models.falcon;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultCaptureTest {

  @Test
  void cell_distinctLabels_isObjectOfColumns() {
    // given
    QueryOutcome o = QueryOutcome.success(new QueryResult(List.of("gender", "avg_age"),
        List.of(List.of("Female", 27.73), Arrays.asList("Male", null))), 0);

    // when
    String cell = ResultCapture.cell(o);

    // then
    assertThat(cell).isEqualTo("{\"gender\":[\"Female\",\"Male\"],\"avg_age\":[27.73,null]}");
  }

  @Test
  void cell_repeatedLabel_isColumnsAndRows() {
    // given
    QueryOutcome o = QueryOutcome.success(new QueryResult(List.of("n", "n"), List.of(List.of(1L, 2L))), 0);

    // when
    String cell = ResultCapture.cell(o);

    // then
    assertThat(cell).isEqualTo("{\"columns\":[\"n\",\"n\"],\"rows\":[[1,2]]}");
  }

  @Test
  void cell_readingStoppedEarly_saysMoreRows() {
    // given
    QueryOutcome o = QueryOutcome.success(QueryResult.incomplete(List.of("n"), List.of(List.of(1L), List.of(2L))),
        0);

    // when
    String cell = ResultCapture.cell(o);

    // then
    assertThat(cell).isEqualTo("{\"n\":[1,2]} (and more rows)");
  }

  @Test
  void cell_failure_isEmpty() {
    // given
    QueryOutcome o = QueryOutcome.failure(FailureKind.values()[0], "no such table: x", 0);

    // when
    String cell = ResultCapture.cell(o);

    // then
    assertThat(cell).isEmpty();
  }

  @Test
  void cell_longResult_isCutWithEllipsis() {
    // given
    QueryOutcome o = QueryOutcome.success(new QueryResult(List.of("s"), List.of(List.of("x".repeat(3_000)))), 0);

    // when
    String cell = ResultCapture.cell(o);

    // then
    assertThat(cell).hasSize(ResultCapture.MAX_CELL + 3).startsWith("{\"s\":[\"xxx").endsWith("xxx...");
  }
}
