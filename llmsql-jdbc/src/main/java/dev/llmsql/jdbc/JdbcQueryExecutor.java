package dev.llmsql.jdbc;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.guard.ResultBounds;
import dev.llmsql.guard.StatementGuard;
import dev.llmsql.threads.DaemonThreads;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Runs untrusted SQL on a JDBC engine's database: the statement guard first (one read-only query), then a
 * connection the engine set up read-only, a watchdog that cancels the statement at the timeout, a caller that
 * stops waiting one grace period later whatever the driver does (the connection is then discarded), rows read
 * a batch at a time under the row and byte caps, and the transaction rolled back after every statement.
 */
final class JdbcQueryExecutor implements QueryExecutor {

  /** How long after the timeout a caller waits for a statement that ignores the cancel before abandoning it. */
  private static final long GRACE_NANOS = ResultBounds.GRACE_NANOS;

  /**
   * Statements run here, DuckDB's in its native code on this thread's stack: its parser and binder recurse once
   * per level of an expression or a type, and a fuzz run's list nested 300 deep (its limit is 1000) overflowed the
   * default stack and killed the JVM (SIGSEGV). With 64 MB (reserved, touched only as deep as a statement goes)
   * nesting up to DuckDB's limit failed cleanly in probes from 16 MB up.
   */
  private static final long STACK_BYTES = 64L << 20;
  private static final ExecutorService WORKERS =
      Executors.newCachedThreadPool(DaemonThreads.numbered("llmsql-jdbc-").withStackSize(STACK_BYTES));
  private static final ScheduledExecutorService WATCHDOG =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.numbered("llmsql-jdbc-watchdog-"));

  private final Database database;
  private final ConnectionSource connections;
  private final ExecutionLimits limits;
  private final Supplier<String> fingerprint;
  private final String engine;
  private final StatementGuard.Quoting quoting;
  private volatile String knownFingerprint;

  /**
   * @param quoting how the engine reads quotes and comments, for the statement guard; the connections' own
   *     statement count ({@link ConnectionSource#oneStatement}) is asked as well, whatever it is
   */
  JdbcQueryExecutor(String engine, StatementGuard.Quoting quoting, Database database, ConnectionSource connections,
                    ExecutionLimits limits, Supplier<String> fingerprint) {
    this.engine = requireNonNull(engine, "engine");
    this.quoting = requireNonNull(quoting, "quoting");
    this.database = requireNonNull(database, "database");
    this.connections = requireNonNull(connections, "connections");
    this.limits = requireNonNull(limits, "limits");
    this.fingerprint = requireNonNull(fingerprint, "fingerprint");
  }

  @Override
  public Database database() {
    return database;
  }

  @Override
  public String fingerprint() {
    String known = knownFingerprint;
    if (known == null) {
      known = fingerprint.get();
      knownFingerprint = known;
    }
    return known;
  }

  @Override
  public QueryOutcome execute(String sql) {
    return execute(sql, Integer.MAX_VALUE);
  }

  @Override
  public QueryOutcome execute(String sql, int stopAfterRows) {
    long started = System.nanoTime();
    String refusal = refusal(sql);
    if (refusal != null) {
      return QueryOutcome.failure(FailureKind.REJECTED, refusal, System.nanoTime() - started);
    }
    Connection connection;
    try {
      connection = connections.borrow();
    } catch (SQLException | RuntimeException e) {
      return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE, "cannot open database " + database.describe()
          + ": " + message(e), System.nanoTime() - started);
    }
    Running running = new Running();
    Future<QueryOutcome> future = WORKERS.submit(() -> run(running, connection, sql, stopAfterRows));
    long runStart = System.nanoTime();
    try {
      return future.get(limits.queryTimeout().toNanos() + GRACE_NANOS, TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      future.cancel(true);
      abandon(running, connection);
      return ResultBounds.timeout(limits, "did not stop when cancelled; it was abandoned and its connection is "
          + "discarded", System.nanoTime() - runStart);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      abandon(running, connection);
      return QueryOutcome.failure(FailureKind.TIMEOUT, "interrupted while the query ran", System.nanoTime() - runStart);
    } catch (ExecutionException e) {
      connections.discard(connection);
      if (e.getCause() instanceof DatabaseUnavailableException damaged) {
        throw damaged;
      }
      return QueryOutcome.failure(FailureKind.SQL_ERROR, message(e.getCause()), System.nanoTime() - runStart);
    }
  }

  /**
   * The guard: exactly one read-only query. The engine's read-only connection is the wall behind it; this only
   * spares the database statements that cannot be queries, and refuses what some engines would run as a query
   * but reads or writes outside the database (COPY, ATTACH, INSTALL, LOAD, PRAGMA, SET, CALL). It reads quotes
   * and comments as the engine does: read the standard way, a ';' in a dollar quote refused a valid query, and a
   * nested comment hid a CREATE from the first keyword.
   */
  private String refusal(String sql) {
    return StatementGuard.check(sql, quoting);
  }

  private QueryOutcome run(Running running, Connection connection, String sql, int stopAfterRows) {
    long started = System.nanoTime();
    boolean reusable = false;
    try (Statement statement = connection.createStatement()) {
      ConnectionSource.OneStatement one = connections.oneStatement(connection, sql);
      if (one.refusal() != null) {
        reusable = true;
        return QueryOutcome.failure(FailureKind.REJECTED, one.refusal(), System.nanoTime() - started);
      }
      // JDBC escapes ({fn ...}) are the driver's rewriting, which no peer's driver does
      statement.setEscapeProcessing(false);
      running.start(statement);
      statement.setFetchSize(Math.min(1_000, limits.maxRows() + 1));
      statement.setMaxRows(limits.maxRows() + 1);
      // the cancel runs on a worker: it can wait as long as the statement does (below), and the one watchdog
      // thread must stay free for every other statement's alarm
      ScheduledFuture<?> alarm = WATCHDOG.schedule(() -> WORKERS.execute(running::cancel),
          limits.queryTimeout().toNanos(), TimeUnit.NANOSECONDS);
      try (ResultSet rs = statement.executeQuery(one.text())) {
        QueryOutcome outcome = read(rs, started, stopAfterRows);
        reusable = true;
        return outcome;
      } catch (SQLException e) {
        long nanos = System.nanoTime() - started;
        reusable = !running.cancelled();
        if (running.cancelled() || nanos >= limits.queryTimeout().toNanos() || isTimeout(e)) {
          return ResultBounds.timeout(limits, "was cancelled", nanos);
        }
        String damage = corruption(engine, e);
        if (damage != null) {
          throw new DatabaseUnavailableException(damage, false, e);
        }
        String message = message(e);
        if (isSize(message)) {
          return ResultBounds.overMemory(limits, message, nanos);
        }
        return QueryOutcome.failure(FailureKind.SQL_ERROR, message, nanos);
      } finally {
        alarm.cancel(false);
      }
    } catch (SQLException e) {
      return QueryOutcome.failure(FailureKind.SQL_ERROR, message(e), System.nanoTime() - started);
    } finally {
      if (!running.finish()) {
        finish(connection, reusable);
      }
    }
  }

  /**
   * Gives up on a statement still running, unless it has just ended (its worker then keeps the connection). The
   * cancel runs on a worker, not here: DuckDB's driver makes it wait for its lock, which a statement holds as
   * long as it runs, and a statement it cannot interrupt held it for minutes (a constant folded while it plans,
   * {@code length(range(300000000))}), so the caller, and with it the run, waited too. Discarding does not wait.
   */
  private void abandon(Running running, Connection connection) {
    if (running.abandon()) {
      WORKERS.execute(running::cancel);
      connections.discard(connection);
    }
  }

  private void finish(Connection connection, boolean reusable) {
    try {
      if (!connection.getAutoCommit()) {
        connection.rollback();
      }
    } catch (SQLException e) {
      reusable = false;
    }
    if (reusable) {
      connections.release(connection);
    } else {
      connections.discard(connection);
    }
  }

  private QueryOutcome read(ResultSet rs, long started, int stopAfterRows) throws SQLException {
    ResultSetMetaData meta = rs.getMetaData();
    int[] types = new int[meta.getColumnCount()];
    for (int i = 0; i < types.length; i++) {
      types[i] = meta.getColumnType(i + 1);
    }
    return ResultBounds.read(rs, meta, (row, column) -> CellReader.read(row, column, types[column - 1]), limits,
        started, stopAfterRows);
  }

  private static boolean isTimeout(SQLException e) {
    // 57014: PostgreSQL's query_canceled (statement_timeout or a cancel); DuckDB says "INTERRUPT"
    String message = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
    return "57014".equals(e.getSQLState()) || message.contains("interrupt")
        || message.contains("canceling statement due to statement timeout");
  }

  private static boolean isSize(String message) {
    String m = message.toLowerCase(Locale.ROOT);
    return m.contains("out of memory") || m.contains("maxresultbuffer") || m.contains("result set exceeded");
  }

  /**
   * Damage in the database itself, whichever statement meets it (gold or predicted): PostgreSQL's SQLSTATE
   * XX001 (data_corrupted) and XX002 (index_corrupted), DuckDB's block checksum mismatch ("Corrupt database
   * file"). The run stops naming the database, as for SQLite's "database disk image is malformed": a verdict
   * on a damaged database cannot be trusted.
   *
   * @return what is wrong and the fix, as one clause, or null when {@code e} is not about damage
   */
  static String corruption(String engine, Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String state = t instanceof SQLException sql ? sql.getSQLState() : null;
      String message = String.valueOf(t.getMessage());
      // Each engine by its own sign, never by text a statement can put in a message: DuckDB's error('...') or
      // PostgreSQL's 'Corrupt database file'::int quoted it, and one prediction stopped the run as "corrupt".
      if (engine.equals(PostgresEngine.NAME) && ("XX001".equals(state) || "XX002".equals(state))) {
        return "is corrupt (PostgreSQL SQLSTATE " + state + ": " + message(t) + "), so no result from it can be "
            + "trusted; restore it or import the benchmark again (llmsql dataset import)";
      }
      if (engine.equals(DuckDbEngine.NAME) && message.startsWith("IO Error: Corrupt database file")) {
        return "is corrupt (DuckDB: " + message(t) + "), so no result from it can be trusted; import the "
            + "benchmark again (llmsql dataset import)";
      }
    }
    return null;
  }

  /** The driver's message, first line only, without its engine prefix noise. */
  static String message(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root && root.getMessage() == null) {
      root = root.getCause();
    }
    String message = String.valueOf(root.getMessage()).strip();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline).strip();
  }

  @Override
  public void close() {
    connections.close();
  }

  @Override
  public String toString() {
    return "JdbcQueryExecutor[" + engine + ", " + database.describe() + ", " + limits + "]";
  }

  /** One statement's life on its worker, shared with the caller and the watchdog. */
  private static final class Running {
    private Statement statement;
    private boolean finished;
    private boolean cancelled;
    /** Set by whichever comes first, the worker ending or the caller giving up: that side owns the connection. */
    private final AtomicBoolean settled = new AtomicBoolean();

    synchronized void start(Statement statement) {
      this.statement = statement;
    }

    /**
     * Cancels the statement unless it ended. Under this lock, so that a statement ending meanwhile cannot hand its
     * connection on and the cancel hit the next statement; the driver may keep it waiting while the statement
     * runs, so only workers call this.
     */
    synchronized void cancel() {
      if (statement != null && !finished) {
        cancelled = true;
        try {
          statement.cancel();
        } catch (SQLException | RuntimeException e) {
          // the statement ended meanwhile: nothing to stop
        }
      }
    }

    synchronized boolean cancelled() {
      return cancelled;
    }

    /** The caller gives up; true when the statement had not ended, so the caller discards its connection. */
    boolean abandon() {
      return settled.compareAndSet(false, true);
    }

    /** Marks the statement done; true when the caller gave up on it (its connection is discarded there). */
    boolean finish() {
      synchronized (this) {
        finished = true;
      }
      return !settled.compareAndSet(false, true);
    }
  }
}
