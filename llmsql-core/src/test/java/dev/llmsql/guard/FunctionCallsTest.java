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
        .containsExactly("query", "write_log", "setseed", "enable_logging");
    assertThat(FunctionCalls.of("SELECT [f(x)]", StatementGuard.Quoting.STANDARD)).isEmpty();
    assertThat(FunctionCalls.of("SELECT [f(x)]", StatementGuard.Quoting.POSTGRESQL)).containsExactly("f");
  }
}
