package dev.llmsql.sqlite;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariDataSource;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.Fingerprints;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.guard.FunctionCalls;
import dev.llmsql.guard.ResultBounds;
import dev.llmsql.guard.StatementGuard;
import dev.llmsql.threads.DaemonThreads;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.sqlite.SQLiteConnection;

/**
 * Runs untrusted SQL on one SQLite benchmark database: a HikariCP pool of hardened read-only connections
 * ({@link SqliteHardening}), shared JVM-wide per file so later evaluations skip the schema parse, a
 * {@link StatementGuard} in front, a progress handler and a watchdog that interrupt statements past the timeout,
 * a caller that stops waiting one grace period later whatever native code does, and row and byte caps while
 * reading. {@link SqliteQueryEngine} opens it.
 *
 * <pre>{@code
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(10), 100_000, 2);
 * try (QueryExecutor sqlite = new SqliteQueryEngine().open(Database.file(Path.of("sqlite_tables.db")), limits)) {
 *   QueryOutcome o = sqlite.execute("SELECT COUNT(*) FROM \"1-10015132-9\"");
 * }
 * }</pre>
 */
final class SqliteQueryExecutor implements QueryExecutor {

  /**
   * How long after the timeout a caller waits for a statement that ignores the interrupt (a single native call,
   * such as {@code instr} over megabyte strings, is not interruptible) before it abandons it.
   */
  private static final long GRACE_NANOS = ResultBounds.GRACE_NANOS;

  /** How often a caller looks whether its statement has got a connection yet. */
  private static final long START_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  /** How long a statement may wait for a connection: as long as the pool's checkout timeout. */
  private static final long CHECKOUT_NANOS = TimeUnit.MINUTES.toNanos(5) + TimeUnit.SECONDS.toNanos(5);

  /** Statements run here, so a caller's wait is bounded even while native code does not return. */
  private static final ExecutorService WORKERS = Executors.newCachedThreadPool(DaemonThreads.numbered("llmsql-sql-"));

  /** Interrupts statements at their deadline, between rows, where the progress handler waits for VM steps. */
  private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(
      DaemonThreads.numbered("llmsql-sql-watchdog-"));

  /** Pools a warm-up has begun on (weakly held: a pool replaced after its file changed may go). */
  private static final Set<HikariDataSource> WARMED =
      Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

  private final Path database;
  private final ExecutionLimits limits;
  /** Whether unordered scans return their rows in reverse ({@link #reversedScanOrder()}). */
  private final boolean reversed;
  private volatile HikariDataSource pool;
  /** Why the database cannot be used, found once: every statement then fails with it, no flood of pool errors. */
  private volatile String problem;
  /** Why the file, which passed its check, cannot serve: every later statement throws it too. */
  private volatile DatabaseUnavailableException unusable;
  private volatile String fingerprint;

  SqliteQueryExecutor(Path database, ExecutionLimits limits) {
    this(database, limits, false);
  }

  private SqliteQueryExecutor(Path database, ExecutionLimits limits, boolean reversed) {
    this.database = requireNonNull(database, "database");
    this.limits = requireNonNull(limits, "limits");
    this.reversed = reversed;
  }

  /**
   * {@inheritDoc} SQLite's {@code PRAGMA reverse_unordered_selects}, set on connections of a pool of their own
   * (never those evaluations use), with the same bounds.
   */
  @Override
  public Optional<QueryExecutor> reversedScanOrder() {
    return Optional.of(reversed ? this : new SqliteQueryExecutor(database, limits, true));
  }

  @Override
  public Database database() {
    return Database.file(database);
  }

