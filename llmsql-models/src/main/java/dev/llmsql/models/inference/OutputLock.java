package dev.llmsql.models.inference;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One inference run per predictions file at a time, across processes: an OS lock on a sibling file
 * ({@code {output}.lock}), held for the whole run and deleted at its end. Two runs on one file both asked every
 * question (paid twice) and wrote every id twice. A sibling rather than the output itself: closing any other
 * channel on a file, as the resume's reading does, drops this process's lock on it on POSIX systems.
 */
final class OutputLock implements AutoCloseable {

  private final Path file;
  private final FileChannel channel;
  private final FileLock lock;

  private OutputLock(Path file, FileChannel channel, FileLock lock) {
    this.file = file;
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * The lock of {@code output}, creating its folder if needed.
   *
   * @throws IllegalStateException when another run holds it
   * @throws UncheckedIOException when the lock file cannot be written
   */
  static OutputLock take(Path output) {
    Path file = output.toAbsolutePath().resolveSibling(output.getFileName() + ".lock");
    try {
      Files.createDirectories(file.getParent());
      while (true) {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
          lock = channel.tryLock();
        } catch (OverlappingFileLockException sameJvm) {
          lock = null;
        }
        if (lock == null) {
          channel.close();
          throw new IllegalStateException(output + " is being written by another inference run (it holds "
              + file.getFileName() + "); wait for that run to end, or choose another output file");
        }
        if (Files.exists(file)) {
          return new OutputLock(file, channel, lock);
        }
        // the run before deleted the file we opened as it ended: that lock guards nothing, take a new one
        channel.close();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot lock " + output + " for this run (" + file + ": " + e
          + "); choose a writable output file", e);
    }
  }

  /** Deletes the lock file while still holding it, then releases it. */
  @Override
  public void close() {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // left behind it locks nothing: the next run locks it again
    }
    try {
      channel.close();   // releases the lock
    } catch (IOException e) {
      // the process's lock ends with the process at the latest
    }
  }
}
