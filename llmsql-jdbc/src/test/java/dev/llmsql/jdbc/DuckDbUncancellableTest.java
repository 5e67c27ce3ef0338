package dev.llmsql.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.jdbc.load.JdbcImport;
import dev.llmsql.testsupport.SqliteFiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DuckDB statement that ignores the cancel (a fuzz run: DuckDB folds a constant while it plans, and its driver
 * makes {@code Statement.cancel} and {@code Connection.close} wait for the end of it) no longer holds the caller:
 * before, the watchdog's cancel waited inside the lock the caller needed to give up, and
 * {@code SELECT length(range(300000000))} held the run for minutes while it took 17 GB.
 */
class DuckDbUncancellableTest {

  @TempDir
  Path dir;

  @Test
  void aConstantFoldedWhilePlanning_timesOutAtTheGrace_andTheNextStatementRuns() throws Exception {
    Path sqlite = SqliteFiles.create(dir.resolve("small.sqlite"), "CREATE TABLE people (id INTEGER)",
        "INSERT INTO people VALUES (1), (2)");
    Database duck = JdbcImport.toDuckDb(sqlite, dir.resolve("small.duckdb"));
    // concurrency 1: the next statement needs the abandoned statement's place in the pool
    try (QueryExecutor db = QueryEngines.forDatabase(duck).open(duck, new ExecutionLimits(Duration.ofMillis(500),
        1_000, 1))) {
      long started = System.nanoTime();
      // O(n²) in one call with little memory: about 6 s of planning, which no cancel stops
      QueryOutcome folded = db.execute("SELECT levenshtein(repeat('a', 60000), repeat('b', 60000))");
      long millis = (System.nanoTime() - started) / 1_000_000;

      assertThat(folded).isInstanceOf(QueryOutcome.Failure.class);
      assertThat(((QueryOutcome.Failure) folded).kind()).isEqualTo(FailureKind.TIMEOUT);
      assertThat(((QueryOutcome.Failure) folded).message()).isEqualTo("timeout: the query ran longer than 500 ms "
          + "and did not stop when cancelled; it was abandoned and its connection is discarded");
      assertThat(millis).as("the caller waits the timeout and the grace only").isLessThan(3_000);
      QueryOutcome next = db.execute("SELECT count(*) FROM people");
      assertThat(next).isInstanceOf(QueryOutcome.Success.class);
      assertThat(((QueryOutcome.Success) next).result().rows()).containsExactly(List.of(2L));
    }
  }
}
