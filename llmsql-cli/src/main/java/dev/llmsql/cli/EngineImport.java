package dev.llmsql.cli;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.DatabaseUnavailableException;
import dev.llmsql.execution.ExecutionLimits;
import dev.llmsql.execution.ImportDestination;
import dev.llmsql.execution.ImportTarget;
import dev.llmsql.execution.QueryEngines;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.jdbc.load.JdbcImport;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.sqlite.dataset.DatasetImport;
import dev.llmsql.sqlite.dataset.DatasetImportException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code llmsql dataset import} into another engine ({@link EngineTarget}'s {@link ImportTarget}: DuckDB,
 * PostgreSQL, or any module's): copies a SQLite database (given, or made from the CSV and tables.jsonl files in a
 * temporary directory) with the target, then counts every table's rows in the new database through the
 * engine's own {@link dev.llmsql.execution.QueryEngine} (read-only, bounded, as an evaluation reads it), so what is printed is what
 * arrived.
 */
final class EngineImport {

  /** Counting a table's rows may take long on a large one; nothing else runs. */
  private static final ExecutionLimits COUNTING = new ExecutionLimits(Duration.ofMinutes(10), 1, 1);

  private final PrintStream out;
  private final PrintStream err;
  private final Function<String, String> environment;

  EngineImport(PrintStream out, PrintStream err, Function<String, String> environment) {
    this.out = out;
    this.err = err;
    this.environment = environment;
  }

  /** Runs the import; returns the exit status. */
  int run(EngineTarget target, DatasetImport.Builder csv) {
    ImportTarget into = target.target();
    EngineTarget.Server login = target.server();
    boolean server = into.place() == ImportTarget.Place.SERVER;
    Map<String, String> admin = new LinkedHashMap<>();
    String readerPassword = null;
    try {
      if (server) {
        if (login.jdbcUser() != null) {
          admin.put("user", login.jdbcUser());
        }
        if (login.jdbcPasswordEnv() != null) {
          admin.put("password", secret("--jdbc-password-env", login.jdbcPasswordEnv()));
        }
        readerPassword = secret("--reader-password-env", login.readerPasswordEnv());
      }
    } catch (IllegalArgumentException e) {
      err.println("llmsql dataset import: " + e.getMessage());
      return Cli.USAGE;
    }
    if (target.fromSqlite() != null && !Files.isRegularFile(target.fromSqlite())) {
      err.println("llmsql dataset import: --from-sqlite " + target.fromSqlite() + ": "
          + (Files.exists(target.fromSqlite()) ? "not a regular file; give a SQLite database file"
          : "file not found; check the path"));
      return Cli.BAD_INPUT;
    }
    String notSqlite = target.fromSqlite() == null ? null : notSqlite(target.fromSqlite());
    if (notSqlite != null) {
      // the driver's SQLITE_NOTADB ended as "could not import", exit 1, after the target was made
      err.println("llmsql dataset import: --from-sqlite " + target.fromSqlite() + ": not a SQLite database ("
          + CliTerms.oneLine(notSqlite) + "); give a SQLite database file");
      return Cli.BAD_INPUT;
    }
    ImportDestination destination = server
        ? ImportDestination.server(login.jdbcUrl(), admin, login.readerRole(), readerPassword,
            login.names() == JdbcImport.Names.LOWER_CASE)
        : ImportDestination.file(target.out());
    Path temporary = null;
    try {
      Path source = target.fromSqlite();
      if (source == null) {
        temporary = Files.createTempDirectory("llmsql-import");
        source = temporary.resolve("import.sqlite");
        try {
          csv.build().into(source);
        } catch (OutputTargetException | DatasetImportException e) {
          err.println("llmsql dataset import: " + e.getMessage());
          return Cli.BAD_INPUT;
        } catch (IllegalStateException e) {
          err.println("llmsql dataset import: " + e.getMessage());
          return Cli.USAGE;
        }
      }
      String written;
      String next;
      if (!server) {
        if (Files.exists(target.out()) || Files.isSymbolicLink(target.out())) {
          err.println("llmsql dataset import: --out " + target.out() + " exists; choose a new file (nothing is "
              + "overwritten)");
          return Cli.BAD_INPUT;
        }
        Path folder = target.out().toAbsolutePath().getParent();
        try {
          // as a SQLite import does: --out may name a folder that does not exist yet
          Files.createDirectories(folder);
        } catch (IOException e) {
          err.println("llmsql dataset import: cannot write " + target.out() + ": " + e);
          return Cli.BAD_INPUT;
        }
        written = target.out().toString();
        next = "--engine " + into.engine() + " --db-path " + target.out();
      } else {
        written = login.jdbcUrl() + " (readable by " + login.readerRole() + " only)";
        next = "--jdbc-url " + login.jdbcUrl() + " --jdbc-user " + login.readerRole() + " --jdbc-password-env "
            + login.readerPasswordEnv();
      }
      Database copied = into.copy(source, destination);
      Map<String, Long> rows = count(source, into.engine(), copied, destination.lowerCaseNames());
      rows.forEach((table, n) -> out.println(String.format(Locale.ROOT, "  %-30s %6d rows", table, n)));
      out.println(rows.size() + " table(s) written to " + written);
      out.println("Next: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path QUESTIONS.jsonl " + next);
      return Cli.OK;
    } catch (IllegalArgumentException e) {
      // the target's refusals: a name that is not a plain PostgreSQL name, a file that exists
      err.println("llmsql dataset import: " + CliTerms.oneLine(e.getMessage()));
      return Cli.USAGE;
    } catch (SQLException | DatabaseUnavailableException e) {
      String exists = e instanceof SQLException sql ? into.exists(sql, destination) : null;
      if (exists != null) {
        err.println("llmsql dataset import: " + exists);
        return Cli.BAD_INPUT;
      }
      // a driver's message names what failed, never, by design, a password; redacted all the same
      String message = CliTerms.oneLine(e.getMessage());
      for (String secret : new String[] {admin.get("password"), readerPassword}) {
        if (secret != null) {
          message = message.replace(secret, "***");
        }
      }
      err.println("llmsql dataset import: could not import into " + (target.out() != null ? target.out()
          : login.jdbcUrl()) + ": " + message);
      return Cli.FAILED;
    } catch (IOException e) {
      err.println("llmsql dataset import: could not make a temporary SQLite file (" + e + "); set java.io.tmpdir "
          + "to a writable directory");
      return Cli.FAILED;
    } finally {
      ScratchFolders.delete(temporary);
    }
  }

