package dev.llmsql.sqlite;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Whether a file can serve as a benchmark database before any work starts, read without creating anything
 * beside it: a regular, non-empty SQLite file whose header matches its size, with no hot rollback journal, no
 * WAL content that is not in the main file yet, and no lock of a writer in another process. Those are the
 * conditions under which opening it {@code immutable} (no locks, no journal, no -wal/-shm files) reads exactly
 * what a locking reader would; docs/SECURITY.md explains.
 *
 * <pre>{@code
 * String why = DatabaseCheck.problem(Path.of("bench.sqlite"));  // null when usable
 * }</pre>
 */
final class DatabaseCheck {

  private static final byte[] MAGIC = "SQLite format 3\0".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] JOURNAL_MAGIC =
      {(byte) 0xd9, (byte) 0xd5, 0x05, (byte) 0xf9, 0x20, (byte) 0xa1, 0x63, (byte) 0xd7};
  /** SQLite's lock bytes (os_unix.c): a writer holds PENDING or the SHARED range exclusively. */
  private static final long PENDING_BYTE = 0x40000000L;
  private static final long SHARED_FIRST = PENDING_BYTE + 2;
  private static final long SHARED_SIZE = 510;

  private DatabaseCheck() {
  }

  /** Why {@code file} cannot be used as a benchmark database, as one clause with the fix; null when it can. */
  static String problem(Path file) {
    if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.exists(file)) {
      return "does not exist; pass the benchmark's .sqlite/.db file";
    }
    if (Files.isDirectory(file)) {
      return "is a directory, not a database file; pass the benchmark's .sqlite/.db file";
    }
    if (!Files.isRegularFile(file)) {
      return "is not a regular file (a device, FIFO or socket); pass the benchmark's .sqlite/.db file";
    }
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      if (size == 0) {
        return "is empty (0 bytes), not a SQLite database; pass the benchmark's .sqlite/.db file";
      }
      ByteBuffer header = ByteBuffer.allocate(100);
      while (header.hasRemaining() && channel.read(header, header.position()) > 0) {
        // read until the header is complete or the file ends
      }
      byte[] h = header.array();
      if (header.position() < MAGIC.length || !Arrays.equals(h, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
        return "is not a SQLite database (it does not start with \"SQLite format 3\"); pass the benchmark's "
            + ".sqlite/.db file";
      }
      if (header.position() < 100) {
        return "is truncated (" + size + " bytes, shorter than a SQLite header); download or copy it again";
      }
      String truncated = truncation(h, size);
      if (truncated != null) {
        return truncated;
      }
      String journal = journalProblem(file, h);
      if (journal != null) {
        return journal;
      }
      if (lockedByWriter(channel)) {
        return "is locked by another process that is writing to it; wait until that process finishes (or "
            + "stop it), then run again";
      }
    } catch (IOException e) {
      return "cannot be read (" + e.getMessage() + "); check its permissions";
    }
    return null;
  }

  /** Compares the header's page count with the file size, where the header says its count is valid. */
  private static String truncation(byte[] h, long size) {
    int rawPageSize = ((h[16] & 0xff) << 8) | (h[17] & 0xff);
    long pageSize = rawPageSize == 1 ? 65536 : rawPageSize;
    if (pageSize < 512 || pageSize > 65536 || Long.bitCount(pageSize) != 1) {
      return "is not a valid SQLite database (its header gives page size " + rawPageSize + "); download or copy "
          + "it again";
    }
    long pages = readInt(h, 28);
    boolean countValid = pages > 0 && readInt(h, 24) == readInt(h, 92);
    if (countValid && pages * pageSize > size) {
      return "is truncated: its header promises " + pages * pageSize + " bytes (" + pages + " pages of "
          + pageSize + "), but the file has " + size + "; download or copy it again";
    }
    if (size % pageSize != 0) {
      return "is truncated: " + size + " bytes is not a whole number of " + pageSize + "-byte pages; download or "
          + "copy it again";
    }
    return null;
  }

  /** A hot rollback journal or WAL content beside the file: an immutable reader would not see those changes. */
  private static String journalProblem(Path file, byte[] h) throws IOException {
    Path journal = file.resolveSibling(file.getFileName() + "-journal");
    if (Files.isRegularFile(journal) && Files.size(journal) > 0 && startsWith(journal, JOURNAL_MAGIC)) {
      return "has a hot journal (" + journal.getFileName() + ": a writer stopped mid-transaction); open it once "
          + "with a writable sqlite3 (e.g. sqlite3 " + file.getFileName() + " 'PRAGMA quick_check') to roll it "
          + "back, then run again";
    }
    boolean walMode = h[18] == 2 || h[19] == 2;
    Path wal = file.resolveSibling(file.getFileName() + "-wal");
    if (walMode && Files.isRegularFile(wal) && Files.size(wal) > 0) {
      return "has changes in " + wal.getFileName() + " that are not in the main file yet; checkpoint it (sqlite3 "
          + file.getFileName() + " 'PRAGMA wal_checkpoint(TRUNCATE)') once no other process uses it, then run "
          + "again";
    }
    return null;
  }

  /**
   * Whether another process holds a writer's lock (PENDING or EXCLUSIVE), probed with the shared locks a
   * SQLite reader would take and released at once. POSIX locks do not conflict within one process, and this
   * process's own connections open the file {@code immutable}, without locks.
   */
  private static boolean lockedByWriter(FileChannel channel) throws IOException {
    try (FileLock pending = channel.tryLock(PENDING_BYTE, 1, true)) {
      if (pending == null) {
        return true;
      }
      try (FileLock shared = channel.tryLock(SHARED_FIRST, SHARED_SIZE, true)) {
        return shared == null;
      }
    } catch (OverlappingFileLockException e) {
      return false;   // another check in this JVM holds the probe right now: not a writer
    }
  }

  private static boolean startsWith(Path file, byte[] prefix) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buffer = ByteBuffer.allocate(prefix.length);
      while (buffer.hasRemaining() && channel.read(buffer) > 0) {
        // fill
      }
      return !buffer.hasRemaining() && Arrays.equals(buffer.array(), prefix);
    }
  }

  private static long readInt(byte[] h, int offset) {
    return ((h[offset] & 0xffL) << 24) | ((h[offset + 1] & 0xffL) << 16) | ((h[offset + 2] & 0xffL) << 8)
        | (h[offset + 3] & 0xffL);
  }
}
