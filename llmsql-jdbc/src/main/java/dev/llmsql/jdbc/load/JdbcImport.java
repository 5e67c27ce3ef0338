package dev.llmsql.jdbc.load;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.Database;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Loads a benchmark's SQLite database (LLMSQL's, a Spider database, or one {@code llmsql dataset import} made
 * from CSV files) into DuckDB or PostgreSQL, table by table, names kept exactly. Column types follow the values:
 * a column whose values are all whole numbers becomes {@code BIGINT}, all numbers {@code DOUBLE}, all blobs
 * binary, anything else text (SQLite stores any value in any column; the other engines do not).
 *
 * <p>For PostgreSQL the import runs as an administrator and leaves a database that a reader role can only read:
 * it creates the database, the role (login, no other right) when missing, revokes {@code CREATE} on the schema
 * and everything on the database from {@code PUBLIC}, and grants the role {@code CONNECT}, {@code USAGE} and
 * {@code SELECT}. The returned {@link Database} connects as that role.
 *
 * <pre>{@code
 * String readerPassword = System.getenv("LLMSQL_READER_PASSWORD");
 * Database duck = JdbcImport.toDuckDb(Path.of("concert_singer.sqlite"), Path.of("concert_singer.duckdb"));
 * Database pg = JdbcImport.toPostgres(Path.of("concert_singer.sqlite"),
 *     "jdbc:postgresql://localhost:5432/postgres", Map.of("user", "postgres"), "concert_singer",
 *     "llmsql_reader", readerPassword);
 * }</pre>
 */
public final class JdbcImport {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
  private static final int BATCH = 1_000;

  private JdbcImport() {
  }

  /**
   * How table and column names reach PostgreSQL, which folds unquoted names to lower case where SQLite and
   * DuckDB match them in any case.
   */
  public enum Names {
    /** As in SQLite, case kept: right for benchmarks whose SQL quotes names ({@code "Department"}, LLMSQL). */
    EXACT,
    /**
     * Lower-cased: right for benchmarks whose SQL writes names bare in any case ({@code T1.ContId}, Spider), which
     * PostgreSQL reads as lower case. Quoted mixed-case references then no longer resolve.
     */
    LOWER_CASE
  }

  /**
   * Copies every table of {@code sqlite} into a new DuckDB file {@code target}.
   *
   * @return the DuckDB database, ready for {@code Evaluator.builder().database(...)}
   * @throws IllegalArgumentException when {@code target} exists (nothing is overwritten)
   */
  public static Database toDuckDb(Path sqlite, Path target) throws SQLException {
    requireNonNull(sqlite, "sqlite");
    requireNonNull(target, "target");
    if (Files.exists(target)) {
      throw new IllegalArgumentException(target + " exists; choose a new file (nothing is overwritten)");
    }
    try (Connection from = openSqlite(sqlite)) {
      try (Statement s = from.createStatement(); ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
        rs.next();   // a file that is no SQLite database fails here, before the target exists
      }
      boolean copied = false;
      try (Connection to = DriverManager.getConnection("jdbc:duckdb:" + target.toAbsolutePath())) {
        copy(from, to, "DOUBLE", "BLOB", false);
        copied = true;
      } finally {
        if (!copied) {
          // a half-written target blocked the next try ("exists; choose a new file")
          deleteQuietly(target);
          deleteQuietly(Path.of(target + ".wal"));
        }
      }
    }
    return Database.file(target);
  }

  /**
   * Copies every table of {@code sqlite} into a new PostgreSQL database {@code database}, readable by
   * {@code readerRole} only.
   *
   * @param adminUrl a URL to any database of the server, for a role that may create databases and roles
   * @param adminProperties driver properties for it ({@code user}, {@code password})
   * @param database the new database's name (letters, digits, underscore)
   * @param readerRole the role evaluations connect as; created with {@code readerPassword} when missing
   * @return the new database, connecting as the reader role
   */
  public static Database toPostgres(Path sqlite, String adminUrl, Map<String, String> adminProperties,
                                    String database, String readerRole, String readerPassword) throws SQLException {
    return toPostgres(sqlite, adminUrl, adminProperties, database, readerRole, readerPassword, Names.EXACT);
  }

