package dev.llmsql.files;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Says in the user's words where a text stops being UTF-8: line, column and byte offset of the first byte that
 * is not part of a well-formed UTF-8 sequence, with the fix, e.g. {@code not valid UTF-8 at line 3, column 7
 * (byte offset 58); save it as UTF-8}. Java's decoders say only {@code Input length = 1}, and a lenient decode
 * turns the bytes into U+FFFD without a word; every reader of text input in the project words its "not UTF-8"
 * errors through this one class.
 *
 * <pre>{@code
 * byte[] bytes = Files.readAllBytes(Path.of("run.yaml"));
 * Optional<String> why = Utf8Text.check(bytes);   // "not valid UTF-8 at line 2, column 10 (byte offset 27); ..."
 * String text = new String(bytes, java.nio.charset.StandardCharsets.UTF_8);   // exact when why is empty
 * }</pre>
 */
public final class Utf8Text {

  /** The fix every message ends with. */
  private static final String FIX = "; save it as UTF-8";

  private Utf8Text() {
  }

  /**
   * Why {@code bytes} are not UTF-8 ({@code not valid UTF-8 at line L, column C (byte offset B); save it as
   * UTF-8}), or empty when they are.
   */
  public static Optional<String> check(byte[] bytes) {
    requireNonNull(bytes, "bytes");
    return check(bytes, 0, bytes.length, 1, 0);
  }

  /**
   * {@link #check(byte[])} of {@code bytes[from, to)}, one part of a file read piece by piece (a line): the part
   * starts a line, the file's line {@code line} at its byte offset {@code offset}, so the message gives the file's
   * own line, column and offset.
   */
  public static Optional<String> check(byte[] bytes, int from, int to, long line, long offset) {
    requireNonNull(bytes, "bytes");
    Scan scan = new Scan(line, offset);
    for (int i = from; i < to; i++) {
      if (!scan.next(bytes[i] & 0xFF)) {
        return Optional.of(scan.reason());
      }
    }
    return scan.atEnd();
  }

  /**
   * {@link #check(byte[])} of a file read through once, holding 64 KiB at a time, for files too large to hold
   * (a CSV, a report); meant for the error path, after a decoder failed somewhere in it.
   *
   * @throws IOException when it cannot be read
   */
  public static Optional<String> check(Path file) throws IOException {
    requireNonNull(file, "file");
    Scan scan = new Scan(1, 0);
    byte[] chunk = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(chunk)) > 0; ) {
        for (int i = 0; i < n; i++) {
          if (!scan.next(chunk[i] & 0xFF)) {
            return Optional.of(scan.reason());
          }
        }
      }
    }
    return scan.atEnd();
  }

  /**
   * A UTF-8 validator fed one byte at a time, by the well-formed sequences of the Unicode Standard (table 3-7),
   * which are exactly what Java's decoder accepts: no overlong forms, no surrogates, nothing above U+10FFFF.
   */
  private static final class Scan {
    private long line;
    private long column = 1;
    private long offset;
    /** Where the sequence being read started, and its column. */
    private long sequenceOffset;
    private long sequenceColumn;
    /** Continuation bytes still expected, and the range the next one must lie in. */
    private int pending;
    private int low = 0x80;
    private int high = 0xBF;

    Scan(long line, long offset) {
      this.line = line;
      this.offset = offset;
    }

    /** Takes one byte; false when it makes the text not UTF-8 (the position is then the sequence's). */
    boolean next(int b) {
      if (pending > 0) {
        if (b < low || b > high) {
          return false;
        }
        pending--;
        low = 0x80;
        high = 0xBF;
        offset++;
        return true;
      }
      sequenceOffset = offset;
      sequenceColumn = column;
      if (b < 0x80) {
        if (b == '\n') {
          line++;
          column = 0;
        }
      } else if (b >= 0xC2 && b <= 0xDF) {
        pending = 1;
      } else if (b >= 0xE0 && b <= 0xEF) {
        pending = 2;
        low = b == 0xE0 ? 0xA0 : 0x80;   // E0 80..9F would be overlong
        high = b == 0xED ? 0x9F : 0xBF;   // ED A0..BF would be a surrogate
      } else if (b >= 0xF0 && b <= 0xF4) {
        pending = 3;
        low = b == 0xF0 ? 0x90 : 0x80;   // F0 80..8F would be overlong
        high = b == 0xF4 ? 0x8F : 0xBF;   // F4 90.. would be above U+10FFFF
      } else {
        return false;   // a continuation byte without a lead, C0, C1 (overlong) or F5..FF
      }
      column++;
      offset++;
      return true;
    }

    /** Empty, or the reason when the text ends inside a sequence (a file cut off mid-character). */
    Optional<String> atEnd() {
      return pending > 0 ? Optional.of(reason()) : Optional.empty();
    }

    String reason() {
      return "not valid UTF-8 at line " + line + ", column " + sequenceColumn + " (byte offset " + sequenceOffset
          + ")" + FIX;
    }
  }
}
