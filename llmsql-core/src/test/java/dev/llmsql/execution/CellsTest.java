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
  void longCellsAndWideRows_areCut_soADetailStaysSmall() {
    // a result within every bound may hold megabytes per cell; details kept them whole until memory ran out
    assertThat(Cells.cell("a".repeat(79) + "'" + "b".repeat(240_000)))
        .isEqualTo("'" + "a".repeat(79) + "''\u2026' (240080 chars)");
    assertThat(Cells.cell("a".repeat(79) + "\uD83D\uDE00")).isEqualTo("'" + "a".repeat(79) + "\u2026' (81 chars)");
    assertThat(Cells.cell(new byte[100_000])).isEqualTo("x'" + "00".repeat(40) + "\u2026' (100000 bytes)");
    List<Object> wide = java.util.Collections.nCopies(1_000, 123456789L);
    assertThat(Cells.row(wide)).isEqualTo("(" + "123456789, ".repeat(37) + "\u2026 (1000 columns))");
  }

  @Test
  void printable_controlsAndBidiOverrides_areWrittenOut_tabsAndNewlinesStay() {
    // a model's output on a terminal: ESC ] 0 ; retitles the window, ESC [ 2 J clears it, U+202E reverses text
    assertThat(Cells.printable("SELECT 1 -- \u001b]0;PWNED\u0007\u001b[2J\r\u0085\u007f\u202e\u2069\tok\n"))
        .isEqualTo("SELECT 1 -- \\x1b]0;PWNED\\x07\\x1b[2J\\x0d\\x85\\x7f\\u202e\\u2069\tok\n");
    assertThat(Cells.printable("plain \u00e9\u4e2d")).isEqualTo("plain \u00e9\u4e2d");
    assertThat(Cells.cell("a\u001bb")).isEqualTo("'a\\x1bb'");
  }

  @Test
  void rows_moreThanMax_areCutWithCount() {
    assertThat(Cells.rows(List.of(List.of(1L), List.of(2L), List.of(3L)), 2)).isEqualTo("[(1), (2), ... (3 rows)]");
  }
}
