package dev.llmsql.testsupport;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;

/**
 * Damages one table of a real SQLite file the way a bad copy does: the file header stays valid, so the file opens
 * and passes every check made before work starts, and only a statement reading that table gets SQLite's "database
 * disk image is malformed". Needs sqlite-jdbc on the test's class path.
 *
 * <pre>{@code
 * DamagedPages.overwriteRootPage(db, "bad");   // SELECT COUNT(*) FROM bad fails, other tables still read
 * }</pre>
 */
public final class DamagedPages {

  private DamagedPages() {
  }

  /**
   * Overwrites the first 16 bytes (the b-tree page header) of a table's root page. The table should span more than
   * one page, so that SQLite cannot answer a count from elsewhere.
   */
  public static void overwriteRootPage(Path db, String table) throws SQLException, IOException {
    int rootPage;
    int pageSize;
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT rootpage FROM sqlite_master WHERE name = '"
          + table.replace("'", "''") + "'")) {
        if (!rs.next() || rs.getInt(1) < 2) {
          throw new IllegalArgumentException("no table " + table + " with a root page of its own in " + db);
        }
        rootPage = rs.getInt(1);
      }
      try (ResultSet rs = s.executeQuery("PRAGMA page_size")) {
        pageSize = rs.getInt(1);
      }
    }
    byte[] garbage = new byte[16];
    Arrays.fill(garbage, (byte) 0xff);
    try (RandomAccessFile file = new RandomAccessFile(db.toFile(), "rw")) {
      file.seek((long) (rootPage - 1) * pageSize);
      file.write(garbage);
    }
  }
}
