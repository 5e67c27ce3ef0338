package dev.llmsql.judge.dialect;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryEngine;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.Statements;
import net.sf.jsqlparser.statement.select.Select;

/**
 * A second wall in front of the database, behind the executor's own keyword guard and read-only
 * connection: each statement is parsed with JSqlParser (SQLite's rules) and refused when it parses as
 * something other than a query, e.g. {@code WITH x AS (SELECT 1) DELETE FROM t}, which starts like a
 * query. It only ever refuses what it understands: SQL that JSqlParser cannot parse (valid SQLite it does
 * not know, such as {@code GLOB}) goes on to the executor unchanged, so the wall cannot cost a correct
 * answer. Opt-in, because parsing costs a few milliseconds per statement.
 *
 * <pre>{@code
 * QueryEngine guarded = ParsedStatementGuard.around(QueryEngines.named("sqlite"));
 * Evaluator evaluator = Evaluator.builder().engine(guarded).build();
 * }</pre>
 */
public final class ParsedStatementGuard implements QueryEngine {

  private final QueryEngine inner;

  private ParsedStatementGuard(QueryEngine inner) {
    this.inner = inner;
  }

  /** {@code engine}, with every statement of every database it opens parsed and checked first. */
  public static QueryEngine around(QueryEngine engine) {
    return new ParsedStatementGuard(requireNonNull(engine, "engine"));
  }

  /** Why {@code sql} is refused, or null when it may go on to the executor. */
  public static String check(String sql) {
    Statements statements;
    try {
      statements = SqlDialect.SQLITE.parse(sql);
    } catch (JSQLParserException | RuntimeException e) {
      return null;
    }
    for (Statement statement : statements) {
      if (!(statement instanceof Select)) {
        return "refused: the statement parses as " + statement.getClass().getSimpleName()
            + ", not a query (only SELECT, WITH ... SELECT and VALUES may run)";
      }
    }
    return null;
  }

  @Override
  public String name() {
    return inner.name();
  }

  @Override
  public boolean accepts(Database database) {
    return inner.accepts(database);
  }

  @Override
  public QueryExecutor open(Database database, ExecutionLimits limits) {
    return new Guarded(inner.open(database, limits));
  }

  @Override
  public String toString() {
    return "ParsedStatementGuard[" + inner + "]";
  }

  /** One database's executor behind the parse check. */
  private record Guarded(QueryExecutor inner) implements QueryExecutor {

    @Override
    public Database database() {
      return inner.database();
    }

    @Override
    public QueryOutcome execute(String sql) {
      String refusal = check(sql);
      return refusal != null ? QueryOutcome.failure(FailureKind.REJECTED, refusal, 0) : inner.execute(sql);
    }

    @Override
    public QueryOutcome execute(String sql, int stopAfterRows) {
      String refusal = check(sql);
      return refusal != null ? QueryOutcome.failure(FailureKind.REJECTED, refusal, 0)
          : inner.execute(sql, stopAfterRows);
    }

    @Override
    public String fingerprint() {
      return inner.fingerprint();
    }

    @Override
    public void warmUp() {
      inner.warmUp();
    }

    @Override
    public void close() {
      inner.close();
    }
  }
}
