package dev.llmsql.judge.resultset;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.sqlite.SqliteQueryEngine;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** The real SQLite engine, with each statement shown to {@code seen} and each outcome passed through {@code then}. */
record ObservedSqlite(Consumer<String> seen, UnaryOperator<QueryOutcome> then) implements QueryEngine {

  @Override
  public String name() {
    return "sqlite";
  }

  @Override
  public boolean accepts(Database database) {
    return new SqliteQueryEngine().accepts(database);
  }

  @Override
  public QueryExecutor open(Database database, ExecutionLimits limits) {
    QueryExecutor real = new SqliteQueryEngine().open(database, limits);
    return new QueryExecutor() {
      @Override
      public Database database() {
        return real.database();
      }

      @Override
      public QueryOutcome execute(String sql) {
        seen.accept(sql);
        return then.apply(real.execute(sql));
      }

      @Override
      public String fingerprint() {
        return real.fingerprint();
      }

      @Override
      public void close() {
        real.close();
      }
    };
  }
}
