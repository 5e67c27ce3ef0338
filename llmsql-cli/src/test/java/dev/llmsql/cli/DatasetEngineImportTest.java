package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.jdbc.PostgresServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dataset import --engine duckdb|postgresql}: the bundled demo (and CSV files) into a real DuckDB file and a
 * database of the embedded PostgreSQL server, then evaluated there by the same command line.
 */
class DatasetEngineImportTest extends CliHarness {

  private static final Path DEMO = CliTest.DEMO;
  private static final String DEMO_TABLES = ""
      + "  assignments                        38 rows\n"
      + "  customers                          20 rows\n"
      + "  departments                         8 rows\n"
      + "  employees                          33 rows\n"
      + "  orders                             40 rows\n"
      + "  projects                           12 rows\n";
  private static final String READER_PASSWORD = "Reader-pw-4711";

  @TempDir
  Path dir;

  private int evaluateQuiet(Function<String, String> environment, String... database) {
    String[] base = {"evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--no-save-report", "--threads", "1", "--quiet"};
    String[] all = new String[base.length + database.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(database, 0, all, base.length, database.length);
    return run(environment, all);
  }

  private static long count(String url, Properties properties, String table) throws SQLException {
    try (Connection c = DriverManager.getConnection(url, properties); Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void fromSqlite_intoDuckdb_copiesEveryTableAndEvaluates() throws Exception {
    Path target = dir.resolve("demo.duckdb");

    int imported = run("dataset", "import", "--from-sqlite", DEMO.resolve("demo.sqlite").toString(), "--engine",
        "duckdb", "--out", target.toString());

    assertThat(imported).as(err()).isZero();
    assertThat(err()).isEmpty();
    assertThat(out()).isEqualTo(DEMO_TABLES
        + "6 table(s) written to " + target + "\n"
        + "Next: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path QUESTIONS.jsonl --engine duckdb "
        + "--db-path " + target + "\n");
    Properties readOnly = new Properties();
    readOnly.setProperty("duckdb.read_only", "true");
    assertThat(count("jdbc:duckdb:" + target.toAbsolutePath(), readOnly, "\"employees\"")).isEqualTo(33);

    out.reset();
    assertThat(evaluateQuiet(Map.<String, String>of()::get, "--engine", "duckdb", "--db-path", target.toString()))
        .as(err()).isZero();
    assertThat(out()).isEqualTo("56.00% accuracy (28 of 50 matched)\n");
  }

  @Test
  void intoDuckdb_outInFoldersNotMadeYet_makesThemAsASqliteImportDoes() throws Exception {
    Path target = dir.resolve("new").resolve("engines").resolve("demo.duckdb");

    int imported = run("dataset", "import", "--from-sqlite", DEMO.resolve("demo.sqlite").toString(), "--engine",
        "duckdb", "--out", target.toString());

    assertThat(imported).as(err()).isZero();
    assertThat(out()).startsWith(DEMO_TABLES + "6 table(s) written to " + target + "\n");
    Properties readOnly = new Properties();
    readOnly.setProperty("duckdb.read_only", "true");
    assertThat(count("jdbc:duckdb:" + target.toAbsolutePath(), readOnly, "\"orders\"")).isEqualTo(40);
  }

  @Test
  void intoDuckdb_outBelowAFile_isRefusedBeforeTheImportNamingTheOption() throws Exception {
    Path file = Files.writeString(dir.resolve("plain.txt"), "not a folder");
    Path target = file.resolve("demo.duckdb");

    int imported = run("dataset", "import", "--from-sqlite", DEMO.resolve("demo.sqlite").toString(), "--engine",
        "duckdb", "--out", target.toString());

    assertThat(imported).isEqualTo(Cli.USAGE);
    assertThat(out()).isEmpty();
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + target + ": " + file + " is a file, not a "
        + "directory; choose another path\n");
    assertThat(file).hasContent("not a folder");
  }

  @Test
  void fromSqlite_intoPostgres_readerOnlyAndEvaluatesWithPasswordFromTheEnvironment() throws Exception {
    String url = PostgresServer.adminUrl().replace("/postgres", "/cli_import_demo");
    Map<String, String> env = Map.of("READER_PW", READER_PASSWORD);

    int imported = run(env::get, "dataset", "import", "--from-sqlite", DEMO.resolve("demo.sqlite").toString(),
        "--engine", "postgresql", "--jdbc-url", url, "--jdbc-user", "postgres", "--reader-role",
        "cli_import_reader", "--reader-password-env", "READER_PW");

    assertThat(imported).as(err()).isZero();
    assertThat(err()).isEmpty();
    assertThat(out()).isEqualTo(DEMO_TABLES
        + "6 table(s) written to " + url + " (readable by cli_import_reader only)\n"
        + "Next: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path QUESTIONS.jsonl --jdbc-url " + url
        + " --jdbc-user cli_import_reader --jdbc-password-env READER_PW\n");
    Properties reader = new Properties();
    reader.setProperty("user", "cli_import_reader");
    reader.setProperty("password", READER_PASSWORD);
    assertThat(count(url, reader, "\"orders\"")).isEqualTo(40);

    out.reset();
    assertThat(evaluateQuiet(env::get, "--jdbc-url", url, "--jdbc-user", "cli_import_reader",
        "--jdbc-password-env", "READER_PW")).as(err()).isZero();
    assertThat(out()).isEqualTo("56.00% accuracy (28 of 50 matched)\n");
  }

  @Test
  void intoPostgres_existingDatabase_isInputErrorAndKeepsIt() throws Exception {
    String url = PostgresServer.adminUrl().replace("/postgres", "/cli_import_twice");
    Map<String, String> env = Map.of("READER_PW", READER_PASSWORD);
    String[] args = {"dataset", "import", "--from-sqlite", DEMO.resolve("demo.sqlite").toString(), "--engine",
        "postgresql", "--jdbc-url", url, "--jdbc-user", "postgres", "--reader-role", "cli_import_reader2",
        "--reader-password-env", "READER_PW"};
    assertThat(run(env::get, args)).as(err()).isZero();
    out.reset();

    int again = run(env::get, args);

    assertThat(again).isEqualTo(Cli.BAD_INPUT);
    assertThat(out()).isEmpty();
    assertThat(err()).isEqualTo("llmsql dataset import: --jdbc-url " + url + ": the database cli_import_twice "
        + "exists; choose a new name (nothing is overwritten)\n");
    Properties admin = new Properties();
    admin.putAll(PostgresServer.admin());
    assertThat(count(url, admin, "\"employees\"")).isEqualTo(33);
  }

  @Test
  void lowerCaseNames_intoPostgres_foldTableNames() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.writeString(data.resolve("Cities.csv"), "City,Country\nOslo,Norway\nBergen,Norway\nBern,Switzerland\n");
    String url = PostgresServer.adminUrl().replace("/postgres", "/cli_import_lower");

    int imported = run(Map.of("PW", READER_PASSWORD)::get, "dataset", "import", "--csv", data.toString(),
        "--engine", "postgresql", "--jdbc-url", url, "--jdbc-user", "postgres", "--reader-role", "cli_import_reader3",
        "--reader-password-env", "PW", "--names", "lower-case");

    assertThat(imported).as(err()).isZero();
    assertThat(out()).startsWith("  cities                              3 rows\n1 table(s) written to " + url);
    Properties admin = new Properties();
    admin.putAll(PostgresServer.admin());
    assertThat(count(url, admin, "cities WHERE country = 'Norway'")).isEqualTo(2);
  }

  @Test
  void csv_intoDuckdb_goesThroughSqliteAndLeavesOnlyTheDuckDbFile() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.writeString(data.resolve("cities.csv"), "City,Country,Population\nOslo,Norway,709037\n"
        + "Bergen,Norway,291940\n\"Zürich\",Switzerland,\n");
    Files.writeString(data.resolve("rivers.csv"), "River,Km\nGlomma,621\n");
    Path target = dir.resolve("out").resolve("cities.duckdb");
    Files.createDirectories(target.getParent());

    int imported = run("dataset", "import", "--csv", data.toString(), "--engine", "duckdb", "--out",
        target.toString());

    assertThat(imported).as(err()).isZero();
    assertThat(out()).isEqualTo(""
        + "  cities                              3 rows\n"
        + "  rivers                              1 rows\n"
        + "2 table(s) written to " + target + "\n"
        + "Next: llmsql evaluate --outputs PREDICTIONS.jsonl --questions-path QUESTIONS.jsonl --engine duckdb "
        + "--db-path " + target + "\n");
    try (var files = Files.list(target.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("cities.duckdb");
    }
    Properties readOnly = new Properties();
    readOnly.setProperty("duckdb.read_only", "true");
    assertThat(count("jdbc:duckdb:" + target.toAbsolutePath(), readOnly,
        "cities WHERE Population IS NULL")).isEqualTo(1);
    assertThat(count("jdbc:duckdb:" + target.toAbsolutePath(), readOnly,
        "cities WHERE Population > 700000")).isEqualTo(1);
  }

  @Test
  void intoDuckdb_existingOut_isInputErrorAndUntouched() throws Exception {
    Path target = Files.writeString(dir.resolve("x.duckdb"), "keep");

    int status = run("dataset", "import", "--from-sqlite", DEMO.resolve("demo.sqlite").toString(), "--engine",
        "duckdb", "--out", target.toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql dataset import: --out " + target + " exists; choose a new file (nothing "
        + "is overwritten)\n");
    assertThat(Files.readString(target)).isEqualTo("keep");
  }

  @Test
  void fromSqliteMissing_isInputError() {
    Path missing = dir.resolve("nope.sqlite");

    int status = run("dataset", "import", "--from-sqlite", missing.toString(), "--engine", "duckdb", "--out",
        dir.resolve("x.duckdb").toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql dataset import: --from-sqlite " + missing + ": file not found; check the "
        + "path\n");
    assertThat(dir.resolve("x.duckdb")).doesNotExist();
  }

  @Test
  void fromSqliteThatIsNoDatabase_isInputError_andLeavesNoTargetBehind() throws Exception {
    // exit 1 with the driver's SQLITE_NOTADB, and a 12 KB x.duckdb that refused the next try
    Path csv = Files.writeString(dir.resolve("some.csv"), "a,b\n1,2\n");
    Path target = dir.resolve("x.duckdb");

    int status = run("dataset", "import", "--from-sqlite", csv.toString(), "--engine", "duckdb", "--out",
        target.toString());

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql dataset import: --from-sqlite " + csv + ": not a SQLite database "
        + "([SQLITE_NOTADB] File opened that is not a database file (file is not a database)); give a SQLite "
        + "database file\n");
    assertThat(target).doesNotExist();
    assertThat(run("dataset", "import", "--from-sqlite", DEMO.resolve("demo.sqlite").toString(), "--engine",
        "duckdb", "--out", target.toString())).isZero();
  }

  @Test
  void fromSqliteInAFolderNamedLikeAnEscape_isImported() throws Exception {
    // "pc%41" in a file: URI is "pcA": the file was not found, and the line said it was no SQLite database
    Path source = Files.copy(DEMO.resolve("demo.sqlite"), Files.createDirectories(dir.resolve("pc%41 ?#"))
        .resolve("demo.sqlite"));
    Path target = dir.resolve("x.duckdb");

    int status = run("dataset", "import", "--from-sqlite", source.toString(), "--engine", "duckdb", "--out",
        target.toString());

    assertThat(status).as(err()).isZero();
    assertThat(out()).contains("table(s) written to " + target);
  }

  @Test
  void usageErrors_nameTheOptionAndTheFix() {
    String sqlite = DEMO.resolve("demo.sqlite").toString();
    String see = " (see llmsql dataset --help)\n";
    // testdb: the engine registered in these tests only (TestDbEngine)
    assertUsage("llmsql dataset import: --from-sqlite copies a SQLite database into another engine: give --engine "
        + "duckdb, --engine postgresql or --engine testdb" + see, "--from-sqlite", sqlite, "--out", "x.duckdb");
    assertUsage("llmsql dataset import: --engine takes sqlite, duckdb, postgresql or testdb, but was 'mysql'" + see,
        "--from-sqlite", sqlite, "--engine", "mysql", "--out", "x.duckdb");
    assertUsage("llmsql dataset import: --out FILE is required (the new DuckDB file)" + see,
        "--from-sqlite", sqlite, "--engine", "duckdb");
    assertUsage("llmsql dataset import: --jdbc-url is for --engine postgresql; DuckDB writes the --out file" + see,
        "--from-sqlite", sqlite, "--engine", "duckdb", "--out", "x.duckdb", "--jdbc-url", "jdbc:postgresql://h/d");
    assertUsage("llmsql dataset import: --from-sqlite excludes --csv and --tables-jsonl: import one source" + see,
        "--from-sqlite", sqlite, "--csv", sqlite, "--engine", "duckdb", "--out", "x.duckdb");
    assertUsage("llmsql dataset import: --reader-password-env VAR is required (the variable holding the password "
        + "of --reader-role, which evaluations log in as)" + see,
        "--from-sqlite", sqlite, "--engine", "postgresql", "--jdbc-url", "jdbc:postgresql://localhost/d");
    assertUsage("llmsql dataset import: --jdbc-url takes jdbc:postgresql://HOST[:PORT]/DATABASE (the database to "
        + "create), but was 'jdbc:postgresql://localhost'" + see,
        "--from-sqlite", sqlite, "--jdbc-url", "jdbc:postgresql://localhost", "--reader-password-env", "V");
    assertUsage("llmsql dataset import: --questions is checked on a SQLite import: import into SQLite first "
        + "(--out F.sqlite), then copy that with --from-sqlite F.sqlite" + see,
        "--csv", sqlite, "--questions", sqlite, "--engine", "duckdb", "--out", "x.duckdb");
    assertUsage("llmsql dataset import: --overwrite replaces SQLite files only: delete the DuckDB file, or drop the "
        + "PostgreSQL database, first" + see,
        "--from-sqlite", sqlite, "--engine", "duckdb", "--out", "x.duckdb", "--overwrite");
    assertUsage("llmsql dataset import: --names takes exact or lower-case, but was 'upper'" + see,
        "--from-sqlite", sqlite, "--names", "upper");
  }

  @Test
  void readerPasswordNotSet_isUsageErrorWithoutTouchingTheServer() {
    String url = PostgresServer.adminUrl().replace("/postgres", "/cli_import_never");

    int status = run("dataset", "import", "--from-sqlite", DEMO.resolve("demo.sqlite").toString(), "--jdbc-url",
        url, "--reader-password-env", "LLMSQL_UNSET");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --reader-password-env LLMSQL_UNSET: the environment "
        + "variable is not set; export it with the password\n");
    Properties admin = new Properties();
    admin.putAll(PostgresServer.admin());
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> count(url, admin, "x")))
        .isInstanceOf(SQLException.class).hasMessageContaining("cli_import_never");
  }

  @Test
  void adminPasswordNotSet_isUsageError() {
    int status = run(Map.of("READER_PW", READER_PASSWORD)::get, "dataset", "import", "--from-sqlite",
        DEMO.resolve("demo.sqlite").toString(), "--jdbc-url", "jdbc:postgresql://localhost:1/x", "--jdbc-user",
        "postgres", "--jdbc-password-env", "PGPASSWORD_UNSET", "--reader-password-env", "READER_PW");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: --jdbc-password-env PGPASSWORD_UNSET: the environment "
        + "variable is not set; export it with the password\n");
  }

  @Test
  void databaseNameThatIsNotPlain_isUsageErrorBeforeAnythingIsCreated() {
    String url = PostgresServer.adminUrl().replace("/postgres", "/my-data");

    int status = run(Map.of("READER_PW", READER_PASSWORD)::get, "dataset", "import", "--from-sqlite",
        DEMO.resolve("demo.sqlite").toString(), "--jdbc-url", url, "--jdbc-user", "postgres",
        "--reader-password-env", "READER_PW");

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql dataset import: \"my-data\" is not a plain PostgreSQL name (a letter or _ "
        + "first, then letters, digits or _, at most 63)\n");
  }

  @Test
  void serverUnreachable_isOneLineFailureWithoutThePasswords() {
    int status = run(Map.of("READER_PW", READER_PASSWORD, "ADMIN_PW", "Admin-pw-0815")::get, "dataset", "import",
        "--from-sqlite", DEMO.resolve("demo.sqlite").toString(), "--jdbc-url",
        "jdbc:postgresql://127.0.0.1:1/unreachable?connectTimeout=2", "--jdbc-user", "postgres",
        "--jdbc-password-env", "ADMIN_PW", "--reader-password-env", "READER_PW");

    assertThat(status).isEqualTo(Cli.FAILED);
    assertThat(err()).startsWith("llmsql dataset import: could not import into "
        + "jdbc:postgresql://127.0.0.1:1/unreachable?connectTimeout=2: ").hasLineCount(1)
        .doesNotContain(READER_PASSWORD, "Admin-pw-0815");
    assertThat(out()).isEmpty();
  }

  private void assertUsage(String expected, String... options) {
    out.reset();
    err.reset();
    String[] args = new String[options.length + 2];
    args[0] = "dataset";
    args[1] = "import";
    System.arraycopy(options, 0, args, 2, options.length);

    int status = run(Map.of("V", "pw")::get, args);

    assertThat(status).as(String.join(" ", options)).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo(expected);
    assertThat(out()).isEmpty();
  }
}
