package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.testsupport.DamagedPages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark database with damaged pages (issue 22.6) is an unusable database, not a run with gold errors: one
 * line naming the file, exit 3, and no report, printed or written, that could pass for a result.
 */
class HostileDatabaseTest extends CliHarness {

  static final Path DEMO = CliTest.DEMO;

  @TempDir
  Path tmp;

  @Test
  void damagedPages_exit3WithOneLineNamingTheFile_noReportPrintedOrWritten() throws Exception {
    Path db = tmp.resolve("bench.sqlite");
    StringBuilder insert = new StringBuilder("INSERT INTO bad VALUES ");
    for (int i = 1; i <= 2000; i++) {
      insert.append(i == 1 ? "" : ",").append("(").append(i).append(", 'row number ").append(i).append("')");
    }
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE good (n INTEGER)");
      s.execute("INSERT INTO good VALUES (1), (2)");
      s.execute("CREATE TABLE bad (n INTEGER, s TEXT)");
      s.execute(insert.toString());
    }
    DamagedPages.overwriteRootPage(db, "bad");
    Path questions = Files.writeString(tmp.resolve("questions.jsonl"),
        "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT COUNT(*) FROM good\", \"table_id\": \"good\"}\n"
            + "{\"question_id\": 2, \"question\": \"q\", \"sql\": \"SELECT COUNT(*) FROM bad\", \"table_id\": \"bad\"}\n");
    Path outputs = Files.writeString(tmp.resolve("outputs.jsonl"),
        "{\"question_id\": 1, \"completion\": \"SELECT COUNT(*) FROM good\"}\n"
            + "{\"question_id\": 2, \"completion\": \"SELECT COUNT(*) FROM bad\"}\n");
    Path report = tmp.resolve("report.json");

    int status = run("evaluate", "--outputs", outputs.toString(), "--questions-path", questions.toString(),
        "--db-path", db.toString(), "--save-report", report.toString(), "--no-gold-cache", "--threads", "2");

    assertThat(status).isEqualTo(Cli.BAD_INPUT);
    assertThat(err()).isEqualTo("llmsql evaluate: " + db + ": is corrupt (SQLite: database disk image is "
        + "malformed; SQLITE_CORRUPT), so no result from it can be trusted; download or copy it again (sqlite3 "
        + "bench.sqlite 'PRAGMA integrity_check' shows the damage)\n");
    assertThat(out()).isEmpty();
    assertThat(report).doesNotExist();
  }

  @Test
  void sqliteCannotStart_exit3WithOneLine_notARunWhereEveryGoldFailed() throws Exception {
    // sqlite-jdbc unpacks its native library into java.io.tmpdir; where it cannot (full, read-only or noexec), every
    // statement failed and the run read as a model scoring 0.00% (exit 0), below stack traces of sqlite-jdbc's
    // with four threads the others stop quietly: no line for the questions they were judging
    Path report = tmp.resolve("report.json");
    assertOneLine(withoutTempFolder("evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(),
        "--questions-path", DEMO.resolve("questions.jsonl").toString(), "--db-path",
        DEMO.resolve("demo.sqlite").toString(), "--save-report", report.toString(), "--no-gold-cache", "--threads",
        "4"), "evaluate");
    assertThat(report).doesNotExist();
    // audit flagged every question (gold_error: internal error) and exited 0
    assertOneLine(withoutTempFolder("audit", "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString()), "audit");
  }

  private Process withoutTempFolder(String... args) throws Exception {
    return new ProcessBuilder(OwnJvm.main(List.of("-Djava.io.tmpdir=" + tmp.resolve("missing")), args))
        .redirectOutput(tmp.resolve("out.txt").toFile()).redirectError(tmp.resolve("err.txt").toFile()).start();
  }

  private void assertOneLine(Process run, String command) throws Exception {
    assertThat(run.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
    assertThat(run.exitValue()).isEqualTo(Cli.BAD_INPUT);
    assertThat(Files.readString(tmp.resolve("err.txt"))).startsWith("llmsql " + command + ": "
        + DEMO.resolve("demo.sqlite") + ": cannot be opened: No native library found for os.name=")
        .endsWith("; SQLite's native library could not be loaded: sqlite-jdbc unpacks it into java.io.tmpdir, which "
            + "must be writable and allow running code (not mounted noexec), or into the directory "
            + "-Dorg.sqlite.tmpdir=DIR names\n").hasLineCount(1);
    assertThat(tmp.resolve("out.txt")).isEmptyFile();
  }
}
