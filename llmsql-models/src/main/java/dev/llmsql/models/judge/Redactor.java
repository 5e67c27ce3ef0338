package dev.llmsql.models.judge;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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

  private final List<String> secrets;

  /** @param key the API key, or null when none is sent */
  Redactor(String key) {
    Set<String> forms = new LinkedHashSet<>();
    if (key != null && key.length() >= MIN_KEY_LENGTH) {
      forms.add(key);
      forms.add(URLEncoder.encode(key, StandardCharsets.UTF_8));
      forms.add(key.replace("\\", "\\\\").replace("\"", "\\\"").replace("/", "\\/"));
    }
    List<String> sorted = new ArrayList<>(forms);
    sorted.sort(Comparator.comparingInt(String::length).reversed());
    this.secrets = List.copyOf(sorted);
  }

  /** {@code text} with the key (also URL- and JSON-escaped) and every credential value masked. */
  String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = text;
    for (String secret : secrets) {
      out = out.replace(secret, MASK);
    }
    out = AUTHORIZATION.matcher(out).replaceAll("$1" + MASK);
    return SCHEME.matcher(out).replaceAll("$1$2" + MASK);
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
