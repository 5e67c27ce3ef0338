package dev.llmsql.cli;

import dev.llmsql.threads.DaemonThreads;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The short-lived side of {@code bin/llmsql}'s evaluation daemon: hands one {@code evaluate} command line to the
 * {@link EvaluateDaemon} listening on {@code socket}, copies what the run prints to this process's output and
 * error, and returns its exit status. Empty when the daemon is not there or declines, and the caller runs the
 * command itself; nothing has been printed then. Only a socket in a directory private to this user, whose listener
 * is this user, is trusted with the command line and believed about its output. If this process is interrupted
 * (Ctrl-C), closing the socket ends the daemon and its run with it. A daemon that does not get to the run within
 * {@link #START_WAIT} (busy with a warm-up round, stopped, wedged) is left: the command runs here instead, and
 * the daemon, which waits for a go, never runs it.
 *
 * <pre>{@code
 * OptionalInt status = DaemonClient.run(socket, args, System.console() != null, System.out, System.err);
 * }</pre>
 */
final class DaemonClient {

  /** The status of a run interrupted with Ctrl-C (128 + SIGINT), as a shell reports it. */
  static final int INTERRUPTED = 130;

  /** How long a client waits, from its connect, for the daemon to be ready to run its command. */
  static final Duration START_WAIT = Duration.ofSeconds(3);

  private static final int WAITING = 0;
  private static final int GOING = 1;
  private static final int GAVE_UP = 2;

  private DaemonClient() {
  }

  static OptionalInt run(Path socket, String[] args, boolean console, PrintStream out, PrintStream err) {
    List<String> arguments = List.of(args);
    // in a directory somebody else could write to, a socket could be anybody's, and so could its answers
    UserPrincipal owner = DaemonAdmission.privateOwner(socket.toAbsolutePath().getParent());
    if (!DaemonAdmission.admits(arguments) || owner == null || !DaemonAdmission.groupKnown()) {
      return OptionalInt.empty();
    }
    SocketChannel channel;
    try {
      channel = SocketChannel.open(StandardProtocolFamily.UNIX);
    } catch (IOException | UnsupportedOperationException e) {
      return OptionalInt.empty();
    }
    AtomicBoolean interrupted = new AtomicBoolean();
    Thread closer = DaemonThreads.named("llmsql-daemon-client").newThread(() -> {
      interrupted.set(true);
      close(channel);
    });
    // from before the connect: a stopped daemon's full backlog would keep a connect waiting for ever
    AtomicInteger state = new AtomicInteger(WAITING);
    DaemonThreads.start("llmsql-daemon-wait", () -> {
      LockSupport.parkNanos(START_WAIT.toNanos());
      if (state.compareAndSet(WAITING, GAVE_UP)) {
        close(channel);   // what waits below ends, and the command runs here
      }
    });
    try (channel) {
      try {
        channel.connect(UnixDomainSocketAddress.of(socket));
      } catch (ConnectException e) {
        removeDead(socket);
        return OptionalInt.empty();
      }
      if (!DaemonAdmission.samePeer(channel, owner)) {
        return OptionalInt.empty();
      }
      Runtime.getRuntime().addShutdownHook(closer);
      DataOutputStream request = new DataOutputStream(new BufferedOutputStream(DaemonWire.out(channel)));
      new DaemonWire.Request(System.getProperty("user.dir"), DaemonAdmission.environmentDigest(System.getenv()),
          console, DaemonWire.Encodings.ofThisJvm(), arguments).writeTo(request);
      return answer(new DataInputStream(new BufferedInputStream(DaemonWire.in(channel))), request, state,
          interrupted, out, err);
    } catch (IOException | UnsupportedOperationException e) {
      // interrupted (Ctrl-C): the JVM is exiting, and the command must not start again here
      return interrupted.get() ? OptionalInt.of(INTERRUPTED) : OptionalInt.empty();
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(closer);
      } catch (IllegalStateException | IllegalArgumentException e) {
        // shutting down already, or never added
      }
    }
  }

  /**
   * A socket file nobody listens on (its daemon was killed) is deleted, so that the launcher starts a new daemon;
   * only while holding the name's lock, which a live or starting daemon holds: a refused connection alone does
   * not tell a dead daemon from one that is just starting.
   */
  private static void removeDead(Path socket) {
    Path lock = socket.resolveSibling(socket.getFileName() + ".lock");
    try (FileChannel file = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
         FileLock held = file.tryLock()) {
      if (held != null) {
        Files.deleteIfExists(socket);
      }
    } catch (IOException | OverlappingFileLockException e) {
      // left for the next client or daemon
    }
  }

  private static OptionalInt answer(DataInputStream in, DataOutputStream request, AtomicInteger state,
                                    AtomicBoolean interrupted, PrintStream out, PrintStream err) throws IOException {
    // after the go the run is the daemon's: it may have written files already, so it never runs here as well
    boolean committed = false;
    while (true) {
      byte kind;
      byte[] bytes;
      try {
        kind = in.readByte();
        int length = in.readInt();
        if (length < 0 || length > DaemonWire.MAX_FRAME_BYTES) {
          throw new IOException("frame length out of range: " + length);
        }
        bytes = in.readNBytes(length);
        if (bytes.length < length) {
          throw new EOFException();
        }
      } catch (IOException e) {
        if (!committed || interrupted.get()) {
          throw e;
        }
        return stopped(err);
      }
      if (!committed && kind != DaemonWire.READY && kind != DaemonWire.DECLINED) {
        throw new IOException("frame " + kind + " before the run started");   // nothing printed: runs here
      }
      switch (kind) {
        case DaemonWire.OUT -> out.write(bytes, 0, bytes.length);
        case DaemonWire.ERR -> err.write(bytes, 0, bytes.length);
        case DaemonWire.EXIT -> {
          out.flush();
          err.flush();
          try {
            return OptionalInt.of(DaemonWire.status(bytes));
          } catch (IOException e) {
            return stopped(err);
          }
        }
        case DaemonWire.DECLINED -> {
          return OptionalInt.empty();
        }
        case DaemonWire.READY -> {
          if (!state.compareAndSet(WAITING, GOING)) {
            return OptionalInt.empty();   // waited too long: running it here, the daemon gets no go
          }
          request.writeByte(DaemonWire.GO);
          request.flush();
          committed = true;
          continue;
        }
        default -> throw new IOException("unknown frame " + kind);
      }
    }
  }

  /** After the go: part of the run may be done and printed, and running it again here would do it twice. */
  private static OptionalInt stopped(PrintStream err) {
    err.println();
    err.println("llmsql: the evaluation daemon stopped before the run ended; run again "
        + "(LLMSQL_DAEMON=off runs without it)");
    err.flush();
    return OptionalInt.of(Cli.FAILED);
  }

  private static void close(SocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // exiting anyway
    }
  }
}
