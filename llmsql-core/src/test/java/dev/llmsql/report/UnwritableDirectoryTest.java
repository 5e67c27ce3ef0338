package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one "can reports go into this directory" check the command line and Spark run before any work. */
class UnwritableDirectoryTest {

  @Test
  void aDirectoryStillToBeMadeUnderAWritableOneIsFine(@TempDir Path dir) {
    assertThat(ReportFiles.unwritableDirectory(dir.resolve("a/b/c"))).isEmpty();
    assertThat(ReportFiles.unwritableDirectory(dir)).isEmpty();
  }

  @Test
  void aFileWhereADirectoryMustBeIsNamed(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("notes.txt"), "x");
    assertThat(ReportFiles.unwritableDirectory(file.resolve("out")))
        .contains(file.toAbsolutePath().normalize() + " is a file, not a directory; choose another path");
  }
}