  /**
   * {@link #toPostgres(Path, String, Map, String, String, String)} with the names as {@code names} says.
   */
  public static Database toPostgres(Path sqlite, String adminUrl, Map<String, String> adminProperties,
                                    String database, String readerRole, String readerPassword, Names names)
      throws SQLException {
    requireNonNull(sqlite, "sqlite");
    requireNonNull(names, "names");
    requireNonNull(adminUrl, "adminUrl");
    requireNonNull(readerPassword, "readerPassword");
    for (String name : new String[] {database, readerRole}) {
      if (name == null || !PLAIN.matcher(name).matches()) {
        throw new IllegalArgumentException("\"" + name + "\" is not a plain PostgreSQL name (a letter or _ "
            + "first, then letters, digits or _, at most 63)");
      }
    }
    Properties admin = properties(adminProperties);
    try (Connection c = DriverManager.getConnection(adminUrl, admin); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_roles WHERE rolname = '" + readerRole + "'")) {
        if (!rs.next()) {
          s.execute("CREATE ROLE " + readerRole + " LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT "
              + "PASSWORD '" + readerPassword.replace("'", "''") + "'");
        }
      }
      s.execute("CREATE DATABASE " + database);
      s.execute("REVOKE ALL ON DATABASE " + database + " FROM PUBLIC");
      s.execute("GRANT CONNECT ON DATABASE " + database + " TO " + readerRole);
    }
    String url = withDatabase(adminUrl, database);
    try (Connection from = openSqlite(sqlite); Connection to = DriverManager.getConnection(url, admin)) {
      try (Statement s = to.createStatement()) {
        s.execute("REVOKE ALL ON SCHEMA public FROM PUBLIC");
        s.execute("GRANT USAGE ON SCHEMA public TO " + readerRole);
        revokeSessionFunctions(s);
      }
      copy(from, to, "DOUBLE PRECISION", "BYTEA", names == Names.LOWER_CASE);
      try (Statement s = to.createStatement()) {
        s.execute("GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + readerRole);
      }
    }
    return Database.jdbc(url, Map.of("user", readerRole, "password", readerPassword));
  }

  /**
   * Behind the statement guard ({@code StatementGuard.refusalOfPostgresCalls}): takes from PUBLIC, in the new
   * database only (function privileges are per database), the built-in functions every role may call whose effect
   * a read-only transaction and its rollback do not contain: ending or cancelling the role's other sessions'
   * statements, advisory locks, the random seed ({@code setseed}, {@code set_config}), writes to the write-ahead
   * log, and the functions that run SQL given as text ({@code query_to_xml}, {@code ts_stat}, ...), whose calls
   * the guard cannot read. Nothing is granted back, so the
   * reader role cannot call them there. {@code pg_advisory_unlock_all}, which the engine calls after each
   * statement, stays. The functions belong to the bootstrap superuser, so only a superuser may revoke them: for
   * any other admin PostgreSQL warns ("no privileges could be revoked") and the guard alone keeps them out.
   */
  private static void revokeSessionFunctions(Statement s) throws SQLException {
    List<String> functions = new ArrayList<>();
    try (ResultSet rs = s.executeQuery("SELECT p.oid::regprocedure FROM pg_proc p "
        + "WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname IN ('pg_terminate_backend', "
        + "'pg_cancel_backend', 'pg_advisory_lock', 'pg_advisory_lock_shared', 'pg_advisory_xact_lock', "
        + "'pg_advisory_xact_lock_shared', 'pg_try_advisory_lock', 'pg_try_advisory_lock_shared', "
        + "'pg_try_advisory_xact_lock', 'pg_try_advisory_xact_lock_shared', 'setseed', 'set_config', "
        + "'pg_logical_emit_message', 'query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema', "
        + "'cursor_to_xml', 'cursor_to_xmlschema', 'ts_stat', 'ts_rewrite') "
        + "ORDER BY 1")) {
      while (rs.next()) {
        functions.add(rs.getString(1));
      }
    }
    for (String function : functions) {
      s.execute("REVOKE EXECUTE ON FUNCTION " + function + " FROM PUBLIC");
    }
  }

  /** {@code adminUrl} with its database replaced by {@code database}. */
  static String withDatabase(String adminUrl, String database) {
    int query = adminUrl.indexOf('?');
    String base = query < 0 ? adminUrl : adminUrl.substring(0, query);
    String params = query < 0 ? "" : adminUrl.substring(query);
    int slash = base.lastIndexOf('/');
    if (slash < "jdbc:postgresql://".length()) {
      return base + "/" + database + params;
    }
    return base.substring(0, slash + 1) + database + params;
  }

