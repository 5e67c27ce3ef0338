package dev.llmsql.files;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Says in the user's words why a text is not JSON: where (line and column), what was found there and what was
 * expected, e.g. {@code at column 33: expected a value after ':' (the line ends early)}. Built from where Jackson
 * stopped ({@link JsonProcessingException#getLocation()}), the structure it was in (the parser's context and last
 * token) and the text's own bytes, never from Jackson's message text, which names its internals
 * ({@code [Source: REDACTED ...]}, {@code StreamReadFeature}). Every reader of JSON or JSONL in the project words
 * its "not valid JSON" errors through this one class.
 *
 * <pre>{@code
 * String text = "{\"question_id\": 1, \"completion\": }";   // braces balanced: javadoc counts them
 * try {
 *   new com.fasterxml.jackson.databind.ObjectMapper().readTree(text);
 * } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
 *   String why = JsonSyntax.describe(e, text);  // where (column 34), what stands there, what was expected
 * }
 * }</pre>
 */
public final class JsonSyntax {

  private static final String VALUES = "a string in double quotes, number, object, array, true, false or null";

  private static final java.util.regex.Pattern WELL_FORMED =
      java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|true|false|null");

  private JsonSyntax() {
  }

  /**
   * Why {@code text} is not JSON, starting with {@code at column N: } when the text is one line and with
   * {@code at line L, column N: } otherwise.
   *
   * @param e what Jackson threw while reading {@code text} (from a parser or an {@code ObjectMapper})
   * @param text the whole text Jackson read
   */
  public static String describe(JsonProcessingException e, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    com.fasterxml.jackson.core.JsonLocation location = e.getLocation();
    int at;
    if (location == null) {
      at = bytes.length;
    } else if (location.getByteOffset() >= 0) {
      at = (int) Math.min(location.getByteOffset(), bytes.length);
    } else if (location.getCharOffset() >= 0) {
      at = text.substring(0, (int) Math.min(location.getCharOffset(), text.length()))
          .getBytes(StandardCharsets.UTF_8).length;
    } else {
      at = bytes.length;
    }
    JsonParser parser = e instanceof StreamReadException read ? read.getProcessor() : null;
    Found found = find(parser, bytes, 0, bytes.length, at, 0, false);
    int pos = found.pos();
    if (found.endsEarly()) {
      while (pos > 0 && Character.isWhitespace(bytes[pos - 1])) {
        pos--;   // the last line holding text, not the empty line after a final newline
      }
    }
    int lineStart = pos;
    while (lineStart > 0 && bytes[lineStart - 1] != '\n') {
      lineStart--;
    }
    String reason = found.reason() + (found.endsEarly() ? " (the text ends early; was it cut off?)" : "");
    int lines = 1;
    for (int i = 0; i < pos; i++) {
      lines += bytes[i] == '\n' ? 1 : 0;
    }
    boolean oneLine = text.strip().indexOf('\n') < 0;
    return (oneLine ? "at column " : "at line " + lines + ", column ") + columnOf(bytes, lineStart, pos) + ": "
        + (oneLine ? reason.replace(" (the text ends early; was it cut off?)", " (the line ends early)") : reason);
  }

  /**
   * Why one line of a JSONL file is not JSON, starting with {@code at column N: }. For JSONL readers that parse
   * the line where it lies in their read buffer.
   *
   * @param e what the parser threw
   * @param parser the parser that failed, for the structure it was in
   * @param line the buffer, {@code [lineStart, to)} being the whole line as it is in the file
   * @param lineStart where the line starts in {@code line}
   * @param from where the parser started reading (after leading blanks and a byte order mark)
   * @param to where the line ends (exclusive)
   * @param shift bytes the parser saw before {@code from} that the line does not have (padding)
   */
  public static String describeLine(JsonProcessingException e, JsonParser parser, byte[] line, int lineStart,
                                    int from, int to, int shift) {
    long columnNr = e.getLocation() == null ? -1 : e.getLocation().getColumnNr();
    int pos = columnNr < 1 ? to - from : (int) Math.min(Math.max(columnNr - 1 - shift, 0), to - from);
    Found found = find(parser, line, from, to, from + pos, shift, true);
    if (found.endsEarly()) {
      return "at column " + columnOf(line, lineStart, found.pos()) + ": " + found.reason() + " (the line ends early)";
    }
    return "at column " + columnOf(line, lineStart, found.pos()) + ": " + found.reason();
  }

