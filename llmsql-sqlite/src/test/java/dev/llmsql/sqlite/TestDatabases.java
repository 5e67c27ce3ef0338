package dev.llmsql.sqlite;

import dev.llmsql.testsupport.SqliteFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.SQLException;
import java.util.HexFormat;

/** Real SQLite files for tests, written through sqlite-jdbc. */
public final class TestDatabases {

  private TestDatabases() {
  }

  /** A small WikiSQL-like table "1-10015132-9" (the LLMSQL layout) plus a numbers table. */
  public static Path players(Path dir) throws SQLException {
    StringBuilder numbers = new StringBuilder("INSERT INTO nums VALUES ");
    for (int i = 1; i <= 100; i++) {
      numbers.append(i == 1 ? "" : ",").append('(').append(i).append(')');
    }
    return SqliteFiles.create(dir.resolve("players.db"),
        "CREATE TABLE \"1-10015132-9\" (\"Player\" TEXT, \"No.\" REAL, \"Position\" TEXT, "
            + "\"Years in Toronto\" TEXT, \"School/Club Team\" TEXT)",
        "INSERT INTO \"1-10015132-9\" VALUES ('Jalen Rose', 5.0, 'Guard', '2003-06', 'Michigan'),"
            + "('Antonio Lang', 21.0, 'Guard-Forward', '1999-2000', 'Duke'),"
            + "('Voshon Lenard', 2.0, 'Guard', '2002-03', 'Minnesota'),"
            + "('Martin Lewis', 32.0, 'Guard-Forward', '1996-97', 'Butler CC (KS)'),"
            + "('Brad Lohaus', 33.0, 'Forward-Center', '1996', 'Iowa'),"
            + "('Art Long', 42.0, 'Forward-Center', '2002-03', NULL)",
        "CREATE TABLE nums (n INTEGER)",
        numbers.toString());
  }

  public static String sha256(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[8192];
      int n;
      while ((n = in.read(buffer)) > 0) {
        digest.update(buffer, 0, n);
      }
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
