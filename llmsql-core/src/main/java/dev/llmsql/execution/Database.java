package dev.llmsql.execution;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Map;
import java.util.regex.Pattern;
import javax.sql.DataSource;

/**
 * Where one benchmark database lives, as a {@link QueryEngine} opens it: a file (SQLite, or DuckDB's
 * {@code .duckdb}), a JDBC URL, or a {@link DataSource} the caller manages. A URL may hold {@code {db_id}},
 * which {@link #forDbId} fills in per question, so Spider's one-database-per-{@code db_id} layout maps onto one
 * server (a database or a schema per {@code db_id}).
 *
 * <pre>{@code
 * Database llmsql = Database.file(Path.of("sqlite_tables.db"));
 * Database spider = Database.jdbc("jdbc:postgresql://localhost:5432/{db_id}?user=reader");
 * Database concert = spider.forDbId("concert_singer");
 * }</pre>
 */
public sealed interface Database permits Database.File, Database.Jdbc, Database.Pooled {

  /** The placeholder {@link #forDbId} replaces. */
  String DB_ID = "{db_id}";

  /** A database file; the engine that accepts it is chosen by its contents or extension. */
  static Database file(Path path) {
    return new File(path);
  }

  /** A JDBC URL ({@code jdbc:postgresql:...}, {@code jdbc:duckdb:...}, {@code jdbc:sqlite:...}). */
  static Database jdbc(String url) {
    return new Jdbc(url, Map.of());
  }

  /**
   * A JDBC URL with connection properties kept out of it ({@code user}, {@code password}, ...), so a password
   * taken from the environment never appears in the URL, a message or a report.
   */
  static Database jdbc(String url, Map<String, String> properties) {
    return new Jdbc(url, properties);
  }

  /**
   * A pool the caller owns (and closes), run by the engine called {@code engine} ({@code "postgresql"}, ...).
   * The caller is responsible for the pool's credentials being read-only; the engine still enforces its own
   * read-only transaction and bounds on every connection it takes.
   */
  static Database dataSource(String name, String engine, DataSource dataSource) {
    return new Pooled(name, engine, dataSource);
  }

  /** How messages and reports name this database: never a password. */
  String describe();

  /**
   * This database for a question's {@code db_id}: a URL's {@code {db_id}} filled in; other kinds unchanged.
   *
   * @throws IllegalArgumentException when {@code dbId} is not a plain name (letters, digits, {@code _ - .},
   *     not starting with a dot): a questions file is input and must not steer a URL
   */
  default Database forDbId(String dbId) {
    return this;
  }

  /** A database file. */
  record File(Path path) implements Database {
    public File {
      requireNonNull(path, "path");
    }

    @Override
    public String describe() {
      return path.toString();
    }

    @Override
    public String toString() {
      return describe();
    }
  }

  /**
   * A JDBC URL, possibly with {@code {db_id}} in it, and connection properties for the driver.
   *
   * @param url the URL
   * @param properties driver properties such as {@code user} and {@code password}; never shown
   */
  record Jdbc(String url, Map<String, String> properties) implements Database {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");
    private static final Pattern SECRET = Pattern.compile("(?i)((?:password|passwd|pwd)=)[^&;]*");
    private static final Pattern USER_INFO = Pattern.compile("(//[^/@:]*:)[^/@]*@");

    public Jdbc {
      requireNonNull(url, "url");
      properties = Map.copyOf(requireNonNull(properties, "properties"));
      if (!url.startsWith("jdbc:")) {
        throw new IllegalArgumentException("not a JDBC URL (it must start with jdbc:): " + redact(url));
      }
    }

    @Override
    public Database forDbId(String dbId) {
      if (!url.contains(DB_ID)) {
        return this;
      }
      if (dbId == null || !PLAIN.matcher(dbId).matches()) {
        throw new IllegalArgumentException("db_id " + (dbId == null ? "(none)" : "\"" + dbId + "\"")
            + " is not a plain name (letters, digits, _ - . and not starting with a dot), so it cannot fill "
            + DB_ID + " in " + describe());
      }
      return new Jdbc(url.replace(DB_ID, dbId), properties);
    }

    @Override
    public String describe() {
      return redact(url);
    }

    /** The properties as {@link java.util.Properties}, for {@code DriverManager.getConnection(url, props)}. */
    public java.util.Properties driverProperties() {
      java.util.Properties p = new java.util.Properties();
      p.putAll(properties);
      return p;
    }

    @Override
    public String toString() {
      return describe();
    }

    private static String redact(String url) {
      return USER_INFO.matcher(SECRET.matcher(url).replaceAll("$1***")).replaceAll("$1***@");
    }
  }

  /** A caller-managed pool, run by the named engine. */
  record Pooled(String name, String engine, DataSource dataSource) implements Database {
    public Pooled {
      requireNonNull(name, "name");
      requireNonNull(engine, "engine");
      requireNonNull(dataSource, "dataSource");
    }

    @Override
    public String describe() {
      return engine + " data source " + name;
    }

    @Override
    public String toString() {
      return describe();
    }
  }
}
