package dev.llmsql.testsupport;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Small real SQLite files for tests, written through sqlite-jdbc (which the test's class path must hold): the one
 * way every module's tests build one from statements.
 *
 * <pre>{@code
 * Path db = SqliteFiles.create(dir.resolve("small.sqlite"), "CREATE TABLE t (a INTEGER)", "INSERT INTO t VALUES (1)");
 * }</pre>
 */
public final class SqliteFiles {

  private SqliteFiles() {
  }

  /** Creates {@code file} (or opens it) and runs each statement on it, in order; returns {@code file}. */
  public static Path create(Path file, String... statements) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
      for (String sql : statements) {
        s.execute(sql);
      }
    }
    return file;
  }
}
