package dev.llmsql.sqlite;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The real SQLite engine, noting every statement that reaches any database it opens. */
public final class RecordingEngine implements QueryEngine {

  /** The statements run, in the order they arrived. */
  public final List<String> ran = Collections.synchronizedList(new ArrayList<>());
  private final SqliteQueryEngine real = new SqliteQueryEngine();

  @Override
  public String name() {
    return "sqlite";
  }

  @Override
  public boolean accepts(Database database) {
    return real.accepts(database);
  }

  @Override
  public QueryExecutor open(Database database, ExecutionLimits limits) {
    QueryExecutor executor = real.open(database, limits);
    return new QueryExecutor() {
      @Override
      public Database database() {
        return executor.database();
      }

      @Override
      public QueryOutcome execute(String sql) {
        ran.add(sql);
        return executor.execute(sql);
      }

      @Override
      public QueryOutcome execute(String sql, int stopAfterRows) {
        ran.add(sql);
        return executor.execute(sql, stopAfterRows);
      }

      @Override
      public String fingerprint() {
        return executor.fingerprint();
      }

      @Override
      public void close() {
        executor.close();
      }
    };
  }
}
