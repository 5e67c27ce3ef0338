package dev.llmsql.threads;

import static java.util.Objects.requireNonNull;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The one thread factory of this project: named daemon threads. Daemon, because a library must never keep a
 * user's JVM alive after {@code main} returns (a pool left open, a watchdog, a warm-up still running); named, so
 * a thread dump shows which part of llmsql a thread belongs to.
 *
 * <pre>{@code
 * java.util.concurrent.ExecutorService pool =
 *     java.util.concurrent.Executors.newFixedThreadPool(4, DaemonThreads.numbered("llmsql-eval-"));  // -1, -2, ...
 * Database db = Database.file(Path.of("sqlite_tables.db"));
 * QueryExecutor executor = QueryEngines.forDatabase(db).open(db, new ExecutionLimits(Duration.ofSeconds(30), 1000, 1));
 * DaemonThreads.start("llmsql-warm-up", executor::warmUp);
 * }</pre>
 */
public final class DaemonThreads implements ThreadFactory {

  private final String name;
  private final AtomicInteger count;
  private final long stackBytes;

  private DaemonThreads(String name, AtomicInteger count, long stackBytes) {
    this.name = requireNonNull(name, "name");
    this.count = count;
    this.stackBytes = stackBytes;
  }

  /** Threads named {@code prefix} followed by 1, 2, 3 and so on. */
  public static DaemonThreads numbered(String prefix) {
    return new DaemonThreads(prefix, new AtomicInteger(), 0);
  }

  /** Threads all named {@code name}. */
  public static DaemonThreads named(String name) {
    return new DaemonThreads(name, null, 0);
  }

  /**
   * These threads with a stack of {@code bytes} (reserved, and touched only as deep as code goes): for threads
   * that run native code which recurses as deep as its input nests, such as a database engine's parser.
   *
   * <pre>{@code
   * ThreadFactory deep = DaemonThreads.numbered("llmsql-jdbc-").withStackSize(64L << 20);
   * }</pre>
   */
  public DaemonThreads withStackSize(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("stack size must be positive, but was " + bytes);
    }
    return new DaemonThreads(name, count, bytes);
  }

  /** Starts {@code task} on a new daemon thread named {@code name}. */
  public static Thread start(String name, Runnable task) {
    Thread thread = named(name).newThread(task);
    thread.start();
    return thread;
  }

  @Override
  public Thread newThread(Runnable task) {
    // 0: the JVM's default stack size (-Xss)
    Thread thread = new Thread(null, task, count == null ? name : name + count.incrementAndGet(), stackBytes);
    thread.setDaemon(true);
    return thread;
  }

  @Override
  public String toString() {
    return "DaemonThreads[" + name + (count == null ? "" : "N") + "]";
  }
}
