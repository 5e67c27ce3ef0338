package dev.llmsql.engine;

import dev.llmsql.execution.Database;
import dev.llmsql.execution.FailureKind;
import dev.llmsql.execution.QueryExecutor;
import dev.llmsql.execution.QueryOutcome;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.files.AtomicFiles;
import dev.llmsql.retry.RetryPolicy;
import dev.llmsql.threads.DaemonThreads;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gold results on disk, one file per database content ({@code {dir}/{fingerprint}.gold}), so re-evaluating a
 * benchmark runs only the predictions. The key is the fingerprint the database's executor supplies
 * ({@link QueryExecutor#fingerprint()}: for a file, CRC-32 and CRC-32C of every byte plus the length, about
 * 30 ms for LLMSQL's 100 MB, never its file time; for a server, its schema and contents), and the gold SQL
 * text; a changed question changes its SQL and so its key.
 *
 * <p>Only deterministic outcomes are kept: complete results and SQL errors that any rerun would repeat (not
 * timeouts or row caps, which depend on limits, nor a locked or busy database, I/O errors, interrupts or
 * resource bounds, which depend on the moment; see {@link #deterministic}). Every entry carries a CRC-32C of
 * its bytes, checked whenever it is read: an entry that fails it is never used (the gold is run again) and
 * the file is rebuilt without it, with a warning, so a damaged cache costs time but never changes a verdict.
 * Writers take an OS file lock, merge with what is on disk and replace the file atomically, so two JVMs
 * writing at once lose nothing and never leave a torn file; a lock another process holds longer than the
 * lock wait (default {@value #DEFAULT_LOCK_WAIT_SECONDS} s) is not waited for: the run's golds are then not
 * written, with a warning naming the lock file and its holder's pid.
 */
final class GoldCache {

  private static final Logger LOG = LoggerFactory.getLogger(GoldCache.class);
  private static final byte[] MAGIC = "LLMSQLG3".getBytes(StandardCharsets.US_ASCII);
  static final long DEFAULT_LOCK_WAIT_SECONDS = 10;
  /** Bytes of added entries kept in memory before they are written to the spill file in one write. */
  static final int PENDING_BYTES = 256 << 10;
  /** SQLite's words for failures of the moment or of a resource bound; matched lower-case, anywhere. */
  private static final List<String> TRANSIENT = List.of("locked", "busy", "i/o error", "ioerr", "interrupt",
      "out of memory", "nomem", "disk is full", "sqlite_full", "unable to open", "cantopen", "schema has changed",
      "sqlite_schema", "protocol", "malformed", "corrupt", "not a database", "notadb", "too big", "toobig",
      "too many", "too large", "too complex", "too deep", "limit", "heap", "memory", "timeout", "timed out",
      "cancel", "abort");
  private static final byte SUCCESS = 0;
  private static final byte SQL_ERROR = 1;

  /**
   * Monitors for the evaluations of this JVM that write a cache file, by the lock file's path, striped: a map
   * from path to monitor would grow by one entry for every cache file a long-lived JVM (the CLI's daemon) wrote.
   */
  private static final Object[] JVM_LOCKS = Stream.generate(Object::new).limit(64).toArray();
  /** Polling a held lock: 5 ms, doubling to 200 ms, until the wait's own deadline. */
  private static final RetryPolicy LOCK_POLL = RetryPolicy.of(RetryPolicy.UNLIMITED_ATTEMPTS, Duration.ofMillis(5),
      Duration.ofMillis(200));

  private final Path dir;
  private final IntPredicate wanted;
  private final long lockWaitMillis;
  private final Consumer<String> warnings;
  private final Map<Database, CompletableFuture<Store>> stores = new ConcurrentHashMap<>();

  GoldCache(Path dir) {
    this(dir, hash -> true);
  }

  /**
   * @param wanted accepts the {@link String#hashCode()} of every gold SQL this run may ask for; other entries
   *     of a large cache (every benchmark question ever evaluated) are not indexed
   */
  GoldCache(Path dir, IntPredicate wanted) {
    this(dir, wanted, Duration.ofSeconds(DEFAULT_LOCK_WAIT_SECONDS), message -> { });
  }

  /**
   * @param lockWait how long {@link #flush} waits for another process's lock before giving up writing
   * @param warnings told (besides the log) when the cache was damaged or could not be written
   */
  GoldCache(Path dir, IntPredicate wanted, Duration lockWait, Consumer<String> warnings) {
    this.dir = dir;
    this.wanted = wanted;
    this.lockWaitMillis = lockWait.toMillis();
    this.warnings = warnings;
  }

  private void warn(String message) {
    LOG.warn(message);
    warnings.accept(message);
  }

  /**
   * Whether a rerun of the statement on the same database content would give the same outcome: complete
   * results, and SQL errors that are not of the moment (locked, busy, I/O, interrupted, out of memory) nor of
   * a resource bound (too big, too many, limits).
   */
  static boolean deterministic(QueryOutcome outcome) {
    return outcome instanceof QueryOutcome.Success s && s.result().complete()
        || outcome instanceof QueryOutcome.Failure f && f.kind() == FailureKind.SQL_ERROR && !ofTheMoment(f);
  }

  /** A failure a rerun may not repeat: an unusable database, or an SQL error of the moment or of a bound. */
  static boolean ofTheMoment(QueryOutcome.Failure f) {
    if (f.kind() == FailureKind.DATABASE_UNAVAILABLE) {
      return true;
    }
    if (f.kind() != FailureKind.SQL_ERROR) {
      return false;
    }
    String message = String.valueOf(f.message()).toLowerCase(Locale.ROOT);
    return TRANSIENT.stream().anyMatch(message::contains);
  }

  /** Starts fingerprinting and indexing the cache file of {@code database}'s executor in the background. */
  void prefetch(QueryExecutor database) {
    store(database);
  }

  QueryOutcome get(QueryExecutor database, String sql) {
    Store store = store(database).join();
    return store == null ? null : store.get(sql);
  }

  void put(QueryExecutor database, String sql, QueryOutcome outcome) {
    Store store = store(database).join();
    if (deterministic(outcome) && store != null) {
      store.add(sql, outcome);
    }
  }

  /**
   * Writes what this run added and closes the files; failures are logged, never fatal: the cache only saves
   * time. A later call starts afresh from disk.
   */
  void flush() {
    for (CompletableFuture<Store> future : stores.values()) {
      Store store = future.join();
      if (store == null) {
        continue;
      }
      try {
        if (store.added > 0 || store.damaged) {
          write(store);
        }
      } catch (IOException | RuntimeException e) {
        LOG.warn("Could not write gold cache {}: {}", store.file, e.toString());
      } finally {
        store.close();
      }
    }
    stores.clear();
  }

  private CompletableFuture<Store> store(QueryExecutor database) {
    return stores.computeIfAbsent(database.database(), db -> CompletableFuture.supplyAsync(() -> load(database),
        // a thread of its own, named: the common pool's stand-in on two cores is a new "Thread-N" each time,
        // whose number (in warnings) depends on what the JVM did before
        task -> DaemonThreads.start("llmsql-gold-cache", task)));
  }

  private Store load(QueryExecutor database) {
    try {
      Path file = dir.resolve(fileName(database.fingerprint()) + ".gold");
      Store store = new Store(file);
      store.index(wanted);
      LOG.debug("Gold cache {}: {} result(s) indexed", file, store.onDisk.size());
      return store;
    } catch (UncheckedIOException e) {
      if (e.getCause() instanceof NoSuchFileException) {
        return null;   // a missing database: its questions report it
      }
      warn("Gold cache disabled for " + database.database().describe() + ": " + e);
      return null;
    } catch (RuntimeException e) {
      // an engine that cannot fingerprint (a server gone away) costs the cache, never the run
      warn("Gold cache disabled for " + database.database().describe() + ": " + e);
      return null;
    }
  }

  /**
   * The fingerprint as a file name: kept as it is when it is a short plain name (a file's checksums), else its
   * SHA-256, so an engine's fingerprint can hold any characters without steering the path.
   */
  static String fileName(String fingerprint) {
    if (fingerprint.matches("[A-Za-z0-9_-]{1,96}")) {
      return fingerprint;
    }
    try {
      byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
          .digest(fingerprint.getBytes(StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(digest);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  /**
   * One cache file, indexed but not decoded: an entry is read back (one positional read) and decoded when a
   * question asks for it, and entries this run adds go to a spill file beside it until {@link #flush}, so a
   * run's memory does not grow with the number of golds. Thread-safe.
   */
  private final class Store {
    final Path file;
    final EntryIndex onDisk = new EntryIndex();
    private FileChannel disk;
    private final EntryIndex spilled = new EntryIndex();
    private Path spillFile;
    private FileChannel spill;
    private boolean spillFailed;
    /*
     * Added entries not yet in the spill file, which starts at offset pendingStart: one write per
     * PENDING_BYTES, not one per gold (16,000 system calls on a first LLMSQL run, 0.08 s of CPU).
     */
    private final PendingBytes pending = new PendingBytes();
    private long pendingStart;
    /** Reads the spill file, and the entries still pending from memory. */
    private final EntryIndex.Source spilledSource = this::readSpilled;
    private final EntryIndex.Source onDiskSource = (target, position) -> disk.read(target, position);
    int added;
    /** An entry failed its checksum or the file its structure: rebuilt at flush even if nothing was added. */
    volatile boolean damaged;

    Store(Path file) {
      this.file = file;
    }

    /** Indexes the entries of the file on disk that {@code wanted} accepts; a bad file is ignored. */
    void index(IntPredicate wanted) {
      if (!Files.exists(file)) {
        return;
      }
      try {
        disk = FileChannel.open(file, StandardOpenOption.READ);
        DataInputStream in = new DataInputStream(new BufferedInputStream(
            java.nio.channels.Channels.newInputStream(disk.position(0)), 1 << 16));
        int count = readHeader(in);
        long position = MAGIC.length + 4;
        byte[] key = new byte[256];
        byte[] chunk = new byte[1 << 16];
        CRC32C crc = new CRC32C();
        for (int i = 0; i < count; i++) {
          int keyLength = in.readInt();
          if (keyLength < 0 || keyLength > 64 << 20) {
            throw new IOException("corrupt string length " + keyLength);
          }
          if (keyLength > key.length) {
            key = new byte[Math.max(keyLength, key.length * 2)];
          }
          in.readFully(key, 0, keyLength);
          int payload = in.readInt();
          if (payload < 0 || payload > 1 << 30) {
            throw new IOException("corrupt payload length " + payload);
          }
          // Every entry's checksum is checked here, not only when asked for: a flipped bit in a key would
          // otherwise just make its gold a miss, and the damage would go unnoticed and unrepaired.
          crc.reset();
          crc.update(key, 0, keyLength);
          for (long left = payload; left > 0; ) {
            int n = (int) Math.min(left, chunk.length);
            in.readFully(chunk, 0, n);
            crc.update(chunk, 0, n);
            left -= n;
          }
          long length = 4L + keyLength + 4 + payload + 4;
          if (in.readInt() != (int) crc.getValue()) {
            checksumFailed();
          } else {
            int hash = stringHash(key, keyLength);
            if (wanted.test(hash)) {
              onDisk.add(hash, position, length);
            }
          }
          position += length;
        }
        if (in.read() != -1) {
          throw new IOException("bytes after the last of " + count + " entries");
        }
      } catch (OlderFormatException e) {
        LOG.debug("Gold cache {} has an older format; it will be rewritten", file);
        onDisk.clear();
      } catch (IOException | RuntimeException e) {
        warn("Gold cache " + file + " is damaged (" + e + "); not used, the golds are run again and the file "
            + "rebuilt");
        damaged = true;
        onDisk.clear();
      }
    }

    QueryOutcome get(String sql) {
      QueryOutcome known = onDisk.find(onDiskSource, sql, this::checksumFailed);
      if (known == null && added > 0) {
        synchronized (this) {
          known = spilled.find(spilledSource, sql, this::checksumFailed);
        }
      }
      return known;
    }

    private void checksumFailed() {
      if (!damaged) {
        damaged = true;
        warn("Gold cache " + file + " has an entry that fails its checksum; it is not used (the gold is run "
            + "again) and the file is rebuilt without it");
      }
    }

    synchronized void add(String sql, QueryOutcome outcome) {
      if (spillFailed || onDisk.find(onDiskSource, sql, this::checksumFailed) != null
          || spilled.find(spilledSource, sql, this::checksumFailed) != null) {
        return;
      }
      try {
        if (spill == null) {
          Files.createDirectories(dir);
          spillFile = Files.createTempFile(dir, file.getFileName().toString(), ".spill");
          spill = FileChannel.open(spillFile, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        int at = pending.size();
        try {
          writeEntry(new DataOutputStream(pending), sql, outcome);
        } catch (RuntimeException e) {
          pending.truncate(at);
          throw e;
        }
        int length = pending.size() - at;
        spilled.add(sql.hashCode(), pendingStart + at, length);
        added++;
        if (pending.size() >= PENDING_BYTES) {
          writePending();
        }
      } catch (IOException e) {
        // A read-only work dir: golds of this run are not kept, nothing else changes (the entries still
        // pending stay readable from memory).
        LOG.warn("Gold cache {} not updated: {}", file, e.toString());
        spillFailed = true;
      }
    }

    /** Writes the pending entries to the spill file; before {@link #flush} copies it. */
    synchronized void writePending() throws IOException {
      if (spillFailed || pending.size() == 0) {
        return;
      }
      ByteBuffer buffer = pending.asBuffer();
      while (buffer.hasRemaining()) {
        spill.write(buffer, pendingStart + buffer.position());
      }
      pendingStart += pending.size();
      pending.clear();
    }

    private int readSpilled(ByteBuffer target, long position) throws IOException {
      return position < pendingStart ? spill.read(target, position) : pending.read(target, position - pendingStart);
    }

    void close() {
      closeQuietly(disk);
      closeQuietly(spill);
      if (spillFile != null) {
        try {
          Files.deleteIfExists(spillFile);
        } catch (IOException e) {
          LOG.debug("Could not delete {}: {}", spillFile, e.toString());
        }
      }
    }
  }

  /** A byte buffer whose bytes are read in place: the entries a {@link Store} has not written yet. */
  private static final class PendingBytes extends ByteArrayOutputStream {

    ByteBuffer asBuffer() {
      return ByteBuffer.wrap(buf, 0, count);
    }

    /** As {@link FileChannel#read(ByteBuffer, long)}, at {@code offset} into these bytes. */
    int read(ByteBuffer target, long offset) {
      if (offset >= count) {
        return -1;
      }
      int n = (int) Math.min(target.remaining(), count - offset);
      target.put(buf, (int) offset, n);
      return n;
    }

    void truncate(int size) {
      count = size;
    }

    /** Empty again; a buffer grown past twice the bound by one large entry is not kept. */
    void clear() {
      count = 0;
      if (buf.length > 2 * PENDING_BYTES) {
        buf = new byte[32];
      }
    }
  }

  /**
   * Entry positions by the SQL's hash code, open addressing; equal hashes may repeat, the SQL stored in the
   * entry decides. A span packs the offset (low 40 bits, plus one so 0 means empty) and length (high 24 bits);
   * entries of 16 MB or more are not indexed (they are re-run).
   */
  private static final class EntryIndex {
    private int[] hashes = new int[64];
    private long[] spans = new long[64];
    private int size;

    int size() {
      return size;
    }

    void clear() {
      hashes = new int[64];
      spans = new long[64];
      size = 0;
    }

    void add(int hash, long offset, long length) {
      if (length >= 1 << 24 || offset >= 1L << 39) {
        return;
      }
      if ((size + 1) * 4 > spans.length * 3) {
        grow();
      }
      int mask = spans.length - 1;
      int i = mix(hash) & mask;
      while (spans[i] != 0) {
        i = (i + 1) & mask;
      }
      hashes[i] = hash;
      spans[i] = length << 40 | (offset + 1);
      size++;
    }

    /** Where entries are read from: a file, or a file and the entries still in memory. */
    @FunctionalInterface
    interface Source {
      /** As {@link FileChannel#read(ByteBuffer, long)}: bytes read, or -1 past the end. */
      int read(ByteBuffer target, long position) throws IOException;
    }

    /** The outcome stored for {@code sql} in {@code source}, or null; {@code damaged} hears of a bad checksum. */
    QueryOutcome find(Source source, String sql, Runnable damaged) {
      // empty until its file is open: the store opens it before the first entry is indexed
      if (size == 0) {
        return null;
      }
      int hash = sql.hashCode();
      int mask = spans.length - 1;
      for (int i = mix(hash) & mask; spans[i] != 0; i = (i + 1) & mask) {
        if (hashes[i] == hash) {
          QueryOutcome outcome = read(source, spans[i], sql, damaged);
          if (outcome != null) {
            return outcome;
          }
        }
      }
      return null;
    }

    private static QueryOutcome read(Source source, long span, String sql, Runnable damaged) {
      long offset = (span & ((1L << 40) - 1)) - 1;
      ByteBuffer entry = ByteBuffer.allocate((int) (span >>> 40));
      try {
        while (entry.hasRemaining()) {
          if (source.read(entry, offset + entry.position()) < 0) {
            damaged.run();
            return null;
          }
        }
        if (!checksumMatches(entry.array(), entry.capacity())) {
          damaged.run();
          return null;
        }
        DataInputStream in = new DataInputStream(new java.io.ByteArrayInputStream(entry.array()));
        if (!readString(in).equals(sql)) {
          return null;
        }
        in.readInt();
        return readPayload(in);
      } catch (IOException | RuntimeException e) {
        damaged.run();
        return null;
      }
    }

    private void grow() {
      int[] oldHashes = hashes;
      long[] oldSpans = spans;
      hashes = new int[oldSpans.length * 2];
      spans = new long[oldSpans.length * 2];
      int mask = spans.length - 1;
      for (int j = 0; j < oldSpans.length; j++) {
        if (oldSpans[j] != 0) {
          int i = mix(oldHashes[j]) & mask;
          while (spans[i] != 0) {
            i = (i + 1) & mask;
          }
          hashes[i] = oldHashes[j];
          spans[i] = oldSpans[j];
        }
      }
    }

    private static int mix(int hash) {
      int h = hash * 0x9E3779B9;
      return h ^ (h >>> 16);
    }
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        LOG.debug("Could not close a gold cache file: {}", e.toString());
      }
    }
  }

  /** {@link String#hashCode()} of UTF-8 {@code bytes}, without making the String when they are ASCII. */
  private static int stringHash(byte[] bytes, int length) {
    int h = 0;
    for (int i = 0; i < length; i++) {
      byte b = bytes[i];
      if (b < 0) {
        return new String(bytes, 0, length, StandardCharsets.UTF_8).hashCode();
      }
      h = 31 * h + b;
    }
    return h;
  }


  private void write(Store store) throws IOException {
    Files.createDirectories(dir);
    Path lock = dir.resolve(store.file.getFileName() + ".lock");
    // An OS file lock excludes other JVMs only; evaluations in this JVM (concurrent models) queue here first,
    // since a second lock on the same file from one JVM throws OverlappingFileLockException.
    synchronized (JVM_LOCKS[Math.floorMod(lock.toAbsolutePath().normalize().hashCode(), JVM_LOCKS.length)]) {
      writeLocked(store, lock);
    }
  }

  @SuppressWarnings("try") // the lock is held for the try block's duration, never read
  private void writeLocked(Store store, Path lock) throws IOException {
    try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.READ,
             StandardOpenOption.WRITE);
         FileLock ignored = lockWithin(channel, lock)) {
      if (ignored == null) {
        return;
      }
      // who holds it, for the warning of a run that waits in vain
      channel.truncate(0);
      channel.write(ByteBuffer.wrap(("pid " + ProcessHandle.current().pid() + "\n")
          .getBytes(StandardCharsets.US_ASCII)), 0);
      AtomicFiles.write(store.file, tmp -> {
        try (FileChannel target = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
          DataOutputStream out = new DataOutputStream(new BufferedOutputStream(
              java.nio.channels.Channels.newOutputStream(target), 1 << 16));
          out.write(MAGIC);
          out.writeInt(0);
          // Entries are copied as bytes, never decoded; keys seen are remembered as 64-bit hashes only (a
          // collision would drop one entry, which is then re-run: a cost, not an error).
          LongSet keys = new LongSet();
          // Another JVM may have written since we loaded: keep its results too.
          int count = copyEntries(store.file, out, keys, true);
          if (store.spill != null) {
            store.writePending();
            count += copyEntries(store.spillFile, out, keys, false);
          }
          out.flush();
          target.write(ByteBuffer.allocate(4).putInt(0, count), MAGIC.length);
        }
      });
      deleteStaleSpills();
    }
  }

  /**
   * The lock, or null after {@link #lockWaitMillis} (with a warning naming the file and its holder): another
   * process stuck while holding it must not hold this run up, and the cache only saves time.
   */
  private FileLock lockWithin(FileChannel channel, Path lock) throws IOException {
    long deadline = System.nanoTime() + lockWaitMillis * 1_000_000;
    for (int attempt = 1; ; attempt++) {
      FileLock held = channel.tryLock();
      if (held != null) {
        return held;
      }
      long left = (deadline - System.nanoTime()) / 1_000_000;
      if (left <= 0) {
        String holder;
        try {
          holder = new String(Files.readAllBytes(lock), StandardCharsets.US_ASCII).trim();
        } catch (IOException e) {
          holder = "";
        }
        warn("Gold cache not updated: its lock " + lock.toAbsolutePath() + " is held by "
            + (holder.matches("pid \\d+") ? "another process (" + holder + ")" : "another process")
            + " for more than " + lockWaitMillis + " ms; this run's gold results are not kept (verdicts are "
            + "unaffected). If no other evaluation is running, delete the lock file");
        return null;
      }
      try {
        RetryPolicy.pause(Math.min(LOCK_POLL.waitMillis(attempt), left));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while waiting for " + lock);
      }
    }
  }

  /** Spill files a day old were left by a JVM that died before its flush; live runs touch theirs. */
  private void deleteStaleSpills() {
    long dayAgo = System.currentTimeMillis() - java.util.concurrent.TimeUnit.DAYS.toMillis(1);
    try (java.nio.file.DirectoryStream<Path> spills = Files.newDirectoryStream(dir, "*.spill")) {
      for (Path spill : spills) {
        if (Files.getLastModifiedTime(spill).toMillis() < dayAgo) {
          Files.deleteIfExists(spill);
        }
      }
    } catch (IOException e) {
      LOG.debug("Could not clean old spill files in {}: {}", dir, e.toString());
    }
  }

  /**
   * Copies the entries of a cache file ({@code withHeader}) or spill file whose keys are new to {@code keys};
   * stops quietly at the first unreadable entry, keeping those before it.
   *
   * @return entries copied
   */
  private int copyEntries(Path from, DataOutputStream out, LongSet keys, boolean withHeader)
      throws IOException {
    if (!Files.exists(from)) {
      return 0;
    }
    int copied = 0;
    int dropped = 0;
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(from), 1 << 16))) {
      int count = withHeader ? readHeader(in) : Integer.MAX_VALUE;
      int i = 0;
      for (; i < count; i++) {
        int keyLength;
        try {
          keyLength = in.readInt();
        } catch (java.io.EOFException end) {
          break;
        }
        if (keyLength < 0 || keyLength > 64 << 20) {
          throw new IOException("corrupt key length " + keyLength);
        }
        byte[] key = in.readNBytes(keyLength);
        int payloadLength = in.readInt();
        if (key.length != keyLength || payloadLength < 0) {
          throw new IOException("truncated entry");
        }
        byte[] payload = in.readNBytes(payloadLength);
        if (payload.length != payloadLength) {
          throw new IOException("truncated entry");
        }
        int checksum = in.readInt();
        if (checksum != checksum(key, payload)) {
          dropped++;
          continue;
        }
        if (keys.add(hash64(key))) {
          out.writeInt(keyLength);
          out.write(key);
          out.writeInt(payloadLength);
          out.write(payload);
          out.writeInt(checksum);
          copied++;
        }
      }
      if (i == count && in.read() != -1) {
        throw new IOException("bytes after the last of " + count + " entries");
      }
    } catch (OlderFormatException e) {
      LOG.debug("Gold cache {} has an older format; it is rewritten", from);
    } catch (IOException e) {
      warn("Gold cache " + from + " unreadable after " + copied + " entries (" + e + "); keeping those");
    }
    if (dropped > 0) {
      warn("Gold cache " + from + ": " + dropped + " entr" + (dropped == 1 ? "y" : "ies") + " failed the "
          + "checksum and were dropped; their golds are run again when asked");
    }
    return copied;
  }

  private static int readHeader(DataInputStream in) throws IOException {
    byte[] magic = in.readNBytes(MAGIC.length);
    if (!Arrays.equals(magic, MAGIC)) {
      if (magic.length == MAGIC.length && Arrays.equals(magic, 0, 7, MAGIC, 0, 7)
          && (magic[7] == '1' || magic[7] == '2')) {
        throw new OlderFormatException();
      }
      throw new IOException("not a gold cache file");
    }
    int count = in.readInt();
    if (count < 0) {
      throw new IOException("corrupt entry count " + count);
    }
    return count;
  }

  private static long hash64(byte[] bytes) {
    long h = 0xcbf29ce484222325L;
    for (byte b : bytes) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }
    return h;
  }

  /** Open-addressing set of longs for the merge's seen keys. */
  private static final class LongSet {
    private long[] slots = new long[1024];
    private boolean zero;
    private int size;

    boolean add(long value) {
      if (value == 0) {
        boolean added = !zero;
        zero = true;
        return added;
      }
      if ((size + 1) * 2 > slots.length) {
        long[] old = slots;
        slots = new long[old.length * 2];
        size = 0;
        for (long v : old) {
          if (v != 0) {
            add(v);
          }
        }
      }
      int mask = slots.length - 1;
      for (int i = (int) (value ^ (value >>> 32)) * 0x9E3779B9 & mask; ; i = (i + 1) & mask) {
        if (slots[i] == 0) {
          slots[i] = value;
          size++;
          return true;
        }
        if (slots[i] == value) {
          return false;
        }
      }
    }
  }

  private static void writeEntry(DataOutputStream out, String sql, QueryOutcome outcome) throws IOException {
    writeString(out, sql);
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    DataOutputStream payload = new DataOutputStream(buffer);
    if (outcome instanceof QueryOutcome.Success s) {
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
      writeString(payload, ((QueryOutcome.Failure) outcome).message());
    }
    // The length lets a reader skip entries it does not want without decoding them.
    out.writeInt(buffer.size());
    buffer.writeTo(out);
    out.writeInt(checksum(sql.getBytes(StandardCharsets.UTF_8), buffer.toByteArray()));
  }

  /** CRC-32C over an entry's key and payload bytes. */
  private static int checksum(byte[] key, byte[] payload) {
    CRC32C crc = new CRC32C();
    crc.update(key);
    crc.update(payload);
    return (int) crc.getValue();
  }

  /** Whether a whole entry (key length, key, payload length, payload, checksum) holds its checksum. */
  private static boolean checksumMatches(byte[] entry, int length) {
    if (length < 12) {
      return false;
    }
    ByteBuffer b = ByteBuffer.wrap(entry, 0, length);
    int keyLength = b.getInt(0);
    if (keyLength < 0 || 8L + keyLength + 4 > length) {
      return false;
    }
    int payloadLength = b.getInt(4 + keyLength);
    if (payloadLength < 0 || 4L + keyLength + 4 + payloadLength + 4 != length) {
      return false;
    }
    CRC32C crc = new CRC32C();
    crc.update(entry, 4, keyLength);
    crc.update(entry, 8 + keyLength, payloadLength);
    return (int) crc.getValue() == b.getInt(length - 4);
  }

  static Map<String, QueryOutcome> readAll(DataInputStream in) throws IOException {
    int count = readHeader(in);
    Map<String, QueryOutcome> entries = new java.util.LinkedHashMap<>();
    for (int i = 0; i < count; i++) {
      String sql = readString(in);
      in.readInt();
      entries.put(sql, readPayload(in));
      in.readInt();
    }
    return entries;
  }

  private static QueryOutcome readPayload(DataInputStream in) throws IOException {
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
      return QueryOutcome.success(new QueryResult(columns, data), 0);
    }
    if (kind == SQL_ERROR) {
      return QueryOutcome.failure(FailureKind.SQL_ERROR, readString(in), 0);
    }
    throw new IOException("unknown entry kind " + kind);
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
