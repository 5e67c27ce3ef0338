package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The tables a query reads, as the breakdowns by table and by table count see them. */
class SqlCharacteristicsTest {

  @Test
  void commonTableExpressions_areNoTablesRead() {
    // "x" was counted as a table read: tables=2 and a "table x" row in the breakdown
    assertThat(SqlCharacteristics.of("WITH x AS (SELECT a FROM t) SELECT a FROM x").tables()).containsExactly("t");
    assertThat(SqlCharacteristics.of("WITH RECURSIVE \"n\"(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE "
        + "k < 3), m AS MATERIALIZED (SELECT b FROM u JOIN v ON u.id = v.id) SELECT * FROM n, m, w").labels())
        .containsExactly("joins=2+", "nested", "set_operation", "tables=3+");
    assertThat(SqlCharacteristics.of("WITH RECURSIVE \"n\"(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE "
        + "k < 3), m AS MATERIALIZED (SELECT b FROM u JOIN v ON u.id = v.id) SELECT * FROM n, m, w").tables())
        .containsExactly("u", "v", "w");
  }

  @Test
  void aCteNamedLikeTheTableItReads_readsThatTable() {
    assertThat(SqlCharacteristics.of("WITH employees AS (SELECT * FROM employees WHERE a > 1) SELECT * FROM "
        + "employees").tables()).containsExactly("employees");
    assertThat(SqlCharacteristics.of("WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 3) "
        + "SELECT * FROM t").tables()).isEmpty();
  }

  @Test
  void aSubQuerysCte_hidesTheTableOnlyInsideThatSubQuery() {
    assertThat(SqlCharacteristics.of("SELECT * FROM (WITH a AS (SELECT 1 AS k) SELECT k FROM a) s JOIN a ON "
        + "a.k = s.k").tables()).containsExactly("a");
    assertThat(SqlCharacteristics.of("SELECT * FROM t WHERE x IN (WITH t AS (SELECT 2 AS x) SELECT x FROM t) "
        + "AND y IN (SELECT y FROM t)").tables()).containsExactly("t");
    assertThat(SqlCharacteristics.of("SELECT * FROM (WITH a AS (SELECT 1 AS k) SELECT k FROM a) s, "
        + "(WITH a AS (SELECT 2 AS k) SELECT k FROM a) r").tables()).isEmpty();
    assertThat(SqlCharacteristics.of("WITH a AS (SELECT * FROM b) SELECT * FROM (WITH b AS (SELECT 1) "
        + "SELECT * FROM b) x JOIN a ON 1 = 1").tables()).containsExactly("b");
  }

  @Test
  void aTableNamedLikeAKeywordAfterWith_orNoCte_staysARead() {
    assertThat(SqlCharacteristics.of("SELECT a FROM t JOIN with_x ON t.id = with_x.id").tables())
        .isEqualTo(List.of("t", "with_x"));
    assertThat(SqlCharacteristics.of("SELECT count(*) FROM a JOIN b ON a.id = b.id WHERE x LIKE 'y%'").labels())
        .containsExactly("joins=1", "aggregation", "like", "tables=2");
  }
}
