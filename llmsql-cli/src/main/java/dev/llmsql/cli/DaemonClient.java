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
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.net.ExtendedSocketOptions;

/**
 * The short-lived side of {@code bin/llmsql}'s evaluation daemon: hands one {@code evaluate} command line to the
 * {@link EvaluateDaemon} listening on {@code socket}, copies what the run prints to this process's output and
 * error, and returns its exit status. Empty when the daemon is not there or declines, and the caller runs the
 * command itself; nothing has been printed then. Only a socket in a directory private to this user, whose listener
 * is this user, is trusted with the command line and believed about its output. If this process is interrupted
 * (Ctrl-C), closing the socket ends the daemon and its run with it.
 *
 * <pre>{@code
 * OptionalInt status = DaemonClient.run(socket, args, System.console() != null, System.out, System.err);
 * }</pre>
 */
final class DaemonClient {

  /** The status of a run interrupted with Ctrl-C (128 + SIGINT), as a shell reports it. */
  static final int INTERRUPTED = 130;

  private DaemonClient() {
  }

  static OptionalInt run(Path socket, String[] args, boolean console, PrintStream out, PrintStream err) {
    List<String> arguments = List.of(args);
    // in a directory somebody else could write to, a socket could be anybody's, and so could its answers
    UserPrincipal owner = DaemonAdmission.privateOwner(socket.toAbsolutePath().getParent());
    if (!DaemonAdmission.admits(arguments) || owner == null) {
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
    try (channel) {
      try {
        channel.connect(UnixDomainSocketAddress.of(socket));
      } catch (ConnectException e) {
        // a socket file nobody listens on any more (the daemon was killed): gone, so the launcher starts a new one
        Files.deleteIfExists(socket);
        return OptionalInt.empty();
      }
      if (!channel.getOption(ExtendedSocketOptions.SO_PEERCRED).user().equals(owner)) {
        return OptionalInt.empty();
      }
      Runtime.getRuntime().addShutdownHook(closer);
      DataOutputStream request = new DataOutputStream(new BufferedOutputStream(DaemonWire.out(channel)));
      new DaemonWire.Request(System.getProperty("user.dir"), console, arguments).writeTo(request);
      return answer(new DataInputStream(new BufferedInputStream(DaemonWire.in(channel))), out, err);
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

  private static OptionalInt answer(DataInputStream in, PrintStream out, PrintStream err) throws IOException {
    boolean printed = false;
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
        if (!printed) {
          throw e;
        }
        // part of the run's output is out: running it again here would print it twice
        err.println();
        err.println("llmsql: the evaluation daemon stopped before the run ended; run again "
            + "(LLMSQL_DAEMON=off runs without it)");
        err.flush();
        return OptionalInt.of(Cli.FAILED);
      }
      switch (kind) {
        case DaemonWire.OUT -> out.write(bytes, 0, bytes.length);
        case DaemonWire.ERR -> err.write(bytes, 0, bytes.length);
        case DaemonWire.EXIT -> {
          out.flush();
          err.flush();
          return OptionalInt.of(DaemonWire.status(bytes));
        }
        case DaemonWire.DECLINED -> {
          return OptionalInt.empty();
        }
        default -> throw new IOException("unknown frame " + kind);
      }
      printed = true;
    }
  }

  private static void close(SocketChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // exiting anyway
    }
  }
}
