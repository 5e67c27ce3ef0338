package dev.llmsql.jdbc;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.Fingerprints;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.guard.StatementGuard;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.duckdb.DuckDBConnection;

/**
 * The DuckDB engine: {@code .duckdb}/{@code .ddb} files and {@code jdbc:duckdb:FILE} URLs. The database is opened
 * read-only with external access off (no file, HTTP or extension access: {@code read_csv}, {@code COPY},
 * {@code ATTACH}, {@code INSTALL} all fail), extension auto-install and auto-load off, a memory limit set, one thread
 * per statement (so row order, and with it a verdict, is the same in every run), and the configuration locked so
 * no statement can change it; statements are cancelled at the timeout.
 *
 * <pre>{@code
 * Database spider = Database.jdbc("jdbc:duckdb:/data/spider/{db_id}.duckdb");
 * Evaluator.builder().questionsPath(Path.of("dev.jsonl")).database(spider).build();
 * }</pre>
 */
public final class DuckDbEngine implements QueryEngine {

  static final String NAME = "duckdb";
  private static final String URL_PREFIX = "jdbc:duckdb:";
  /** DuckDB's memory bound per database: a hostile statement fails with "out of memory" before the JVM does. */
  static final String MEMORY_LIMIT = "1GB";

  /** The engine; {@link java.util.ServiceLoader} makes one, and so may a caller. */
  public DuckDbEngine() {
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String missing(ClassLoader loader) {
    try {
      Class.forName("org.duckdb.DuckDBDriver", false, loader);
      return null;
    } catch (ClassNotFoundException e) {
      return "DuckDB JDBC driver";
    }
  }

  @Override
  public boolean accepts(Database database) {
    if (database instanceof Database.File f) {
      String name = String.valueOf(f.path().getFileName()).toLowerCase(Locale.ROOT);
      return name.endsWith(".duckdb") || name.endsWith(".ddb");
    }
    return database instanceof Database.Jdbc j && file(j) != null
        || database instanceof Database.Pooled p && p.engine().equalsIgnoreCase(NAME);
  }

  @Override
  public QueryExecutor open(Database database, ExecutionLimits limits) {
    requireNonNull(database, "database");
    requireNonNull(limits, "limits");
    Path file = database instanceof Database.File f ? f.path()
        : database instanceof Database.Jdbc j ? file(j) : null;
    if (file == null) {
      throw new IllegalArgumentException("the duckdb engine runs DuckDB files and jdbc:duckdb:FILE URLs, not "
          + database.describe() + " (a caller's DataSource cannot be locked down as a file can)");
    }
    String problem = problem(file);
    if (problem != null) {
      throw new DatabaseUnavailableException(problem, !Files.exists(file));
    }
    DuckDBConnection root;
    try {
      root = (DuckDBConnection) DriverManager.getConnection(URL_PREFIX + file.toAbsolutePath(),
          settings(limits));
    } catch (SQLException e) {
      throw new DatabaseUnavailableException("cannot open " + file + " as a DuckDB database: "
          + JdbcQueryExecutor.message(e) + "; pass a DuckDB file no other process writes to", false, e);
    }
    Connections connections = new Connections(root, limits.concurrency());
    // DuckDB's parser grew from PostgreSQL's and lexes as it does: dollar quotes, E'...' strings, nested comments
    return new JdbcQueryExecutor(NAME, StatementGuard.Quoting.POSTGRESQL, database, connections, limits,
        () -> Fingerprints.ofFile(file));
  }

  /** The configuration every DuckDB database is opened with; locked, so statements cannot change it. */
  static Properties settings(ExecutionLimits limits) {
    Properties p = new Properties();
    p.setProperty("duckdb.read_only", "true");
    p.setProperty("access_mode", "READ_ONLY");
    p.setProperty("enable_external_access", "false");
    p.setProperty("autoinstall_known_extensions", "false");
    p.setProperty("autoload_known_extensions", "false");
    p.setProperty("allow_community_extensions", "false");
    p.setProperty("allow_unsigned_extensions", "false");
    p.setProperty("memory_limit", MEMORY_LIMIT);
    // no spilling: DuckDB's default spill folder is beside the benchmark (<file>.tmp), where a statement over the
    // memory limit wrote gigabytes, left behind when the process was killed; over the limit is a size verdict
    p.setProperty("temp_directory", "");
    // one thread per statement: DuckDB's parallel plans return ties and unordered rows in a different order from
    // run to run, and a verdict must not depend on the run; statements still run side by side on their connections
    p.setProperty("threads", "1");
    p.setProperty("lock_configuration", "true");
    return p;
  }

  /** Why {@code file} is no usable DuckDB database, naming the fix, or null. */
  static String problem(Path file) {
    if (!Files.exists(file)) {
      return "database not found: " + file + "; check the path";
    }
    if (!Files.isRegularFile(file)) {
      return file + " is not a file; pass a DuckDB database file";
    }
    byte[] header = new byte[12];
    try (InputStream in = Files.newInputStream(file)) {
      if (in.readNBytes(header, 0, header.length) < header.length
          || !new String(header, 8, 4, StandardCharsets.US_ASCII).equals("DUCK")) {
        return file + " is not a DuckDB database (no DUCK magic at byte 8); pass a .duckdb file, or import the "
            + "benchmark with `llmsql dataset import --engine duckdb`";
      }
    } catch (IOException e) {
      return "cannot read " + file + ": " + e.getMessage();
    }
    return null;
  }

  /** The file a {@code jdbc:duckdb:} URL names, or null for in-memory databases and URLs with parameters. */
  private static Path file(Database.Jdbc url) {
    if (!url.url().startsWith(URL_PREFIX)) {
      return null;
    }
    String rest = url.url().substring(URL_PREFIX.length());
    if (rest.isEmpty() || rest.startsWith(":memory:") || rest.contains("?") || rest.startsWith("md:")) {
      return null;
    }
    return Path.of(rest);
  }

  @Override
  public String toString() {
    return "DuckDbEngine";
  }

  /**
   * Connections to one opened database: the first, and duplicates of it (DuckDB's way to share one database
   * between threads), handed out one statement at a time.
   */
  private static final class Connections implements ConnectionSource {
    private final DuckDBConnection root;
    private final BlockingQueue<Connection> idle;
    private final List<Connection> all = new ArrayList<>();
    private final int size;
    private volatile boolean closed;

    Connections(DuckDBConnection root, int size) {
      this.root = root;
      this.size = size;
      this.idle = new ArrayBlockingQueue<>(size);
    }

    @Override
    public Connection borrow() throws SQLException {
      if (closed) {
        throw new SQLException("the executor is closed");
      }
      Connection c = idle.poll();
      if (c != null) {
        return c;
      }
      synchronized (this) {
        if (all.size() < size) {
          Connection fresh = root.duplicate();
          all.add(fresh);
          return fresh;
        }
      }
      try {
        c = idle.poll(5, TimeUnit.MINUTES);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new SQLException("interrupted while waiting for a connection", e);
      }
      if (c == null) {
        throw new SQLException("no connection within 5 minutes");
      }
      return c;
    }

    @Override
    public void release(Connection connection) {
      if (closed || !idle.offer(connection)) {
        discard(connection);
      }
    }

    @Override
    public OneStatement oneStatement(Connection connection, String sql) throws SQLException {
      String refusal = secondStatement(connection, sql);
      return refusal == null ? OneStatement.runs(sql) : OneStatement.refused(refusal);
    }

    private static String secondStatement(Connection connection, String sql) throws SQLException {
      // DuckDB's own parser, through its json_serialize_sql: the statements it would run, or "not implemented"
      // when one of them is no query; a syntax error runs nothing, and the statement itself then reports it
      try (PreparedStatement parse = connection.prepareStatement("SELECT s->>'error', s->>'error_type', "
          + "json_array_length(s->'statements') FROM (SELECT json_serialize_sql(?::VARCHAR) AS s)")) {
        parse.setString(1, sql);
        try (ResultSet rs = parse.executeQuery()) {
          rs.next();
          if ("true".equals(rs.getString(1))) {
            // "not implemented": a statement that is no query, or a query the serializer does not know (a PIVOT
            // without an IN list); only a text with a ';' before its end can hold a second statement
            return "parser".equals(rs.getString(2)) || !semicolonBeforeTheEnd(sql) ? null
                : StatementGuard.refusalOfEngine("DuckDB", 0);
          }
          long statements = rs.getLong(3);
          return statements <= 1 ? null : StatementGuard.refusalOfEngine("DuckDB", statements);
        }
      }
    }

    /** Whether {@code sql} holds a ';' anywhere but in the blanks and ';'s that end it. */
    private static boolean semicolonBeforeTheEnd(String sql) {
      int end = sql.length();
      while (end > 0 && (Character.isWhitespace(sql.charAt(end - 1)) || sql.charAt(end - 1) == ';')) {
        end--;
      }
      return sql.lastIndexOf(';', end - 1) >= 0;
    }

    @Override
    public void discard(Connection connection) {
      synchronized (this) {
        all.remove(connection);
      }
      try {
        connection.close();
      } catch (SQLException e) {
        // gone either way
      }
    }

    @Override
    public void close() {
      closed = true;
      List<Connection> open;
      synchronized (this) {
        open = new ArrayList<>(all);
        all.clear();
      }
      for (Connection c : open) {
        try {
          c.close();
        } catch (SQLException e) {
          // closing
        }
      }
      try {
        root.close();
      } catch (SQLException e) {
        // closing
      }
    }
  }
}
