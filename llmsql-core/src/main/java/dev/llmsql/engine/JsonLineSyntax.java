package dev.llmsql.engine;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import java.util.Locale;

/**
 * Says in the user's words why a JSONL line is not JSON: the column, what was found there and what was
 * expected, e.g. {@code at column 33: expected a value after ':' (the line ends early)}. Built from where Jackson
 * stopped ({@link JsonProcessingException#getLocation()}), the structure it was in (the parser's context and last
 * token) and the line's own bytes, never from Jackson's message text, which names its internals
 * ({@code [Source: REDACTED ...]}, {@code StreamReadFeature}).
 */
final class JsonLineSyntax {

  private static final String VALUES = "a string in double quotes, number, object, array, true, false or null";

  private static final java.util.regex.Pattern WELL_FORMED =
      java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?|true|false|null");

  private JsonLineSyntax() {
  }

  /**
   * The reason, starting with {@code at column N: }.
   *
   * @param line the line's bytes, {@code [lineStart, to)} being the whole line as it is in the file
   * @param from where the parser started reading (after leading blanks and a byte order mark)
   * @param shift bytes the parser saw before {@code from} that the line does not have (padding)
   * @param parser the parser that failed, for the structure it was in
   */
  static String describe(JsonProcessingException e, JsonParser parser, byte[] line, int lineStart, int from, int to,
                         int shift) {
    long columnNr = e.getLocation() == null ? -1 : e.getLocation().getColumnNr();
    int pos = columnNr < 1 ? to - from : (int) Math.min(Math.max(columnNr - 1 - shift, 0), to - from);
    int at = from + pos;   // index into line of the byte where parsing stopped
    while (at > from && at < to && (line[at] & 0xC0) == 0x80) {
      at--;   // Jackson counts bytes: go back to the start of the character
    }
    boolean atEnd = at >= to;   // where Jackson reports the end of input
    String column = "at column " + (columnOf(line, lineStart, Math.min(at, to))) + ": ";
    if (inString(line, from, at)) {
      if (atEnd) {
        return column + "a string is not closed (the line ends early)";
      }
      int b = line[at] & 0xFF;
      if (b < 0x20) {
        return column + String.format(Locale.ROOT, "control character U+%04X inside a string; write it as an "
            + "escape such as \\n, \\t or \\u%04X", b, b);
      }
      if (at > from && line[at - 1] == '\\') {
        return column + "unknown escape '\\" + charAt(line, at, to) + "' inside a string; JSON's escapes are "
            + "\\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX";
      }
      return column + "invalid text inside a string";
    }
    JsonStreamContext context = parser.getParsingContext();
    JsonToken last = parser.currentToken();
    if (context.inRoot() && last == JsonToken.END_OBJECT) {
      int end = Math.min(from + Math.max(parser.currentTokenLocation().getColumnNr() - shift, 0), to);
      while (end < to && (line[end] == ' ' || line[end] == '\t')) {
        end++;
      }
      int extra = end < to ? end : Math.min(at, to - 1);
      return "at column " + columnOf(line, lineStart, extra) + ": unexpected " + found(line, extra, to)
          + " after the object's closing '}'; a line holds one JSON object";
    }
    // Jackson stops inside or just after a bad bare word or number ("tru", "01", "NaN"): find where it starts
    int tokenStart = Math.min(at, to);
    while (tokenStart > from && (isWordByte(line[tokenStart - 1]) || isNumberByte(line[tokenStart - 1]))) {
      tokenStart--;
    }
    int tokenEnd = tokenStart;
    while (tokenEnd < to && (isWordByte(line[tokenEnd]) || isNumberByte(line[tokenEnd]))) {
      tokenEnd++;
    }
    String token = new String(line, tokenStart, tokenEnd - tokenStart, java.nio.charset.StandardCharsets.UTF_8);
    // a well-formed number or literal there is the last token Jackson read; the error is what follows it
    boolean lastIsThatToken = !token.isEmpty() && WELL_FORMED.matcher(token).matches();
    int prev = previousNonBlank(line, from, tokenStart);
    boolean wantsValue = !lastIsThatToken && (last == JsonToken.FIELD_NAME && prev == ':'
        || context.inArray() && (prev == '[' || prev == ','));
    String expected;
    if (context.inRoot()) {
      expected = "expected a JSON object starting with '{'";
    } else if (last == JsonToken.FIELD_NAME) {
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
        return "at column " + columnOf(line, lineStart, tokenStart) + ": '" + number + "' is not a JSON number";
      }
      if (tokenStart < at || !atEnd && isWordByte(line[at])) {
        return "at column " + columnOf(line, lineStart, tokenStart) + ": unexpected "
            + found(line, tokenStart, to) + "; " + expected;
      }
    }
    if (atEnd) {
      return column + expected.replace(" (" + VALUES + ")", "") + " (the line ends early)";
    }
    return column + "unexpected " + found(line, at, to) + "; " + expected;
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

  private static int previousNonBlank(byte[] line, int from, int at) {
    for (int i = Math.min(at, line.length) - 1; i >= from; i--) {
      if (line[i] != ' ' && line[i] != '\t') {
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
    return new String(line, start, end - start, java.nio.charset.StandardCharsets.US_ASCII);
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
      String word = new String(line, start, end - start, java.nio.charset.StandardCharsets.UTF_8);
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
    return new String(line, at, end - at, java.nio.charset.StandardCharsets.UTF_8);
  }
}
