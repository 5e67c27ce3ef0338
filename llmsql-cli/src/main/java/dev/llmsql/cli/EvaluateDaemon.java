package dev.llmsql.cli;

import dev.llmsql.files.AtomicFiles;
import dev.llmsql.sqlite.SqliteQueryEngine;
import dev.llmsql.threads.DaemonThreads;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.charset.Charset;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The long-lived side of {@code bin/llmsql}'s evaluation daemon: one JVM that runs {@code evaluate} command lines
 * handed over by {@link DaemonClient}, so that later runs skip the JVM's start and its warm-up (class loading,
 * compilation) and keep the read-only pool of a database whose file has not changed, schema parsed. On LLMSQL's
 * full preset a first run takes 0.53 to 0.64× of LLMSQL's Python {@code evaluate()} this way, against about
 * 0.75× in a JVM of its own (docs/PERFORMANCE.md).
 *
 * <p>Who may talk to it: the socket lives in a directory private to this user ({@link DaemonAdmission}), and a
 * connection whose peer is another user is closed unread. What it runs: only {@code evaluate}, one run at a time
 * (a second client is declined and runs the command itself), and only a command line that means the same here as
 * in the client: the launcher names the daemon after the working directory, the environment, the {@code java},
 * the jar and {@code JAVA_OPTS}; the daemon still declines a request from another directory, one
 * {@link DaemonAdmission#admits} refuses, and every request once its jar has changed. It stops when idle for
 * {@code LLMSQL_DAEMON_IDLE} seconds (default 600), when its jar changed, after a run that failed unexpectedly
 * (a fresh JVM for the next), and at once when a client goes away mid-run (Ctrl-C): nothing of that run is
 * written after.
 *
 * <pre>{@code
 * new EvaluateDaemon(socket, Duration.ofMinutes(10), () -> System.exit(130)).serve();   // until idle
 * }</pre>
 */
final class EvaluateDaemon {

  /** The system property that makes {@code Main} serve on the socket it names. */
  static final String SERVE_PROPERTY = "llmsql.daemon.serve";
  /** The system property that makes {@code Main} hand an {@code evaluate} to the daemon on the socket it names. */
  static final String CLIENT_PROPERTY = "llmsql.daemon.socket";
  /** The system property with the launcher's process id, whose end starts the warm-up. */
  static final String LAUNCHER_PROPERTY = "llmsql.daemon.launcher";
  static final String IDLE_VARIABLE = "LLMSQL_DAEMON_IDLE";
  static final Duration DEFAULT_IDLE = Duration.ofMinutes(10);
  /** At most this many daemons of one user live at once (each holds about 100 MB until idle). */
  static final int MAX_DAEMONS = 4;

  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
  /** How long a client that came lets a warm-up round go on before interrupting it. */
  private static final Duration WARM_UP_ROUND_GRACE = Duration.ofMillis(500);
  /** A warm-up round (a tenth of a second once compiled, on LLMSQL's full preset) that takes longer ends it. */
  private static final Duration LONGEST_WARM_UP_ROUND = Duration.ofSeconds(5);
  private static final Logger LOG = LoggerFactory.getLogger(EvaluateDaemon.class);

  private final Path socket;
  private final Duration idle;
  private final Runnable clientGone;
  private final AtomicBoolean busy = new AtomicBoolean();
  private final ExecutorService runner = Executors.newSingleThreadExecutor(DaemonThreads.named("llmsql-daemon-run"));
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("llmsql-daemon-timer"));
  private final Object jar = jarIdentity();
  private final String environment = DaemonAdmission.environmentDigest(System.getenv());
  private volatile long lastActive = System.nanoTime();
  private volatile ServerSocketChannel server;
  private volatile UserPrincipal owner;
  private volatile CompletableFuture<?> launcherEnded;
  private volatile List<String> launching = List.of();
  private volatile boolean served;
  /** The warm-up round running or queued, which a client's arrival cancels (interrupts). */
  private volatile Future<?> warmUpRound;
  /** The warm-up whose folder exists, for the exit to delete. */
  private volatile DaemonWarmUp warmingUp;

  /**
   * A daemon for {@code socket} that stops after {@code idle} without a request and calls {@code clientGone} when
   * a client disconnects before its run ended.
   */
  EvaluateDaemon(Path socket, Duration idle, Runnable clientGone) {
    this.socket = socket.toAbsolutePath();
    this.idle = idle;
    this.clientGone = clientGone;
  }

  /**
   * Warms up once {@code launcherEnded} (the process that started this daemon, running its own evaluation of
   * {@code launching}, has ended), with {@link DaemonWarmUp} rounds until they are done or a client comes.
   */
  EvaluateDaemon warmUpAfter(CompletableFuture<?> launcherEnded, List<String> launching) {
    this.launcherEnded = launcherEnded;
    this.launching = List.copyOf(launching);
    return this;
  }

  /**
   * When the launcher has ended: the process {@code pid} names (by {@value #LAUNCHER_PROPERTY}; already done when
   * it is gone, which a launcher that failed at once may be before this JVM asks), else this JVM's parent.
   */
  static CompletableFuture<?> launcherEnded(String pid) {
    Optional<ProcessHandle> launcher;
    try {
      launcher = pid == null ? ProcessHandle.current().parent() : ProcessHandle.of(Long.parseLong(pid.strip()));
    } catch (NumberFormatException e) {
      launcher = ProcessHandle.current().parent();
    }
    return launcher.filter(p -> !p.equals(ProcessHandle.current()))
        .<CompletableFuture<?>>map(ProcessHandle::onExit).orElse(CompletableFuture.completedFuture(null));
  }

  /** The idle time {@code LLMSQL_DAEMON_IDLE} (whole seconds) asks for; the default when unset or not a number. */
  static Duration idleFrom(String seconds) {
    try {
      long value = seconds == null ? -1 : Long.parseLong(seconds.strip());
      return value > 0 ? Duration.ofSeconds(value) : DEFAULT_IDLE;
    } catch (NumberFormatException e) {
      return DEFAULT_IDLE;
    }
  }

  /**
   * Serves until stopped; returns at once, serving nothing, when the directory is not private to this user or
   * another daemon holds the socket.
   */
  void serve() throws IOException {
    Path dir = socket.getParent();
    owner = DaemonAdmission.privateOwner(dir);
    if (owner == null || !DaemonAdmission.groupKnown()) {
      LOG.warn("not serving on {}: its directory must be owned by this user and closed to everyone else, and "
          + "this process's group known", socket);
      return;
    }
    String name = socket.getFileName().toString();
    try (FileChannel lockFile = FileChannel.open(dir.resolve(name + ".lock"), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE); FileLock lock = tryLock(lockFile)) {
      if (lock == null) {
        return;   // another daemon of the same name is starting or serving
      }
      if (liveOthers(dir, name + ".lock") >= MAX_DAEMONS) {
        LOG.warn("not serving on {}: {} daemons of this user live already", socket, MAX_DAEMONS);
        return;
      }
      Files.deleteIfExists(socket);   // left by a daemon that was killed
      // a SIGTERM (pkill) or a client gone ends the JVM without the finally below; no socket may stay behind
      Thread removeSocket = DaemonThreads.named("llmsql-daemon-exit").newThread(() -> {
        deleteQuietly(socket);
        // a warm-up round a client cancelled may still be writing into the warm-up's folder, and a warm-up still
        // copying the launching run's predictions has not named its folder yet (a loaded CI machine left one
        // behind): the round is let end, briefly, then every folder of this daemon's warm-ups goes, its copy of
        // the launching run's predictions too
        runner.shutdownNow();
        try {
          runner.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        try {
          DaemonWarmUp.deleteLeftovers(dir, name + ".warm-up-");
        } catch (IOException e) {
          // the next daemon of this name deletes them at its start
        }
      });
      Runtime.getRuntime().addShutdownHook(removeSocket);
      try (ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
        // The socket file appears at bind, before listen: a client connecting in between is refused and takes
        // the file for a dead daemon's. Bound under another name and moved into place, it appears listening.
        // this process's own name, no longer than the socket's: a socket path that fits also fits while bound
        Path binding = dir.resolve(".b" + Long.toString(ProcessHandle.current().pid(), 36));
        Files.deleteIfExists(binding);
        channel.bind(UnixDomainSocketAddress.of(binding));
        AtomicFiles.moveIntoPlace(binding, socket);
        server = channel;
        timer.scheduleWithFixedDelay(this::stopWhenIdle, 1, 1, TimeUnit.SECONDS);
        if (launcherEnded != null) {
          DaemonThreads.start("llmsql-daemon-warm-up", () -> warmUp(dir, name + ".warm-up-"));
        }
        acceptUntilStopped(channel);
      } finally {
        Files.deleteIfExists(socket);
        timer.shutdownNow();
        runner.shutdownNow();
        // the hook that would delete the warm-up's folder is removed below, and the warm-up thread's own delete
        // may come after the JVM ends (a test saw the folder stay): the last round stops, then it goes here
        try {
          runner.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        DaemonWarmUp left = warmingUp;
        if (left != null) {
          left.delete();
        }
        try {
          Runtime.getRuntime().removeShutdownHook(removeSocket);
        } catch (IllegalStateException e) {
          // exiting: the hook runs anyway
        }
      }
    }
  }

  /**
   * How many other daemons live in {@code dir}: those whose lock is held. A name whose lock nobody holds has no
   * daemon, so its socket, if one is left (a daemon killed, or ended by the kernel), is deleted here.
   */
  static int liveOthers(Path dir, String ownLock) throws IOException {
    int live = 0;
    try (Stream<Path> files = Files.list(dir)) {
      for (Path lockFile : files.filter(f -> f.getFileName().toString().endsWith(".lock")
          && !f.getFileName().toString().equals(ownLock)).toList()) {
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE);
             FileLock held = tryLock(channel)) {
          if (held == null) {
            live++;
          } else {
            String lockName = lockFile.getFileName().toString();
            Files.deleteIfExists(dir.resolve(lockName.substring(0, lockName.length() - ".lock".length())));
          }
        } catch (IOException e) {
          // gone meanwhile
        }
      }
    }
    return live;
  }

  private static FileLock tryLock(FileChannel file) throws IOException {
    try {
      return file.tryLock();
    } catch (OverlappingFileLockException e) {
      return null;   // held in this JVM
    }
  }

  /** Stops serving; a run in progress finishes and its client gets its answer. */
  void stop() {
    ServerSocketChannel channel = server;
    if (channel != null) {
      try {
        channel.close();
      } catch (IOException e) {
        LOG.debug("closing {}: {}", socket, e.toString());
      }
    }
  }

  private void acceptUntilStopped(ServerSocketChannel channel) throws IOException {
    while (true) {
      SocketChannel client;
      try {
        client = channel.accept();
      } catch (ClosedChannelException e) {
        awaitRun();
        return;
      }
      if (!DaemonAdmission.samePeer(client, owner)) {
        client.close();
      } else if (!jar.equals(jarIdentity())) {
        decline(client);   // rebuilt: this JVM runs old code; the next launch starts a new daemon
        stop();
      } else if (!busy.compareAndSet(false, true)) {
        decline(client);
      } else {
        lastActive = System.nanoTime();
        served = true;
        Future<?> round = warmUpRound;
        if (round != null) {
          // a round of normal inputs ends within this and has warmed the JIT; a slow one is interrupted (an
          // evaluation interrupted stops within a statement's deadline)
          timer.schedule(() -> round.cancel(true), WARM_UP_ROUND_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        }
        runner.execute(() -> handle(client));
      }
    }
  }

  private void awaitRun() {
    runner.shutdown();
    try {
      runner.awaitTermination(1, TimeUnit.DAYS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void handle(SocketChannel client) {
    AtomicBoolean answered = new AtomicBoolean();
    boolean released = false;
    try (client) {
      DataInputStream in = new DataInputStream(new BufferedInputStream(DaemonWire.in(client)));
      DataOutputStream frames = new DataOutputStream(new BufferedOutputStream(DaemonWire.out(client)));
      // a client that connects and sends nothing must not hold the daemon
      var unread = timer.schedule(() -> closeQuietly(client), REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      DaemonWire.Request request = DaemonWire.Request.readFrom(in);
      unread.cancel(false);
      boolean here = inThisDirectory(request.workingDirectory());
      if (!here || !DaemonAdmission.admits(request.args()) || !environment.equals(request.environment())
          || !request.encodings().supported()) {
        if (!here && request.workingDirectory().equals(System.getProperty("user.dir"))) {
          stop();   // this JVM's directory was renamed or removed: its name now means another one
        }
        release();
        released = true;
        DaemonWire.writeStatus(frames, DaemonWire.DECLINED, 0);
        return;
      }
      // ready now (a warm-up round may have kept it): the client, if it has not given up waiting, says go
      DaemonWire.writeSignal(frames, DaemonWire.READY);
      var silent = timer.schedule(() -> closeQuietly(client), REQUEST_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
      int go = in.read();
      silent.cancel(false);
      if (go != DaemonWire.GO) {
        return;   // gone: it runs the command itself
      }
      DaemonThreads.start("llmsql-daemon-watch", () -> watch(in, answered));
      int status = run(request, frames);
      answered.set(true);
      if (status == Cli.FAILED) {
        stop();   // something unexpected: the next run gets a fresh JVM
      }
      // a daemon keeps the pools of one run's databases, not of every database it ever read (or that is gone)
      SqliteQueryEngine.closePoolsUnusedSinceLastCall();
      // free before the answer: the client's next run may follow at once
      release();
      released = true;
      DaemonWire.writeStatus(frames, DaemonWire.EXIT, status);
    } catch (IOException e) {
      if (!answered.get()) {
        LOG.debug("client of {} gone: {}", socket, e.toString());
      }
    } finally {
      if (!released) {
        release();   // after this, another run may hold the daemon
      }
    }
  }

  private void release() {
    lastActive = System.nanoTime();
    busy.set(false);
  }

  /**
   * Warm-up rounds on the run thread, one at a time, so that a client's run never shares the JVM's standard
   * streams with one. A client ends the warm-up: the round under way may go on for half a second (a round of
   * normal inputs has ended by then, and warmed the JIT), then is interrupted (an evaluation stops within a
   * statement's deadline, so the client never waits for a slow round), and its runs warm the daemon from then
   * on. Declining clients while warming (they would run in their own JVM) was slower when runs follow each
   * other: they competed with the warm-up for the cores.
   */
  private void warmUp(Path dir, String prefix) {
    try {
      launcherEnded.get(10, TimeUnit.MINUTES);
      DaemonWarmUp.deleteLeftovers(dir, prefix);
      DaemonWarmUp warmUp = DaemonWarmUp.create(dir, prefix, launching);
      warmingUp = warmUp;
      try {
        for (int round = 0; round < warmUp.rounds() && !served && server.isOpen(); round++) {
          int r = round;
          long start = System.nanoTime();
          Future<?> running = runner.submit(() -> warmUp.round(r));
          warmUpRound = running;
          if (served) {
            // a client came between the check and the submit, and may not have seen this round
            timer.schedule(() -> running.cancel(true), WARM_UP_ROUND_GRACE.toMillis(), TimeUnit.MILLISECONDS);
          }
          try {
            running.get();
          } catch (CancellationException e) {
            break;   // a client came: its runs warm the daemon from now on
          }
          if (System.nanoTime() - start > LONGEST_WARM_UP_ROUND.toNanos()) {
            break;   // slow inputs (or hostile ones): not worth the cores
          }
        }
      } finally {
        warmUpRound = null;
        Runnable delete = () -> {
          warmUp.delete();
          warmingUp = null;
        };
        try {
          runner.execute(delete);   // after a cancelled round has ended: not under its feet
        } catch (RejectedExecutionException e) {
          delete.run();   // stopping: nothing runs any more
        }
      }
    } catch (Exception e) {
      LOG.debug("warm-up of {} ended: {}", socket, e.toString());
    }
  }

  /** Runs the command with this JVM's standard streams pointing at the client too, for our logging. */
  private static int run(DaemonWire.Request request, DataOutputStream frames) {
    // encoded as the client's own System.out and System.err would encode (its locale, terminal, -D flags)
    PrintStream out = new PrintStream(new BufferedOutputStream(new DaemonWire.FrameStream(frames, DaemonWire.OUT),
        8192), true, Charset.forName(request.encodings().out()));
    PrintStream err = new PrintStream(new BufferedOutputStream(new DaemonWire.FrameStream(frames, DaemonWire.ERR),
        8192), true, Charset.forName(request.encodings().err()));
    PrintStream systemOut = System.out;
    PrintStream systemErr = System.err;
    System.setOut(out);
    System.setErr(err);
    // a run in its own JVM runs on "main", which warnings name unless told not to (-Dorg.slf4j.simpleLogger...)
    Thread thread = Thread.currentThread();
    String name = thread.getName();
    thread.setName("main");
    try {
      return new Cli(out, err, Terminal.detect(request.console(), System.getenv()))
          .run(request.args().toArray(String[]::new));
    } finally {
      out.flush();
      err.flush();
      System.setOut(systemOut);
      System.setErr(systemErr);
      thread.setName(name);
    }
  }

  /** The client sends nothing after its request: the end of its stream before the answer means it is gone. */
  private void watch(DataInputStream in, AtomicBoolean answered) {
    try {
      while (in.read() >= 0) {
        // nothing is expected; a misbehaving client cannot make the daemon keep bytes
      }
    } catch (IOException e) {
      // closed: either side
    }
    if (!answered.get()) {
      clientGone.run();
    }
  }

  /**
   * Whether {@code directory} is this JVM's working directory, by identity, not by name: relative paths of the run
   * resolve against the directory this process is in, which may have been renamed or removed and replaced by
   * another of the same name since the daemon started.
   */
  static boolean inThisDirectory(String directory) {
    if (!directory.equals(System.getProperty("user.dir"))) {
      return false;
    }
    try {
      // "." is resolved by the kernel against the process's real working directory
      Object here = Files.readAttributes(Path.of("."), BasicFileAttributes.class).fileKey();
      Object there = Files.readAttributes(Path.of(directory), BasicFileAttributes.class).fileKey();
      return here != null && here.equals(there);
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  private void stopWhenIdle() {
    if (!busy.get() && System.nanoTime() - lastActive > idle.toNanos()) {
      stop();
    }
  }

  private static void decline(SocketChannel client) {
    try (client) {
      DaemonWire.writeStatus(new DataOutputStream(DaemonWire.out(client)), DaemonWire.DECLINED, 0);
    } catch (IOException e) {
      // the client went away; nothing to tell
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // the next daemon of this name removes it
    }
  }

  private static void closeQuietly(SocketChannel client) {
    try {
      client.close();
    } catch (IOException e) {
      // closing
    }
  }

  /**
   * The jar (or class folder) this daemon runs from, by size, time, inode and change time: a rebuilt jar ends the
   * daemon, also one copied over it with its time kept ({@code cp -p}), as a database's pool is reopened.
   */
  private static Object jarIdentity() {
    try {
      Path path = Path.of(EvaluateDaemon.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
      Object changed;
      try {
        changed = Files.getAttribute(path, "unix:ctime");
      } catch (UnsupportedOperationException | IllegalArgumentException e) {
        changed = "";
      }
      return List.of(path.toString(), attributes.size(), attributes.lastModifiedTime().toMillis(),
          String.valueOf(attributes.fileKey()), changed);
    } catch (Exception e) {
      return List.of();
    }
  }
}
