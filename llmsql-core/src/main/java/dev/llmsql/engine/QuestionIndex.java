package dev.llmsql.engine;

import dev.llmsql.benchmark.Question;
import dev.llmsql.prediction.InvalidInputException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.IntPredicate;

/**
 * Where each predicted question's line lies in the questions file, read back and parsed when its prediction
 * is judged. Holding 8 bytes per question instead of the parsed questions (text, SQL, extra fields: about
 * 0.4 KB each) keeps an evaluation's memory flat however many predictions it judges. Every wanted line is
 * parsed and checked once while indexing, so bad input still stops the run before any query. The questions
 * parsed there are kept, up to {@value #KEPT_LINE_BYTES} bytes of their lines, and not read again: the file
 * read and second parse were a tenth of a fresh JVM's first evaluation of LLMSQL's 16,000 predictions, whose
 * lines take 3.6 MB; a larger run keeps as many and reads the rest back, so its memory stays flat. Thread-safe.
 */
final class QuestionIndex implements AutoCloseable {

  // A span packs a line's offset (low 40 bits) and length (high 24 bits), plus one so 0 means absent.
  private static final int LENGTH_BITS = 24;
  private static final long MAX_OFFSET = (1L << (64 - LENGTH_BITS - 1)) - 1;

  private final Path file;
  private long[] spans = new long[1024];
  private Map<Integer, long[]> otherSpans;
  private int indexed;
  private final int total;
  private final FileChannel channel;
  /** Questions parsed while indexing, by dense id, while their lines fit {@value #KEPT_LINE_BYTES} bytes. */
  private Question[] kept = new Question[0];
  private final long keepLineBytes;
  private long keptBytes;

  static final int KEPT_LINE_BYTES = 4 << 20;

  private QuestionIndex(Path file, IntPredicate wanted, BiConsumer<Question, String> eachWanted,
                        long keepLineBytes) {
    this.file = file;
    this.keepLineBytes = keepLineBytes;
    this.total = QuestionReader.scan(file, wanted, (question, location, offset, length) -> {
      if (put(question.id(), offset, length)) {
        keep(question, length);
        eachWanted.accept(question, location);
      }
    });
    try {
      this.channel = FileChannel.open(file, StandardOpenOption.READ);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read questions file " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Indexes the questions of {@code file} that {@code wanted} accepts, showing each to {@code eachWanted} once
   * with its location ({@code file:line}); it must not keep them all, or nothing is saved.
   */
  static QuestionIndex build(Path file, IntPredicate wanted, BiConsumer<Question, String> eachWanted) {
    return new QuestionIndex(file, wanted, eachWanted, KEPT_LINE_BYTES);
  }

  /** {@link #build}, keeping parsed questions up to {@code keepLineBytes} bytes of their lines (0: none). */
  static QuestionIndex build(Path file, IntPredicate wanted, BiConsumer<Question, String> eachWanted,
                             long keepLineBytes) {
    return new QuestionIndex(file, wanted, eachWanted, keepLineBytes);
  }

  private boolean put(int id, long offset, int length) {
    // Dense ids (LLMSQL's 0..n) index an array directly; a stray huge id must not allocate a huge array.
    boolean dense = id >= 0 && (id < spans.length || id < Math.max(1 << 16, 8L * indexed));
    if (dense && offset <= MAX_OFFSET && length < 1 << LENGTH_BITS) {
      if (id >= spans.length) {
        spans = Arrays.copyOf(spans, Math.max(id + 1, spans.length * 2));
      }
      boolean fresh = spans[id] == 0;
      indexed += fresh ? 1 : 0;
      spans[id] = ((long) length << (64 - LENGTH_BITS)) | (offset + 1);
      return fresh;
    }
    if (otherSpans == null) {
      otherSpans = new HashMap<>();
    }
    boolean fresh = otherSpans.put(id, new long[] {offset, length}) == null;
    indexed += fresh ? 1 : 0;
    return fresh;
  }

  private void keep(Question question, int length) {
    int id = question.id();
    if (keptBytes + length > keepLineBytes || id < 0 || id >= spans.length || spans[id] == 0) {
      return;
    }
    if (id >= kept.length) {
      kept = Arrays.copyOf(kept, Math.max(id + 1, Math.min(spans.length, Math.max(1024, kept.length * 2))));
    }
    kept[id] = question;
    keptBytes += length;
  }

  /** How many questions the file holds. */
  int total() {
    return total;
  }

  /** Whether a question with this id was indexed. */
  boolean contains(int id) {
    // An id can sit in otherSpans although the array has since grown past it: look in both.
    return id >= 0 && id < spans.length && spans[id] != 0 || otherSpans != null && otherSpans.containsKey(id);
  }

  /** The indexed question with this id, or null; read-only after construction, so threads may share it. */
  Question get(int id) {
    if (id >= 0 && id < kept.length && kept[id] != null) {
      return kept[id];
    }
    long offset;
    int length;
    if (id >= 0 && id < spans.length && spans[id] != 0) {
      long span = spans[id];
      offset = (span & ((1L << (64 - LENGTH_BITS)) - 1)) - 1;
      length = (int) (span >>> (64 - LENGTH_BITS));
    } else {
      long[] span = otherSpans == null ? null : otherSpans.get(id);
      if (span == null) {
        return null;
      }
      offset = span[0];
      length = (int) span[1];
    }
    String location = file + " (byte " + offset + ")";
    ByteBuffer line = ByteBuffer.allocate(length);
    try {
      while (line.hasRemaining()) {
        if (channel.read(line, offset + line.position()) < 0) {
          throw new InvalidInputException(location, "the questions file got shorter during the evaluation; "
              + "do not change it while an evaluation runs");
        }
      }
      Question question = QuestionReader.parse(location, line.array());
      if (question.id() != id) {
        throw new InvalidInputException(location, "the questions file changed during the evaluation; "
            + "do not change it while an evaluation runs");
      }
      return question;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read questions file " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      // read-only: nothing to lose
    }
  }
}
