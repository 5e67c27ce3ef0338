package dev.llmsql.cli;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.execution.QueryExecutor;

/**
 * An engine registered only in this module's tests ({@code META-INF/services} under src/test/resources): what
 * adding MySQL would be, one class here and {@link TestDbImportTarget}, one service line each. Its databases are
 * SQLite files named {@code *.testdb}, opened by the SQLite engine, so it runs offline on real files; the command
 * line then lists it, takes it for {@code evaluate --engine} and {@code dataset import --engine}, and names it in
 * its messages, with no line of the command line changed.
 */
public final class TestDbEngine implements QueryEngine {

  @Override
  public String name() {
    return "testdb";
  }

  @Override
  public boolean accepts(Database database) {
    return database instanceof Database.File f && f.path().toString().endsWith(".testdb");
  }

  @Override
  public QueryExecutor open(Database database, ExecutionLimits limits) {
    return QueryEngines.named("sqlite").open(database, limits);
  }
}
