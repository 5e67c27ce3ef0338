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

  /**
   * Drops a connection that cannot be trusted any more (abandoned, broken), without waiting for a statement still
   * running on it: its place is free for another connection at once.
   */
  void discard(Connection connection);

  /**
   * {@code sql} as one statement here: the text to send for it, or why it would run as more than one. Asked of the
   * engine's own parser: both drivers run every statement of a text, and the statement guard's reading of quotes
   * and comments is not theirs (dollar quotes, backslash escapes, nested comments, brackets hid a second statement
   * from it, and a {@code COMMIT; SET ...} or a temporary table hiding a benchmark table outlived the statement
   * on its pooled connection).
   */
  OneStatement oneStatement(Connection connection, String sql) throws SQLException;

  /**
   * What {@link #oneStatement} decided: exactly one of {@code text}, what to send (the statement alone, when the
   * driver would also send a piece holding no statement, as pgjdbc does a comment after the ';'), and
   * {@code refusal} is set.
   */
  record OneStatement(String text, String refusal) {

    static OneStatement runs(String text) {
      return new OneStatement(text, null);
    }

    static OneStatement refused(String refusal) {
      return new OneStatement(null, refusal);
    }
  }

  @Override
  void close();
}