  /** {@inheritDoc} The file's checksum ({@link Fingerprints#ofFile}), computed once per executor. */
  @Override
  public String fingerprint() {
    String known = fingerprint;
    if (known == null) {
      known = Fingerprints.ofFile(database);
      fingerprint = known;
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
    String refusal = StatementGuard.check(sql);
    if (refusal != null) {
      return QueryOutcome.failure(FailureKind.REJECTED, refusal, System.nanoTime() - started);
    }
    HikariDataSource pool;
    try {
      pool = pool();
    } catch (DatabaseUnavailableException e) {
      throw e;
    } catch (RuntimeException e) {
      return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE,
          "cannot open database " + database + ": " + rootMessage(e), System.nanoTime() - started);
    }
    List<String> calls = FunctionCalls.of(sql);
    if (BoundedCalls.bounded(calls)) {
      return runHere(pool, sql, started, stopAfterRows, calls);
    }
    Running running = new Running(pool);
    Future<QueryOutcome> future =
        WORKERS.submit(() -> runPooled(running, database, sql, started, stopAfterRows, calls));
    try {
      while (true) {
        // The timeout counts from when the statement got its connection: opening one (a schema parse) or waiting
        // for a busy pool is not the statement's time, and is bounded by the pool's own checkout timeout. Until
        // then the caller looks again every few milliseconds for the statement's start.
        long runningSince = running.since();
        long now = System.nanoTime();
        long until = runningSince != 0 ? runningSince + limits.queryTimeout().toNanos() + GRACE_NANOS
            : Math.min(started + CHECKOUT_NANOS, now + START_POLL_NANOS);
        try {
          return future.get(until - now, TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
          if (runningSince != 0 && System.nanoTime() - until >= 0) {
            running.abandon();
            return ResultBounds.timeout(limits, "did not stop when interrupted; it was abandoned and its "
                + "connection is discarded", System.nanoTime() - started);
          }
          if (runningSince == 0 && System.nanoTime() - (started + CHECKOUT_NANOS) >= 0) {
            running.abandon();
            return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE, "cannot open database " + database
                + ": no connection within " + TimeUnit.NANOSECONDS.toSeconds(CHECKOUT_NANOS) + " s",
                System.nanoTime() - started);
          }
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      running.abandon();
      return QueryOutcome.failure(FailureKind.TIMEOUT, "interrupted: the caller's thread was interrupted while "
          + "the query ran", System.nanoTime() - started);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Error error) {
        throw error;
      }
      if (cause instanceof DatabaseUnavailableException unusable) {
        throw unusable;
      }
      throw new IllegalStateException("running a statement failed: " + cause, cause);
    }
  }

  /**
   * On the caller's thread, for a statement whose every call is short ({@link BoundedCalls#BOUNDED}): each
   * native call returns within milliseconds, so the connection's deadline (progress handler and ticker) stops
   * it in time and no worker is needed to abandon it. Most benchmark statements run here: a thread hand-off
   * per statement cost more than SQLite's own work on them.
   */
  private QueryOutcome runHere(HikariDataSource pool, String sql, long started, int stopAfterRows,
                               List<String> calls) {
    try (Connection connection = pool.getConnection()) {
      ReadOnlyPools.readSchema(connection.unwrap(SQLiteConnection.class));
      // The statement's clock starts with its connection: opening one (a schema parse) is not its run time.
      return run(connection, sql, System.nanoTime(), stopAfterRows, calls);
    } catch (SQLException e) {
      return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE,
          "cannot open database " + database + ": " + rootMessage(e), System.nanoTime() - started);
    }
  }

  /** On a worker thread: checks out a connection, arms the watchdog, runs, and discards an abandoned connection. */
  private QueryOutcome runPooled(Running running, Path database, String sql, long started, int stopAfterRows,
                                 List<String> calls) {
    try (Connection connection = running.pool.getConnection()) {
      SQLiteConnection sqlite = connection.unwrap(SQLiteConnection.class);
      ReadOnlyPools.readSchema(sqlite);
      if (!running.start(sqlite)) {
        running.finish();
        return QueryOutcome.failure(FailureKind.TIMEOUT, "abandoned before it started", 0);
      }
      // The statement's clock starts with its connection: opening one (a schema parse) is not its run time.
      long runStart = running.since();
      long deadline = runStart + limits.queryTimeout().toNanos();
      ScheduledFuture<?> alarm =
          WATCHDOG.schedule(running::interrupt, deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
      try {
        return run(connection, sql, runStart, stopAfterRows, calls);
      } finally {
        alarm.cancel(false);
        if (running.finish()) {
          running.pool.evictConnection(connection);
        }
      }
    } catch (SQLException e) {
      running.finish();
      DatabaseUnavailableException corrupt = corruption(database, e);
      if (corrupt != null) {
        throw corrupt;
      }
      return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE,
          "cannot open database " + database + ": " + rootMessage(e), System.nanoTime() - started);
    }
  }

  /**
   * One statement's life on its worker, shared with the caller and the watchdog. The interrupt is sent only
   * while this statement runs (under the lock), never to a later one that reuses the connection. A caller that
   * gives up lends the pool one more connection, so later statements do not wait for the abandoned one.
   */
  private static final class Running {
    private final HikariDataSource pool;
    private SQLiteConnection connection;
    private volatile long since;
    private boolean finished;
    private boolean abandoned;

    Running(HikariDataSource pool) {
      this.pool = pool;
    }

    synchronized boolean start(SQLiteConnection sqlite) {
      connection = sqlite;
      since = System.nanoTime();
      return !abandoned;
    }

    /** When the statement got its connection ({@link System#nanoTime()}), or 0 while it waits for one. */
    long since() {
      return since;
    }

