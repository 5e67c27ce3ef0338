package dev.llmsql.spark;

import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.execution.ResultBytes;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A gold outcome computed once per (database, gold SQL) in the job's first stage and broadcast to every task:
 * complete rows, or an SQL error any rerun repeats. Other outcomes (a timeout, a row or byte bound, a locked
 * database) depend on the moment and are not shared: the task that needs that gold runs it again, as the
 * single-machine engine would.
 *
 * @param columns the column labels, null for a failure
 * @param rows the rows (cells {@code Long}, {@code Double}, {@code String}, {@code byte[]} or null), null for a
 *     failure
 * @param error the SQL error's message, null for rows
 * @param nanos how long the gold took where it ran
 */
record SharedGold(ArrayList<String> columns, ArrayList<ArrayList<Object>> rows, String error, long nanos)
    implements Serializable {

  private static final long serialVersionUID = 1L;

  /**
   * The largest result shared, in {@link ResultBytes}: the single-machine run cache keeps no larger one either,
   * and it bounds the broadcast (a gold of 100,000 rows is run where needed instead).
   */
  static final long MAX_BYTES = 64L << 10;

  /** The shareable form of {@code outcome}, or null when it is not to be shared. */
  static SharedGold of(QueryOutcome outcome) {
    if (outcome instanceof QueryOutcome.Success s && s.result().complete()
        && ResultBytes.rows(s.result().rows()) <= MAX_BYTES) {
      ArrayList<ArrayList<Object>> rows = new ArrayList<>();
      for (List<Object> row : s.result().rows()) {
        for (Object cell : row) {
          if (cell != null && !(cell instanceof Serializable)) {
            return null;
          }
        }
        rows.add(new ArrayList<>(row));
      }
      return new SharedGold(new ArrayList<>(s.result().columns()), rows, null, s.nanos());
    }
    if (outcome instanceof QueryOutcome.Failure f && f.kind() == FailureKind.SQL_ERROR && !ofTheMoment(f)) {
      return new SharedGold(null, null, f.message(), f.nanos());
    }
    return null;
  }

  /** The outcome again. */
  QueryOutcome outcome() {
    if (error != null) {
      return QueryOutcome.failure(FailureKind.SQL_ERROR, error, nanos);
    }
    List<List<Object>> copy = new ArrayList<>(rows.size());
    for (ArrayList<Object> row : rows) {
      copy.add(Collections.unmodifiableList(new ArrayList<>(row)));
    }
    return QueryOutcome.success(new QueryResult(columns, copy), nanos);
  }

  /** SQL errors a rerun may not repeat (a locked or busy database, I/O, an interrupt, a resource bound). */
  private static boolean ofTheMoment(QueryOutcome.Failure f) {
    String m = f.message().toLowerCase(java.util.Locale.ROOT);
    for (String word : List.of("locked", "busy", "i/o", "ioerr", "interrupt", "memory", "nomem", "full",
        "open", "schema", "protocol", "malformed", "corrupt", "not a database", "big", "many", "large", "complex",
        "deep", "limit", "heap", "time", "cancel", "abort")) {
      if (m.contains(word)) {
        return true;
      }
    }
    return false;
  }
}
