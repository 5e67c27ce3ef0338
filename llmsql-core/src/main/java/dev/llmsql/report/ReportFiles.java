package dev.llmsql.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes report files atomically: a reader never sees half a report, and a failed write leaves the old file.
 *
 * <pre>{@code
 * ReportFiles.write(Path.of("report.html"), out -> HtmlReport.write(report, out));
 * }</pre>
 */
public final class ReportFiles {

  private ReportFiles() {
  }

  /** Writes what the given content writes to {@code out}. */
  @FunctionalInterface
  public interface Content {
    /** Writes the content; {@code out} is closed by the caller. */
    void writeTo(OutputStream out) throws IOException;
  }

  /** Writes {@code content} to a temporary file beside {@code file}, then renames it into place. */
  public static void write(Path file, Content content) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    if (dir != null) {
      Files.createDirectories(dir);
    }
    Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
    try {
      try (OutputStream out = Files.newOutputStream(tmp)) {
        content.writeTo(out);
      }
      if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
        // Temporary files are private; a report is meant to be shared like any file the user writes.
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-r--r--"));
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }
}
