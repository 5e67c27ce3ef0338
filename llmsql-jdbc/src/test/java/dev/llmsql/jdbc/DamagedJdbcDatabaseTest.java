package dev.llmsql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damage in a DuckDB file or a PostgreSQL database (issue 22.6) stops the run as SQLite's "database disk image
 * is malformed" does: the executor throws {@link DatabaseUnavailableException} instead of returning an SQL
 * error that would score as GOLD_ERROR or a wrong prediction.
 */
class DamagedJdbcDatabaseTest {

  @TempDir
  Path dir;

  @Test
  void duckdb_blockChecksumMismatch_throwsDatabaseUnavailable() throws Exception {
    Path file = dir.resolve("bench.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t AS SELECT range AS n, 'row ' || range AS s FROM range(200000)");
      s.execute("CHECKPOINT");
    }
    // DuckDB's file: three 4 KiB headers, then 256 KiB blocks, each with its checksum; damage every block's payload
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      byte[] garbage = new byte[64];
      Arrays.fill(garbage, (byte) 0x5a);
      for (long block = 3 * 4096; block + 1024 < raf.length(); block += 256 * 1024) {
        raf.seek(block + 512);
        raf.write(garbage);
      }
    }

    try (QueryExecutor executor = new DuckDbEngine().open(Database.file(file),
        new ExecutionLimits(Duration.ofSeconds(10), 1_000, 1))) {
      assertThatThrownBy(() -> executor.execute("SELECT SUM(n) FROM t"))
          .isInstanceOf(DatabaseUnavailableException.class)
          .hasMessageStartingWith("is corrupt (DuckDB: IO Error: Corrupt database file: computed checksum ")
          .hasMessageEndingWith("), so no result from it can be trusted; import the benchmark again (llmsql "
              + "dataset import)");
    }
  }

  @Test
  void postgresql_dataOrIndexCorrupted_isDamage_otherStatesAreNot() {
    String postgres = PostgresEngine.NAME;
    assertThat(JdbcQueryExecutor.corruption(postgres, new SQLException("ERROR: invalid page in block 7 of relation "
        + "base/1/2", "XX001"))).isEqualTo("is corrupt (PostgreSQL SQLSTATE XX001: ERROR: invalid page in block 7 "
        + "of relation base/1/2), so no result from it can be trusted; restore it or import the benchmark again "
        + "(llmsql dataset import)");
    assertThat(JdbcQueryExecutor.corruption(postgres, new SQLException("ERROR: index \"i\" contains unexpected "
        + "zero page", "XX002"))).startsWith("is corrupt (PostgreSQL SQLSTATE XX002: ");
    assertThat(JdbcQueryExecutor.corruption(postgres, new SQLException("ERROR: relation \"x\" does not exist",
        "42P01"))).isNull();
  }

  @Test
  void textAStatementWrites_isNoDamage_onEitherEngine() throws Exception {
    // a review: error('Corrupt database file') and 'Corrupt database file'::int stopped the run as "corrupt"
    assertThat(JdbcQueryExecutor.corruption(DuckDbEngine.NAME,
        new SQLException("Invalid Input Error: Corrupt database file"))).isNull();
    assertThat(JdbcQueryExecutor.corruption(PostgresEngine.NAME, new SQLException("ERROR: invalid input syntax for "
        + "type integer: \"Corrupt database file\"", "22P02"))).isNull();
    assertThat(JdbcQueryExecutor.corruption(DuckDbEngine.NAME, new SQLException("ERROR: fake", "XX001"))).isNull();
    Path file = dir.resolve("sound.duckdb");
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + file); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t AS SELECT 1 AS n");
    }
    try (QueryExecutor executor = new DuckDbEngine().open(Database.file(file),
        new ExecutionLimits(Duration.ofSeconds(10), 1_000, 1))) {
      QueryOutcome raised = executor.execute("SELECT error('IO Error: Corrupt database file: computed checksum 1')");

      assertThat(raised).isInstanceOf(QueryOutcome.Failure.class);
      assertThat(((QueryOutcome.Failure) raised).kind()).isEqualTo(FailureKind.SQL_ERROR);
      assertThat(executor.execute("SELECT n FROM t")).isInstanceOf(QueryOutcome.Success.class);
    }
  }
}
