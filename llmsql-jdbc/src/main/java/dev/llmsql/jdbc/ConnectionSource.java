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

  @Override
  void close();
}
