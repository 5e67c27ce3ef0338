package dev.llmsql.matching;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Text as CPython 3.11 renders and trims it, where LLMSQL 2.0's scorer depends on it: {@code str.strip}'s
 * whitespace (wider than Java's {@link String#strip()}), the word characters of {@code re}'s {@code \w}, and
 * {@code str()} / {@code repr()} of the values a query returns.
 *
 * <pre>{@code
 * PythonText.strip("\u00a0Hurts\u3000");   // "Hurts"
 * PythonText.floatRepr(1e16);               // "1e+16"
 * PythonText.str(274.0);                    // "274.0"
 * List.of("\uff61", "\ud83d\ude00").stream().sorted(PythonText.ORDER).toList();  // U+FF61 first, as Python
 * }</pre>
 */
public final class PythonText {

  /**
   * Python's order of text, by code point. Java's {@link String#compareTo} orders by UTF-16 unit, which differs
   * above U+FFFF (a surrogate sorts before U+FF61), so every sort that must match a Python peer uses this one.
   */
  public static final Comparator<String> ORDER = (a, b) -> {
    int i = 0;
    int j = 0;
    while (i < a.length() && j < b.length()) {
      int x = a.codePointAt(i);
      int y = b.codePointAt(j);
      if (x != y) {
        return Integer.compare(x, y);
      }
      i += Character.charCount(x);
      j += Character.charCount(y);
    }
    return Integer.compare(a.length() - i, b.length() - j);
  };

  private PythonText() {
  }

  /** Whether {@code cp} is whitespace to Python's {@code str.isspace()} (and so to {@code strip} and {@code \s}). */
  public static boolean isSpace(int cp) {
    return cp >= 0x09 && cp <= 0x0d || cp >= 0x1c && cp <= 0x20 || cp == 0x85 || cp == 0xa0 || cp == 0x1680
        || cp >= 0x2000 && cp <= 0x200a || cp == 0x2028 || cp == 0x2029 || cp == 0x202f || cp == 0x205f
        || cp == 0x3000;
  }

  /**
   * The value of {@code cp} as a decimal digit to Python 3.11 ({@code unicodedata.decimal}: what {@code int()},
   * {@code float()}, {@code Decimal()} and {@code re}'s {@code \d} read as a digit), or -1.
   */
  public static int decimal(int cp) {
    if (cp < 0x80) {
      return cp >= '0' && cp <= '9' ? cp - '0' : -1;
    }
    // by CPython 3.11's Unicode 14 table, not the JVM's: Java 17 knows no Tangsa digits (U+16AC0), Java 21 reads
    // the Kawi and Nag Mundari digits, which Python 3.11 does not
    return Python311.DECIMAL.offset(cp);
  }

  /** The same characters as {@link #isSpace}, as a {@link java.util.regex.Pattern} class (Python's {@code \s}). */
  public static final String SPACE_CLASS =
      "[\\x09-\\x0d\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";

  /**
   * A character of Python's {@code \w} for text: a letter, a number of any kind, or {@code _}, as CPython 3.11's
   * Unicode 14 database has them ({@code python311-unicode.txt} beside this class), not the JVM's: Java 17 knows
   * Unicode 13, so 525 newer letters and digits (U+0870, the Tangsa digits) were no word characters here.
   */
  public static boolean isWordChar(int cp) {
    if (cp < 0x80) {
      return cp >= 'a' && cp <= 'z' || cp >= 'A' && cp <= 'Z' || cp >= '0' && cp <= '9' || cp == '_';
    }
    return Python311.WORD.contains(cp);
  }

  /** Python's {@code \w} as a {@link java.util.regex.Pattern} class: see {@link #isWordChar}. */
  public static final String WORD_CLASS = Python311.WORD.patternClass();

  /** Code point ranges of CPython 3.11's Unicode database, read once from {@code python311-unicode.txt}. */
  private static final class Python311 {
    static final Ranges WORD;
    static final Ranges PRINTABLE;
    /** One range per run of ten decimal digits, zero first. */
    static final Ranges DECIMAL;

    static {
      Map<String, Ranges> sets = new HashMap<>();
      try (BufferedReader in = new BufferedReader(new InputStreamReader(Objects.requireNonNull(
          PythonText.class.getResourceAsStream("python311-unicode.txt"), "python311-unicode.txt"),
          StandardCharsets.US_ASCII))) {
        String name = null;
        List<int[]> ranges = new ArrayList<>();
        for (String line = in.readLine(); line != null; line = in.readLine()) {
          if (line.startsWith("#") || line.isBlank()) {
            continue;
          }
          if (line.charAt(0) >= 'a' && line.charAt(0) <= 'z') {   // a section's name; hex ranges are upper case
            if (name != null) {
              sets.put(name, new Ranges(ranges));
            }
            name = line;
            ranges = new ArrayList<>();
            continue;
          }
          for (String item : line.strip().split(" ")) {
            int dash = item.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? item : item.substring(0, dash), 16);
            ranges.add(new int[] {from, dash < 0 ? from : Integer.parseInt(item.substring(dash + 1), 16)});
          }
        }
        sets.put(name, new Ranges(ranges));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      WORD = sets.get("word");
      PRINTABLE = sets.get("printable");
      DECIMAL = sets.get("decimal");
    }
  }

  /** Sorted, disjoint, inclusive code point ranges. */
  private static final class Ranges {
    private final int[] from;
    private final int[] to;

    // plain loops, no streams: this runs in the first evaluation of a fresh JVM, where each lambda is linked
    Ranges(List<int[]> ranges) {
      from = new int[ranges.size()];
      to = new int[ranges.size()];
      for (int i = 0; i < from.length; i++) {
        from[i] = ranges.get(i)[0];
        to[i] = ranges.get(i)[1];
      }
    }

    boolean contains(int cp) {
      return offset(cp) >= 0;
    }

    /** How far {@code cp} is from the start of the range holding it; -1 when none does. */
    int offset(int cp) {
      int at = Arrays.binarySearch(from, cp);
      int i = at >= 0 ? at : -at - 2;
      return i >= 0 && cp <= to[i] ? cp - from[i] : -1;
    }

    String patternClass() {
      StringBuilder sb = new StringBuilder("[");
      for (int i = 0; i < from.length; i++) {
        sb.append("\\x{").append(Integer.toHexString(from[i])).append('}');
        if (to[i] != from[i]) {
          sb.append("-\\x{").append(Integer.toHexString(to[i])).append('}');
        }
      }
      return sb.append(']').toString();
    }
  }

  /** Python's {@code " ".join(s.split())}: whitespace runs become one space, none at either end. */
  public static String collapseSpaces(String s) {
    StringBuilder out = new StringBuilder(s.length());
    boolean pending = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (isSpace(c)) {
        pending = out.length() > 0;
      } else {
        if (pending) {
          out.append(' ');
          pending = false;
        }
        out.append(c);
      }
    }
    return out.toString();
  }

  /** Python's {@code s.strip()}: removes leading and trailing {@linkplain #isSpace whitespace}. */
  public static String strip(String s) {
    int from = 0;
    int to = s.length();
    while (from < to && isSpace(s.charAt(from))) {
      from++;
    }
    while (to > from && isSpace(s.charAt(to - 1))) {
      to--;
    }
    return s.substring(from, to);
  }

  /** Python's {@code str(value)} for a value SQLite or JSON gives: None, True, 274, 274.0, b'..', text. */
  public static String str(Object value) {
    if (value == null) {
      return "None";
    }
    if (value instanceof Boolean b) {
      return b ? "True" : "False";
    }
    if (value instanceof Double d) {
      return floatRepr(d);
    }
    if (value instanceof Float f) {
      return floatRepr(f.doubleValue());
    }
    if (value instanceof byte[] bytes) {
      return bytesRepr(bytes);
    }
    return value.toString();
  }

  /**
   * Python's {@code repr(float)}: the shortest digits that read back as {@code d}, in positional notation from
   * 1e-4 up to (not including) 1e16 and as {@code 1.5e+16} / {@code 1e-05} outside (Java's
   * {@link Double#toString} switches at other bounds and, before Java 19, is not always shortest).
   */
  public static String floatRepr(double d) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    if (d == 0) {
      return 1 / d < 0 ? "-0.0" : "0.0";
    }
    BigDecimal exact = new BigDecimal(d);
    BigDecimal shortest = exact;
    for (int digits = 1; digits <= 17; digits++) {
      BigDecimal candidate = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
      if (candidate.doubleValue() == d) {
        shortest = candidate;
        break;
      }
      // at a power of two the doubles below are twice as dense as those above: the nearest candidate can fall
      // just outside the narrow side while its neighbour on the wide side still reads back as d (2^-24 is
      // 5.960464477539063e-08, one digit less than the nearest candidate's), and Python takes that neighbour
      BigDecimal up = candidate.add(candidate.ulp());
      BigDecimal down = candidate.subtract(candidate.ulp());
      if (up.doubleValue() == d || down.doubleValue() == d) {
        shortest = up.doubleValue() == d ? up : down;
        break;
      }
    }
    BigDecimal stripped = shortest.stripTrailingZeros();
    String digitText = stripped.unscaledValue().abs().toString();
    // the value is 0.<digits> x 10^point
    int point = digitText.length() - stripped.scale();
    StringBuilder out = new StringBuilder(d < 0 ? "-" : "");
    if (point > -4 && point <= 16) {
      if (point <= 0) {
        out.append("0.").append("0".repeat(-point)).append(digitText);
      } else if (point >= digitText.length()) {
        out.append(digitText).append("0".repeat(point - digitText.length())).append(".0");
      } else {
        out.append(digitText, 0, point).append('.').append(digitText, point, digitText.length());
      }
    } else {
      out.append(digitText.charAt(0));
      if (digitText.length() > 1) {
        out.append('.').append(digitText, 1, digitText.length());
      }
      int exponent = point - 1;
      out.append('e').append(exponent < 0 ? '-' : '+');
      String e = Integer.toString(Math.abs(exponent));
      out.append(e.length() < 2 ? "0" + e : e);
    }
    return out.toString();
  }

  /** Python's {@code repr(str)}: quoted, with backslash escapes for what Python does not print as is. */
  public static String strRepr(String s) {
    char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
    StringBuilder out = new StringBuilder(s.length() + 2).append(quote);
    s.codePoints().forEach(cp -> {
      if (cp == quote || cp == '\\') {
        out.append('\\').appendCodePoint(cp);
      } else if (cp == '\t') {
        out.append("\\t");
      } else if (cp == '\n') {
        out.append("\\n");
      } else if (cp == '\r') {
        out.append("\\r");
      } else if (cp < 0x20 || cp == 0x7f) {
        out.append(String.format("\\x%02x", cp));
      } else if (cp < 0x7f || isPrintable(cp)) {
        out.appendCodePoint(cp);
      } else if (cp <= 0xff) {
        out.append(String.format("\\x%02x", cp));
      } else if (cp <= 0xffff) {
        out.append(String.format("\\u%04x", cp));
      } else {
        out.append(String.format("\\U%08x", cp));
      }
    });
    return out.append(quote).toString();
  }

  /** Python's {@code repr(bytes)}: {@code b'274'}, non-ASCII and control bytes as {@code \xhh}. */
  public static String bytesRepr(byte[] bytes) {
    boolean hasSingle = false;
    boolean hasDouble = false;
    for (byte b : bytes) {
      hasSingle |= b == '\'';
      hasDouble |= b == '"';
    }
    char quote = hasSingle && !hasDouble ? '"' : '\'';
    StringBuilder out = new StringBuilder(bytes.length + 3).append('b').append(quote);
    for (byte b : bytes) {
      int c = b & 0xff;
      if (c == quote || c == '\\') {
        out.append('\\').append((char) c);
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x20 || c >= 0x7f) {
        out.append(String.format("\\x%02x", c));
      } else {
        out.append((char) c);
      }
    }
    return out.append(quote).toString();
  }

  /**
   * Python's {@code str.isprintable()} for one character (not a control, format, private, unassigned or separator
   * but the space), by CPython 3.11's Unicode 14 database: Java 17's Unicode 13 took 836 newer characters for
   * unassigned and escaped them, and rows sorted by their text came out in another order.
   */
  private static boolean isPrintable(int cp) {
    return Python311.PRINTABLE.contains(cp);
  }
}
