package dev.llmsql.sqlite;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.guard.FunctionCalls;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteLimits;
import org.sqlite.core.DB;

/**
 * What every SQLite connection that runs untrusted SQL (predictions, gold queries from a user's file, suite
 * cases) gets at open, after SQLite's "Defense against the dark arts" (https://sqlite.org/security.html):
 * tight {@code sqlite3_limit} values, no attached databases, no extension loading, untrusted schema code off,
 * cell size checks on, and exactly the function set of a stock SQLite build ({@link #STOCK_FUNCTIONS}).
 * Timeouts and result bounds are the caller's part (see SqliteQueryExecutor). The values and the reason
 * for each are in docs/SECURITY.md.
 *
 * <pre>{@code
 * SqliteHardening hardening = SqliteHardening.apply(connection.unwrap(SQLiteConnection.class));
 * String error = hardening.unknownFunction(connection, sql);  // after a statement succeeded
 * }</pre>
 */
final class SqliteHardening {

  /**
   * The limits set on every connection, by {@link SQLiteLimits}. SQLITE_LIMIT_LENGTH is set apart: it is
   * {@link ExecutionLimits#maxValueBytes()}.
   */
  static final Map<SQLiteLimits, Integer> LIMITS = Map.of(
      SQLiteLimits.SQLITE_LIMIT_SQL_LENGTH, 20_000,
      SQLiteLimits.SQLITE_LIMIT_COLUMN, 200,
      SQLiteLimits.SQLITE_LIMIT_EXPR_DEPTH, 100,
      SQLiteLimits.SQLITE_LIMIT_COMPOUND_SELECT, 50,
      SQLiteLimits.SQLITE_LIMIT_VDBE_OP, 100_000,
      SQLiteLimits.SQLITE_LIMIT_FUNCTION_ARG, 32,
      SQLiteLimits.SQLITE_LIMIT_ATTACHED, 0,
      SQLiteLimits.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, 100,
      SQLiteLimits.SQLITE_LIMIT_VARIABLE_NUMBER, 0,
      SQLiteLimits.SQLITE_LIMIT_TRIGGER_DEPTH, 10);

  /** The functions a statement may call, by name: those of a stock SQLite build. */
  static final java.util.Set<String> STOCK_FUNCTIONS = StockFunctions.ALLOWED;

  private final StockFunctions.Removed removed;

  private SqliteHardening(StockFunctions.Removed removed) {
    this.removed = removed;
  }

  /**
   * Hardens a freshly opened connection: limits, pragmas, stock functions. Does not make it read-only: a
   * caller that builds a scratch database first sets {@code PRAGMA query_only} itself afterwards.
   *
   * @param connection the driver's own connection (not a pool proxy), with no statement running
   * @param maxLength the longest string, blob or stored row (SQLITE_LIMIT_LENGTH), positive
   */
  static SqliteHardening apply(SQLiteConnection connection, int maxLength) throws SQLException {
    requireNonNull(connection, "connection");
    if (maxLength <= 0) {
      throw new IllegalArgumentException("maxLength must be positive, but was " + maxLength);
    }
    DB db = connection.getDatabase();
    db.limit(SQLiteLimits.SQLITE_LIMIT_LENGTH.getId(), maxLength);
    for (Map.Entry<SQLiteLimits, Integer> limit : LIMITS.entrySet()) {
      db.limit(limit.getKey().getId(), limit.getValue());
    }
    db.enable_load_extension(false);
    try (Statement s = connection.createStatement()) {
      s.execute("PRAGMA trusted_schema = 0");
      // Benchmark files come from downloads and users: check b-tree cells as pages are read.
      s.execute("PRAGMA cell_size_check = 1");
      s.execute("PRAGMA mmap_size = 0");
    }
    return new SqliteHardening(StockFunctions.restrict(connection));
  }

  /** {@link #apply(SQLiteConnection, int)} with {@link ExecutionLimits#DEFAULT_MAX_VALUE_BYTES}. */
  static SqliteHardening apply(SQLiteConnection connection) throws SQLException {
    return apply(connection, ExecutionLimits.DEFAULT_MAX_VALUE_BYTES);
  }

  /**
   * For a statement that succeeded: the error a stock SQLite would have given because it names a function
   * outside {@link #STOCK_FUNCTIONS} (which only fails when called, so a statement over no rows gets through),
   * or null. Costs nothing unless the text names such a function.
   */
  String unknownFunction(Connection connection, String sql) {
    return unknownFunction(connection, sql, FunctionCalls.of(sql));
  }

  /** {@link #unknownFunction(Connection, String)} with the statement's calls read already. */
  String unknownFunction(Connection connection, String sql, List<String> calls) {
    return StockFunctions.misuse(connection, removed, sql, calls);
  }
}
