package dev.llmsql.engine;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.prediction.InvalidInputException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/**
 * Streams a JSONL file as byte ranges, one per non-blank line, and opens a Jackson parser on each. Bytes go
 * straight to Jackson's UTF-8 parser: no line Strings, no tree per line, which matters for the 80,000-line
 * questions file read on every evaluation.
 */
final class JsonLines {

  private static final JsonFactory FACTORY = new JsonFactory();

  /**
   * Jackson's databind, for the fields read as trees, made on first use: building an ObjectMapper loads some
   * 300 classes (a tenth of a second before an evaluation's database warm-up could start), and an LLMSQL run,
   * whose fields are all strings and numbers, never needs it.
   */
  static ObjectMapper mapper() {
    return Mapper.INSTANCE;
  }

  private static final class Mapper {
    static final ObjectMapper INSTANCE = new ObjectMapper(FACTORY);
  }

  private static final int CHUNK = 1 << 20;

  /** Receives one line; {@code parser} is positioned after the line's opening brace. */
  interface LineHandler {
    /**
     * Reads the line's object.
     *
     * @return false when the handler left the line early on purpose (the rest is neither read nor checked)
     */
    boolean line(String location, JsonParser parser) throws IOException;
  }

  /** A {@link LineHandler} that also learns where the line's text lies in the file. */
  interface SpanHandler {
    /**
     * Reads the line's object.
     *
     * @param lineNo the line's number, from 1
     * @param offset the file offset of the line's first non-blank byte
     * @param length the line's length in bytes, surrounding blanks excluded
     * @return false when the handler left the line early on purpose
     */
    boolean line(String location, long lineNo, long offset, int length, JsonParser parser) throws IOException;
  }

  private JsonLines() {
  }

  /** Looks at a line's raw bytes before any parser is made for it. */
  interface RawFilter {
    /** @return true to skip the line: it is neither parsed nor passed to the handler */
    boolean skip(byte[] buffer, int from, int to, Path file, long lineNo);
  }

  /**
   * The longest line read, in bytes (16 MiB): far above any real benchmark or prediction line (LLMSQL's longest
   * are a few KB), and below what one hostile line could use to exhaust memory. A longer line is never held
   * whole: it is reported to the {@link OverLongHandler} (or is an error) and skipped.
   */
  static final int MAX_LINE_BYTES = dev.llmsql.benchmark.BoundedLineReader.MAX_LINE_BYTES;

  /** Told about a line longer than the bound; the line is then skipped. */
  interface OverLongHandler {
    /**
     * @param head the line's first bytes (at most {@code headLength} of them are meaningful)
     */
    void overLong(String location, long lineNo, long offset, byte[] head, int headLength) throws IOException;
  }

