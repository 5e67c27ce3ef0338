package dev.llmsql.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.guard.FunctionCalls;
import java.util.List;
import org.junit.jupiter.api.Test;

class BoundedCallsTest {

  @Test
  void bounded_onlyKeywordsAndFunctionsLinearInTheirArguments() {
    assertThat(BoundedCalls.bounded(List.of())).isTrue();
    assertThat(BoundedCalls.bounded(FunctionCalls.of(
        "SELECT COUNT(*), max(\"No.\"), lower(x) FROM t WHERE y IN (SELECT 1) AND (z = 2)"))).isTrue();
    for (String slow : List.of("SELECT instr(a, b) FROM t", "SELECT replace(a, b, c) FROM t",
        "SELECT trim(a, b) FROM t", "SELECT printf('%s', a) FROM t", "SELECT * FROM json_each('[1]')",
        "SELECT replicate('x', 3)", "SELECT group_concat(a) FROM t",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT COUNT(*) FROM r")) {
      assertThat(BoundedCalls.bounded(FunctionCalls.of(slow))).as(slow).isFalse();
    }
  }
}
