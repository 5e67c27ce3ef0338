package dev.llmsql.jdbc;

import static java.util.Objects.requireNonNull;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.guard.StatementGuard;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.sql.DataSource;

/**
 * The PostgreSQL engine: {@code jdbc:postgresql:} URLs and {@code DataSource}s named {@code "postgresql"}. Every
 * connection runs read-only transactions ({@code BEGIN READ ONLY}, {@code default_transaction_read_only}) with
 * {@code statement_timeout} set from the limits and a result buffer bound, and the executor refuses to open at all
 * when the role it connects as could write or reach the server's files (a superuser, a member of
 * {@code pg_read_server_files}/{@code pg_write_server_files}/{@code pg_execute_server_program}, or a role that may
 * create objects or change any table): connect as a reader role, such as the one
 * {@link dev.llmsql.jdbc.load.JdbcImport} creates.
 *
 * <pre>{@code
 * Database spider = Database.jdbc("jdbc:postgresql://localhost:5432/{db_id}",
 *     Map.of("user", "llmsql_reader", "password", System.getenv("PGPASSWORD")));
 * Evaluator.builder().questionsPath(Path.of("dev.jsonl")).database(spider).build();
 * }</pre>
 */
public final class PostgresEngine implements QueryEngine {

  static final String NAME = "postgresql";

