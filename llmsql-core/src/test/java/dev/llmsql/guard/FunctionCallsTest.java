package dev.llmsql.guard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FunctionCallsTest {

  @Test
  void of_listsEveryNameOpenedByAParenthesis_asSqliteReadsIt() {
    assertThat(FunctionCalls.of("SELECT COUNT(*) FROM \"1-1\" WHERE x IN (1, 2)")).containsExactly("count", "in");
    assertThat(FunctionCalls.of("SELECT \"Reverse\" (Player), [instr](a, b), `upper`\n(c) FROM t"))
        .containsExactly("reverse", "instr", "upper");
    assertThat(FunctionCalls.of("SELECT replicate/* c */('x', 3), padl -- c\n ('x', 3)"))
        .containsExactly("replicate", "padl");
    assertThat(FunctionCalls.of("WITH RECURSIVE r(n) AS (SELECT 1) SELECT max(n) FROM r"))
        .containsExactly("r", "as", "max");
    assertThat(FunctionCalls.of("SELECT Player FROM t")).isEmpty();
  }

  @Test
  void of_skipsLiteralsCommentsAndNamesThatAreNotCalled() {
    assertThat(FunctionCalls.of("SELECT 'instr(a, b)', \"replace\", x'00' FROM t -- trim(x)\n/* printf( */"))
        .isEmpty();
    assertThat(FunctionCalls.of("SELECT Player AS reverse FROM t WHERE 0")).isEmpty();
    assertThat(FunctionCalls.of("SELECT 'it''s (' || instr(a, 'b')")).containsExactly("instr");
  }

  @Test
  void of_postgresReading_skipsItsQuotes_andListsQualifiedQuotedAndMethodCalls() {
    // DuckDB's and PostgreSQL's lexer: dollar quotes, E'...' with backslash escapes and nested comments hide
    // calls; "..." is a name; [ and ` quote nothing (a DuckDB list may hold a call)
    assertThat(FunctionCalls.of("SELECT $$query('x')$$, $t$ setseed(1) $t$, E'\\' write_log(1) ', "
        + "/* /* */ checkpoint() */ 1 FROM t", StatementGuard.Quoting.DUCKDB)).isEmpty();
    assertThat(FunctionCalls.of("SELECT system.main.\"QUERY\" ('x'), x.write_log(), [setseed(0.5)] "
        + "FROM enable_logging/* c */() -- arrow_scan(1)\n", StatementGuard.Quoting.DUCKDB))
        .containsExactly("main", "query", "write_log", "setseed", "enable_logging");
    assertThat(FunctionCalls.of("SELECT [f(x)]", StatementGuard.Quoting.STANDARD)).isEmpty();
    assertThat(FunctionCalls.of("SELECT [f(x)]", StatementGuard.Quoting.POSTGRESQL)).containsExactly("f");
  }

  @Test
  void of_postgres_readsItsQuotesCommentsAndCallForms() {
    StatementGuard.Quoting pg = StatementGuard.Quoting.POSTGRESQL;
    assertThat(FunctionCalls.of("SELECT pg_catalog.f(1), \"g\" (2), (x.p).h, ( 0 ) . /* c */ \"I\" FROM t", pg))
        .containsExactly("f", "g", "p", "h", "i");
    // [ and ` quote nothing there (h is no call: a ` is between), a comment nests, a -- ends at \r, and a digit or
    // $ before a name is no part of it
    assertThat(FunctionCalls.of("SELECT a[1], f(1) /* /* */ g( */, `h`(1) -- x\ri(1), 1j(1), $1k(1)", pg))
        .containsExactly("f", "i", "j", "k");
    // strings: dollar quotes, E'...' with backslash escapes (continued past a newline), plain ones
    assertThat(FunctionCalls.of("SELECT $$f(1)$$, $t$g(1)$t$, E'\\'h(1)', e'x'\n'\\'i(1)', 'j(1)', k(1)", pg))
        .containsExactly("k");
    assertThat(FunctionCalls.of("SELECT 'a\\', f(1) --'", pg)).containsExactly("f");
    // U&"..." names decoded with the default escape; after UESCAPE, with each character the name holds (the
    // escape may be given in any string form), one of which is the one UESCAPE names
    assertThat(FunctionCalls.of("SELECT U&\"f\\0061\"(1), xu&\"h\\0061\"(1)", pg)).containsExactly("fa", "h\\0061");
    assertThat(FunctionCalls.of("SELECT u&\"g!+000061!!\" UESCAPE '!' (1)", pg))
        .contains("g!+000061!!", "ga!").hasSize(4);
  }

  @Test
  void of_postgres_uescapeOfAnyStringForm_listsTheNameDecodedWithEachCharacterItHolds() {
    // PostgreSQL takes '!', E'!' or $$!$$ after UESCAPE: a review called query_to_xml through the last
    assertThat(FunctionCalls.of("SELECT U&\"!0071uery_to_xml\" UESCAPE $$!$$('SELECT 1')",
        StatementGuard.Quoting.POSTGRESQL)).contains("query_to_xml");
    assertThat(FunctionCalls.of("SELECT * FROM U&\"!0074s_stat\" UESCAPE E'!'('x')",
        StatementGuard.Quoting.POSTGRESQL)).contains("ts_stat");
    assertThat(FunctionCalls.of("SELECT U&\"a\" UESCAPE '!', f(1)", StatementGuard.Quoting.POSTGRESQL))
        .containsExactly("a", "f");
  }

  @Test
  void of_postgres_withBackslashesInEveryString_readsAsAServerWithoutStandardStrings() {
    String hidden = "SELECT 'a\\'', f(1) --'";

    assertThat(FunctionCalls.ofPostgres(hidden, false)).isEmpty();
    assertThat(FunctionCalls.ofPostgres(hidden, true)).containsExactly("f");
  }

  @Test
  void of_standard_isTheSqliteReading() {
    String sql = "SELECT [f](1), (x).g, $$h(1)$$";

    assertThat(FunctionCalls.of(sql, StatementGuard.Quoting.STANDARD)).isEqualTo(FunctionCalls.of(sql))
        .containsExactly("f", "$$h");
  }
}