    synchronized void interrupt() {
      if (connection != null && !finished) {
        try {
          connection.getDatabase().interrupt();
        } catch (SQLException e) {
          // the connection closed meanwhile: nothing left to stop
        }
      }
    }

    synchronized void abandon() {
      if (finished || abandoned) {
        return;
      }
      abandoned = true;
      interrupt();
      resize(pool, 1);
    }

    /**
     * Marks the statement done (once; later calls only answer); true when the caller gave up on it, so its
     * connection must not be reused.
     */
    synchronized boolean finish() {
      if (!finished) {
        finished = true;
        if (abandoned) {
          resize(pool, -1);
        }
      }
      return abandoned;
    }

    private static void resize(HikariDataSource pool, int by) {
      synchronized (pool) {
        var config = pool.getHikariConfigMXBean();
        config.setMaximumPoolSize(Math.max(1, config.getMaximumPoolSize() + by));
      }
    }
  }

  private QueryOutcome run(Connection pooled, String sql, long started, int stopAfterRows, List<String> calls)
      throws SQLException {
    // Progress handlers need the driver's own connection, not Hikari's proxy.
    SQLiteConnection connection = pooled.unwrap(SQLiteConnection.class);
    ReadOnlyPools.Opened opened = ReadOnlyPools.opened(connection);
    ReadOnlyPools.Deadline deadline = opened.deadline();
    // Per statement: pools are shared by executors whose limits differ.
    deadline.lengthLimit(limits.maxValueBytes());
    deadline.arm(started + limits.queryTimeout().toNanos());
    try (Statement statement = connection.createStatement()) {
      try (ResultSet rs = statement.executeQuery(sql)) {
        QueryOutcome outcome =
            ResultBounds.read(rs, rs.getMetaData(), SqliteQueryExecutor::cell, limits, started, stopAfterRows);
        String unknown = outcome.succeeded() ? opened.hardening().unknownFunction(connection, sql, calls) : null;
        return unknown == null ? outcome
            : QueryOutcome.failure(FailureKind.SQL_ERROR, unknown, System.nanoTime() - started);
      } catch (SQLException e) {
        long nanos = System.nanoTime() - started;
        if (nanos >= limits.queryTimeout().toNanos() || isInterrupt(e)) {
          return ResultBounds.timeout(limits, "was interrupted", nanos);
        }
        DatabaseUnavailableException corrupt = corruption(database, e);
        if (corrupt != null) {
          throw corrupt;
        }
        String message = cleanMessage(e);
        if (message.equals("string or blob too big")) {
          return QueryOutcome.failure(FailureKind.SIZE_LIMIT, "size cap: a value or stored row is longer than "
              + limits.maxValueBytes() + " bytes (string or blob too big); raise maxValueBytes (--max-value-bytes) "
              + "if such values are expected", nanos);
        }
        return QueryOutcome.failure(FailureKind.SQL_ERROR, message, nanos);
      }
    } finally {
      deadline.disarm();
    }
  }

  /** One cell as SQLite gives it, with whole numbers always as {@code Long}. */
  private static Object cell(ResultSet rs, int column) throws SQLException {
    Object value = rs.getObject(column);
    return value instanceof Integer v ? Long.valueOf(v) : value;
  }

  /**
   * Opens {@link ExecutionLimits#concurrency()} connections at once on daemon threads and has each load the
   * schema (half a second for LLMSQL's 24,000 tables), overlapping that with the caller's input checks.
   */
  @Override
  public void warmUp() {
    // Even opening the pool (native library, first connection) is left to a daemon thread: the caller's
    // input checks start at once.
    DaemonThreads.start("llmsql-warm-up", this::warmUpNow);
  }