  /** The engine; {@link java.util.ServiceLoader} makes one, and so may a caller. */
  public PostgresEngine() {
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String missing(ClassLoader loader) {
    try {
      Class.forName("org.postgresql.Driver", false, loader);
      return null;
    } catch (ClassNotFoundException e) {
      return "PostgreSQL JDBC driver";
    }
  }

  @Override
  public boolean accepts(Database database) {
    return database instanceof Database.Jdbc j && j.url().startsWith("jdbc:postgresql:")
        || database instanceof Database.Pooled p && p.engine().equalsIgnoreCase(NAME);
  }

  @Override
  public QueryExecutor open(Database database, ExecutionLimits limits) {
    requireNonNull(database, "database");
    requireNonNull(limits, "limits");
    if (!accepts(database)) {
      throw new IllegalArgumentException("the postgresql engine runs jdbc:postgresql: URLs, not "
          + database.describe());
    }
    HikariDataSource pool;
    try {
      pool = pool(database, limits);
    } catch (RuntimeException e) {
      SQLException cause = sqlCause(e);
      if (cause == null) {
        throw e;
      }
      throw new DatabaseUnavailableException("cannot open " + database.describe() + ": "
          + JdbcQueryExecutor.message(cause), "3D000".equals(cause.getSQLState()), e);
    }
    try {
      try (Connection c = pool.getConnection()) {
        org.postgresql.jdbc.PreferQueryMode mode = c.unwrap(org.postgresql.jdbc.PgConnection.class)
            .getPreferQueryMode();
        if (mode == org.postgresql.jdbc.PreferQueryMode.SIMPLE
            || mode == org.postgresql.jdbc.PreferQueryMode.EXTENDED_FOR_PREPARED) {
          // in these modes a statement's text goes to the server in one message and the server splits it, where
          // the statement count of oneStatement is the driver's own splitting: a text the two read
          // differently (an identifier ending in $$ before a dollar quote) ran a hidden second statement
          throw new DatabaseUnavailableException(database.describe() + ": preferQueryMode=" + mode.value()
              + " sends each statement as text for the server to split; remove it from the URL or properties "
              + "(the default, extended, is what llmsql runs with)", false);
        }
        String problem = writeAccess(c);
        c.rollback();
        if (problem != null) {
          throw new DatabaseUnavailableException(database.describe() + ": the role " + problem
              + "; connect as a role that may only read (SELECT on the tables, nothing else), e.g. the reader "
              + "role `llmsql dataset import --engine postgresql` creates", false);
        }
      }
    } catch (SQLException e) {
      pool.close();
      String state = String.valueOf(e.getSQLState());
      boolean missing = state.equals("3D000");   // invalid_catalog_name: no such database
      throw new DatabaseUnavailableException(JdbcQueryExecutor.message(e), missing, e);
    } catch (RuntimeException e) {
      pool.close();
      throw e;
    }
    return new JdbcQueryExecutor(NAME, StatementGuard.Quoting.POSTGRESQL, database, new Pool(pool), limits,
        () -> fingerprint(pool));
  }

  private static HikariDataSource pool(Database database, ExecutionLimits limits) {
    HikariConfig config = new HikariConfig();
    if (database instanceof Database.Jdbc j) {
      config.setJdbcUrl(j.url());
      config.setDataSourceProperties(j.driverProperties());
    } else {
      DataSource given = ((Database.Pooled) database).dataSource();
      config.setDataSource(given);
    }
    config.addDataSourceProperty("maxResultBuffer", String.valueOf(limits.maxResultBytes()));
    config.addDataSourceProperty("ApplicationName", "llmsql");
    config.setPoolName("llmsql-postgresql");
    config.setMaximumPoolSize(limits.concurrency());
    config.setMinimumIdle(0);
    config.setAutoCommit(false);
    config.setReadOnly(true);
    // the first connection is made at once, so a wrong URL, password or database fails open(), not a statement
    config.setInitializationFailTimeout(1);
    config.setConnectionTimeout(30_000);
    long timeout = limits.queryTimeout().toMillis();
    // Set per connection: the session is read-only by default too, the server stops a statement at the
    // timeout, and an idle transaction (a caller gone) does not hold locks.
    config.setConnectionInitSql("SET default_transaction_read_only = on; SET statement_timeout = " + timeout
        + "; SET lock_timeout = " + timeout + "; SET idle_in_transaction_session_timeout = " + (timeout * 2 + 1000));
    return new HikariDataSource(config);
  }

  private static SQLException sqlCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException sql) {
        return sql;
      }
    }
    return null;
  }

  /** Why the connected role could write or reach files, or null when it can only read. */
  static String writeAccess(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("""
        SELECT r.rolsuper, r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls,
               pg_has_role(current_user, 'pg_read_server_files', 'MEMBER')
                 OR pg_has_role(current_user, 'pg_write_server_files', 'MEMBER')
                 OR pg_has_role(current_user, 'pg_execute_server_program', 'MEMBER'),
               has_database_privilege(current_database(), 'CREATE'),
               (SELECT string_agg(n.nspname, ', ') FROM pg_namespace n
                 WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema'
                   AND has_schema_privilege(n.oid, 'CREATE')),
               (SELECT string_agg(c.relname, ', ') FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE c.relkind IN ('r', 'p', 'v', 'm') AND n.nspname NOT LIKE 'pg\\_%'
                   AND n.nspname <> 'information_schema'
                   AND (has_table_privilege(c.oid, 'INSERT') OR has_table_privilege(c.oid, 'UPDATE')
                     OR has_table_privilege(c.oid, 'DELETE') OR has_table_privilege(c.oid, 'TRUNCATE')))
        FROM pg_roles r WHERE r.rolname = current_user""")) {
      if (!rs.next()) {
        return "is not found in pg_roles";
      }
      List<String> problems = new ArrayList<>();
      if (rs.getBoolean(1)) {
        problems.add("is a superuser");
      }
      if (rs.getBoolean(2)) {
        problems.add("may create roles or databases, replicate or bypass row security");
      }
      if (rs.getBoolean(3)) {
        problems.add("may read or write the server's files or run programs");
      }
      if (rs.getBoolean(4)) {
        problems.add("may create schemas in the database");
      }
      if (rs.getString(5) != null) {
        problems.add("may create objects in schema " + rs.getString(5));
      }
      if (rs.getString(6) != null) {
        String tables = rs.getString(6);
        problems.add("may change table " + (tables.length() > 80 ? tables.substring(0, 80) + "..." : tables));
      }
      return problems.isEmpty() ? null : String.join(", ", problems);
    }
  }

  /**
   * A digest of the server's major version, the database's name and every user table's columns and contents
   * (sorted rows as text), so the gold cache keeps results only while the data is the same. Reads every table
   * once: seconds for Spider-sized databases, more for big ones (a one-time cost per evaluation).
   */
  static String fingerprint(HikariDataSource pool) {
    try (Connection c = pool.getConnection(); Statement s = c.createStatement()) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      List<String[]> tables = new ArrayList<>();
      try (ResultSet rs = s.executeQuery("SELECT current_setting('server_version_num')::int / 10000, "
          + "current_database()")) {
        rs.next();
        update(digest, "postgresql " + rs.getInt(1) + " " + rs.getString(2));
      }
      try (ResultSet rs = s.executeQuery("SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n "
          + "ON n.oid = c.relnamespace WHERE c.relkind IN ('r', 'p', 'v', 'm') AND n.nspname NOT LIKE 'pg\\_%' "
          + "AND n.nspname <> 'information_schema' ORDER BY 1, 2")) {
        while (rs.next()) {
          tables.add(new String[] {rs.getString(1), rs.getString(2)});
        }
      }
      for (String[] t : tables) {
        String name = quote(t[0]) + "." + quote(t[1]);
        try (ResultSet rs = s.executeQuery("SELECT string_agg(format('%s %s', a.attname, "
            + "format_type(a.atttypid, a.atttypmod)), ', ' ORDER BY a.attnum) FROM pg_attribute a "
            + "WHERE a.attrelid = '" + name.replace("'", "''") + "'::regclass AND a.attnum > 0 "
            + "AND NOT a.attisdropped")) {
          rs.next();
          update(digest, name + " (" + rs.getString(1) + ")");
        }
        try (ResultSet rs = s.executeQuery("SELECT count(*), md5(coalesce(string_agg(r::text, E'\\n' "
            + "ORDER BY r::text), '')) FROM " + name + " r")) {
          rs.next();
          update(digest, rs.getLong(1) + " " + rs.getString(2));
        }
      }
      c.rollback();
      return "postgresql-" + HexFormat.of().formatHex(digest.digest());
    } catch (SQLException e) {
      throw new IllegalStateException("cannot fingerprint the database: " + JdbcQueryExecutor.message(e), e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static void update(MessageDigest digest, String text) {
    digest.update(text.getBytes(StandardCharsets.UTF_8));
    digest.update((byte) 0);
  }

  static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }

  /**
   * {@code sql} as pgjdbc runs it with escape processing off, on a server whose {@code standard_conforming_strings}
   * is {@code standardStrings}: pgjdbc splits a text into statements with this parser and sends each piece in its
   * own Parse message (the server refuses a Parse holding two), so its pieces are what runs.
   */
  static ConnectionSource.OneStatement oneStatement(String sql, boolean standardStrings) throws SQLException {
    List<org.postgresql.core.NativeQuery> pieces = split(sql, standardStrings);
    // a piece of nothing but space and comments (SELECT 1; -- done) is an empty query to the server, which
    // runs nothing; every other piece counts, whatever comments come before its statement
    List<org.postgresql.core.NativeQuery> statements = pieces.stream()
        .filter(piece -> !StatementGuard.isPostgresBlank(piece.nativeSql))
        .toList();
    if (statements.size() > 1) {
      return ConnectionSource.OneStatement.refused(StatementGuard.refusalOfEngine("PostgreSQL", statements.size()));
    }
    // no statement at all (the guard refuses such a text first) fails in the driver as it did
    if (statements.size() == pieces.size() || statements.isEmpty()) {
      return ConnectionSource.OneStatement.runs(sql);
    }
    // pgjdbc's executeQuery fails on the empty query's result ("Multiple ResultSets were returned"), so the
    // statement's piece goes alone: the very text pgjdbc would have sent for it, as long as pgjdbc reads that text
    // back as itself (it makes ?? a ?, so a ???? it sent as ?? would go as ?; refused as before)
    String statement = statements.get(0).nativeSql;
    List<org.postgresql.core.NativeQuery> alone = split(statement, standardStrings);
    return alone.size() == 1 && alone.get(0).nativeSql.equals(statement)
        ? ConnectionSource.OneStatement.runs(statement)
        : ConnectionSource.OneStatement.refused(StatementGuard.refusalOfEngine("PostgreSQL", pieces.size()));
  }

  private static List<org.postgresql.core.NativeQuery> split(String sql, boolean standardStrings)
      throws SQLException {
    return org.postgresql.core.Parser.parseJdbcSql(sql, standardStrings, false, true, false, false);
  }

  @Override
  public String toString() {
    return "PostgresEngine";
  }

  /** Connections from the executor's own pool. */
  record Pool(HikariDataSource pool) implements ConnectionSource {
    @Override
    public Connection borrow() throws SQLException {
      return pool.getConnection();
    }

    /**
     * Releases the session's advisory locks before the connection goes back: the rollback before this ends
     * transaction locks only, and a session lock would stay with the pooled connection, holding up every session
     * that asks for it. Behind the statement guard, which refuses the lock functions, and the import, which
     * revokes them: for a database imported otherwise, or a way to call them that no reading sees. One round
     * trip (0.03 to 0.14 ms more per statement on a local server): with no transaction open after the rollback,
     * auto-commit on and off again sends nothing, and the unlock runs without a BEGIN or a rollback of its own.
     */
    @Override
    public void release(Connection connection) {
      try {
        connection.setAutoCommit(true);
        try (Statement s = connection.createStatement()) {
          s.execute("SELECT pg_advisory_unlock_all()");
        }
        connection.setAutoCommit(false);
      } catch (SQLException e) {
        // a lock that may be left is not sent back to the pool
        discard(connection);
        return;
      }
      close(connection);
    }

    @Override
    public void discard(Connection connection) {
      try {
        pool.evictConnection(connection);
      } catch (RuntimeException e) {
        close(connection);
      }
    }

    private static void close(Connection connection) {
      try {
        connection.close();
      } catch (SQLException e) {
        // returned to the pool either way
      }
    }

    @Override
    public OneStatement oneStatement(Connection connection, String sql) throws SQLException {
      // what a read-only transaction and its rollback do not contain: ending other sessions' statements, locks
      // and a random seed that outlive the statement (StatementGuard.refusalOfPostgresCalls says which)
      String call = StatementGuard.refusalOfPostgresCalls(sql);
      if (call != null) {
        return OneStatement.refused(call);
      }
      boolean standardStrings = connection.unwrap(org.postgresql.core.BaseConnection.class)
          .getStandardConformingStrings();
      return PostgresEngine.oneStatement(sql, standardStrings);
    }

    @Override
    public void close() {
      pool.close();
    }
  }
}
