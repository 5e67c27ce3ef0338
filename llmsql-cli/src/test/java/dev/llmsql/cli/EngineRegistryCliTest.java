package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line names engines from the {@code QueryEngine} and {@code ImportTarget} registries, not from a
 * list of its own: {@link TestDbEngine} and {@link TestDbImportTarget}, registered only in these tests, appear in
 * the help, are taken by {@code evaluate --engine} and {@code dataset import --engine}, and are named in the
 * messages, exactly as sqlite, duckdb and postgresql are.
 */
class EngineRegistryCliTest extends CliHarness {

  private static final Path DEMO = CliTest.DEMO;

  @TempDir
  Path dir;

  @Test
  void help_listsEveryRegisteredEngine_sqliteFirst() {
    assertThat(run("evaluate", "--help")).isZero();
    assertThat(out().replaceAll("\\s+", " "))
        .contains("--engine NAME sqlite, duckdb, postgresql or testdb (default: by --db-path's name or the URL)");

    out.reset();
    assertThat(run("dataset", "import", "--help")).isZero();
    assertThat(out().replaceAll("\\s+", " "))
        .contains("--engine NAME sqlite (default), duckdb, postgresql (the default with --jdbc-url) or testdb");

    out.reset();
    assertThat(run("audit", "--help")).isZero();
    assertThat(out().replaceAll("\\s+", " "))
        .contains("--engine NAME sqlite, duckdb, postgresql or testdb (default: by the database)");
  }

  @Test
  void unknownEngine_isUsageErrorNamingEveryRegisteredOne() {
    int status = run("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--engine", "mysql");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).startsWith("llmsql evaluate: --engine takes sqlite, duckdb, postgresql or testdb, but was "
        + "'mysql'");
  }

  @Test
  void datasetImport_intoTheTestEngine_thenEvaluatedOnIt() throws Exception {
    Path target = dir.resolve("demo.testdb");

    int imported = run("dataset", "import", "--from-sqlite", DEMO.resolve("demo.sqlite").toString(), "--engine",
        "testdb", "--out", target.toString());

    assertThat(imported).as(err()).isZero();
    assertThat(err()).isEmpty();
    assertThat(out()).isEqualTo(""
        + "  assignments                        38 rows\n"
        + "  customers                          20 rows\n"
        + "  departments                         8 rows\n"
        + "  employees                          33 rows\n"
        + "  orders                             40 rows\n"
        + "  projects                           12 rows\n"
        + "6 table(s) written to " + target + "\n"
        + "Next: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path QUESTIONS.jsonl --engine testdb "
        + "--db-path " + target + "\n");
    assertThat(Files.mismatch(target, DEMO.resolve("demo.sqlite"))).isEqualTo(-1L);

    out.reset();
    int evaluated = run(Map.<String, String>of()::get, "evaluate", "--outputs",
        DEMO.resolve("predictions.jsonl").toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--no-save-report", "--threads", "1", "--quiet", "--engine", "testdb", "--db-path", target.toString());

    assertThat(evaluated).as(err()).isZero();
    // SQLite's verdicts, since testdb runs SQLite files (DuckDB and PostgreSQL give 56.00%)
    assertThat(out()).isEqualTo("54.00% accuracy (27 of 50 matched)\n");
  }

  @Test
  void datasetImport_messagesNameTheRegisteredTargets() {
    String sqlite = DEMO.resolve("demo.sqlite").toString();

    assertThat(run("dataset", "import", "--from-sqlite", sqlite, "--out", "x.testdb")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --from-sqlite copies a SQLite database into another "
        + "engine: give --engine duckdb, --engine postgresql or --engine testdb (see llmsql dataset --help)\n");

    err.reset();
    assertThat(run("dataset", "import", "--from-sqlite", sqlite, "--engine", "testdb")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out FILE is required (the new TestDB file) (see llmsql "
        + "dataset --help)\n");

    err.reset();
    assertThat(run("dataset", "import", "--from-sqlite", sqlite, "--engine", "postgresql", "--out", "x.testdb",
        "--jdbc-url", "jdbc:postgresql://h/d")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --out is a file for sqlite, duckdb or testdb; PostgreSQL's "
        + "new database is the one --jdbc-url names (see llmsql dataset --help)\n");
  }
}
