package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.jdbc.PostgresServer;
import dev.llmsql.jdbc.load.JdbcImport;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evaluate --engine}, {@code --jdbc-url}, {@code --jdbc-user} and {@code --jdbc-password-env} on real
 * engines: the bundled demo copied into DuckDB and into the embedded PostgreSQL server. DuckDB and PostgreSQL
 * match 28 of the 50 where SQLite matches 27: questions 14 and 23 gain and question 2 loses (docs/ENGINES.md).
 */
class EngineOptionsCliTest extends CliHarness {

  private static final Path DEMO = CliTest.DEMO;
  private static final String PASSWORD = "s3cret-Reader-pw";

  @TempDir
  static Path shared;

  static Path duckdb;
  static String pgUrl;

  @TempDir
  Path dir;

  @BeforeAll
  static void copyDemo() throws Exception {
    duckdb = shared.resolve("demo.duckdb");
    JdbcImport.toDuckDb(DEMO.resolve("demo.sqlite"), duckdb);
    JdbcImport.toPostgres(DEMO.resolve("demo.sqlite"), PostgresServer.adminUrl(), PostgresServer.admin(),
        "cli_engine_demo", "cli_engine_reader", PASSWORD);
    pgUrl = PostgresServer.adminUrl().replace("/postgres", "/cli_engine_demo");
  }

  private static String[] demo(String... more) {
    String[] base = {"evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--no-save-report", "--threads", "1", "--quiet"};
    String[] all = new String[base.length + more.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(more, 0, all, base.length, more.length);
    return all;
  }

  @Test
  void engineDuckdb_withDbPath_evaluatesOnTheDuckDbCopy() {
    int status = run(demo("--engine", "duckdb", "--db-path", duckdb.toString()));

    assertThat(status).as(err()).isZero();
    assertThat(out()).isEqualTo("56.00% accuracy (28 of 50 matched)\n");
    assertThat(err()).isEmpty();
  }

  @Test
  void enginePostgresql_withASqliteFile_isOneLineBeforeAnyWork() {
    // the engine refused the file when the run opened it: "llmsql: unexpected error: ...", exit 1
    Path sqlite = DEMO.resolve("demo.sqlite");

    assertThat(run(demo("--engine", "postgresql", "--db-path", sqlite.toString()))).isEqualTo(Cli.BAD_INPUT);
    assertThat(run("audit", "--questions-path", DEMO.resolve("questions.jsonl").toString(), "--engine",
        "postgresql", "--db-path", sqlite.toString())).isEqualTo(Cli.BAD_INPUT);

    String line = sqlite + ": the postgresql engine runs jdbc:postgresql: URLs, not " + sqlite + "\n";
    assertThat(err()).isEqualTo("llmsql evaluate: " + line + "llmsql audit: " + line);
    assertThat(out()).isEmpty();
  }

  @Test
  void engineDuckdb_withAFileNamedLikeAnyOther_isTheUsersChoice() throws Exception {
    // dataset import --engine duckdb --out x.db prints this very command as the next step
    Path named = Files.copy(duckdb, dir.resolve("x.db"));

    assertThat(run(demo("--engine", "duckdb", "--db-path", named.toString()))).as(err()).isZero();
    assertThat(out()).isEqualTo("56.00% accuracy (28 of 50 matched)\n");
  }

  @Test
  void engineName_isReadInAnyCase() {
    assertThat(run(demo("--engine", " DuckDB ", "--db-path", duckdb.toString()))).as(err()).isZero();
    assertThat(out()).isEqualTo("56.00% accuracy (28 of 50 matched)\n");
  }

  @Test
  void duckdbFile_withoutEngine_isChosenByItsName() {
    assertThat(run(demo("--db-path", duckdb.toString()))).isZero();
    assertThat(out()).isEqualTo("56.00% accuracy (28 of 50 matched)\n");
  }

  @Test
  void jdbcUrlDuckdb_evaluatesOnTheDuckDbCopy() {
    int status = run(demo("--jdbc-url", "jdbc:duckdb:" + duckdb.toAbsolutePath()));

    assertThat(status).as(err()).isZero();
    assertThat(out()).isEqualTo("56.00% accuracy (28 of 50 matched)\n");
    assertThat(err()).isEmpty();
  }

  @Test
  void sqliteDemo_forComparison_matches27() {
    assertThat(run(demo("--engine", "sqlite", "--db-path", DEMO.resolve("demo.sqlite").toString()))).as(err())
        .isZero();
    assertThat(out()).isEqualTo("54.00% accuracy (27 of 50 matched)\n");
  }

  @Test
  void postgres_passwordFromTheEnvironment_evaluatesAndNeverShowsThePassword() throws Exception {
    Path report = dir.resolve("report.json");
    Path reports = dir.resolve("reports");
    String[] args = {"evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--threads", "1", "--max-mismatches", "1",
        "--engine", "postgresql", "--jdbc-url", pgUrl, "--jdbc-user", "cli_engine_reader",
        "--jdbc-password-env", "LLMSQL_TEST_PG_PASSWORD", "--save-report", report.toString(),
        "--format", "json,csv,html", "--out", reports.toString(), "--verbose"};

    int status = run(Map.of("LLMSQL_TEST_PG_PASSWORD", PASSWORD)::get, args);

    assertThat(status).as(err()).isZero();
    assertThat(out()).contains("  Matches:        28\n", "  Accuracy:       56.00%\n");
    assertThat(out()).contains(pgUrl);
    assertThat(out() + err()).doesNotContain(PASSWORD);
    for (Path file : new Path[] {report, reports.resolve("predictions.json"), reports.resolve("predictions.csv"),
        reports.resolve("predictions.html")}) {
      assertThat(Files.readString(file)).as(file.toString()).doesNotContain(PASSWORD);
    }
  }

  @Test
  void postgres_withoutEngine_isChosenByTheUrl() {
    int status = run(Map.of("PGPW", PASSWORD)::get, demo("--jdbc-url", pgUrl, "--jdbc-user", "cli_engine_reader",
        "--jdbc-password-env", "PGPW"));

    assertThat(status).as(err()).isZero();
    assertThat(out()).isEqualTo("56.00% accuracy (28 of 50 matched)\n");
  }

  @Test
  void passwordEnvNotSet_isUsageErrorNamingTheVariable() {
    int status = run(demo("--jdbc-url", pgUrl, "--jdbc-user", "cli_engine_reader", "--jdbc-password-env",
        "LLMSQL_NOT_SET"));

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(out()).isEmpty();
    assertThat(err()).isEqualTo("llmsql evaluate: --jdbc-password-env LLMSQL_NOT_SET: the environment variable is "
        + "not set; export it with the database password\n");
  }

  @Test
  void passwordEnvEmpty_isUsageError() {
    int status = run(Map.of("EMPTY", "")::get, demo("--jdbc-url", pgUrl, "--jdbc-password-env", "EMPTY"));

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --jdbc-password-env EMPTY: the environment variable is "
        + "not set; export it with the database password\n");
  }