  private static Connection openSqlite(Path sqlite) throws SQLException {
    if (!Files.isRegularFile(sqlite)) {
      throw new SQLException("SQLite database not found: " + sqlite);
    }
    Properties p = new Properties();
    p.setProperty("open_mode", "1");   // SQLITE_OPEN_READONLY
    // percent-encoded, as a file: URI needs: "%41" or "?" in a folder's name was read as an escape or a query
    return DriverManager.getConnection("jdbc:sqlite:file:" + sqlite.toAbsolutePath().toUri().getRawPath()
        + "?immutable=1", p);
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (java.io.IOException e) {
      // the import's own failure is what the caller needs to hear about
    }
  }

  private static Properties properties(Map<String, String> map) {
    Properties p = new Properties();
    if (map != null) {
      p.putAll(map);
    }
    return p;
  }

  private static void copy(Connection from, Connection to, String realType, String blobType, boolean lower)
      throws SQLException {
    List<String> tables = new ArrayList<>();
    try (ResultSet rs = from.createStatement().executeQuery(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
            + "ORDER BY name")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    boolean autoCommit = to.getAutoCommit();
    to.setAutoCommit(false);
    try {
      for (String table : tables) {
        copyTable(from, to, table, realType, blobType, lower);
      }
      to.commit();
    } catch (SQLException | RuntimeException e) {
      to.rollback();
      throw e;
    } finally {
      to.setAutoCommit(autoCommit);
    }
  }

  private static void copyTable(Connection from, Connection to, String table, String realType, String blobType,
                                boolean lower) throws SQLException {
    Map<String, Integer> kinds = new LinkedHashMap<>();
    List<String> columns = new ArrayList<>();
    try (ResultSet rs = from.createStatement().executeQuery("PRAGMA table_info(" + quote(table) + ")")) {
      while (rs.next()) {
        columns.add(rs.getString("name"));
      }
    }
    // What the values are decides the type: 0 none, 1 whole, 2 number, 3 blob, 4 text
    for (String column : columns) {
      kinds.put(column, 0);
    }
    try (ResultSet rs = from.createStatement().executeQuery("SELECT * FROM " + quote(table))) {
      while (rs.next()) {
        for (int i = 0; i < columns.size(); i++) {
          Object v = rs.getObject(i + 1);
          int kind = v == null ? 0 : v instanceof Integer || v instanceof Long ? 1
              : v instanceof Number ? 2 : v instanceof byte[] ? 3 : 4;
          int known = kinds.get(columns.get(i));
          kinds.put(columns.get(i), known == 0 ? kind : kind == 0 || kind == known ? known
              : (known <= 2 && kind <= 2) ? 2 : 4);
        }
      }
    }
    String target = lower ? table.toLowerCase(java.util.Locale.ROOT) : table;
    StringBuilder create = new StringBuilder("CREATE TABLE ").append(quote(target)).append(" (");
    StringBuilder insert = new StringBuilder("INSERT INTO ").append(quote(target)).append(" VALUES (");
    for (int i = 0; i < columns.size(); i++) {
      String type = switch (kinds.get(columns.get(i))) {
        case 1 -> "BIGINT";
        case 2 -> realType;
        case 3 -> blobType;
        default -> "TEXT";
      };
      String column = lower ? columns.get(i).toLowerCase(java.util.Locale.ROOT) : columns.get(i);
      create.append(i == 0 ? "" : ", ").append(quote(column)).append(' ').append(type);
      insert.append(i == 0 ? "?" : ", ?");
    }
    try (Statement s = to.createStatement()) {
      s.execute(create.append(')').toString());
    }
    try (ResultSet rs = from.createStatement().executeQuery("SELECT * FROM " + quote(table));
         PreparedStatement ps = to.prepareStatement(insert.append(')').toString())) {
      int pending = 0;
      while (rs.next()) {
        for (int i = 0; i < columns.size(); i++) {
          Object v = rs.getObject(i + 1);
          int kind = kinds.get(columns.get(i));
          if (v == null) {
            ps.setNull(i + 1, kind == 1 ? Types.BIGINT : kind == 2 ? Types.DOUBLE : kind == 3 ? Types.BINARY
                : Types.VARCHAR);
          } else if (kind == 1) {
            ps.setLong(i + 1, ((Number) v).longValue());
          } else if (kind == 2) {
            ps.setDouble(i + 1, ((Number) v).doubleValue());
          } else if (kind == 3) {
            ps.setBytes(i + 1, (byte[]) v);
          } else {
            ps.setString(i + 1, v instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8)
                : String.valueOf(v));
          }
        }
        ps.addBatch();
        if (++pending == BATCH) {
          ps.executeBatch();
          pending = 0;
        }
      }
      if (pending > 0) {
        ps.executeBatch();
      }
    }
  }

  static String quote(String identifier) {
    return "\"" + identifier.replace("\"", "\"\"") + "\"";
  }
}
