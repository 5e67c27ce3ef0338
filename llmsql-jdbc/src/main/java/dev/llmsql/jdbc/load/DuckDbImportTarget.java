package dev.llmsql.jdbc.load;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ImportDestination;
import dev.llmsql.execution.ImportTarget;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * {@code llmsql dataset import --engine duckdb --out F.duckdb}: a new DuckDB file ({@link JdbcImport#toDuckDb}),
 * registered with {@link java.util.ServiceLoader}.
 *
 * <pre>{@code
 * Database duck = new DuckDbImportTarget().copy(Path.of("demo.sqlite"),
 *     ImportDestination.file(Path.of("demo.duckdb")));
 * }</pre>
 */
public final class DuckDbImportTarget implements ImportTarget {

  /** The one {@link java.util.ServiceLoader} makes; a caller may make its own. */
  public DuckDbImportTarget() {
  }

  @Override
  public String engine() {
    return "duckdb";
  }

  @Override
  public String title() {
    return "DuckDB";
  }

  @Override
  public Place place() {
    return Place.FILE;
  }

  @Override
  public Database copy(Path sqlite, ImportDestination to) throws SQLException {
    return JdbcImport.toDuckDb(sqlite, to.file());
  }
}
