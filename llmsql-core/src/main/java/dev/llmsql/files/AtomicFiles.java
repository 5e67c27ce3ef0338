package dev.llmsql.files;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one way this project replaces a file: write a temporary file beside it, then rename it into place, so a
 * reader sees the old file or the new one, never half of one, and a failed write leaves the old file as it was.
 * Reports, the gold cache, verification records, downloads and dataset imports all go through here.
 *
 * <pre>{@code
 * String json = "{\"accuracy\": 0.74}";
 * AtomicFiles.write(Path.of("report.json"), tmp -> Files.writeString(tmp, json));
 * }</pre>
 */
public final class AtomicFiles {

  private AtomicFiles() {
  }

  /** Fills the temporary file that will become the target. */
  @FunctionalInterface
  public interface Writer {
    /**
     * Writes the new content to {@code temp}, an empty file beside the target (it may also be replaced, e.g. by
     * a database that creates its own file; it must exist when this returns).
     */
    void writeTo(Path temp) throws IOException;
  }

  /**
   * Creates an empty temporary file beside {@code target}, lets {@code writer} fill it, and renames it onto
   * {@code target}; the temporary file is deleted whatever happens. The parent directory must exist.
   */
  public static void write(Path target, Writer writer) throws IOException {
    Path temp = createTemp(target);
    try {
      writer.writeTo(temp);
      moveIntoPlace(temp, target);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * A new empty file {@code {name}.{random}.tmp} beside {@code target}. Not {@link Files#createTempFile}: that
   * makes the file owner-only (0600) and the rename would keep it; the files written here hold no secret, so they
   * get the permissions the user's umask gives any new file, as a shell's {@code >} does.
   */
  public static Path createTemp(Path target) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Path temp = (dir == null ? Path.of("") : dir).resolve(target.getFileName() + "."
        + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE) + ".tmp");
    return Files.createFile(temp);
  }

  /**
   * Renames the finished {@code source} onto {@code target}, replacing it. Atomic where the file system can
   * rename atomically (always for a file beside the target on a local disk); elsewhere a plain replacing move,
   * since the file is finished and a non-atomic replace still beats no file.
   */
  public static void moveIntoPlace(Path source, Path target) throws IOException {
    try {
      Files.move(source, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
