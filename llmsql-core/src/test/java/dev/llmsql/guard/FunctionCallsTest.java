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
}