  /** Where to point ({@code pos}, a byte index) and why; {@code endsEarly} when the text ended there. */
  private record Found(int pos, String reason, boolean endsEarly) {
  }

  /**
   * The reason for a failure at byte {@code at} of {@code line[from, to)}.
   *
   * @param parser the parser that failed (null when unknown: only what the bytes tell)
   * @param shift bytes the parser saw before {@code from} that the text does not have (padding)
   * @param jsonl whether the text is one JSONL line, which must hold one object
   */
  private static Found find(JsonParser parser, byte[] line, int from, int to, int at, int shift, boolean jsonl) {
    while (at > from && at < to && (line[at] & 0xC0) == 0x80) {
      at--;   // Jackson counts bytes: go back to the start of the character
    }
    boolean atEnd = at >= to;   // where Jackson reports the end of input
    int here = Math.min(at, to);
    if (inString(line, from, at)) {
      if (atEnd) {
        return new Found(here, "a string is not closed", true);
      }
      int b = line[at] & 0xFF;
      if (b == '\n' || b == '\r') {
        return new Found(here, "a string is not closed at the end of the line", false);
      }
      if (b < 0x20) {
        return new Found(here, String.format(Locale.ROOT, "control character U+%04X inside a string; write it as "
            + "an escape such as \\n, \\t or \\u%04X", b, b), false);
      }
      if (at > from && line[at - 1] == '\\') {
        return new Found(here, "unknown escape '\\" + charAt(line, at, to) + "' inside a string; JSON's escapes "
            + "are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", false);
      }
      return new Found(here, "invalid text inside a string", false);
    }
    JsonStreamContext context = parser == null ? null : parser.getParsingContext();
    JsonToken last = parser == null ? null : parser.currentToken();
    boolean inRoot = context == null || context.inRoot();
    if (jsonl && inRoot && last == JsonToken.END_OBJECT) {
      int end = (int) Math.min(from + Math.max(parser.currentTokenLocation().getColumnNr() - shift, 0L), (long) to);
      while (end < to && (line[end] == ' ' || line[end] == '\t')) {
        end++;
      }
      int extra = end < to ? end : Math.min(at, to - 1);
      return new Found(extra, "unexpected " + found(line, extra, to)
          + " after the object's closing '}'; a line holds one JSON object", false);
    }
    // Jackson stops inside or just after a bad bare word or number ("tru", "01", "NaN"): find where it starts
    int tokenStart = here;
    while (tokenStart > from && (isWordByte(line[tokenStart - 1]) || isNumberByte(line[tokenStart - 1]))) {
      tokenStart--;
    }
    int tokenEnd = tokenStart;
    while (tokenEnd < to && (isWordByte(line[tokenEnd]) || isNumberByte(line[tokenEnd]))) {
      tokenEnd++;
    }
    String token = new String(line, tokenStart, tokenEnd - tokenStart, StandardCharsets.UTF_8);
    // a well-formed number or literal there is the last token Jackson read; the error is what follows it
    boolean lastIsThatToken = !token.isEmpty() && WELL_FORMED.matcher(token).matches();
    int prev = previousNonBlank(line, from, tokenStart);
    boolean inArray = context == null ? prev == '[' : context.inArray();
    // a mapper reads names ahead (nextFieldName) and may fail before the name becomes the current token
    boolean afterName = last == JsonToken.FIELD_NAME
        || context != null && context.inObject() && (prev == ':' && !lastIsThatToken || prev == '"' && nameEndsAt(line, from, tokenStart));
    boolean wantsValue = !lastIsThatToken && (afterName && prev == ':'
        || inArray && (prev == '[' || prev == ','));
    String expected;
    if (context == null) {
      expected = "expected JSON";
    } else if (inRoot) {
      expected = jsonl ? "expected a JSON object starting with '{'" : "expected a JSON value (" + VALUES + ")";
    } else if (afterName) {
      expected = prev == ':' ? "expected a value after ':' (" + VALUES + ")" : "expected ':' after the field name";
    } else if (context.inObject()) {
      expected = prev == '{' ? "expected a field name in double quotes or '}'"
          : prev == ',' ? "expected a field name in double quotes after ','" : "expected ',' or '}'";
    } else {
      expected = wantsValue ? (prev == '[' ? "expected a value or ']'" : "expected a value after ','")
          : "expected ',' or ']'";
    }
    if (wantsValue && tokenStart < to) {
      String number = numberAround(line, tokenStart, to);
      if (number != null) {
        return new Found(tokenStart, "'" + number + "' is not a JSON number", false);
      }
      if (tokenStart < at || !atEnd && isWordByte(line[at])) {
        return new Found(tokenStart, "unexpected " + found(line, tokenStart, to) + "; " + expected, false);
      }
    }
    if (atEnd) {
      return new Found(here, expected.replace(" (" + VALUES + ")", ""), true);
    }
    return new Found(here, "unexpected " + found(line, at, to) + "; " + expected, false);
  }

