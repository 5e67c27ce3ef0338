package dev.llmsql.jdbc;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Where an executor's connections come from, each already set up read-only and bounded by its engine; a
 * connection whose statement was abandoned (still running past the timeout) is discarded, not reused.
 */
interface ConnectionSource extends AutoCloseable {

  /** A connection ready for one statement; waits for a free one. */
  Connection borrow() throws SQLException;

  /** Returns a connection after a statement that finished (its transaction is rolled back first). */
  void release(Connection connection);

  /** Drops a connection that cannot be trusted any more (abandoned, broken). */
  void discard(Connection connection);

  /**
   * Why {@code sql} would run as more than one statement here, or null when it runs as one. Asked of the engine's
   * own parser: both drivers run every statement of a text, and the statement guard's reading of quotes and
   * comments is not theirs (dollar quotes, backslash escapes, nested comments, brackets hid a second statement
   * from it, and a {@code COMMIT; SET ...} or a temporary table hiding a benchmark table outlived the statement
   * on its pooled connection).
   */
  String secondStatement(Connection connection, String sql) throws SQLException;

  @Override
  void close();
}
