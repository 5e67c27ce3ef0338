package dev.llmsql.guard;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
  void check_postgresql_readsQuotesAndCommentsAsPostgresAndDuckDbDo() {
    // a review: read the standard way, a ';' in a dollar quote or an escape string was a second statement, and a
    // valid query was refused on PostgreSQL and DuckDB; null: allowed
    String offset = "refused: only one statement may run, but more follows ';' at offset ";
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("SELECT $$a;b$$", null);
    expected.put("SELECT $tag$x;y$tag$", null);
    expected.put("SELECT $a$x;$A$;$a$", null);
    expected.put("SELECT $_1$;$_1$, $\u00e9$;$\u00e9$", null);
    expected.put("SELECT E'it\\'s; fine'", null);
    expected.put("SELECT E'a''b;c'", null);
    expected.put("SELECT E'a;'\n'b\\'c'", null);
    expected.put("SELECT E'a' -- c\n'\\';'", null);
    expected.put("SELECT 1 /* /* */ ; DROP TABLE t; */", null);
    expected.put("/* /* */ DELETE FROM t */ SELECT 1", null);
    expected.put("SELECT 1; /* /* */ DROP TABLE t */", null);
    expected.put("SELECT $$a;b$$; DROP TABLE t", offset + 14);
    expected.put("SELECT a$$; DROP TABLE t --$$", offset + 10);
    expected.put("SELECT 1$$; DROP TABLE t --$$", offset + 10);
    expected.put("SELECT $1a$; DROP TABLE t --$1a$", offset + 11);
    expected.put("SELECT E'\\''; DROP TABLE t; --'", offset + 12);
    expected.put("SELECT 'a\\'; DROP TABLE t; --'", offset + 11);
    expected.put("SELECT E'x'\n'\\''; DROP TABLE t; --'", offset + 16);
    expected.put("SELECT 1 -- c\r; DROP TABLE t", offset + 14);
    expected.put("SELECT 1 /* /* */ */ ; DROP TABLE t", offset + 21);
    expected.put("SELECT [a;b]", offset + 9);
    expected.put("SELECT `a;b`", offset + 9);
    expected.put("/* /* */ SELECT 1 */ DROP TABLE t", "refused: DROP statements may not run (only SELECT, WITH ... "
        + "SELECT and VALUES; benchmark databases are read-only)");

    Map<String, String> actual = new LinkedHashMap<>();
    expected.keySet().forEach(sql -> actual.put(sql, StatementGuard.check(sql, StatementGuard.Quoting.POSTGRESQL)));

    assertThat(actual).containsExactlyEntriesOf(expected);
  }

  @Test
  void isPostgresBlank_onlyPostgresSpacesAndCommentsThatEnd() {
    // what a driver's piece after a ';' may hold and still be no statement: the server reads these as empty
    Map<String, Boolean> expected = new LinkedHashMap<>();
    expected.put("", true);
    expected.put(" -- done", true);
    expected.put(" /* c */", true);
    expected.put("\n-- the answer", true);
    expected.put(" /* a /* b; */ c */\t-- d\r\f", true);
    expected.put(" -- x\nSELECT 2", false);
    expected.put(" -- x\rSELECT 2", false);
    expected.put(" /* x */ SELECT 2", false);
    expected.put(" /* /* x */ SELECT 2", false);
    expected.put(" /* open", false);
    expected.put(" \u00a0", false);
    expected.put(" \u2003", false);
    expected.put(" */", false);

    Map<String, Boolean> actual = new LinkedHashMap<>();
    expected.keySet().forEach(text -> actual.put(text, StatementGuard.isPostgresBlank(text)));

    assertThat(actual).containsExactlyEntriesOf(expected);
  }

  @Test
  void check_standard_keepsItsReading_forSqlite() {
    // SQLite has no dollar quotes ('$' starts a parameter name) and no nested comments: the same texts read the
    // standard way keep their old verdicts
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("SELECT $$a;b$$", "refused: only one statement may run, but more follows ';' at offset 10");
    expected.put("SELECT E'it\\'s; fine'", "refused: only one statement may run, but more follows ';' at offset 14");
    expected.put("SELECT 1 /* /* */ ; */", "refused: only one statement may run, but more follows ';' at offset 18");
    expected.put("/* /* */ DELETE FROM t */ SELECT 1", "refused: DELETE statements may not run (only SELECT, WITH ... "
        + "SELECT and VALUES; benchmark databases are read-only)");
    expected.put("SELECT [a;b]", null);
    expected.put("SELECT 1 -- c\r; DROP TABLE t", null);

    Map<String, String> actual = new LinkedHashMap<>();
    expected.keySet().forEach(sql -> actual.put(sql, StatementGuard.check(sql)));

    assertThat(actual).containsExactlyEntriesOf(expected);
    assertThat(StatementGuard.check("SELECT $$a;b$$", StatementGuard.Quoting.STANDARD))
        .isEqualTo(StatementGuard.check("SELECT $$a;b$$"));
  }

  @Test
  void check_duckdb_refusesAUnicodeSpaceDuckDbStrips_outsideQuotesAndComments() {
    // a review: DuckDB turns U+00A0 into a space before its lexer, PostgreSQL's reading took it as part of a name,
    // so the dollar quote was none to the guard and the ';' ended a statement for DuckDB
    String hidden = "SELECT\u00A0$$'$$; CREATE TEMP TABLE people AS SELECT 0 AS n WHERE false; --'";
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put(hidden, "refused: a Unicode space (U+00A0) at offset 6, outside quotes and comments, which DuckDB "
        + "reads as a plain space; write an ordinary space");
    expected.put("SELECT 1 AS a\u3000b", "refused: a Unicode space (U+3000) at offset 13, outside quotes and "
        + "comments, which DuckDB reads as a plain space; write an ordinary space");
    expected.put("SELECT 1\uFEFF", "refused: a Unicode space (U+FEFF) at offset 8, outside quotes and comments, "
        + "which DuckDB reads as a plain space; write an ordinary space");
    expected.put("SELECT $a\u2003$;$a\u2003$", "refused: a Unicode space (U+2003) at offset 9, outside quotes "
        + "and comments, which DuckDB reads as a plain space; write an ordinary space");
    expected.put("SELECT 'a\u00A0b', \"c\u2009d\", $$\u3000$$, E'\\'\u00A0' -- \u00A0\n/* \u205F */", null);
    // not stripped by DuckDB: part of a name there, as in PostgreSQL
    expected.put("SELECT 1 AS a\u1680b", null);
    expected.put("SELECT 1 AS a\u2028b", null);

    Map<String, String> actual = new LinkedHashMap<>();
    expected.keySet().forEach(sql -> actual.put(sql, StatementGuard.check(sql, StatementGuard.Quoting.DUCKDB)));

    assertThat(actual).containsExactlyEntriesOf(expected);
    // PostgreSQL reads the same text as a name followed by a string: one statement to both
    assertThat(StatementGuard.check(hidden, StatementGuard.Quoting.POSTGRESQL)).isNull();
  }

  @Test
  void check_postgres_takesOnlyPostgresWhitespaceAsSpace() {
    // a Unicode space is part of a name to PostgreSQL's lexer: no keyword starts after it, and no statement
    // hides after a ';' behind it
    assertThat(StatementGuard.check("\u2003SELECT 1", StatementGuard.Quoting.POSTGRESQL))
        .isEqualTo("refused: not a query (only SELECT, WITH ... SELECT and VALUES may run)");
    assertThat(StatementGuard.check("SELECT 1;\u2003", StatementGuard.Quoting.POSTGRESQL))
        .isEqualTo("refused: only one statement may run, but more follows ';' at offset 8");
    assertThat(StatementGuard.check(" \t\n\r\f\u000BSELECT 1; \t\n\r\f\u000B", StatementGuard.Quoting.POSTGRESQL))
        .isNull();
    // the standard reading keeps Java's whitespace
    assertThat(StatementGuard.check("\u2003SELECT 1")).isNull();
  }

  @Test
  void refusalOfFunction_namesTheFunctionTheEngineAndWhy() {
    assertThat(StatementGuard.refusalOfFunction("DuckDB", "query", "it runs SQL from a string"))
        .isEqualTo("refused: query() may not run on DuckDB (it runs SQL from a string)");
  }

  @Test
  void refusalOfPostgresCalls_namesTheFunctionAndWhy() {
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("SELECT pg_terminate_backend(pid) FROM pg_stat_activity", "refused: pg_terminate_backend() may "
        + "not run on PostgreSQL (it stops the statements of other sessions)");
    expected.put("SELECT pg_catalog.\"pg_cancel_backend\"(0)", "refused: pg_cancel_backend() may not run on "
        + "PostgreSQL (it stops the statements of other sessions)");
    expected.put("SELECT 1 FROM pg_try_advisory_xact_lock_shared(1)", "refused: pg_try_advisory_xact_lock_shared() "
        + "may not run on PostgreSQL (advisory locks hold up other sessions, and a session's outlives the "
        + "statement)");
    expected.put("SELECT SETSEED(0.5)", "refused: setseed() may not run on PostgreSQL (the seed outlives the "
        + "statement on its pooled connection)");
    expected.put("SELECT pg_logical_emit_message(false, 'p', 'x')", "refused: pg_logical_emit_message() may not run on "
        + "PostgreSQL (it writes to the server's write-ahead log, which no rollback undoes)");
    expected.put("SELECT ts_rewrite('a'::tsquery, 'SELECT 1')", "refused: ts_rewrite() may not run on "
        + "PostgreSQL (it runs SQL given as text, whose calls cannot be checked)");
    // hidden from the standard reading of strings, not from a server without standard_conforming_strings
    expected.put("SELECT 'a\\'', pg_advisory_lock(1) --'", "refused: pg_advisory_lock() may not run on "
        + "PostgreSQL (advisory locks hold up other sessions, and a session's outlives the statement)");
    for (String harmless : List.of("SELECT 'pg_terminate_backend(0)'", "SELECT count(*), pg_typeof(1), now()",
        "SELECT x AS pg_advisory_lock FROM t -- setseed(1)", "SELECT * FROM generate_series(1, 3)",
        "SELECT pg_sleep(1), pg_backend_pid(), random()", "SELECT $$setseed(1)$$")) {
      expected.put(harmless, null);
    }

    Map<String, String> actual = new LinkedHashMap<>();
    for (String sql : expected.keySet()) {
      actual.put(sql, StatementGuard.refusalOfPostgresCalls(sql));
    }
    assertThat(actual).containsExactlyEntriesOf(expected);
  }
}

