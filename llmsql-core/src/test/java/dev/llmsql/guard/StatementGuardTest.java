package dev.llmsql.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class StatementGuardTest {

  private static final List<String> HOSTILE_AND_HARMLESS = List.of("SELECT 1", "  (select 1)",
      "WITH x AS (SELECT 1) SELECT * FROM x", "VALUES (1)", "SELECT 'a;b'", "SELECT [a;b]",
      "SELECT 1 -- ; DROP TABLE t", "SELECT 1 /* ; */", "SELECT 1;", "SELECT 1; ;", "SELECT 1; DROP TABLE t",
      "ATTACH DATABASE 'x' AS y", "VACUUM INTO 'x'", "PRAGMA x",
      "", "   ", ";", "SELECT 'it''s'; DELETE FROM t", "/* c */ DELETE FROM t", "SELECT \"a;\"; SELECT 2");

  @Test
  void check_wordsARefusalForABenchmarkDatabase() {
    assertThat(StatementGuard.check("ATTACH DATABASE 'x' AS y")).isEqualTo("refused: ATTACH statements may not run "
        + "(only SELECT, WITH ... SELECT and VALUES; benchmark databases are read-only)");
    assertThat(StatementGuard.check("SELECT 1; DROP TABLE t"))
        .isEqualTo("refused: only one statement may run, but more follows ';' at offset 8");
    assertThat(StatementGuard.check(""))
        .isEqualTo("refused: not a query (only SELECT, WITH ... SELECT and VALUES may run)");
  }

  @Test
  void checkScratch_wordsItForAThrowawayDatabase() {
    assertThat(StatementGuard.checkScratch("ATTACH DATABASE 'x' AS y"))
        .isEqualTo("refused: ATTACH statements may not run (only SELECT, WITH ... SELECT and VALUES)");
    assertThat(StatementGuard.checkScratch("SELECT 1; DROP TABLE t"))
        .isEqualTo("refused: only one statement may run, but more follows ';'");
  }

  @Test
  void checkScratch_decidesAsCheckDoes() {
    for (String sql : HOSTILE_AND_HARMLESS) {
      assertThat(StatementGuard.checkScratch(sql) == null).as(sql).isEqualTo(StatementGuard.check(sql) == null);
    }
    assertThat(HOSTILE_AND_HARMLESS.stream().filter(sql -> StatementGuard.check(sql) == null).toList())
        .containsExactly("SELECT 1", "  (select 1)", "WITH x AS (SELECT 1) SELECT * FROM x", "VALUES (1)",
            "SELECT 'a;b'", "SELECT [a;b]", "SELECT 1 -- ; DROP TABLE t", "SELECT 1 /* ; */", "SELECT 1;",
            "SELECT 1; ;");
  }
}