  @Test
  void unknownEngine_isUsageErrorNamingTheEngines() {
    int status = run(demo("--engine", "oracle", "--db-path", duckdb.toString()));

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(out()).isEmpty();
    assertThat(err()).isEqualTo("llmsql evaluate: --engine takes sqlite, duckdb, postgresql or testdb, but was 'oracle' "
        + "(see llmsql evaluate --help)\n");
  }

  @Test
  void jdbcUrlWithDbPath_isUsageError() {
    int status = run(demo("--jdbc-url", "jdbc:duckdb:" + duckdb.toAbsolutePath(), "--db-path", duckdb.toString()));

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(out()).isEmpty();
    assertThat(err()).isEqualTo("llmsql evaluate: --jdbc-url excludes --db-path and --databases-dir: give the "
        + "database one way\n");
  }

  @Test
  void jdbcUrlWithDatabasesDir_isUsageError() {
    int status = run(demo("--jdbc-url", "jdbc:duckdb:" + duckdb.toAbsolutePath(), "--databases-dir",
        dir.toString()));

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --jdbc-url excludes --db-path and --databases-dir: give the "
        + "database one way\n");
  }

  @Test
  void jdbcUserOrPasswordWithoutUrl_isUsageError() {
    int status = run(Map.of("PGPW", PASSWORD)::get, demo("--db-path", duckdb.toString(), "--jdbc-password-env",
        "PGPW"));

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: --jdbc-password-env needs --jdbc-url (the database it logs in "
        + "to) (see llmsql evaluate --help)\n");
  }

  @Test
  void engineWithoutItsDriver_asInTheSqliteOnlyJar_isUsageErrorNamingTheFullJar() throws Exception {
    // given: a class loader with the JDK only, as llmsql-sqlite.jar has neither DuckDB's nor PostgreSQL's driver
    try (URLClassLoader jdkOnly = new URLClassLoader(new URL[0], null)) {
      assertThatThrownBy(() -> Options.requireDriver("--engine duckdb", "duckdb", jdkOnly))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("--engine duckdb: this jar has no DuckDB JDBC driver (llmsql-sqlite.jar runs SQLite only); "
              + "run llmsql.jar, which has every engine");
      assertThatThrownBy(() -> Options.requireDriver("--jdbc-url", "postgresql", jdkOnly))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("--jdbc-url: this jar has no PostgreSQL JDBC driver (llmsql-sqlite.jar runs SQLite only); "
              + "run llmsql.jar, which has every engine");
      assertThatCode(() -> Options.requireDriver("--engine sqlite", "sqlite", jdkOnly)).doesNotThrowAnyException();
      // a --db-path named for DuckDB, in evaluate and audit (audit failed later: "No suitable driver found")
      assertThatThrownBy(() -> Options.requireDriverFor(Path.of("x.duckdb"), jdkOnly))
          .hasMessage("--db-path x.duckdb: this jar has no DuckDB JDBC driver (llmsql-sqlite.jar runs SQLite only); "
              + "run llmsql.jar, which has every engine");
      assertThatCode(() -> Options.requireDriverFor(Path.of("x.sqlite"), jdkOnly)).doesNotThrowAnyException();
    }
    // and: this class path (as llmsql.jar) has both
    assertThatCode(() -> Options.requireDriver("--engine duckdb", "duckdb", getClass().getClassLoader()))
        .doesNotThrowAnyException();
    assertThatCode(() -> Options.requireDriver("--jdbc-url", "postgresql", getClass().getClassLoader()))
        .doesNotThrowAnyException();
  }
}
