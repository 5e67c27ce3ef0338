package dev.llmsql.execution;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellsTest {

  @Test
  void row_textNumbersNullAndBlob_showTheirTypes() {
    assertThat(Cells.row(Arrays.asList("1", 1L, 1.0, null, new byte[] {1, (byte) 0xff}, "O'Connor")))
        .isEqualTo("('1', 1, 1.0, NULL, x'01ff', 'O''Connor')");
  }

  @Test
  void rows_moreThanMax_areCutWithCount() {
    assertThat(Cells.rows(List.of(List.of(1L), List.of(2L), List.of(3L)), 2)).isEqualTo("[(1), (2), ... (3 rows)]");
  }
}