  /**
   * Calls {@code handler} for each non-blank line of {@code file} from byte {@code fromOffset} (the start of a
   * line), numbering lines after {@code linesBefore} and skipping lines {@code filter} (if not null) rejects; a
   * line that is not one JSON object ends the read with an {@link InvalidInputException} naming
   * {@code file:line} and {@code expected}. A line longer than {@code maxLineBytes} goes to {@code overLong}, or
   * with none ends the read with an {@link InvalidInputException}; either way at most {@code maxLineBytes + 1}
   * bytes are held, whatever the file holds.
   */
  static void forEach(Path file, long fromOffset, long linesBefore, String expected, RawFilter filter,
                      SpanHandler handler, int maxLineBytes, OverLongHandler overLong) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      in.skipNBytes(fromOffset);
      byte[] buffer = new byte[Math.min(CHUNK, maxLineBytes + 1)];
      int filled = 0;
      long lineNo = linesBefore;
      long base = fromOffset;
      while (true) {
        int read = in.read(buffer, filled, buffer.length - filled);
        int end = read < 0 ? filled : filled + read;
        int start = 0;
        for (int nl; (nl = indexOf(buffer, (byte) '\n', start, end)) >= 0; start = nl + 1) {
          parseLine(file, ++lineNo, buffer, base, start, nl, expected, filter, handler);
        }
        if (read < 0) {
          if (start < end) {
            parseLine(file, ++lineNo, buffer, base, start, end, expected, filter, handler);
          }
          return;
        }
        base += start;
        filled = end - start;
        System.arraycopy(buffer, start, buffer, 0, filled);
        if (filled > maxLineBytes) {
          lineNo++;
          String location = file + ":" + lineNo;
          if (overLong == null) {
            throw new InvalidInputException(location, "line longer than " + maxLineBytes + " bytes; no line of "
                + "a JSONL input may be that long (is this the right file?)");
          }
          overLong.overLong(location, lineNo, base, buffer, filled);
          // skip the rest of the line without holding it
          long consumed = filled;
          filled = 0;
          while (true) {
            int r = in.read(buffer, 0, buffer.length);
            if (r < 0) {
              return;
            }
            int nl = indexOf(buffer, (byte) '\n', 0, r);
            if (nl >= 0) {
              consumed += nl + 1;
              filled = r - nl - 1;
              System.arraycopy(buffer, nl + 1, buffer, 0, filled);
              break;
            }
            consumed += r;
          }
          base += consumed;
        } else if (filled == buffer.length) {
          buffer = Arrays.copyOf(buffer, Math.min(buffer.length * 2, maxLineBytes + 1));
        }
      }
    }
  }

  /**
   * Refuses what is not a regular file before a byte is read: a directory, a device such as {@code /dev/zero}
   * (endless), a pipe (input is read twice).
   */
  static void requireRegularFile(Path file, String what, String option) throws java.nio.file.NoSuchFileException {
    if (Files.isRegularFile(file)) {
      return;
    }
    if (!Files.exists(file)) {
      throw new java.nio.file.NoSuchFileException(file.toString());
    }
    throw new InvalidInputException(file.toString(), (Files.isDirectory(file) ? "a directory" : "not a regular "
        + "file (a device, pipe or socket)") + ", not a " + what + "; give " + option + " a JSONL file");
  }

  private static int indexOf(byte[] buffer, byte b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (buffer[i] == b) {
        return i;
      }
    }
    return -1;
  }

  /** Parses one line already in memory (e.g. read back from a {@link SpanHandler}'s span). */
  static void parseLine(String location, byte[] line, String expected, LineHandler handler) throws IOException {
    parse(location, null, 0, line, 0, 0, 0, line.length, expected,
        (SpanHandler) (loc, lineNo, offset, length, parser) -> handler.line(loc, parser));
  }

  private static void parseLine(Path file, long lineNo, byte[] buffer, long base, int start, int end,
                                String expected, RawFilter filter, SpanHandler handler) throws IOException {
    int from = start;
    int to = end;
    while (from < to && isBlank(buffer[from])) {
      from++;
    }
    while (to > from && isBlank(buffer[to - 1])) {
      to--;
    }
    if (from == to || filter != null && filter.skip(buffer, from, to, file, lineNo)) {
      return;
    }
    parse(file + ":" + lineNo, file, lineNo, buffer, base, start, from, to, expected, handler);
  }

  /**
   * Parses {@code buffer[start, end)}, a line that begins at {@code lineStart} (before its leading blanks): the
   * line {@code lineNo} of {@code file}, or of no known file (null) for a line read back on its own.
   */
  private static void parse(String location, Path file, long lineNo, byte[] buffer, long base, int lineStart,
                            int start, int end, String expected, SpanHandler handler) throws IOException {
    int from = start;
    int to = end;
    if (!isAscii(buffer, lineStart, end)) {
      // before Jackson: its string decoder takes an overlong form (C0 AF for '/'), an encoded surrogate and a code
      // point above U+10FFFF as characters, where Python's UTF-8 decoder, and Java's, refuse the file, and outside
      // strings it calls such bytes an unexpected character; worded as every other text reader words them
      Optional<String> notUtf8 = dev.llmsql.files.Utf8Text.check(buffer, lineStart, end, lineNo, base + lineStart);
      if (notUtf8.isPresent()) {
        throw file == null ? new InvalidInputException(location, "not UTF-8 text; save the file as UTF-8 JSONL")
            : new InvalidInputException(file.toString(), notUtf8.get());
      }
    }
    if (startsWithUtf8Bom(buffer, from, to)) {
      from += 3;   // a UTF-8 byte order mark, as some Windows editors write
    }
    JsonParser parser = utf8Parser(buffer, from, to);
    // closed after the catch, which reads where the parser stood (closing forgets it)
    try {
      JsonToken first = parser.nextToken();
      if (first != JsonToken.START_OBJECT) {
        throw new InvalidInputException(location, "expected a JSON object but found "
            + describe(first) + "; each line must look like " + expected);
      }
      if (handler.line(location, lineNo, base + from, to - from, parser) && parser.nextToken() != null) {
        long column = parser.currentTokenLocation().getColumnNr() - (padded(buffer, from, to) ? 4 : 0);
        throw new InvalidInputException(location, "more than one JSON value on the line (the second starts at "
            + "column " + (column + from - lineStart) + "); each line must be one JSON object such as " + expected);
      }
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      // bytes that are not UTF-8 were refused above; zero bytes are UTF-8, but a line of them is UTF-16 or UTF-32
      if (indexOf(buffer, (byte) 0, from, to) >= 0) {
        throw new InvalidInputException(location, "not UTF-8 text; save the file as UTF-8 JSONL", e);
      }
      throw new InvalidInputException(location, "not valid JSON " + dev.llmsql.files.JsonSyntax.describeLine(e,
          parser, buffer, lineStart, from, to, padded(buffer, from, to) ? 4 : 0), e);
    } finally {
      parser.close();
    }
  }

  /**
   * A parser reading {@code buffer[from, to)} as UTF-8, which JSONL is by definition, through Jackson's public
   * byte-array parser. That one guesses the encoding from the first four bytes: without a zero byte or a byte
   * order mark there it always takes UTF-8, as for every real line. A line it could take for UTF-16 or UTF-32 is
   * parsed after four spaces, which JSON ignores and which make the guess UTF-8 too, so such a line fails as
   * not UTF-8 exactly where a UTF-8 parser fails; only that rare line is copied.
   */
  private static JsonParser utf8Parser(byte[] buffer, int from, int to) throws IOException {
    if (!padded(buffer, from, to)) {
      return FACTORY.createParser(buffer, from, to - from);
    }
    byte[] padded = new byte[to - from + 4];
    Arrays.fill(padded, 0, 4, (byte) ' ');
    System.arraycopy(buffer, from, padded, 4, to - from);
    return FACTORY.createParser(padded);
  }

  /** Whether {@link #utf8Parser} reads the line after four spaces of padding. */
  private static boolean padded(byte[] buffer, int from, int to) {
    return startsWithUtf8Bom(buffer, from, to)
        || to - from >= 2 && (buffer[from] == (byte) 0xFE && buffer[from + 1] == (byte) 0xFF
            || buffer[from] == (byte) 0xFF && buffer[from + 1] == (byte) 0xFE)
        || indexOf(buffer, (byte) 0, from, Math.min(to, from + 4)) >= 0;
  }

  private static boolean startsWithUtf8Bom(byte[] buffer, int from, int to) {
    return to - from >= 3 && buffer[from] == (byte) 0xEF && buffer[from + 1] == (byte) 0xBB
        && buffer[from + 2] == (byte) 0xBF;
  }

  private static boolean isAscii(byte[] buffer, int from, int to) {
    for (int i = from; i < to; i++) {
      if (buffer[i] < 0) {
        return false;
      }
    }
    return true;
  }

  private static boolean isBlank(byte b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\n';
  }

  private static String describe(JsonToken token) {
    if (token == null) {
      return "nothing";
    }
    return switch (token) {
      case START_ARRAY -> "an array";
      case VALUE_STRING -> "a string";
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
      case VALUE_TRUE, VALUE_FALSE -> "a boolean";
      case VALUE_NULL -> "null";
      default -> token.asString() == null ? token.name().toLowerCase() : token.asString();
    };
  }

}
