package dev.llmsql.execution;

import static java.util.Objects.requireNonNull;

/**
 * What running one SQL statement gave: rows, or a failure with its kind and the database's message.
 *
 * <pre>{@code
 * Database db = Database.file(Path.of("sqlite_tables.db"));
 * ExecutionLimits limits = new ExecutionLimits(Duration.ofSeconds(30), 1000, 1);
 * try (QueryExecutor executor = QueryEngines.forDatabase(db).open(db, limits)) {
 *   QueryOutcome o = executor.execute("SELECT 1");
 *   if (o instanceof QueryOutcome.Success s) s.result().rows();
 * }
 * }</pre>
 */
public sealed interface QueryOutcome {

  /** Nanoseconds the statement took, including reading its rows. */
  long nanos();

  default boolean succeeded() {
    return this instanceof Success;
  }

  /** The statement ran; {@code result} holds its rows. */
  record Success(QueryResult result, long nanos) implements QueryOutcome {
    public Success {
      requireNonNull(result, "result");
    }
  }

  /** The statement did not run to completion. */
  record Failure(FailureKind kind, String message, long nanos) implements QueryOutcome {
    public Failure {
      requireNonNull(kind, "kind");
      requireNonNull(message, "message");
    }
  }

  static Success success(QueryResult result, long nanos) {
    return new Success(result, nanos);
  }

  static Failure failure(FailureKind kind, String message, long nanos) {
    return new Failure(kind, message, nanos);
  }
}
