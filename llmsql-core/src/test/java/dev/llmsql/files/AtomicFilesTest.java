package dev.llmsql.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

  @TempDir
  Path dir;

  @Test
  void write_replacesTheTargetAndLeavesNoTemporaryFile() throws IOException {
    Path target = Files.writeString(dir.resolve("report.json"), "old");

    AtomicFiles.write(target, tmp -> Files.writeString(tmp, "new", StandardCharsets.UTF_8));

    assertThat(target).hasContent("new");
    assertThat(names()).containsExactly("report.json");
  }

  @Test
  void write_failingWriter_keepsTheOldFileAndLeavesNoTemporaryFile() throws IOException {
    Path target = Files.writeString(dir.resolve("report.json"), "old");

    assertThatThrownBy(() -> AtomicFiles.write(target, tmp -> {
      Files.writeString(tmp, "half");
      throw new IOException("disk full");
    })).isInstanceOf(IOException.class).hasMessage("disk full");

    assertThat(target).hasContent("old");
    assertThat(names()).containsExactly("report.json");
  }

  @Test
  void createTemp_isAnEmptyFileBesideTheTargetNamedAfterIt() throws IOException {
    Path temp = AtomicFiles.createTemp(dir.resolve("cache.gold"));

    assertThat(temp.getParent()).isEqualTo(dir);
    assertThat(temp.getFileName().toString()).matches("cache\\.gold\\.[0-9a-f]+\\.tmp");
    assertThat(temp).isEmptyFile();
  }

  @Test
  void moveIntoPlace_replacesTheTarget() throws IOException {
    Path part = Files.writeString(dir.resolve("db.sqlite.part"), "complete");
    Path target = Files.writeString(dir.resolve("db.sqlite"), "stale");

    AtomicFiles.moveIntoPlace(part, target);

    assertThat(target).hasContent("complete");
    assertThat(part).doesNotExist();
  }

  private java.util.List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).sorted().toList();
    }
  }
}
