package dev.llmsql.matching;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.llmsql.extraction.Llmsql2Extractor;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Cells and completions a model can make huge (a query returns megabytes of spaces, digits or separators): the
 * matcher and the extractor finish on them, without a stack overflow or quadratic backtracking. The bound only
 * says "finished"; the bug it guards against is a hang.
 */
class HostileCellsTest {

  private static final Duration FINISHES = Duration.ofSeconds(60);
  private static final int BIG = 1 << 20;

  @Test
  void matcher_hugeCells_finish() {
    List<String> cells = List.of(" ".repeat(BIG) + "x", " ".repeat(BIG) + "(1)x", "1".repeat(BIG) + " zz",
        "1" + ",000".repeat(BIG / 4) + "x", "1" + " 000".repeat(BIG / 4), "$" + "1,".repeat(BIG / 2) + "x",
        "(" + "1".repeat(BIG) + "x", "1" + " ".repeat(BIG) + "kmx", "Hurts" + " ".repeat(BIG) + "(3)");
    assertTimeoutPreemptively(FINISHES, () -> {
      for (String cell : cells) {
        ResultMatcher.MatchOutcome outcome = ResultMatcher.llmsql2().match(List.of(List.of("Hurts")),
            List.of(List.of(cell, cell)));
        assertThat(outcome.rule()).isIn("no_match", "rule5_extra_column");
      }
    });
    assertThat(ResultMatcher.llmsql2().match(List.of(List.of("Hurts")),
        List.of(List.of("Hurts" + " ".repeat(BIG) + "(3)"))).rule()).isEqualTo("rule2_trailing_count");
  }

  @Test
  void matcher_manyRows_finish() {
    // the row cap's worth of distinct rows against a one-row answer: sets and multisets are hashed, not scanned
    List<List<Object>> rows = new java.util.ArrayList<>();
    for (long i = 0; i < 100_000; i++) {
      rows.add(List.of(i, "name " + i));
    }
    List<List<Object>> column = rows.stream().map(r -> List.of(r.get(0))).toList();
    List<List<Object>> reversed = new java.util.ArrayList<>(column);
    java.util.Collections.reverse(reversed);
    assertTimeoutPreemptively(FINISHES, () -> {
      assertThat(ResultMatcher.llmsql2().match(List.of(List.of(7L)), rows).rule()).isEqualTo("no_match");
      assertThat(ResultMatcher.llmsql2().match(column, rows).rule()).isEqualTo("rule5_extra_column");
      assertThat(ResultMatcher.llmsql2().match(column, reversed).rule()).isEqualTo("rule1_equal");
    });
  }

  @Test
  void extractor_hugeCompletions_finish() {
    List<String> completions = List.of("```".repeat(BIG / 3), "```sql" + " ".repeat(BIG), "selectx".repeat(BIG / 7),
        "WITH" + "\u00e9".repeat(BIG), "-- ".repeat(BIG / 3) + "SELECT 1");
    assertTimeoutPreemptively(FINISHES, () -> {
      for (String completion : completions) {
        Llmsql2Extractor.upstream().extract(completion);
        Llmsql2Extractor.skippingComments().extract(completion);
      }
    });
    assertThat(Llmsql2Extractor.upstream().extract("-- ".repeat(1000) + "SELECT 1")).contains("SELECT 1;");
  }
}
