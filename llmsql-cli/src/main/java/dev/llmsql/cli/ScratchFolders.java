package dev.llmsql.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Removes a folder the command line made for its own scratch work (a database copy during an import, the
 * evaluation daemon's warm-up inputs), everything in it first. Best effort: what cannot be removed stays for the
 * OS's temporary-file cleaning (or, for the daemon, its next start), since the work it served succeeded or
 * reported its own error already.
 *
 * <pre>{@code
 * Path scratch = Files.createTempDirectory("llmsql-");
 * try { ... } finally { ScratchFolders.delete(scratch); }
 * }</pre>
 */
final class ScratchFolders {

  private ScratchFolders() {
  }

  /** Deletes {@code folder} and all it holds; nothing when it is null or gone. */
  static void delete(Path folder) {
    if (folder == null) {
      return;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(file);
      }
    } catch (IOException | UncheckedIOException e) {
      // left for the OS's temporary-file cleaning; see the class comment
    }
  }
}
