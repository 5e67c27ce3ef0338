package dev.llmsql.sqlite;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import dev.llmsql.threads.DaemonThreads;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.ProgressHandler;
import org.sqlite.SQLiteConfig;
import org.sqlite.SQLiteConnection;
import org.sqlite.SQLiteDataSource;
import org.sqlite.SQLiteOpenMode;
import org.sqlite.core.DB;

/**
 * The JVM-wide pools of hardened read-only connections, one per database file. Opening a connection to a
 * large benchmark costs its schema parse (about half a second for LLMSQL's 24,000 tables), so connections
 * outlive a single evaluation and are reused by every later one in the same JVM. A pool is replaced when its
 * file changes (size, modification time or inode) and grows when a run asks for more concurrency.
 *
 * <pre>{@code
 * HikariDataSource pool = ReadOnlyPools.shared().pool(Path.of("sqlite_tables.db"), 2);
 * }</pre>
 */
final class ReadOnlyPools {

  private static final Logger LOG = LoggerFactory.getLogger(ReadOnlyPools.class);

  private static final ReadOnlyPools SHARED = new ReadOnlyPools();

  /** VM steps between deadline checks: frequent enough to stop within milliseconds, rare enough to cost nothing. */
  private static final int PROGRESS_STEPS = 10_000;

  private static final Map<SQLiteConnection, Opened> OPENED =
      Collections.synchronizedMap(new WeakHashMap<>());

  /** What a connection got at open: its deadline and its hardening. */
  record Opened(Deadline deadline, SqliteHardening hardening) { }

  private final ConcurrentHashMap<Key, Entry> pools = new ConcurrentHashMap<>();
  /** Counts {@link #closeUnused} calls; a pool remembers the count when it was last asked for. */
  private final AtomicLong generation = new AtomicLong();

  /**
   * A pool's file, and whether its connections return the rows of unordered scans in reverse
   * ({@code PRAGMA reverse_unordered_selects}, for the audit's order check): such connections never serve
   * evaluations.
   */
  private record Key(Path path, boolean reversed) { }

  /**
   * The statement deadline of one connection, checked by a progress handler registered once when the
   * connection opens (registering per statement costs two JNI calls and an allocation each time), and by a
   * ticker thread that calls {@code sqlite3_interrupt} once it has passed, which SQLite notices between rows
   * even when each VM step is an expensive call. Arming costs a field write: no thread hand-off, no scheduled
   * task per statement.
   */
  static final class Deadline extends ProgressHandler {

    /** How often the ticker looks at armed deadlines. */
    static final long TICK_MILLIS = 10;
    /** The ticker stops after this many ticks with nothing armed, and the next arm starts it again. */
    private static final int IDLE_TICKS = 200;
    private static final Set<Deadline> LIVE = Collections.synchronizedSet(Collections.newSetFromMap(
        new WeakHashMap<>()));
    private static final AtomicBoolean TICKING = new AtomicBoolean();
    /** Runs the ticks; its one thread waits without waking while nothing is armed. */
    private static final ScheduledExecutorService TICKER =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("llmsql-sql-deadlines"));
    /** Ticks in a row with nothing armed; read and written on the ticker's thread only. */
    private static int idleTicks;

    private final DB db;
    private volatile long deadline = Long.MAX_VALUE;
    private boolean interrupted;
    /** SQLITE_LIMIT_LENGTH as last set on this connection, so a statement sets it only when it differs. */
    private int lengthLimit = -1;
    /** Whether SQLite has read this connection's schema ({@link #readSchema}); only its holder reads it. */
    private boolean schemaRead;

    /** A deadline not armed yet: nothing is interrupted. */
    Deadline(DB db) {
      this.db = db;
      LIVE.add(this);
    }

    /** Statements on this connection are interrupted once {@link System#nanoTime()} passes {@code nanoTime}. */
    void arm(long nanoTime) {
      synchronized (this) {
        deadline = nanoTime;
        interrupted = false;
      }
      if (!TICKING.get() && TICKING.compareAndSet(false, true)) {
        TICKER.schedule(Deadline::tick, TICK_MILLIS, TimeUnit.MILLISECONDS);
      }
    }

    synchronized void disarm() {
      deadline = Long.MAX_VALUE;
    }

    /** Sets SQLITE_LIMIT_LENGTH for the next statement; pools are shared by executors whose limits differ. */
    void lengthLimit(int bytes) throws SQLException {
      if (lengthLimit != bytes) {
        db.limit(org.sqlite.SQLiteLimits.SQLITE_LIMIT_LENGTH.getId(), bytes);
        lengthLimit = bytes;
      }
    }

    @Override
    protected int progress() {
      long d = deadline;
      return d != Long.MAX_VALUE && System.nanoTime() - d > 0 ? 1 : 0;
    }

    /** Interrupts the statement if it is past its deadline; true while one is armed. */
    private synchronized boolean check(long now) {
      if (deadline == Long.MAX_VALUE) {
        return false;
      }
      if (!interrupted && now - deadline > 0) {
        interrupted = true;
        try {
          db.interrupt();
        } catch (SQLException e) {
          // the connection closed meanwhile: nothing left to stop
        }
      }
      return true;
    }

