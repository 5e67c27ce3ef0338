package dev.llmsql.cli;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.ImportDestination;
import dev.llmsql.execution.ImportTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

/** {@link TestDbEngine}'s dataset import: a copy of the SQLite file, never over an existing one. */
public final class TestDbImportTarget implements ImportTarget {

  @Override
  public String engine() {
    return "testdb";
  }

  @Override
  public String title() {
    return "TestDB";
  }

  @Override
  public Place place() {
    return Place.FILE;
  }

  @Override
  public Database copy(Path sqlite, ImportDestination to) throws SQLException {
    try {
      Files.copy(sqlite, to.file());
    } catch (IOException e) {
      throw new SQLException("cannot copy " + sqlite + " to " + to.file() + ": " + e.getMessage(), e);
    }
    return Database.file(to.file());
  }
}
