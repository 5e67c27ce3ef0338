package dev.llmsql.matching;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * Normalises one cell the way LLMSQL 2.0's scorer does before comparing: text is trimmed, then read as a number
 * when it is one in disguise (a unit, a currency sign, parentheses, thousands separators), and every number is
 * rounded to 2 decimals. What stays text is compared as text, case-sensitively.
 *
 * <p>The result is a {@code Double} (rounded), a {@code String}, or {@link #NO_VALUE} for NaN.
 */
final class CellNormalizer {

  /** What NaN becomes: Python's {@code None}, which no query cell can produce (NULL becomes the text "None"). */
  static final Object NO_VALUE = new Object() {
    @Override
    public String toString() {
      return "None";
    }
  };

  /** The unit and magnitude words of step 1, matched in any case (Python's {@code re.I}). */
  static final List<String> UNITS = List.of("million", "billion", "thousand", "m", "bn", "k", "%", "km", "kg",
      "mph", "km/h", "cm", "mm", "metres", "meters", "ft", "lb", "lbs", "mhz", "kw", "s");

  private CellNormalizer() {
  }

  /** The normalised form of a raw cell (Long, Double, Boolean, String, byte[] or null). */
  static Object normalize(Object raw) {
    if (raw instanceof String text) {
      return text(text);
    }
    if (raw instanceof Double d) {
      return round(d);
    }
    if (raw instanceof Number n) {
      return round(n.doubleValue());
    }
    if (raw instanceof Boolean b) {
      return round(b ? 1.0 : 0.0);
    }
    return PythonText.strip(PythonText.str(raw));
  }

  // Each step is upstream's regular expression, checked by hand in one pass: a backtracking matcher retried on a
  // cell of megabytes (a query can return one) takes minutes.
  private static Object text(String raw) {
    String s = PythonText.strip(raw);
    String unitNumber = unitNumber(s);
    String v = raw;
    if (isCurrency(s)) {
      v = PythonText.strip(s.substring(s.offsetByCodePoints(0, 1))).replace(",", "");
    }
    String inner = parenthesised(PythonText.strip(v));
    if (inner != null) {
      v = inner;
    } else if (unitNumber != null) {
      v = unitNumber;
    }
    if (isThousands(PythonText.strip(v))) {
      v = PythonText.strip(v).replace(",", "").replace(" ", "");
    }
    String stripped = PythonText.strip(v);
    if (isPlainNumber(stripped)) {
      return round(Double.parseDouble(asciiDigits(stripped)));
    }
    return stripped;
  }

  private static boolean isDigit(int cp) {
    return PythonText.decimal(cp) >= 0;
  }

  /** Step 1: the number part of "number, whitespace, unit" (the whole text), or null. */
  static String unitNumber(String s) {
    int lastDigit = -1;
    for (int i = s.length(); i > 0; ) {
      int cp = s.codePointBefore(i);
      if (isDigit(cp)) {
        lastDigit = i;
        break;
      }
      i -= Character.charCount(cp);
    }
    if (lastDigit < 0) {
      return null;
    }
    int u = lastDigit;
    while (u < s.length() && PythonText.isSpace(s.charAt(u))) {
      u++;
    }
    String unit = s.substring(u);
    // equalsIgnoreCase folds like re.I here: the long s, dotless and dotted i, the Kelvin sign
    boolean known = UNITS.stream().anyMatch(unit::equalsIgnoreCase);
    return known && isNumberWithCommas(s, 0, lastDigit) ? s.substring(0, lastDigit) : null;
  }

  /** {@code -?[\d,]*\d(?:\.\d+)?} over {@code s[from, to)}. */
  static boolean isNumberWithCommas(String s, int from, int to) {
    int i = from < to && s.charAt(from) == '-' ? from + 1 : from;
    int dot = s.indexOf('.', i);
    int intEnd = dot < 0 || dot >= to ? to : dot;
    if (intEnd == i) {
      return false;
    }
    int last = 0;
    for (int j = i; j < intEnd; ) {
      int cp = s.codePointAt(j);
      if (cp != ',' && !isDigit(cp)) {
        return false;
      }
      last = cp;
      j += Character.charCount(cp);
    }
    return last != ',' && (intEnd == to || digitsOnly(s, intEnd + 1, to));
  }

  /** {@code \d+} over {@code s[from, to)}. */
  private static boolean digitsOnly(String s, int from, int to) {
    if (from >= to) {
      return false;
    }
    for (int j = from; j < to; ) {
      int cp = s.codePointAt(j);
      if (!isDigit(cp)) {
        return false;
      }
      j += Character.charCount(cp);
    }
    return true;
  }

  /** Step 2: {@code [$£€]\s?-?[\d,]*\d(?:\.\d+)?}, the whole text. */
  static boolean isCurrency(String s) {
    if (s.isEmpty() || "$£€".indexOf(s.charAt(0)) < 0) {
      return false;
    }
    int from = 1;
    if (from < s.length() && PythonText.isSpace(s.charAt(from))) {
      from++;
    }
    return isNumberWithCommas(s, from, s.length());
  }

  /** Step 3: the number inside {@code (-?\d+(?:\.\d+)?)}, the whole text, or null. */
  static String parenthesised(String s) {
    if (s.length() < 3 || s.charAt(0) != '(' || s.charAt(s.length() - 1) != ')') {
      return null;
    }
    String inner = s.substring(1, s.length() - 1);
    return isPlainNumber(inner) ? inner : null;
  }

  /** Step 4: {@code -?\d{1,3}(?:[, ]\d{3})+(?:\.\d+)?}, the whole text. */
  static boolean isThousands(String s) {
    int i = s.startsWith("-") ? 1 : 0;
    int dot = s.indexOf('.', i);
    int end = dot < 0 ? s.length() : dot;
    if (dot >= 0 && !digitsOnly(s, dot + 1, s.length())) {
      return false;
    }
    // lead digits, then groups: separator and exactly three digits (digits may be two chars each)
    int lead = 0;
    while (i < end && isDigit(s.codePointAt(i))) {
      i += Character.charCount(s.codePointAt(i));
      lead++;
    }
    if (lead < 1 || lead > 3) {
      return false;
    }
    int groups = 0;
    while (i < end) {
      char separator = s.charAt(i);
      if (separator != ',' && separator != ' ') {
        return false;
      }
      i++;
      for (int k = 0; k < 3; k++) {
        if (i >= end || !isDigit(s.codePointAt(i))) {
          return false;
        }
        i += Character.charCount(s.codePointAt(i));
      }
      groups++;
    }
    return groups > 0;
  }

  /** Step 5: {@code -?\d+(?:\.\d+)?}, the whole text. */
  static boolean isPlainNumber(String s) {
    int i = s.startsWith("-") ? 1 : 0;
    int dot = s.indexOf('.', i);
    return dot < 0 ? digitsOnly(s, i, s.length()) : digitsOnly(s, i, dot) && digitsOnly(s, dot + 1, s.length());
  }

  /** Python's {@code round(x, 2)}: half to even on the exact binary value, so 2.675 gives 2.67. */
  static Object round(double d) {
    if (Double.isNaN(d)) {
      return NO_VALUE;
    }
    if (Double.isInfinite(d)) {
      return d;
    }
    double rounded = new BigDecimal(d).setScale(2, RoundingMode.HALF_EVEN).doubleValue();
    // BigDecimal has no negative zero; Python's round(-0.001, 2) is -0.0
    return rounded == 0 && (d < 0 || 1 / d < 0) ? -0.0 : rounded;
  }

  private static String asciiDigits(String number) {
    StringBuilder out = new StringBuilder(number.length());
    number.codePoints().forEach(cp -> out.append(cp == '-' || cp == '.' ? (char) cp
        : (char) ('0' + PythonText.decimal(cp))));
    return out.toString();
  }
}
