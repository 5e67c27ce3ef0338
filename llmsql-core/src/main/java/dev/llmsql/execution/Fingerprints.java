package dev.llmsql.execution;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * Fingerprints for {@link QueryExecutor#fingerprint()} of engines whose database is one file (SQLite, DuckDB).
 *
 * <pre>{@code
 * String key = Fingerprints.ofFile(Path.of("sqlite_tables.db"));   // "1c2f...-6400000"
 * }</pre>
 */
public final class Fingerprints {

  private Fingerprints() {
  }

  /**
   * CRC-32 and CRC-32C of every byte, plus the length: about 30 ms for LLMSQL's 100 MB, a tenth of SHA-256, and
   * never the file's time, so a copied or re-downloaded identical file keeps its gold results.
   *
   * @throws UncheckedIOException when the file cannot be read (a missing file's cause is a
   *     {@link java.nio.file.NoSuchFileException})
   */
  public static String ofFile(Path file) {
    CRC32 crc = new CRC32();
    CRC32C crcc = new CRC32C();
    long length = 0;
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20);
      for (int n; (n = channel.read(buffer)) >= 0; ) {
        buffer.flip();
        crc.update(buffer.duplicate());
        crcc.update(buffer);
        buffer.clear();
        length += n;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return String.format("%08x%08x-%x", crc.getValue(), crcc.getValue(), length);
  }
}
