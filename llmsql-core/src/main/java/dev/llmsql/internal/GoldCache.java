package dev.llmsql.internal;

import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gold results on disk, one file per database content ({@code {dir}/{fingerprint}.gold}), so re-evaluating a
 * benchmark runs only the predictions. The key is the database's content fingerprint (CRC-32 and CRC-32C of
 * every byte, plus the length: about 30 ms for LLMSQL's 100 MB, a tenth of SHA-256), never its file time,
 * and the gold SQL text; a changed question changes its SQL and so its key.
 *
 * <p>Only deterministic outcomes are kept: complete results and SQL errors (not timeouts or row caps, which
 * depend on limits). Writers take an OS file lock, merge with what is on disk and replace the file
 * atomically, so two JVMs writing at once lose nothing and never leave a torn file; a file that cannot be
 * read is ignored and rewritten.
 */
final class GoldCache {

  private static final Logger LOG = LoggerFactory.getLogger(GoldCache.class);
  private static final byte[] MAGIC = "LLMSQLG2".getBytes(StandardCharsets.US_ASCII);
  private static final byte SUCCESS = 0;
  private static final byte SQL_ERROR = 1;

  private static final Map<Path, Object> JVM_LOCKS = new ConcurrentHashMap<>();

  private final Path dir;
  private final Predicate<String> wanted;
  private final Map<Path, CompletableFuture<Store>> stores = new ConcurrentHashMap<>();

  GoldCache(Path dir) {
    this(dir, sql -> true);
  }

  /**
   * @param wanted the gold SQL this run may ask for; other entries of a large cache (every benchmark question
   *     ever evaluated) are skipped without being decoded
   */
  GoldCache(Path dir, Predicate<String> wanted) {
    this.dir = dir;
    this.wanted = wanted;
  }

  /** Starts fingerprinting and loading {@code database} in the background. */
  void prefetch(Path database) {
    store(database);
  }

  QueryOutcome get(Path database, String sql) {
    Store store = store(database).join();
    return store == null ? null : store.known.get(sql);
  }

  void put(Path database, String sql, QueryOutcome outcome) {
    boolean deterministic = outcome instanceof QueryOutcome.Success s && s.result().complete()
        || outcome instanceof QueryOutcome.Failure f && f.kind() == FailureKind.SQL_ERROR;
    Store store = store(database).join();
    if (deterministic && store != null && store.known.putIfAbsent(sql, outcome) == null) {
      store.added.put(sql, outcome);
    }
  }

  /** Writes what this run added; failures are logged, never fatal: the cache only saves time. */
  void flush() {
    for (CompletableFuture<Store> future : stores.values()) {
      Store store = future.join();
      if (store == null || store.added.isEmpty()) {
        continue;
      }
      try {
        write(store);
      } catch (IOException | RuntimeException e) {
        LOG.warn("Could not write gold cache {}: {}", store.file, e.toString());
      }
    }
  }

  private CompletableFuture<Store> store(Path database) {
    return stores.computeIfAbsent(database.toAbsolutePath().normalize(),
        db -> CompletableFuture.supplyAsync(() -> load(db)));
  }

  private Store load(Path database) {
    try {
      Path file = dir.resolve(fingerprint(database) + ".gold");
      Store store = new Store(file);
      store.known.putAll(read(file, wanted));
      LOG.debug("Gold cache {}: {} result(s)", file, store.known.size());
      return store;
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      LOG.warn("Gold cache disabled for {}: {}", database, e.toString());
      return null;
    }
  }

  private static final class Store {
    final Path file;
    final Map<String, QueryOutcome> known = new ConcurrentHashMap<>(1 << 15);
    final Map<String, QueryOutcome> added = new ConcurrentHashMap<>();

    Store(Path file) {
      this.file = file;
    }
  }

