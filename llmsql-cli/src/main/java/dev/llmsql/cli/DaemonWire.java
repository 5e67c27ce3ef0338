package dev.llmsql.cli;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@link DaemonClient} and {@link EvaluateDaemon} say to each other over their Unix socket. The client
 * sends one request (its working directory, a digest of its environment, whether a console is attached, the
 * charsets of its standard output and error, the arguments); the daemon answers with frames, each a kind byte,
 * a length and that many bytes: {@link #DECLINED} when the client should run the command itself, or
 * {@link #READY} when the run can start, to which the client
 * answers {@link #GO} (or, having waited too long, closes and runs the command itself: the daemon runs nothing
 * without a go), then standard output, standard error, and the exit status. Every size is bounded before
 * anything is allocated, so a stray writer on the socket cannot make the daemon allocate without limit.
 *
 * <pre>{@code
 * DaemonWire.Request request = new DaemonWire.Request("/home/me/eval",
 *     DaemonAdmission.environmentDigest(System.getenv()), false, DaemonWire.Encodings.ofThisJvm(),
 *     List.of("evaluate", "--help"));
 * request.writeTo(new DataOutputStream(channelOut));
 * }</pre>
 */
final class DaemonWire {

  static final int MAGIC = 0x4c4d5333;   // "LMS3": a new layout gets a new number
  static final byte OUT = 'O';
  static final byte ERR = 'E';
  static final byte EXIT = 'X';
  static final byte DECLINED = 'D';
  static final byte READY = 'R';
  /** The client's one byte after {@link #READY}. */
  static final byte GO = 'G';

  static final int MAX_ARGS = 4_096;
  static final int MAX_STRING_BYTES = 64 * 1024;
  /** All of a request's strings together: Linux passes at most 2 MiB of arguments to a command anyway. */
  static final int MAX_REQUEST_BYTES = 2 << 20;
  static final int MAX_FRAME_BYTES = 1 << 20;

  private DaemonWire() {
  }

  /**
   * One command line for the daemon.
   *
   * @param workingDirectory the client's, which must be the daemon's (relative paths mean the same files)
   * @param environment the digest of the client's environment ({@link DaemonAdmission#environmentDigest}),
   *     which must be the daemon's
   * @param console whether the client has a console: progress is redrawn and coloured only then
   * @param encodings the charsets of the client's standard output and error, which the run's text is encoded
   *     in, as its own {@code System.out} and {@code System.err} would
   * @param args the command line, {@code evaluate} first
   */
  record Request(String workingDirectory, String environment, boolean console, Encodings encodings,
                 List<String> args) {

    Request {
      args = List.copyOf(args);
    }

    void writeTo(DataOutputStream out) throws IOException {
      out.writeInt(MAGIC);
      writeString(out, workingDirectory);
      writeString(out, environment);
      out.writeBoolean(console);
      writeString(out, encodings.out());
      writeString(out, encodings.err());
      out.writeInt(args.size());
      for (String arg : args) {
        writeString(out, arg);
      }
      out.flush();
    }

    /** Reads a request; an IOException for anything that is not one within the bounds. */
    static Request readFrom(DataInputStream in) throws IOException {
      if (in.readInt() != MAGIC) {
        throw new IOException("not an llmsql request");
      }
      int[] budget = {MAX_REQUEST_BYTES};
      String directory = readString(in, budget);
      String environment = readString(in, budget);
      boolean console = in.readBoolean();
      Encodings encodings = new Encodings(readString(in, budget), readString(in, budget));
      int count = in.readInt();
      if (count < 0 || count > MAX_ARGS) {
        throw new IOException("argument count out of range: " + count);
      }
      List<String> args = new ArrayList<>(count);
      for (int i = 0; i < count; i++) {
        args.add(readString(in, budget));
      }
      return new Request(directory, environment, console, encodings, args);
    }
  }

  /**
   * The charsets of standard output and error, by name: a JVM's {@code System.out} and {@code System.err} encode
   * in {@code stdout.encoding}/{@code stderr.encoding} (JDK 19 on) or {@code sun.stdout.encoding}/{@code
   * sun.stderr.encoding} (set for a terminal, or by {@code -D}), else in the default charset.
   */
  record Encodings(String out, String err) {

    /** This JVM's. */
    static Encodings ofThisJvm() {
      return new Encodings(of("stdout"), of("stderr"));
    }

    private static String of(String stream) {
      return System.getProperty(stream + ".encoding", System.getProperty("sun." + stream + ".encoding",
          Charset.defaultCharset().name()));
    }

    /** Whether this JVM can encode in both. */
    boolean supported() {
      try {
        return Charset.isSupported(out) && Charset.isSupported(err);
      } catch (IllegalArgumentException e) {
        return false;
      }
    }
  }

  private static void writeString(DataOutputStream out, String s) throws IOException {
    byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
    if (bytes.length > MAX_STRING_BYTES) {
      throw new IOException("argument longer than " + MAX_STRING_BYTES + " bytes");
    }
    out.writeInt(bytes.length);
    out.write(bytes);
  }

  /** Reads one string, taking its length from {@code budget[0]}; a short one (the stream ended) is refused. */
  private static String readString(DataInputStream in, int[] budget) throws IOException {
    int length = in.readInt();
    if (length < 0 || length > MAX_STRING_BYTES || length > budget[0]) {
      throw new IOException("string length out of range: " + length);
    }
    budget[0] -= length;
    byte[] bytes = new byte[length];
    in.readFully(bytes);
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /** Writes one frame; synchronized on {@code out}, so standard output and error may share it. */
  static void writeFrame(DataOutputStream out, byte kind, byte[] bytes, int offset, int length) throws IOException {
    synchronized (out) {
      out.writeByte(kind);
      out.writeInt(length);
      out.write(bytes, offset, length);
      out.flush();
    }
  }

  /** A frame that carries nothing but its kind ({@link #READY}). */
  static void writeSignal(DataOutputStream out, byte kind) throws IOException {
    writeFrame(out, kind, new byte[0], 0, 0);
  }

  static void writeStatus(DataOutputStream out, byte kind, int status) throws IOException {
    writeFrame(out, kind, ByteBuffer.allocate(Integer.BYTES).putInt(status).array(), 0, Integer.BYTES);
  }

  /** The status a {@link #writeStatus} frame carries. */
  static int status(byte[] frame) throws IOException {
    if (frame.length != Integer.BYTES) {
      throw new IOException("status frame of " + frame.length + " bytes");
    }
    return ByteBuffer.wrap(frame).getInt();
  }

  /** Standard output or error of a run as frames of one kind, split at {@link #MAX_FRAME_BYTES}. */
  static final class FrameStream extends OutputStream {
    private final DataOutputStream out;
    private final byte kind;

    FrameStream(DataOutputStream out, byte kind) {
      this.out = out;
      this.kind = kind;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      for (int done = 0; done < len; done += MAX_FRAME_BYTES) {
        writeFrame(out, kind, b, off + done, Math.min(MAX_FRAME_BYTES, len - done));
      }
    }
  }

  /**
   * The channel's bytes as a stream. Not {@code Channels.newInputStream}: on JDK 17 its streams of one blocking
   * channel share a lock, so the daemon's watch for a vanished client (a read that waits) would stop the run's
   * output (writes) until the client left.
   */
  static InputStream in(SocketChannel channel) {
    return new InputStream() {
      @Override
      public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return len == 0 ? 0 : channel.read(ByteBuffer.wrap(b, off, len));
      }
    };
  }

  /** Writes to the channel; see {@link #in}. */
  static OutputStream out(SocketChannel channel) {
    return new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(b, off, len);
        while (buffer.hasRemaining()) {
          channel.write(buffer);
        }
      }
    };
  }
}
