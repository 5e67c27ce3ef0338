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

  private DaemonThreads(String name, boolean numbered) {
    this.name = requireNonNull(name, "name");
    this.count = numbered ? new AtomicInteger() : null;
  }

  /** Threads named {@code prefix} followed by 1, 2, 3 and so on. */
  public static DaemonThreads numbered(String prefix) {
    return new DaemonThreads(prefix, true);
  }

  /** Threads all named {@code name}. */
  public static DaemonThreads named(String name) {
    return new DaemonThreads(name, false);
  }

  /** Starts {@code task} on a new daemon thread named {@code name}. */
  public static Thread start(String name, Runnable task) {
    Thread thread = named(name).newThread(task);
    thread.start();
    return thread;
  }

  @Override
  public Thread newThread(Runnable task) {
    Thread thread = new Thread(task, count == null ? name : name + count.incrementAndGet());
    thread.setDaemon(true);
    return thread;
  }

  @Override
  public String toString() {
    return "DaemonThreads[" + name + (count == null ? "" : "N") + "]";
  }
}