  static String fingerprint(Path file) throws IOException {
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
    }
    return String.format("%08x%08x-%x", crc.getValue(), crcc.getValue(), length);
  }

  private void write(Store store) throws IOException {
    Files.createDirectories(dir);
    Path lock = dir.resolve(store.file.getFileName() + ".lock");
    // An OS file lock excludes other JVMs only; evaluations in this JVM (concurrent models) queue here first,
    // since a second lock on the same file from one JVM throws OverlappingFileLockException.
    synchronized (JVM_LOCKS.computeIfAbsent(lock.toAbsolutePath().normalize(), k -> new Object())) {
      writeLocked(store, lock);
    }
  }

  @SuppressWarnings("try") // the lock is held for the try block's duration, never read
  private void writeLocked(Store store, Path lock) throws IOException {
    try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
         FileLock ignored = channel.lock()) {
      // Another JVM may have written since we loaded: keep its results too.
      Map<String, QueryOutcome> merged = new java.util.LinkedHashMap<>(read(store.file, sql -> true));
      store.added.forEach(merged::putIfAbsent);
      Path tmp = Files.createTempFile(dir, store.file.getFileName().toString(), ".tmp");
      try {
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
          writeAll(out, merged);
        }
        Files.move(tmp, store.file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
      store.added.clear();
    }
  }

  private static Map<String, QueryOutcome> read(Path file, Predicate<String> wanted) throws IOException {
    if (!Files.exists(file)) {
      return Map.of();
    }
    try (InputStream raw = Files.newInputStream(file);
         DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16))) {
      return readAll(in, wanted);
    } catch (OlderFormatException e) {
      LOG.debug("Gold cache {} has an older format; it will be rewritten", file);
      return Map.of();
    } catch (IOException | RuntimeException e) {
      LOG.warn("Ignoring unreadable gold cache {} ({}); it will be rewritten", file, e.toString());
      return Map.of();
    }
  }

  static void writeAll(DataOutputStream out, Map<String, QueryOutcome> entries) throws IOException {
    out.write(MAGIC);
    out.writeInt(entries.size());
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    for (Map.Entry<String, QueryOutcome> e : entries.entrySet()) {
      writeString(out, e.getKey());
      buffer.reset();
      DataOutputStream payload = new DataOutputStream(buffer);
      if (e.getValue() instanceof QueryOutcome.Success s) {
        payload.writeByte(SUCCESS);
        QueryResult r = s.result();
        payload.writeInt(r.columns().size());
        for (String column : r.columns()) {
          writeString(payload, column);
        }
        payload.writeInt(r.rowCount());
        for (List<Object> row : r.rows()) {
          for (Object cell : row) {
            writeCell(payload, cell);
          }
        }
      } else {
        payload.writeByte(SQL_ERROR);
        writeString(payload, ((QueryOutcome.Failure) e.getValue()).message());
      }
      // The length lets a reader skip entries it does not want without decoding them.
      out.writeInt(buffer.size());
      buffer.writeTo(out);
    }
  }

  static Map<String, QueryOutcome> readAll(DataInputStream in) throws IOException {
    return readAll(in, sql -> true);
  }

  static Map<String, QueryOutcome> readAll(DataInputStream in, Predicate<String> wanted) throws IOException {
    byte[] magic = in.readNBytes(MAGIC.length);
    if (!Arrays.equals(magic, MAGIC)) {
      if (magic.length == MAGIC.length && Arrays.equals(magic, 0, 7, MAGIC, 0, 7)) {
        throw new OlderFormatException();
      }
      throw new IOException("not a gold cache file");
    }
    int count = in.readInt();
    Map<String, QueryOutcome> entries = new java.util.LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      String sql = readString(in);
      int payload = in.readInt();
      if (!wanted.test(sql)) {
        in.skipNBytes(payload);
        continue;
      }
      byte kind = in.readByte();
      if (kind == SUCCESS) {
        int width = in.readInt();
        List<String> columns = new ArrayList<>(width);
        for (int c = 0; c < width; c++) {
          columns.add(readString(in));
        }
        int rows = in.readInt();
        List<List<Object>> data = new ArrayList<>(rows);
        for (int r = 0; r < rows; r++) {
          Object[] row = new Object[width];
          for (int c = 0; c < width; c++) {
            row[c] = readCell(in);
          }
          data.add(Arrays.asList(row));
        }
        entries.put(sql, QueryOutcome.success(new QueryResult(columns, data), 0));
      } else if (kind == SQL_ERROR) {
        entries.put(sql, QueryOutcome.failure(FailureKind.SQL_ERROR, readString(in), 0));
      } else {
        throw new IOException("unknown entry kind " + kind);
      }
    }
    return entries;
  }

  /** A cache written by an earlier version of this format: not an error, just rewritten. */
  private static final class OlderFormatException extends IOException {
    private static final long serialVersionUID = 1L;
  }

  private static void writeCell(DataOutputStream out, Object cell) throws IOException {
    if (cell == null) {
      out.writeByte(0);
    } else if (cell instanceof Long l) {
      out.writeByte(1);
      out.writeLong(l);
    } else if (cell instanceof Double d) {
      out.writeByte(2);
      out.writeDouble(d);
    } else if (cell instanceof byte[] bytes) {
      out.writeByte(4);
      out.writeInt(bytes.length);
      out.write(bytes);
    } else {
      out.writeByte(3);
      writeString(out, cell.toString());
    }
  }

  private static Object readCell(DataInputStream in) throws IOException {
    return switch (in.readByte()) {
      case 0 -> null;
      case 1 -> in.readLong();
      case 2 -> in.readDouble();
      case 3 -> readString(in);
      case 4 -> in.readNBytes(in.readInt());
      default -> throw new IOException("unknown cell tag");
    };
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  private static String readString(DataInputStream in) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > 64 << 20) {
      throw new IOException("corrupt string length " + length);
    }
    return new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }
}