  /**
   * The SQLite source, read-only and unchanging; its path percent-encoded, as a {@code file:} URI needs ("%41" or
   * "?" in a folder's name was read as an escape or a query).
   */
  private static Connection openSource(Path sqlite) throws SQLException {
    return DriverManager.getConnection("jdbc:sqlite:file:" + sqlite.toAbsolutePath().toUri().getRawPath()
        + "?immutable=1");
  }

  /** Why {@code file} cannot be read as a SQLite database, or null when it can. */
  private static String notSqlite(Path file) {
    try (Connection c = openSource(file); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT count(*) FROM sqlite_master")) {
      rs.next();
      return null;
    } catch (SQLException e) {
      return e.getMessage();
    }
  }

  /** The value of the environment variable {@code name} that {@code option} named; never printed. */
  private String secret(String option, String name) {
    String value = environment.apply(name);
    if (value == null || value.isEmpty()) {
      throw new IllegalArgumentException(option + " " + name + ": the environment variable is not set; export it "
          + "with the password");
    }
    return value;
  }

  /** Every table of {@code source}, in name order, with its row count in the new database. */
  private static Map<String, Long> count(Path source, String engine, Database copied, boolean lower)
      throws SQLException {
    List<String> tables = new ArrayList<>();
    try (Connection c = openSource(source); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
             + "'sqlite\\_%' ESCAPE '\\' ORDER BY name")) {
      while (rs.next()) {
        tables.add(rs.getString(1));
      }
    }
    Map<String, Long> rows = new LinkedHashMap<>();
    try (QueryExecutor db = QueryEngines.named(engine).open(copied, COUNTING)) {
      for (String table : tables) {
        String name = lower ? table.toLowerCase(Locale.ROOT) : table;
        QueryOutcome counted = db.execute("SELECT COUNT(*) FROM \"" + name.replace("\"", "\"\"") + "\"");
        if (!(counted instanceof QueryOutcome.Success success)) {
          throw new SQLException("counting the rows of " + name + ": " + ((QueryOutcome.Failure) counted).message());
        }
        rows.put(name, ((Number) success.result().rows().get(0).get(0)).longValue());
      }
    }
    return rows;
  }
}
