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

  @Test
  void check_quotesAsPostgresAndDuckDbReadThem_hideNoSecondStatement() {
    // a review's payloads: the standard reading saw one string to the last quote, PostgreSQL and DuckDB a dollar
    // quote or an escaped quote, then COMMIT, SET or a temp table hiding a benchmark table, which both drivers ran
    assertThat(StatementGuard.check("SELECT $$'$$; COMMIT; SET search_path = pg_catalog; --'"))
        .isEqualTo("refused: only one statement may run, but more follows ';' at offset 12");
    assertThat(StatementGuard.check("SELECT E'\\''; DO $x$BEGIN RAISE NOTICE 'hi'; END$x$; --'"))
        .isEqualTo("refused: only one statement may run, but more follows ';' at offset 12");
    assertThat(StatementGuard.check("SELECT $tag$'$tag$; CREATE TEMP TABLE employees AS SELECT 1; --'"))
        .startsWith("refused: only one statement may run");
    assertThat(StatementGuard.check("SELECT 'a\\''; SET x = 1; --'"))   // standard_conforming_strings off
        .startsWith("refused: only one statement may run");
    assertThat(StatementGuard.check("SELECT $a$ $b$'$b$ $a$; SET x = 1; --'"))
        .startsWith("refused: only one statement may run");
    // dollar signs that quote nothing: parameters, identifiers, text in strings
    assertThat(StatementGuard.check("SELECT price$, $1 FROM t WHERE a$b = 'x'")).isNull();
    assertThat(StatementGuard.check("SELECT 'costs $5; no more', E'it\\'s', '\\' FROM t")).isNull();
    assertThat(StatementGuard.check("SELECT $$a$$ || $q$it's$q$")).isNull();
    // a ';' the dialects put in a string is still refused by the standard reading (a rare false refusal)
    assertThat(StatementGuard.check("SELECT $$a;b$$")).startsWith("refused: only one statement may run");
  }
}
