package dev.llmsql.judge.dialect;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import java.nio.file.Path;
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
 * QueryExecutor guarded = ParsedStatementGuard.around(new SqliteQueryExecutor(limits));
 * Evaluator.builder().executor(guarded)...build();
 * }</pre>
 */
public final class ParsedStatementGuard implements QueryExecutor {

  private final QueryExecutor inner;

  private ParsedStatementGuard(QueryExecutor inner) {
    this.inner = inner;
  }

  public static QueryExecutor around(QueryExecutor executor) {
    return new ParsedStatementGuard(requireNonNull(executor, "executor"));
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
  public QueryOutcome execute(Path database, String sql) {
    String refusal = check(sql);
    return refusal != null ? QueryOutcome.failure(FailureKind.REJECTED, refusal, 0) : inner.execute(database, sql);
  }

  @Override
  public QueryOutcome execute(Path database, String sql, int stopAfterRows) {
    String refusal = check(sql);
    return refusal != null ? QueryOutcome.failure(FailureKind.REJECTED, refusal, 0)
        : inner.execute(database, sql, stopAfterRows);
  }

  @Override
  public String unusable(Path database) {
    return inner.unusable(database);
  }

  @Override
  public void warmUp(Path database) {
    inner.warmUp(database);
  }

  @Override
  public void close() {
    inner.close();
  }

  @Override
  public String toString() {
    return "ParsedStatementGuard[" + inner + "]";
  }
}
