package dev.llmsql.models.suite;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.llmsql.guard.StatementGuard;
import dev.llmsql.judge.dialect.ParsedStatementGuard;
import dev.llmsql.sqlite.ScratchDatabase;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.List;

/**
 * Runs an execution case for real: a fresh in-memory SQLite ({@code jdbc:sqlite::memory:}) built from the
 * case's CREATE/INSERT statements, then the model's SQL, which is untrusted. Walls in front of it: exactly
 * one {@code SELECT}/{@code WITH}/{@code VALUES} statement (checked by keyword and, where JSqlParser
 * understands it, by parsing), then llmsql-sqlite's {@link ScratchDatabase}: the connection
 * hardened like every other (limits, stock functions only, no attached databases), {@code PRAGMA query_only}, a
 * deadline that interrupts setup and query; and a row cap. Nothing touches a file.
 *
 * <pre>{@code
 * ScratchQuery.Result r = ScratchQuery.query(List.of("CREATE TABLE t(x INT)", "INSERT INTO t VALUES (1)"),
 *     "SELECT x FROM t", Duration.ofSeconds(5), 1000);
 * r.rows();   // [[1]]
 * }</pre>
 */
final class ScratchQuery {

  /** The default limit on setup plus query. */
  static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
  /** The default row cap. */
  static final int DEFAULT_MAX_ROWS = 10_000;

  private static final ObjectMapper JSON = new ObjectMapper();

  private ScratchQuery() {
  }

  /**
   * The rows a query returned (as JSON: a list of rows, each a list of values), or why it did not run.
   *
   * @param rows the rows, null when it failed
   * @param error why it failed, null when it ran
   */
  record Result(JsonNode rows, String error) {
    public Result {
      if ((rows == null) == (error == null)) {
        throw new IllegalArgumentException("give rows or error, not both");
      }
      rows = rows == null ? null : rows.deepCopy();
    }

    /** The rows (a copy: JSON nodes are mutable), null when the query failed. */
    @Override
    public JsonNode rows() {
      return rows == null ? null : rows.deepCopy();
    }

    public boolean ran() {
      return rows != null;
    }

    static Result failed(String error) {
      return new Result(null, error);
    }
  }

  /** Builds the database from {@code setup} and runs {@code sql} on it; never throws for bad SQL. */
  static Result query(List<String> setup, String sql, Duration timeout, int maxRows) {
    requireNonNull(setup, "setup");
    requireNonNull(sql, "sql");
    requireNonNull(timeout, "timeout");
    if (setup.size() > SuiteDataset.MAX_SETUP_STATEMENTS) {
      return Result.failed("setup has " + setup.size() + " statements; at most "
          + SuiteDataset.MAX_SETUP_STATEMENTS + " run");
    }
    String refusal = refusal(sql);
    if (refusal != null) {
      return Result.failed(refusal);
    }
    try (ScratchDatabase db = ScratchDatabase.open(timeout)) {
      try {
        db.setUp(setup);
      } catch (SQLTimeoutException e) {
        return Result.failed("setup took longer than " + describe(timeout));
      } catch (SQLException e) {
        return Result.failed("setup failed: " + e.getMessage() + "; fix the case's setup statements");
      }
      ScratchDatabase.Rows read;
      try {
        read = db.query(sql, maxRows);
      } catch (SQLTimeoutException e) {
        return Result.failed("the query took longer than " + describe(timeout) + " and was interrupted");
      } catch (SQLException e) {
        return Result.failed("the query failed: " + e.getMessage());
      }
      if (read.truncated()) {
        return Result.failed("more than " + maxRows + " rows");
      }
      ArrayNode rows = JSON.createArrayNode();
      for (List<Object> values : read.values()) {
        ArrayNode row = rows.addArray();
        for (Object v : values) {
          if (v == null) {
            row.addNull();
          } else if (v instanceof Integer || v instanceof Long) {
            row.add(((Number) v).longValue());
          } else if (v instanceof Number n) {
            row.add(n.doubleValue());
          } else {
            row.add(v instanceof byte[] b ? new String(b, java.nio.charset.StandardCharsets.UTF_8) : v.toString());
          }
        }
      }
      return new Result(rows, null);
    } catch (SQLException e) {
      return Result.failed("cannot open an in-memory SQLite: " + e.getMessage());
    }
  }

  /** Why {@code sql} may not run, or null: the keyword guard, then (where JSqlParser understands it) the parse. */
  static String refusal(String sql) {
    String refusal = StatementGuard.checkScratch(sql);
    return refusal != null ? refusal : ParsedStatementGuard.check(sql);
  }

  private static String describe(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

}
