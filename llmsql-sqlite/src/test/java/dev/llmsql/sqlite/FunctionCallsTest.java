package dev.llmsql.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
  void bounded_onlyKeywordsAndFunctionsLinearInTheirArguments() {
    assertThat(FunctionCalls.bounded(List.of())).isTrue();
    assertThat(FunctionCalls.bounded(FunctionCalls.of(
        "SELECT COUNT(*), max(\"No.\"), lower(x) FROM t WHERE y IN (SELECT 1) AND (z = 2)"))).isTrue();
    for (String slow : List.of("SELECT instr(a, b) FROM t", "SELECT replace(a, b, c) FROM t",
        "SELECT trim(a, b) FROM t", "SELECT printf('%s', a) FROM t", "SELECT * FROM json_each('[1]')",
        "SELECT replicate('x', 3)", "SELECT group_concat(a) FROM t",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r")) {
      assertThat(FunctionCalls.bounded(FunctionCalls.of(slow))).as(slow).isFalse();
    }
  }
}
