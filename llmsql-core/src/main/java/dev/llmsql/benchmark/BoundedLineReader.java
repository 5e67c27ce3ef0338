package dev.llmsql.benchmark;

import static java.util.Objects.requireNonNull;

import dev.llmsql.prediction.InvalidInputException;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a text input file (questions, tables, suite cases) line by line as UTF-8, holding at most
 * {@link #MAX_LINE_BYTES} of one line: a longer line, or a file that is not a regular file (a directory,
 * {@code /dev/zero}, a pipe), is an {@link InvalidInputException} naming {@code file:line}, never a buffer that
 * grows until the JVM dies. The reader every JSONL input of the project goes through.
 *
 * <pre>{@code
 * try (BoundedLineReader in = BoundedLineReader.open(Path.of("tables.jsonl"))) {
 *   for (String line; (line = in.readLine()) != null; ) {
 *     System.out.println(in.lineNumber() + ": " + line.length());
 *   }
 * }
 * }</pre>
 */
public final class BoundedLineReader implements Closeable {

  /**
   * The longest line read, in bytes (16 MiB): far above any real benchmark line (LLMSQL's longest tables line
   * is well under 1 MiB), and small enough that one hostile line cannot exhaust memory.
   */
  public static final int MAX_LINE_BYTES = 16 << 20;

  private final Path file;
  private final InputStream in;
  private final int maxLineBytes;
  private final byte[] chunk = new byte[1 << 16];
  private int chunkPos;
  private int chunkEnd;
  private byte[] line = new byte[1 << 12];
  private long lineNumber;
  /** The byte offset in the file of the line {@link #readLine} reads next, for where a line is not UTF-8. */
  private long lineOffset;
  private boolean eof;

  private BoundedLineReader(Path file, int maxLineBytes) throws IOException {
    this.file = file;
    this.maxLineBytes = maxLineBytes;
    this.in = Files.newInputStream(file);
  }

  /**
   * Opens {@code file} with the default bound.
   *
   * @throws NoSuchFileException if it does not exist
   * @throws InvalidInputException if it is not a regular file
   */
  public static BoundedLineReader open(Path file) throws IOException {
    return open(file, MAX_LINE_BYTES);
  }

  /** Opens {@code file} holding at most {@code maxLineBytes} of a line. */
  public static BoundedLineReader open(Path file, int maxLineBytes) throws IOException {
    requireNonNull(file, "file");
    if (maxLineBytes < 1 || maxLineBytes > MAX_LINE_BYTES) {
      throw new IllegalArgumentException("maxLineBytes must be between 1 and " + MAX_LINE_BYTES + ", but was "
          + maxLineBytes);
    }
    if (!Files.isRegularFile(file)) {
      if (!Files.exists(file)) {
        throw new NoSuchFileException(file.toString());
      }
      throw new InvalidInputException(file.toString(), (Files.isDirectory(file) ? "a directory" : "not a regular "
          + "file (a device, pipe or socket)") + "; give the path of a file");
    }
    return new BoundedLineReader(file, maxLineBytes);
  }

  /**
   * The next line without its terminator ({@code \n} or {@code \r\n}), or null at the end of the file.
   *
   * @throws InvalidInputException if the line is longer than the bound, or is not UTF-8 (naming the line,
   *     column and byte offset)
   */
  public String readLine() throws IOException {
    if (eof && chunkPos >= chunkEnd) {
      return null;
    }
    int length = 0;
    long start = lineOffset;
    while (true) {
      if (chunkPos >= chunkEnd) {
        int n = in.read(chunk);
        if (n < 0) {
          eof = true;
          if (length == 0) {
            return null;
          }
          break;
        }
        chunkPos = 0;
        chunkEnd = n;
      }
      int nl = chunkPos;
      while (nl < chunkEnd && chunk[nl] != '\n') {
        nl++;
      }
      int take = nl - chunkPos;
      if ((long) length + take > maxLineBytes) {
        throw new InvalidInputException(file + ":" + (lineNumber + 1), "line longer than " + maxLineBytes
            + " bytes; no line of a JSONL input may be that long (is this the right file?)");
      }
      if (length + take > line.length) {
        line = Arrays.copyOf(line, Math.min(Math.max(line.length * 2, length + take), maxLineBytes));
      }
      System.arraycopy(chunk, chunkPos, line, length, take);
      length += take;
      chunkPos = nl;
      if (nl < chunkEnd) {
        chunkPos++;   // the newline
        lineOffset++;
        break;
      }
    }
    lineOffset += length;
    lineNumber++;
    if (length > 0 && line[length - 1] == '\r') {
      length--;
    }
    return decode(file, line, length, lineNumber, start);
  }

  /**
   * {@code bytes[0, length)} as UTF-8, the file's line {@code lineNumber} at byte offset {@code offset}; Java's
   * decoder says only "Input length = 1" of bytes that are not UTF-8, so the error names where they are.
   */
  private static String decode(Path file, byte[] bytes, int length, long lineNumber, long offset)
      throws IOException {
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, length)).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new InvalidInputException(file.toString(), dev.llmsql.files.Utf8Text.check(bytes, 0, length, lineNumber,
          offset).orElseGet(e::toString), e);   // the two agree on what UTF-8 is: the check finds it
    }
  }

  /**
   * A whole small text input (a config, a prompt template) as UTF-8, under the same bound as one line, so a
   * config given as {@code /dev/zero} or a huge file ends with an error instead of filling memory.
   *
   * @throws InvalidInputException if it is not a regular file, is longer than {@link #MAX_LINE_BYTES} or is not
   *     UTF-8 (naming the line, column and byte offset)
   */
  public static String readWhole(Path file) throws IOException {
    requireNonNull(file, "file");
    try (BoundedLineReader reader = open(file)) {
      byte[] bytes = reader.in.readNBytes(MAX_LINE_BYTES + 1);
      if (bytes.length > MAX_LINE_BYTES) {
        throw new InvalidInputException(file.toString(), "longer than " + MAX_LINE_BYTES + " bytes; a config or "
            + "prompt file is never that long (is this the right file?)");
      }
      return decode(file, bytes, bytes.length, 1, 0);
    }
  }

  /** The number of the line {@link #readLine} returned last, from 1. */
  public long lineNumber() {
    return lineNumber;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
