package dev.llmsql.jdbc.load;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ImportDestination;
import dev.llmsql.execution.ImportTarget;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * {@code llmsql dataset import --engine postgresql --jdbc-url jdbc:postgresql://HOST[:PORT]/NEW_DATABASE}: a new
 * PostgreSQL database readable by a reader role only ({@link JdbcImport#toPostgres}), created from the server's
 * {@code postgres} database; registered with {@link java.util.ServiceLoader}.
 *
 * <pre>{@code
 * Database pg = new PostgresImportTarget().copy(Path.of("demo.sqlite"),
 *     ImportDestination.server("jdbc:postgresql://localhost:5432/demo", Map.of("user", "postgres"),
 *         "llmsql_reader", System.getenv("READER_PASSWORD"), false));
 * }</pre>
 */
public final class PostgresImportTarget implements ImportTarget {

  /** The one {@link java.util.ServiceLoader} makes; a caller may make its own. */
  public PostgresImportTarget() {
  }

  private static final String PREFIX = "jdbc:postgresql://";
  /** PostgreSQL's SQLSTATE for CREATE DATABASE of a name that exists. */
  private static final String DUPLICATE_DATABASE = "42P04";

  @Override
  public String engine() {
    return "postgresql";
  }

  @Override
  public String title() {
    return "PostgreSQL";
  }

  @Override
  public Place place() {
    return Place.SERVER;
  }

  @Override
  public String urlProblem(String url) {
    String base = url.contains("?") ? url.substring(0, url.indexOf('?')) : url;
    int slash = base.indexOf('/', Math.min(base.length(), PREFIX.length()));
    if (!url.startsWith(PREFIX) || slash < 0 || slash == base.length() - 1) {
      return "takes jdbc:postgresql://HOST[:PORT]/DATABASE (the database to create)";
    }
    return null;
  }

  @Override
  public String urlExample() {
    return "jdbc:postgresql://localhost:5432/my_data";
  }

  @Override
  public Database copy(Path sqlite, ImportDestination to) throws SQLException {
    String[] parts = split(to.url());
    return JdbcImport.toPostgres(sqlite, parts[0] + "postgres" + parts[2], to.admin(), parts[1], to.readerRole(),
        to.readerPassword(), to.lowerCaseNames() ? JdbcImport.Names.LOWER_CASE : JdbcImport.Names.EXACT);
  }

  @Override
  public String exists(SQLException e, ImportDestination to) {
    return DUPLICATE_DATABASE.equals(e.getSQLState())
        ? "--jdbc-url " + to.url() + ": the database " + split(to.url())[1] + " exists; choose a new name (nothing "
            + "is overwritten)"
        : null;
  }

  /** {@code jdbc:postgresql://host:port/}, the database, {@code ?params} (or empty). */
  private static String[] split(String url) {
    int query = url.indexOf('?');
    String base = query < 0 ? url : url.substring(0, query);
    String params = query < 0 ? "" : url.substring(query);
    int slash = base.indexOf('/', PREFIX.length());
    return new String[] {base.substring(0, slash + 1), base.substring(slash + 1), params};
  }
}
