package dev.llmsql.models.judge;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpHeaders;
import java.net.http.HttpResponse.BodySubscriber;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read up to a byte limit and no further: past the limit the subscription is cancelled
 * (the client drops the connection), so a model streaming hundreds of megabytes costs at most the limit in
 * memory. A {@code Content-Length} above the limit stops it before the first byte.
 */
final class BoundedBody implements BodySubscriber<BoundedBody.Bytes> {

  /** What was read; {@code cut} when the body went past the limit and was abandoned. */
  record Bytes(byte[] bytes, boolean cut) {
    String text() {
      return new String(bytes, StandardCharsets.UTF_8) + (cut ? "..." : "");
    }
  }

  private final long limit;
  private final HttpHeaders headers;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();
  private final CompletableFuture<Bytes> result = new CompletableFuture<>();
  private Flow.Subscription subscription;

  /** @param headers the response headers, checked for a Content-Length over the limit; null to skip */
  BoundedBody(long limit, HttpHeaders headers) {
    this.limit = limit;
    this.headers = headers;
  }

  @Override
  public CompletionStage<Bytes> getBody() {
    return result;
  }

  @Override
  public synchronized void onSubscribe(Flow.Subscription s) {
    subscription = s;
    if (headers != null && headers.firstValueAsLong("Content-Length").orElse(-1) > limit) {
      s.cancel();
      result.complete(new Bytes(new byte[0], true));
      return;
    }
    s.request(1);
  }

  @Override
  public synchronized void onNext(List<ByteBuffer> buffers) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer b : buffers) {
      int room = (int) Math.min(b.remaining(), limit - buffer.size());
      byte[] chunk = new byte[room];
      b.get(chunk);
      buffer.write(chunk, 0, room);
      if (b.hasRemaining()) {
        subscription.cancel();
        result.complete(new Bytes(buffer.toByteArray(), true));
        return;
      }
    }
    subscription.request(1);
  }

  @Override
  public synchronized void onError(Throwable error) {
    result.completeExceptionally(error);
  }

  @Override
  public synchronized void onComplete() {
    result.complete(new Bytes(buffer.toByteArray(), false));
  }
}