    private static void tick() {
      if (checkAll()) {
        idleTicks = 0;
      } else if (++idleTicks >= IDLE_TICKS) {
        idleTicks = 0;
        TICKING.set(false);
        // an arm that saw the ticker running just before it stopped: keep ticking for it
        if (!checkAll() || !TICKING.compareAndSet(false, true)) {
          return;
        }
      }
      TICKER.schedule(Deadline::tick, TICK_MILLIS, TimeUnit.MILLISECONDS);
    }

    private static boolean checkAll() {
      Deadline[] live;
      synchronized (LIVE) {
        live = LIVE.toArray(new Deadline[0]);
      }
      long now = System.nanoTime();
      boolean armed = false;
      for (Deadline d : live) {
        armed |= d.check(now);
      }
      return armed;
    }
  }

  /**
   * Has SQLite read the schema of a connection this registry opened, once, before its first statement and
   * outside any statement's deadline: opening a connection no longer reads it (so that connections read it in
   * parallel, see StockFunctions#restrict), and half a second of parsing (far more on a loaded machine) is not
   * the statement's time.
   *
   * @throws SQLException when the schema cannot be read (a damaged file): the database cannot serve
   */
  static void readSchema(SQLiteConnection connection) throws SQLException {
    Deadline deadline = opened(connection).deadline();
    if (!deadline.schemaRead) {
      try (Statement s = connection.createStatement()) {
        s.execute("SELECT 1 FROM sqlite_master LIMIT 0");
      }
      deadline.schemaRead = true;
    }
  }

  /** The deadline of a connection this registry opened. */
  static Deadline deadline(SQLiteConnection connection) {
    return opened(connection).deadline();
  }

  static Opened opened(SQLiteConnection connection) {
    Opened opened = OPENED.get(connection);
    if (opened == null) {
      throw new IllegalStateException("connection was not opened by ReadOnlyPools");
    }
    return opened;
  }

  /** A pool, the file it reads as it was when opened, and the {@link #generation} it was last asked for in. */
  private record Entry(HikariDataSource pool, FileState file, AtomicLong used) { }

  /**
   * What tells one content of a file from another without reading it: size, modification time, identity (inode)
   * and change time ({@code ctime}). A copy with its time kept ({@code cp -p}) can have the size and time of the
   * file it replaced: its inode differs, or, copied over it in place, its change time, which every write and
   * every time set moves and no tool sets back.
   */
  private record FileState(long size, long modified, Object fileKey, Object changed) {

    /** The file's state; an IllegalArgumentException when it is missing or not a regular file. */
    static FileState of(Path file) {
      BasicFileAttributes attributes;
      try {
        attributes = Files.readAttributes(file, BasicFileAttributes.class);
      } catch (IOException e) {
        throw new IllegalArgumentException("no such file", e);
      }
      if (!attributes.isRegularFile()) {
        throw new IllegalArgumentException("not a regular file");
      }
      Object changed;
      try {
        changed = Files.getAttribute(file, "unix:ctime");
      } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
        changed = null;   // a file system that keeps none
      }
      return new FileState(attributes.size(), attributes.lastModifiedTime().toMillis(), attributes.fileKey(),
          changed);
    }

    /** Whether {@code file} still is what this state describes (false when it is gone). */
    boolean describes(Path file) {
      try {
        return equals(of(file));
      } catch (IllegalArgumentException e) {
        return false;
      }
    }
  }

  /**
   * No shutdown hook closes the pools: every connection is read-only on an {@code immutable} file (no lock, no
   * journal, no file beside it) and its temporary files are unlinked when made, so the exit leaves nothing
   * behind, while closing them at exit made the JVM free each connection's parsed schema first (a tenth of a
   * second of a CLI run on LLMSQL's 24,000 tables).
   */
  ReadOnlyPools() {
  }

  /** The pools every SQLite executor of this JVM uses. */
  static ReadOnlyPools shared() {
    return SHARED;
  }

  /**
   * The pool for {@code database}, with room for at least {@code concurrency} connections.
   *
   * @throws IllegalArgumentException when the file does not exist
   */
  HikariDataSource pool(Path database, int concurrency) {
    return pool(database, concurrency, false);
  }

  /**
   * The pool for {@code database}, with room for at least {@code concurrency} connections, whose connections
   * return unordered rows in reverse when {@code reversed}.
   *
   * @throws IllegalArgumentException when the file does not exist
   */
  HikariDataSource pool(Path database, int concurrency, boolean reversed) {
    Path file = database.toAbsolutePath().normalize();
    Key key = new Key(file, reversed);
    FileState state = FileState.of(file);
    Entry entry = pools.compute(key, (k, current) -> {
      if (current != null && current.file.equals(state)) {
        return current;
      }
      if (current != null) {
        LOG.debug("{} changed on disk; reopening its pool", file);
        // each connection frees a parsed schema as it closes (tens of ms for 24,000 tables): not on the way of
        // the new pool's first connection
        DaemonThreads.start("llmsql-pool-close", current.pool::close);
      }
      return new Entry(open(file, concurrency, reversed), state, new AtomicLong());
    });
    entry.used.set(generation.get());
    if (entry.pool.getMaximumPoolSize() < concurrency) {
      entry.pool.getHikariConfigMXBean().setMaximumPoolSize(concurrency);
    }
    return entry.pool;
  }

  /**
   * Closes the pools nobody asked for since the previous call (the first time: since this object was made):
   * what a process that runs one evaluation after another keeps open is then the last one's databases,
   * connections and parsed schemas, not those of every file it ever read. The pools of files that are gone or
   * changed are closed at every call; those of files nobody asked for, only when something was asked for since
   * the previous call (an evaluation that failed before it opened a database, or ran on another engine, leaves
   * the last one's open). Only between evaluations: a pool in use is closed under its borrowers.
   *
   * @return how many pools were closed
   */
  int closeUnused() {
    long current = generation.get();
    boolean anyUsed = pools.values().stream().anyMatch(e -> e.used.get() >= current);
    if (anyUsed) {
      generation.incrementAndGet();
    }
    int[] closed = {0};
    pools.entrySet().removeIf(e -> {
      boolean unused = anyUsed && e.getValue().used.get() < current;
      if (!unused && e.getValue().file.describes(e.getKey().path())) {
        return false;
      }
      LOG.debug("closing the pool of {} ({})", e.getKey().path(), unused ? "unused" : "gone or changed");
      e.getValue().pool.close();
      closed[0]++;
      return true;
    });
    return closed[0];
  }

  private static HikariDataSource open(Path database, int concurrency, boolean reversed) {
    NativeLibraryCache.prepare();
    SQLiteConfig config = new SQLiteConfig();
    config.setReadOnly(true);
    config.setOpenMode(SQLiteOpenMode.READONLY);
    config.enableLoadExtension(false);
    HardenedDataSource source = new HardenedDataSource(config, reversed);
    source.setUrl("jdbc:sqlite:" + immutableUri(database));
    HikariConfig hikari = new HikariConfig();
    hikari.setDataSource(source);
    hikari.setPoolName("llmsql-" + database.getFileName() + (reversed ? "-reversed" : ""));
    // Hikari resets the read-only flag on each checkout; it must agree with the SQLite open mode.
    hikari.setReadOnly(true);
    hikari.setMaximumPoolSize(concurrency);
    hikari.setMinimumIdle(0);
    // Hikari checks the pool's first connection with isValid(), whose "select 1" makes SQLite read the whole
    // schema (a third of a second for LLMSQL's 24,000 tables) on the connection its fail-fast check then closes,
    // while every evaluation thread waits for the pool. This pragma reads no schema.
    hikari.setConnectionTestQuery("PRAGMA query_only");
    hikari.setConnectionTimeout(TimeUnit.MINUTES.toMillis(5));
    hikari.setIdleTimeout(TimeUnit.MINUTES.toMillis(10));
    LOG.debug("Opening read-only pool of {} connection(s) on {}", concurrency, database);
    try {
      return new HikariDataSource(hikari);
    } catch (RuntimeException e) {
      throw new UncheckedIOException(new IOException("cannot open " + database, e));
    }
  }

  /**
   * The database as an {@code immutable} URI: SQLite takes no locks and creates no journal, -wal or -shm file
   * beside it, so a read-only run leaves the directory as it found it. Safe because {@link DatabaseCheck} refused
   * files a writer holds, hot journals and WAL content not yet in the main file, and a file whose size, time or
   * inode changes gets a new pool (docs/SECURITY.md).
   */
  static String immutableUri(Path database) {
    // toUri() percent-encodes space, %, #, ? and non-ASCII, and writes Windows drives as /C:/...
    return "file:" + database.toAbsolutePath().toUri().getRawPath() + "?immutable=1";
  }

  /**
   * Every connection it hands out is hardened ({@link SqliteHardening}: limits, stock functions only, untrusted
   * schema code off) and refuses writes even where the read-only open would allow them (temp tables).
   */
  private static final class HardenedDataSource extends SQLiteDataSource {
    private static final long serialVersionUID = 1L;
    private final boolean reversed;

    HardenedDataSource(SQLiteConfig config, boolean reversed) {
      super(config);
      this.reversed = reversed;
    }

    @Override
    public SQLiteConnection getConnection(String user, String password) throws SQLException {
      SQLiteConnection connection = super.getConnection(user, password);
      try {
        SqliteHardening hardening = SqliteHardening.apply(connection);
        try (Statement s = connection.createStatement()) {
          if (reversed) {
            s.execute("PRAGMA reverse_unordered_selects = 1");
          }
          s.execute("PRAGMA query_only = 1");
        }
        Deadline deadline = new Deadline(connection.getDatabase());
        ProgressHandler.setHandler(connection, PROGRESS_STEPS, deadline);
        OPENED.put(connection, new Opened(deadline, hardening));
      } catch (SQLException e) {
        connection.close();
        throw e;
      }
      return connection;
    }
  }
}