  /** The 1-based column of byte {@code at}, counting characters (UTF-8 sequences), not bytes. */
  private static int columnOf(byte[] line, int lineStart, int at) {
    int column = 1;
    for (int i = lineStart; i < at; i++) {
      if ((line[i] & 0xC0) != 0x80) {
        column++;
      }
    }
    return column;
  }

  /** Whether byte {@code at} lies inside a string that starts after {@code from}. */
  private static boolean inString(byte[] line, int from, int at) {
    boolean in = false;
    for (int i = from; i < at; i++) {
      if (in && line[i] == '\\') {
        i++;
      } else if (line[i] == '"') {
        in = !in;
      }
    }
    return in;
  }

  /** Whether the last non-blank byte before {@code at} closes a string that follows '{' or ',' (a field name). */
  private static boolean nameEndsAt(byte[] line, int from, int at) {
    int close = at - 1;
    while (close >= from && line[close] != '"') {
      close--;
    }
    int open = close - 1;
    while (open >= from && (line[open] != '"' || open > from && line[open - 1] == '\\')) {
      open--;   // back to the quote that opens the string (an escaped quote is inside it)
    }
    int before = open >= from ? previousNonBlank(line, from, open) : -1;
    return before == '{' || before == ',';
  }

  private static int previousNonBlank(byte[] line, int from, int at) {
    for (int i = Math.min(at, line.length) - 1; i >= from; i--) {
      if (line[i] != ' ' && line[i] != '\t' && line[i] != '\n' && line[i] != '\r') {
        return line[i];
      }
    }
    return -1;
  }

  /** The number-like text from {@code start} when it starts with a digit or minus sign, else null. */
  private static String numberAround(byte[] line, int start, int to) {
    int end = start;
    while (end < to && (isNumberByte(line[end]) || isWordByte(line[end]))) {
      end++;
    }
    if (start == end || !(line[start] == '-' || line[start] >= '0' && line[start] <= '9')) {
      return null;
    }
    return new String(line, start, end - start, StandardCharsets.US_ASCII);
  }

  private static boolean isNumberByte(byte b) {
    return b >= '0' && b <= '9' || b == '-' || b == '+' || b == '.' || b == 'e' || b == 'E';
  }

  private static boolean isWordByte(byte b) {
    return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_';
  }

  /**
   * What stands at {@code at}: a bare word ({@code 'tru'}, {@code 'NaN'}) or one character.
   */
  private static String found(byte[] line, int at, int to) {
    int start = at;
    int end = at;
    if (isWordByte(line[at])) {
      while (end < to && isWordByte(line[end])) {
        end++;
      }
      String word = new String(line, start, end - start, StandardCharsets.UTF_8);
      return "'" + word + "'";
    }
    String c = charAt(line, at, to);
    int cp = c.codePointAt(0);
    int type = Character.getType(cp);
    if (Character.isISOControl(cp) || type == Character.FORMAT || type == Character.SPACE_SEPARATOR
        || type == Character.UNASSIGNED || type == Character.PRIVATE_USE || type == Character.SURROGATE) {
      return String.format(Locale.ROOT, "%s U+%04X", Character.isISOControl(cp) ? "control character"
          : "invisible character", cp);
    }
    return c.equals("'") ? "\"'\" (JSON strings need double quotes)" : "'" + c + "'";
  }

  /** The character whose UTF-8 encoding starts at {@code at}. */
  private static String charAt(byte[] line, int at, int to) {
    int end = at + 1;
    while (end < to && (line[end] & 0xC0) == 0x80) {
      end++;
    }
    return new String(line, at, end - at, StandardCharsets.UTF_8);
  }
}
