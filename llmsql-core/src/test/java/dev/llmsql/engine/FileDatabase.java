package dev.llmsql.engine;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.Fingerprints;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import java.nio.file.Path;

/**
 * The part of a file database's executor the gold cache uses: its identity and fingerprint (core has no engine;
 * the engines' own tests run the cache against real databases).
 */
record FileDatabase(Path file) implements QueryExecutor {

  static QueryExecutor of(Path file) {
    return new FileDatabase(file);
  }

  @Override
  public Database database() {
    return Database.file(file);
  }

  @Override
  public QueryOutcome execute(String sql) {
    throw new UnsupportedOperationException("the gold cache never runs SQL");
  }

  @Override
  public String fingerprint() {
    return Fingerprints.ofFile(file);
  }

  @Override
  public void close() {
  }
}