  private void warmUpNow() {
    HikariDataSource pool;
    try {
      pool = pool();
    } catch (RuntimeException e) {
      return;   // the first statement reports it
    }
    if (pool.getHikariPoolMXBean() == null || pool.getHikariPoolMXBean().getTotalConnections() > 0
        || !WARMED.add(pool)) {
      // An earlier evaluation in this JVM opened it: its connections have the schema already, and a pool
      // grown for more threads later adds connections one at a time, which the hold below must not wait for.
      // Or another warm-up of this pool has begun (two evaluations of one database at once, e.g. Spark tasks):
      // a second set of holders would each hold a connection the other set's holders wait for, until the bound
      // below.
      return;
    }
    int connections = limits.concurrency();
    CountDownLatch allHeld = new CountDownLatch(connections);
    for (int i = 0; i < connections; i++) {
      DaemonThreads.start("llmsql-warm-up-" + i, () -> {
        try (Connection connection = pool.getConnection()) {
          ReadOnlyPools.readSchema(connection.unwrap(SQLiteConnection.class));
          allHeld.countDown();
          // Held until all are open, so each thread warms a different connection; bounded, since evaluation
          // threads wait for these connections meanwhile.
          allHeld.await(5, TimeUnit.SECONDS);
        } catch (SQLException e) {
          allHeld.countDown();   // the first statement reports it
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
  }

  /**
   * The database's pool, looked up once per executor (one evaluation): the shared registry stats the file on
   * every call. A database that cannot be used fails every statement with the same reason, found once: no
   * retry, no flood of pool errors.
   */
  private HikariDataSource pool() {
    HikariDataSource open = pool;
    return open != null && !open.isClosed() ? open : openPool();
  }

  private synchronized HikariDataSource openPool() {
    if (unusable != null) {
      throw unusable;
    }
    if (problem != null) {
      throw new IllegalStateException(problem);
    }
    String found = pool == null ? DatabaseCheck.problem(database) : null;
    if (found != null) {
      problem = found;
      throw new IllegalStateException(found);
    }
    try {
      if (pool == null || pool.isClosed()) {
        // closed: the registry replaced it since (the file changed on disk); take the pool that replaced it
        pool = ReadOnlyPools.shared().pool(database, limits.concurrency(), reversed);
      }
      return pool;
    } catch (RuntimeException e) {
      // The file passed its check, so neither the statement nor the question is at fault: SQLite itself cannot
      // start (its native library did not load) or the file cannot serve. Every statement would fail alike and
      // the run would read as a model scoring 0%, so it stops, naming the file.
      DatabaseUnavailableException corrupt = corruption(database, e);
      unusable = corrupt != null ? corrupt : new DatabaseUnavailableException("cannot be opened: "
          + rootMessage(e) + (nativeLibrary(e) ? NATIVE_LIBRARY_HINT : ""), false, e);
      throw unusable;
    }
  }

  private static final String NATIVE_LIBRARY_HINT = "; SQLite's native library could not be loaded: sqlite-jdbc "
      + "unpacks it into java.io.tmpdir, which must be writable and allow running code (not mounted noexec), or "
      + "into the directory -Dorg.sqlite.tmpdir=DIR names";

  /** Whether {@code e} comes from sqlite-jdbc failing to load its native library. */
  private static boolean nativeLibrary(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof UnsatisfiedLinkError || String.valueOf(t.getMessage()).contains("native library")) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close() {
    // Pools are JVM-wide (ReadOnlyPools) so later evaluations skip the schema parse; nothing to release here.
  }

  @Override
  public String toString() {
    return "SqliteQueryExecutor[" + database + ", " + limits + (reversed ? ", reversed" : "") + "]";
  }

  /**
   * SQLITE_CORRUPT (11, "database disk image is malformed") and SQLITE_NOTADB (26, "file is not a database"),
   * extended codes included, from any statement, gold or predicted: the file is damaged, not the statement
   * wrong, and scoring on would turn every statement that reads a damaged page into a gold error or a wrong
   * prediction in a report that looks like a result. The run stops instead, naming the file.
   *
   * @return the exception to throw, or null when {@code e} is not about a damaged file
   */
  static DatabaseUnavailableException corruption(Path database, Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      String message = String.valueOf(t.getMessage());
      int primary = t instanceof SQLException sql ? sql.getErrorCode() & 0xff : -1;
      boolean corrupt = primary == 11 || message.startsWith("[SQLITE_CORRUPT");
      boolean notADatabase = primary == 26 || message.startsWith("[SQLITE_NOTADB");
      if (corrupt || notADatabase) {
        String what = t instanceof SQLException sql ? cleanMessage(sql) : message;
        return new DatabaseUnavailableException("is " + (corrupt ? "corrupt" : "damaged") + " (SQLite: " + what
            + "; " + (corrupt ? "SQLITE_CORRUPT" : "SQLITE_NOTADB") + "), so no result from it can be trusted; "
            + "download or copy it again (sqlite3 " + database.getFileName() + " 'PRAGMA integrity_check' shows "
            + "the damage)", false, e);
      }
    }
    return null;
  }

  private static boolean isInterrupt(SQLException e) {
    String message = String.valueOf(e.getMessage());
    return message.contains("SQLITE_INTERRUPT") || message.contains("interrupted");
  }

  /** sqlite-jdbc wraps messages as "[SQLITE_ERROR] SQL error or missing database (no such column: x)". */
  static String cleanMessage(SQLException e) {
    String message = String.valueOf(e.getMessage());
    int open = message.indexOf('(');
    if (message.startsWith("[SQLITE_") && open > 0 && message.endsWith(")")) {
      return message.substring(open + 1, message.length() - 1);
    }
    return message;
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return String.valueOf(t.getMessage());
  }
}
