package dev.llmsql.guard;

import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.execution.ResultBytes;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The row, byte and time bounds of {@link ExecutionLimits}, checked the same way by every engine's executor:
 * a result is read a row at a time and counted cell by cell (as {@link ResultBytes} estimates the heap), so at
 * most one value past a bound is ever held, and every refusal names the bound and the option that raises it.
 * How a statement is stopped at its deadline is the engine's (an interrupt, a cancel); how it is worded is here.
 *
 * <pre>{@code
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(10), 100_000, 1);
 * long started = System.nanoTime();
 * try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:"); Statement s = c.createStatement();
 *      ResultSet rs = s.executeQuery("SELECT 1")) {
 *   QueryOutcome o = ResultBounds.read(rs, rs.getMetaData(), ResultSet::getObject, limits, started,
 *       Integer.MAX_VALUE);   // Success: one row
 * }
 * }</pre>
 */
public final class ResultBounds {

  /**
   * How long after the timeout a caller waits for a statement that ignores the interrupt or cancel (a single
   * native call, a driver that does not answer) before it abandons the statement and discards its connection.
   */
  public static final long GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(900);

  private ResultBounds() {
  }

  /**
   * Reads one cell of a result's current row as a {@code Long}, {@code Double}, {@code String}, {@code byte[]} or
   * null.
   */
  @FunctionalInterface
  public interface ValueReader {

    /**
     * The value of {@code column} (from 1) in {@code rs}'s current row.
     *
     * @throws SQLException as the driver throws it
     */
    Object read(ResultSet rs, int column) throws SQLException;
  }

  /**
   * Reads {@code rs} under {@code limits}: the rows, or a {@link FailureKind#ROW_LIMIT} or
   * {@link FailureKind#SIZE_LIMIT} failure naming the bound, as soon as one is crossed.
   *
   * @param meta {@code rs}'s metadata (the column labels)
   * @param cells how the engine reads one cell
   * @param started when the statement's clock started ({@link System#nanoTime()})
   * @param stopAfterRows how many rows the caller needs at most; past it, below the row cap, the rows read so far
   *     come back as an incomplete result ({@link QueryResult#incomplete})
   * @throws SQLException as the driver throws it while reading
   */
  public static QueryOutcome read(ResultSet rs, ResultSetMetaData meta, ValueReader cells, ExecutionLimits limits,
                                  long started, int stopAfterRows) throws SQLException {
    int width = meta.getColumnCount();
    List<String> columns = new ArrayList<>(width);
    for (int i = 1; i <= width; i++) {
      columns.add(meta.getColumnLabel(i));
    }
    List<List<Object>> rows = new ArrayList<>();
    int max = limits.maxRows();
    long valueCap = 2L * limits.maxValueBytes() + 64;
    long resultBytes = 0;
    while (rs.next()) {
      if (rows.size() == stopAfterRows && stopAfterRows < max) {
        return QueryOutcome.success(QueryResult.incomplete(columns, rows), System.nanoTime() - started);
      }
      if (rows.size() == max) {
        return QueryOutcome.failure(FailureKind.ROW_LIMIT, "row cap: the query returned more than " + max
            + " rows; raise maxRows (--max-rows) if such results are expected", System.nanoTime() - started);
      }
      Object[] row = new Object[width];
      // Counted cell by cell, so that at most one value (bounded by maxValueBytes) is read past a bound.
      long rowBytes = 16L + 8L * width;
      for (int i = 0; i < width; i++) {
        row[i] = cells.read(rs, i + 1);
        long cell = ResultBytes.cell(row[i]);
        // An engine that bounds values itself (SQLite's length limit) never gets here; one that does not is
        // held to the same bound after the fact.
        if (cell > valueCap) {
          return QueryOutcome.failure(FailureKind.SIZE_LIMIT, "size cap: a value is longer than "
              + limits.maxValueBytes() + " bytes; raise maxValueBytes (--max-value-bytes) if such values are "
              + "expected", System.nanoTime() - started);
        }
        rowBytes += cell;
        if (rowBytes > limits.maxRowBytes()) {
          return QueryOutcome.failure(FailureKind.SIZE_LIMIT, "size cap: a result row takes more than "
              + limits.maxRowBytes() + " bytes; raise maxRowBytes (--max-row-bytes) if such rows are expected",
              System.nanoTime() - started);
        }
        if (resultBytes + rowBytes > limits.maxResultBytes()) {
          return QueryOutcome.failure(FailureKind.SIZE_LIMIT, "size cap: the result takes more than "
              + limits.maxResultBytes() + " bytes; raise maxResultBytes (--max-result-bytes) if such results are "
              + "expected", System.nanoTime() - started);
        }
      }
      resultBytes += rowBytes;
      rows.add(Arrays.asList(row));
    }
    return QueryOutcome.success(new QueryResult(columns, rows), System.nanoTime() - started);
  }

  /**
   * A statement stopped at (or abandoned after) {@code limits}' timeout: {@code "timeout: the query ran longer
   * than 10 s and "} followed by {@code how}, e.g. {@code "was interrupted"}.
   *
   * @param nanos how long it ran
   */
  public static QueryOutcome timeout(ExecutionLimits limits, String how, long nanos) {
    return QueryOutcome.failure(FailureKind.TIMEOUT, "timeout: the query ran longer than "
        + describe(limits.queryTimeout()) + " and " + how, nanos);
  }

  /**
   * A result the engine itself refused to hold (out of memory, a driver's result buffer): worded as the result
   * bound, since raising that is the fix when such results are expected.
   *
   * @param engineMessage what the engine said
   * @param nanos how long the statement ran
   */
  public static QueryOutcome overMemory(ExecutionLimits limits, String engineMessage, long nanos) {
    return QueryOutcome.failure(FailureKind.SIZE_LIMIT, "size cap: the result takes more than "
        + limits.maxResultBytes() + " bytes or the engine's memory bound; raise maxResultBytes "
        + "(--max-result-bytes) if such results are expected (" + engineMessage + ")", nanos);
  }

  /** {@code 10 s}, or {@code 1500 ms} when not whole seconds. */
  private static String describe(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }
}
