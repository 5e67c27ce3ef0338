package dev.llmsql.sqlite;

import static java.util.Objects.requireNonNull;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteLimits;

/**
 * A throwaway in-memory SQLite ({@code jdbc:sqlite::memory:}) for untrusted SQL that needs its own small
 * database, such as a capability-suite case that brings CREATE/INSERT statements: hardened like every other
 * connection ({@code SqliteHardening}: limits, stock functions only, no attached databases), built once by
 * {@link #setUp(List)} (whose statements may be longer than a query may be), then read-only
 * ({@code PRAGMA query_only}). One deadline, started at {@link #open(Duration)}, covers setup and queries and
 * interrupts a statement still running when it passes ({@link SQLTimeoutException}). Nothing touches a file.
 * Deciding which statements may run at all is the caller's part.
 *
 * <pre>{@code
 * try (ScratchDatabase db = ScratchDatabase.open(Duration.ofSeconds(5))) {
 *   db.setUp(List.of("CREATE TABLE t(x INT)", "INSERT INTO t VALUES (1)"));
 *   ScratchDatabase.Rows rows = db.query("SELECT x FROM t", 1000);
 *   rows.values();   // [[1]]
 * }
 * }</pre>
 */
public final class ScratchDatabase implements AutoCloseable {

  /** The longest value setup may build or a query return (SQLITE_LIMIT_LENGTH), 1 MB. */
  static final int MAX_VALUE_BYTES = 1_000_000;
  /** The longest setup statement; the driver's default (1 GiB) would let a case file take the JVM's memory. */
  static final int MAX_SETUP_SQL_BYTES = 10_000_000;

  private static final int PROGRESS_STEPS = 1000;

  private final Connection connection;
  private final SQLiteConnection sqlite;
  private final SqliteHardening hardening;
  private final long deadline;
  private boolean setUp;

  private ScratchDatabase(Connection connection, SQLiteConnection sqlite, SqliteHardening hardening,
      long deadline) {
    this.connection = connection;
    this.sqlite = sqlite;
    this.hardening = hardening;
    this.deadline = deadline;
  }

  /**
   * The rows a query returned, each value as the driver gives it ({@code Integer} or {@code Long},
   * {@code Double}, {@code String}, {@code byte[]} for a blob, or null).
   *
   * @param values the rows read, at most the cap given to {@link #query(String, int)}
   * @param truncated whether more rows followed the cap (then the statement was not read to its end)
   */
  public record Rows(List<List<Object>> values, boolean truncated) {
    public Rows {
      values = List.copyOf(requireNonNull(values, "values"));
    }
  }

  /**
   * Opens a fresh hardened in-memory database and starts the deadline.
   *
   * @param timeout how long setup and queries may take together, positive
   * @throws SQLException when SQLite cannot be opened
   */
  public static ScratchDatabase open(Duration timeout) throws SQLException {
    requireNonNull(timeout, "timeout");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive, but was " + timeout);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    NativeLibraryCache.prepare();
    Connection c = DriverManager.getConnection("jdbc:sqlite::memory:");
    try {
      SQLiteConnection sqlite = c.unwrap(SQLiteConnection.class);
      SqliteHardening hardening = SqliteHardening.apply(sqlite, MAX_VALUE_BYTES);
      // The setup may insert many rows in one statement; queries get the tight limit back after it.
      sqlite.getDatabase().limit(SQLiteLimits.SQLITE_LIMIT_SQL_LENGTH.getId(), MAX_SETUP_SQL_BYTES);
      ProgressHandler.setHandler(sqlite, PROGRESS_STEPS, new ProgressHandler() {
        @Override
        protected int progress() {
          return System.nanoTime() - deadline > 0 ? 1 : 0;
        }
      });
      return new ScratchDatabase(c, sqlite, hardening, deadline);
    } catch (SQLException | RuntimeException e) {
      try {
        c.close();
      } catch (SQLException suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  /**
   * Runs the statements that build the database, in order, then makes it read-only. Once, before any query.
   *
   * @throws SQLTimeoutException when the deadline passed
   * @throws SQLException when a statement failed
   */
  public void setUp(List<String> statements) throws SQLException {
    requireNonNull(statements, "statements");
    if (setUp) {
      throw new IllegalStateException("the scratch database is already set up");
    }
    setUp = true;
    try (Statement s = connection.createStatement()) {
      for (String statement : statements) {
        s.execute(statement);
      }
      s.execute("PRAGMA query_only = 1");
      sqlite.getDatabase().limit(SQLiteLimits.SQLITE_LIMIT_SQL_LENGTH.getId(),
          SqliteHardening.LIMITS.get(SQLiteLimits.SQLITE_LIMIT_SQL_LENGTH));
    } catch (SQLException e) {
      throw expired() ? new SQLTimeoutException("the deadline passed during setup", e) : e;
    }
  }

  /**
   * Runs one query on the database built by {@link #setUp(List)}, reading at most {@code maxRows} rows. A
   * query that calls a function a stock SQLite lacks fails as it would there, even over no rows.
   *
   * @param maxRows the row cap, not negative
   * @throws SQLTimeoutException when the deadline passed
   * @throws SQLException when the query failed
   */
  public Rows query(String sql, int maxRows) throws SQLException {
    requireNonNull(sql, "sql");
    if (maxRows < 0) {
      throw new IllegalArgumentException("maxRows must not be negative, but was " + maxRows);
    }
    if (!setUp) {
      throw new IllegalStateException("set the scratch database up before querying it");
    }
    List<List<Object>> values = new ArrayList<>();
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData meta = rs.getMetaData();
      while (rs.next()) {
        if (values.size() >= maxRows) {
          return new Rows(values, true);
        }
        Object[] row = new Object[meta.getColumnCount()];
        for (int i = 0; i < row.length; i++) {
          row[i] = rs.getObject(i + 1);
        }
        values.add(Collections.unmodifiableList(Arrays.asList(row)));
      }
    } catch (SQLException e) {
      throw expired() ? new SQLTimeoutException("the deadline passed during the query", e) : e;
    }
    String unknown = hardening.unknownFunction(connection, sql);
    if (unknown != null) {
      throw new SQLException(unknown);
    }
    return new Rows(values, false);
  }

  private boolean expired() {
    return System.nanoTime() - deadline > 0;
  }

  @Override
  public void close() throws SQLException {
    connection.close();
  }
}
