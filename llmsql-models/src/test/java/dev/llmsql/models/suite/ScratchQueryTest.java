package dev.llmsql.models.suite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchQueryTest {

  private static final List<String> SETUP = List.of(
      "CREATE TABLE employees(id INTEGER PRIMARY KEY, name TEXT, dept TEXT, salary REAL)",
      "INSERT INTO employees VALUES (1, 'Ann', 'Sales', 3000.5), (2, 'Bob', 'Sales', 4000), (3, 'Cid', 'IT', NULL)");

  @TempDir
  Path tmp;

  private static ScratchQuery.Result query(String sql) {
    return ScratchQuery.query(SETUP, sql, Duration.ofSeconds(5), 100);
  }

  @Test
  void query_rightSql_returnsRowsInOrder() {
    // when
    ScratchQuery.Result r = query("SELECT name, salary FROM employees ORDER BY id");

    // then
    assertThat(r.rows()).hasToString("[[\"Ann\",3000.5],[\"Bob\",4000.0],[\"Cid\",null]]");
    assertThat(Answers.equal(r.rows(), Answers.json("[[\"Ann\", \"3000.50\"], [\"Bob\", 4000], [\"Cid\", null]]")))
        .isTrue();
  }

  @Test
  void query_wrongResult_doesNotEqualExpected() {
    // when
    ScratchQuery.Result r = query("SELECT COUNT(*) FROM employees");

    // then
    assertThat(Answers.equal(r.rows(), Answers.json("[[2]]"))).isFalse();
  }

  @Test
  void query_attach_isRefusedAndCreatesNoFile() {
    // given
    Path stolen = tmp.resolve("stolen.db");

    // when
    ScratchQuery.Result r = query("ATTACH DATABASE '" + stolen + "' AS x");

    // then
    assertThat(r.error()).isEqualTo("refused: ATTACH statements may not run (only SELECT, WITH ... SELECT and "
        + "VALUES)");
    assertThat(stolen).doesNotExist();
  }

  @Test
  void query_vacuumIntoFile_isRefusedAndCreatesNoFile() {
    // given
    Path copy = tmp.resolve("copy.db");

    // when
    ScratchQuery.Result r = query("VACUUM INTO '" + copy + "'");

    // then
    assertThat(r.error()).isEqualTo("refused: VACUUM statements may not run (only SELECT, WITH ... SELECT and "
        + "VALUES)");
    assertThat(copy).doesNotExist();
  }

  @Test
  void query_secondStatement_isRefused() {
    // when
    ScratchQuery.Result r = query("SELECT 1; DROP TABLE employees");

    // then
    assertThat(r.error()).isEqualTo("refused: only one statement may run, but more follows ';'");
  }

  @Test
  void query_withDelete_isRefusedByParsing() {
    // when
    ScratchQuery.Result r = query("WITH x AS (SELECT 1) DELETE FROM employees");

    // then
    assertThat(r.error()).isEqualTo("refused: the statement parses as Delete, not a query (only SELECT, WITH ... "
        + "SELECT and VALUES may run)");
  }

  @Test
  void query_endlessRecursion_isInterrupted() {
    // when
    ScratchQuery.Result r = ScratchQuery.query(SETUP, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 "
        + "FROM n) SELECT COUNT(*) FROM n", Duration.ofMillis(200), 100);

    // then
    assertThat(r.error()).isEqualTo("the query took longer than 200 ms and was interrupted");
  }

  @Test
  void query_tooManyRows_isCapped() {
    // when
    ScratchQuery.Result r = ScratchQuery.query(SETUP, "SELECT * FROM employees", Duration.ofSeconds(5), 2);

    // then
    assertThat(r.error()).isEqualTo("more than 2 rows");
  }

  @Test
  void query_writingFunctionLoadExtension_fails() {
    // when
    ScratchQuery.Result r = query("SELECT load_extension('/tmp/evil')");

    // then
    assertThat(r.error()).isEqualTo("the query failed: [SQLITE_ERROR] SQL error or missing database (not authorized)");
  }

  @Test
  void query_driverOnlyFunction_isUnknownAsInStockSqlite() {
    // when: replicate() is sqlite-jdbc's own, and this call overflowed in native code and killed the JVM
    ScratchQuery.Result huge = query("SELECT replicate('abcd', 1073741825)");
    ScratchQuery.Result noRows = query("SELECT padl(name, 2147483647) FROM employees WHERE 0");

    // then
    assertThat(huge.error()).isEqualTo(
        "the query failed: [SQLITE_ERROR] SQL error or missing database (no such function: replicate)");
    assertThat(noRows.error()).isEqualTo("the query failed: no such function: padl");
  }
}
