package dev.llmsql.sqlite;

import dev.llmsql.execution.Cells;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.QueryOutcome;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Runs hostile statements in a JVM of its own, so a native crash shows as an exit code instead of killing
 * the test run: {@code HostileSqlProbe DB SQL_FILE TIMEOUT_MS} prints one line per statement (its outcome,
 * as {@link #describe(QueryOutcome)} renders it) and exits 0.
 */
public final class HostileSqlProbe {

  private HostileSqlProbe() {
  }

  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    Path db = Path.of(args[0]);
    ExecutionLimits limits = new ExecutionLimits(Duration.ofMillis(Long.parseLong(args[2])), 1000, 1);
    try (SqliteDatabases executor = new SqliteDatabases(limits)) {
      for (String sql : Files.readAllLines(Path.of(args[1]), StandardCharsets.UTF_8)) {
        out.println(describe(executor.execute(db, sql)));
      }
    }
    out.println("survived");
  }

  /** {@code OK [rows]} or {@code KIND message}, on one line. */
  static String describe(QueryOutcome outcome) {
    String text = outcome instanceof QueryOutcome.Failure f ? f.kind() + " " + f.message()
        : "OK " + Cells.rows(((QueryOutcome.Success) outcome).result().rows(), 3);
    text = text.replace('\n', ' ');
    return text.length() > 200 ? text.substring(0, 200) + "..." : text;
  }
}
