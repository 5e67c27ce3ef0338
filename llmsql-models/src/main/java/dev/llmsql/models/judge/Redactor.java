package dev.llmsql.models.judge;

import java.util.regex.Pattern;

/**
 * Takes the API key, and any credential a server writes back, out of text before it leaves
 * {@link ChatClient}: a server may echo the request headers into an error body, and that body ends up in
 * exception messages, the process log and prediction files. Whatever the server sends passes through
 * {@link #redact}; exceptions through {@link #scrub}, which also drops their causes' original messages.
 */
final class Redactor {

  static final String MASK = "****";

  /**
   * A credential header or field and its value (an optional scheme word, then one token): {@code
   * Authorization: Bearer x}, {@code "authorization": "x"}, {@code x-api-key=x}.
   */
  private static final Pattern AUTHORIZATION = Pattern.compile("(?i)(\"?(?:proxy-authorization|authorization"
      + "|x-api-key|api[-_]?key)\"?\\s*[:=]\\s*\"?)(?:[A-Za-z]+\\s+)?[^\\s\"',;}]+");
  /** A scheme and its credential, wherever it appears: {@code Bearer x}, {@code Basic x}. */
  private static final Pattern SCHEME = Pattern.compile("(?i)\\b(bearer|basic)(\\s+)[A-Za-z0-9._~+/=:-]+");

  /**
   * Shorter keys are placeholders (a local server's "x"), not secrets: masking every occurrence of them
   * would garble answers. Credential headers are masked whatever their length.
   */
  static final int MIN_KEY_LENGTH = 8;
  /**
   * The fewest leading key characters masked where a text was cut short (at its end or before {@code ...}):
   * a server decides where its own body, or a parser's quote of it, gets cut, so it could otherwise show all
   * of the key but its last character.
   */
  static final int MIN_CUT_PREFIX = 4;

  /** The key, or null when none is long enough to be a secret. */
  private final String key;

  /** @param key the API key, or null when none is sent */
  Redactor(String key) {
    this.key = key != null && key.length() >= MIN_KEY_LENGTH ? key : null;
  }

  /**
   * {@code text} with the key and every credential value masked. The key is found however a server spells
   * its characters, in any mix: as they are, JSON-escaped (<code>&#92;u0073</code>, {@code \/}) or URL-encoded
   * ({@code %2F}); and so is its start where the text was cut right after it.
   */
  String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = key == null ? text : withoutKey(text);
    out = AUTHORIZATION.matcher(out).replaceAll("$1" + MASK);
    return SCHEME.matcher(out).replaceAll("$1$2" + MASK);
  }

  /** One left-to-right pass: at each position, how many of the key's characters are spelled there. */
  private String withoutKey(String text) {
    StringBuilder out = null;
    int copied = 0;
    int i = 0;
    while (i < text.length()) {
      int end = i;
      int matched = 0;
      while (matched < key.length()) {
        int width = spelled(text, end, key.charAt(matched));
        if (width == 0) {
          break;
        }
        end += width;
        matched++;
      }
      if (matched == key.length() || matched >= MIN_CUT_PREFIX && cutAt(text, end)) {
        out = out == null ? new StringBuilder(text.length()) : out;
        out.append(text, copied, i).append(MASK);
        copied = end;
        i = end;
      } else {
        i++;
      }
    }
    return out == null ? text : out.append(text, copied, text.length()).toString();
  }

  /** Whether the text ends at {@code at} or shows a cut there. */
  private static boolean cutAt(String text, int at) {
    return at == text.length() || text.startsWith("...", at) || text.startsWith("\u2026", at);
  }

  /** How many characters of {@code text} at {@code at} spell {@code c}; 0 when they do not. */
  private static int spelled(String text, int at, char c) {
    if (at >= text.length()) {
      return 0;
    }
    char first = text.charAt(at);
    if (first == '\\' && at + 1 < text.length()) {
      char second = text.charAt(at + 1);
      if (second == 'u') {
        return hex(text, at + 2, 4) == c ? 6 : first == c ? 1 : 0;
      }
      if (second == c && (c == '"' || c == '\\' || c == '/')) {
        return 2;
      }
    }
    if (first == '%' && c < 0x80) {
      return hex(text, at + 1, 2) == c ? 3 : first == c ? 1 : 0;
    }
    return first == c ? 1 : 0;
  }

  /** The value of {@code digits} hex digits at {@code at}; -1 when they are not there. */
  private static int hex(String text, int at, int digits) {
    if (at + digits > text.length()) {
      return -1;
    }
    int value = 0;
    for (int k = at; k < at + digits; k++) {
      int d = Character.digit(text.charAt(k), 16);
      if (d < 0) {
        return -1;
      }
      value = value * 16 + d;
    }
    return value;
  }

  /**
   * A stand-in for {@code error} whose message and whose causes' messages are redacted; stack traces are
   * kept so a {@code --verbose} trace still shows where it happened. Null stays null.
   */
  Throwable scrub(Throwable error) {
    if (error == null) {
      return null;
    }
    Throwable cause = error.getCause() == error ? null : scrub(error.getCause());
    Redacted copy = new Redacted(error.getClass().getName() + ": " + redact(String.valueOf(error.getMessage())),
        cause);
    copy.setStackTrace(error.getStackTrace());
    return copy;
  }

  /** An exception as the server's words may not be kept: its class name and its redacted message. */
  static final class Redacted extends Exception {
    private static final long serialVersionUID = 1L;

    Redacted(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
