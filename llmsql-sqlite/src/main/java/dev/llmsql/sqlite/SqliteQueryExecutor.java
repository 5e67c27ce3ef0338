package dev.llmsql.sqlite;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteDataSource;
import org.sqlite.SQLiteLimits;
import org.sqlite.SQLiteOpenMode;

/**
 * Runs untrusted SQL on SQLite benchmark databases: one HikariCP pool of read-only connections per database
 * file, a {@link StatementGuard} in front, a progress handler that interrupts statements past the timeout,
 * and a row cap while reading.
 *
 * <pre>{@code
 * try (SqliteQueryExecutor sqlite = new SqliteQueryExecutor(new ExecutionLimits(Duration.ofSeconds(10), 100_000, 2))) {
 *   QueryOutcome o = sqlite.execute(Path.of("sqlite_tables.db"), "SELECT COUNT(*) FROM \"1-10015132-9\"");
 * }
 * }</pre>
 */
public final class SqliteQueryExecutor implements QueryExecutor {

  private static final Logger LOG = LoggerFactory.getLogger(SqliteQueryExecutor.class);

  /** The longest string or blob a statement may build; bounds memory together with the row cap. */
  static final int MAX_VALUE_BYTES = 16 * 1024 * 1024;

  /** VM steps between deadline checks: frequent enough to stop within milliseconds, rare enough to cost nothing. */
  private static final int PROGRESS_STEPS = 10_000;

  private final ExecutionLimits limits;
  private final ConcurrentHashMap<Path, HikariDataSource> pools = new ConcurrentHashMap<>();
  private volatile boolean closed;

  public SqliteQueryExecutor(ExecutionLimits limits) {
    this.limits = requireNonNull(limits, "limits");
  }

  @Override
  public QueryOutcome execute(Path database, String sql) {
    long started = System.nanoTime();
    String refusal = StatementGuard.check(sql);
    if (refusal != null) {
      return QueryOutcome.failure(FailureKind.REJECTED, refusal, System.nanoTime() - started);
    }
    HikariDataSource pool;
    try {
      pool = pool(database);
    } catch (RuntimeException e) {
      return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE,
          "cannot open database " + database + ": " + rootMessage(e), System.nanoTime() - started);
    }
    try (Connection connection = pool.getConnection()) {
      return run(connection, sql, started);
    } catch (SQLException e) {
      return QueryOutcome.failure(FailureKind.DATABASE_UNAVAILABLE,
          "cannot open database " + database + ": " + rootMessage(e), System.nanoTime() - started);
    }
  }

  private QueryOutcome run(Connection pooled, String sql, long started) throws SQLException {
    // Progress handlers need the driver's own connection, not Hikari's proxy.
    SQLiteConnection connection = pooled.unwrap(SQLiteConnection.class);
    long deadline = started + limits.queryTimeout().toNanos();
    ProgressHandler.setHandler(connection, PROGRESS_STEPS, new ProgressHandler() {
      @Override
      protected int progress() {
        return System.nanoTime() - deadline > 0 ? 1 : 0;
      }
    });
    try (Statement statement = connection.createStatement()) {
      try (ResultSet rs = statement.executeQuery(sql)) {
        return read(rs, started);
      } catch (SQLException e) {
        long nanos = System.nanoTime() - started;
        if (nanos >= limits.queryTimeout().toNanos() || isInterrupt(e)) {
          return QueryOutcome.failure(FailureKind.TIMEOUT, "timeout: the query ran longer than "
              + describe(limits.queryTimeout()) + " and was interrupted", nanos);
        }
        return QueryOutcome.failure(FailureKind.SQL_ERROR, cleanMessage(e), nanos);
      }
    } finally {
      ProgressHandler.clearHandler(connection);
    }
  }

  private QueryOutcome read(ResultSet rs, long started) throws SQLException {
    ResultSetMetaData meta = rs.getMetaData();
    int width = meta.getColumnCount();
    List<String> columns = new ArrayList<>(width);
    for (int i = 1; i <= width; i++) {
      columns.add(meta.getColumnLabel(i));
    }
    List<List<Object>> rows = new ArrayList<>();
    int max = limits.maxRows();
    while (rs.next()) {
      if (rows.size() == max) {
        return QueryOutcome.failure(FailureKind.ROW_LIMIT, "row cap: the query returned more than " + max
            + " rows; raise maxRows (--max-rows) if such results are expected", System.nanoTime() - started);
      }
      Object[] row = new Object[width];
      for (int i = 0; i < width; i++) {
        Object value = rs.getObject(i + 1);
        row[i] = value instanceof Integer v ? Long.valueOf(v) : value;
      }
      rows.add(Arrays.asList(row));
    }
    return QueryOutcome.success(new QueryResult(columns, rows), System.nanoTime() - started);
  }

  private HikariDataSource pool(Path database) {
    if (closed) {
      throw new IllegalStateException("executor is closed");
    }
    Path key = database.toAbsolutePath().normalize();
    return pools.computeIfAbsent(key, this::openPool);
  }

  private HikariDataSource openPool(Path database) {
    if (!Files.isRegularFile(database)) {
      throw new IllegalArgumentException("no such file");
    }
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    config.setOpenMode(SQLiteOpenMode.READONLY);
    config.enableLoadExtension(false);
    HardenedDataSource source = new HardenedDataSource(config);
    source.setUrl("jdbc:sqlite:" + database);
    HikariConfig hikari = new HikariConfig();
    hikari.setDataSource(source);
    hikari.setPoolName("llmsql-" + database.getFileName());
    // Hikari resets the read-only flag on each checkout; it must agree with the SQLite open mode.
    hikari.setReadOnly(true);
    hikari.setMaximumPoolSize(limits.concurrency());
    hikari.setMinimumIdle(0);
    hikari.setConnectionTimeout(TimeUnit.MINUTES.toMillis(5));
    hikari.setIdleTimeout(TimeUnit.MINUTES.toMillis(10));
    LOG.debug("Opening read-only pool of {} connection(s) on {}", limits.concurrency(), database);
    return new HikariDataSource(hikari);
  }

  @Override
  public void close() {
    closed = true;
    pools.values().forEach(HikariDataSource::close);
    pools.clear();
  }

  @Override
  public String toString() {
    return "SqliteQueryExecutor" + limits;
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

  private static String describe(java.time.Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /**
   * Every connection it hands out is hardened: no attached databases, writes refused even where the
   * read-only open would allow them (temp tables), untrusted schema code off, values bounded.
   */
  private static final class HardenedDataSource extends SQLiteDataSource {
    private static final long serialVersionUID = 1L;

    HardenedDataSource(SQLiteConfig config) {
      super(config);
    }

    @Override
    public SQLiteConnection getConnection(String user, String password) throws SQLException {
      SQLiteConnection connection = super.getConnection(user, password);
      try {
        connection.getDatabase().limit(SQLiteLimits.SQLITE_LIMIT_ATTACHED.getId(), 0);
        connection.getDatabase().limit(SQLiteLimits.SQLITE_LIMIT_LENGTH.getId(), MAX_VALUE_BYTES);
        try (Statement s = connection.createStatement()) {
          s.execute("PRAGMA query_only = 1");
          s.execute("PRAGMA trusted_schema = 0");
        }
      } catch (SQLException e) {
        connection.close();
        throw e;
      }
      return connection;
    }
  }
}
