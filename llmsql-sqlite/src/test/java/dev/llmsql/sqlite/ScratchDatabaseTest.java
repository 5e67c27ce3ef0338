package dev.llmsql.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScratchDatabaseTest {

  private static final List<String> SETUP = List.of(
      "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, score REAL, data BLOB)",
      "INSERT INTO t VALUES (1, 'Ann', 2.5, x'6162'), (2, 'Bob', NULL, NULL), (3, 'Cid', 4, NULL)");

  /** The class Javadoc's example, as written. */
  @Test
  void javadocExample() throws Exception {
    try (ScratchDatabase db = ScratchDatabase.open(Duration.ofSeconds(5))) {
      db.setUp(List.of("CREATE TABLE t(x INT)", "INSERT INTO t VALUES (1)"));
      ScratchDatabase.Rows rows = db.query("SELECT x FROM t", 1000);
      assertThat(rows.values()).hasToString("[[1]]");
      assertThat(rows.truncated()).isFalse();
    }
  }

  @Test
  void query_afterSetup_returnsDriverValuesInOrder() throws Exception {
    try (ScratchDatabase db = ScratchDatabase.open(Duration.ofSeconds(5))) {
      db.setUp(SETUP);

      ScratchDatabase.Rows rows = db.query("SELECT id, name, score, data FROM t ORDER BY id", 10);

      assertThat(rows.truncated()).isFalse();
      assertThat(rows.values()).hasSize(3);
      assertThat(rows.values().get(0).subList(0, 3)).containsExactly(1, "Ann", 2.5);
      assertThat((byte[]) rows.values().get(0).get(3)).containsExactly('a', 'b');
      assertThat(rows.values().get(1)).containsExactly(2, "Bob", null, null);
      assertThat(rows.values().get(2)).containsExactly(3, "Cid", 4.0, null);
    }
  }

  @Test
  void query_moreRowsThanCap_isTruncatedAtCap() throws Exception {
    try (ScratchDatabase db = ScratchDatabase.open(Duration.ofSeconds(5))) {
      db.setUp(SETUP);

      ScratchDatabase.Rows rows = db.query("SELECT id FROM t ORDER BY id", 2);

      assertThat(rows.truncated()).isTrue();
      assertThat(rows.values()).containsExactly(List.of(1), List.of(2));
    }
  }

  @Test
  void query_write_failsBecauseReadOnlyAfterSetup() throws Exception {
    try (ScratchDatabase db = ScratchDatabase.open(Duration.ofSeconds(5))) {
      db.setUp(SETUP);

      assertThatThrownBy(() -> db.query("DELETE FROM t RETURNING id", 10)).isInstanceOf(SQLException.class)
          .isNotInstanceOf(SQLTimeoutException.class)
          .hasMessage("[SQLITE_READONLY] Attempt to write a readonly database (attempt to write a readonly database)");
    }
  }

  @Test
  void query_endlessRecursion_isInterruptedAtTheDeadline() throws Exception {
    try (ScratchDatabase db = ScratchDatabase.open(Duration.ofMillis(200))) {
      db.setUp(SETUP);

      assertThatThrownBy(() -> db.query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
          + "SELECT COUNT(*) FROM n", 10)).isInstanceOf(SQLTimeoutException.class)
          .hasMessage("the deadline passed during the query");
    }
  }

  @Test
  void setUp_endlessInsert_isInterruptedAtTheDeadline() throws Exception {
    try (ScratchDatabase db = ScratchDatabase.open(Duration.ofMillis(200))) {
      assertThatThrownBy(() -> db.setUp(List.of("CREATE TABLE n(i)", "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL "
          + "SELECT i + 1 FROM r) INSERT INTO n SELECT i FROM r"))).isInstanceOf(SQLTimeoutException.class)
          .hasMessage("the deadline passed during setup");
    }
  }

  @Test
  void setUp_longStatement_mayExceedTheQueryLimit() throws Exception {
    String values = String.join(", ", java.util.Collections.nCopies(8_000, "(1)"));
    try (ScratchDatabase db = ScratchDatabase.open(Duration.ofSeconds(5))) {
      db.setUp(List.of("CREATE TABLE n(i)", "INSERT INTO n VALUES " + values));

      assertThat(db.query("SELECT COUNT(*) FROM n", 1).values()).containsExactly(List.of(8_000));
      assertThatThrownBy(() -> db.query("SELECT COUNT(*) FROM n WHERE i IN (" + values.replace("(1)", "1") + ")",
          1)).isInstanceOf(SQLException.class)
          .hasMessage("[SQLITE_TOOBIG] String or BLOB exceeds size limit (statement too long)");
    }
  }

  @Test
  void query_driverOnlyFunction_failsAsInStockSqlite() throws Exception {
    try (ScratchDatabase db = ScratchDatabase.open(Duration.ofSeconds(5))) {
      db.setUp(SETUP);

      assertThatThrownBy(() -> db.query("SELECT padl(name, 2147483647) FROM t WHERE 0", 10))
          .isInstanceOf(SQLException.class).hasMessage("no such function: padl");
    }
  }

  @Test
  void query_beforeSetup_andSecondSetup_areRefused() throws Exception {
    try (ScratchDatabase db = ScratchDatabase.open(Duration.ofSeconds(5))) {
      assertThatThrownBy(() -> db.query("SELECT 1", 1)).isInstanceOf(IllegalStateException.class)
          .hasMessage("set the scratch database up before querying it");
      db.setUp(List.of());
      assertThatThrownBy(() -> db.setUp(List.of())).isInstanceOf(IllegalStateException.class)
          .hasMessage("the scratch database is already set up");
      assertThat(db.query("SELECT 1, NULL", 1).values()).containsExactly(Arrays.asList(1, null));
    }
  }
}
