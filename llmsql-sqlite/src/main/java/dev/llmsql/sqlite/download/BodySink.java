package dev.llmsql.sqlite.download;

import java.io.IOException;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Receives a response body on the HTTP client's threads while the downloading thread watches
 * {@link #position()}; a push subscriber rather than the client's InputStream because a blocked read on
 * that stream cannot be woken when the server stalls.
 */
abstract class BodySink implements BodySubscriber<Void> {

  private final CompletableFuture<Void> done = new CompletableFuture<>();
  private final AtomicLong position;
  private Flow.Subscription subscription;
  private boolean closed;
  private IOException localError;

  BodySink(long start) {
    this.position = new AtomicLong(start);
  }

  /**
   * Writes the body into {@code file} from byte {@code offset} on, dropping what followed it; a body that would
   * take the file past {@code maxBytes} stops there, with nothing more written ({@link #overLimit()}).
   */
  static BodySink toFile(Path file, long offset, long maxBytes) throws IOException {
    FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE);
    try {
      channel.truncate(offset);
      channel.position(offset);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    return new ToFile(channel, offset, maxBytes);
  }

  /** Reads and drops a body (redirects, errors), giving up after {@code limit} bytes. */
  static BodySink discarding(long limit) {
    return new Discarding(limit);
  }

  /** Bytes on disk (or read, when discarding) so far, including any earlier part. */
  long position() {
    return position.get();
  }

  /** Whether the body was stopped for taking the file past its size bound. */
  boolean overLimit() {
    return false;
  }

  /** The error writing to the local file, if that is what stopped the body; null otherwise. */
  synchronized IOException localError() {
    return localError;
  }

  @Override
  public CompletionStage<Void> getBody() {
    return done;
  }

  @Override
  public synchronized void onSubscribe(Flow.Subscription s) {
    if (closed) {
      s.cancel();
      return;
    }
    subscription = s;
    s.request(1);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    Flow.Subscription s;
    synchronized (this) {
      if (closed) {
        return;
      }
      try {
        for (ByteBuffer buffer : buffers) {
          position.addAndGet(consume(buffer));
        }
      } catch (IOException e) {
        localError = e;
        finish(e, true);
        return;
      }
      if (stopEarly()) {
        finish(null, true);
        return;
      }
      s = subscription;
    }
    s.request(1);
  }

  @Override
  public synchronized void onError(Throwable error) {
    finish(error, false);
  }

  @Override
  public synchronized void onComplete() {
    finish(null, false);
  }

  /** Stops writing at once; after this returns no byte reaches the file. Safe to call repeatedly. */
  synchronized void abort() {
    finish(new IOException("aborted"), true);
  }

  /** Consumes one buffer, returning how many bytes it held. */
  abstract int consume(ByteBuffer buffer) throws IOException;

  boolean stopEarly() {
    return false;
  }

  void release() throws IOException {
  }

  private void finish(Throwable error, boolean cancel) {
    if (closed) {
      return;
    }
    closed = true;
    if (cancel && subscription != null) {
      subscription.cancel();
    }
    Throwable failure = error;
    try {
      release();
    } catch (IOException e) {
      failure = failure == null ? e : failure;
    }
    if (failure == null) {
      done.complete(null);
    } else {
      done.completeExceptionally(failure);
    }
  }

  private static final class ToFile extends BodySink {
    private final FileChannel channel;
    private final long maxBytes;
    /** Set on the client's thread, read by the downloading one after the body ended. */
    private volatile boolean overLimit;

    ToFile(FileChannel channel, long offset, long maxBytes) {
      super(offset);
      this.channel = channel;
      this.maxBytes = maxBytes;
    }

    @Override
    int consume(ByteBuffer buffer) throws IOException {
      int n = buffer.remaining();
      if (overLimit || position() + n > maxBytes) {
        // an endless body filled a disk at loopback speed: what passes the bound is dropped, and the body stops
        overLimit = true;
        buffer.position(buffer.limit());
        return n;
      }
      while (buffer.hasRemaining()) {
        channel.write(buffer);
      }
      return n;
    }

    @Override
    boolean stopEarly() {
      return overLimit;
    }

    @Override
    boolean overLimit() {
      return overLimit;
    }

    @Override
    void release() throws IOException {
      channel.close();
    }
  }

  private static final class Discarding extends BodySink {
    private final long limit;

    Discarding(long limit) {
      super(0);
      this.limit = limit;
    }

    @Override
    int consume(ByteBuffer buffer) {
      int n = buffer.remaining();
      buffer.position(buffer.limit());
      return n;
    }

    @Override
    boolean stopEarly() {
      return position() > limit;
    }
  }
}
