package dev.llmsql.matching;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

  private static final String S = PythonText.SPACE_CLASS;
  private static final String NUMBER_WITH_COMMAS = "-?[\\p{Nd},]*\\p{Nd}(?:\\.\\p{Nd}+)?";
  private static final int CI = Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;

  /** Step 1: a number, then a unit or magnitude word: {@code 25.7 million}, {@code 0.4%}, {@code 17KM}. */
  static final Pattern UNIT = Pattern.compile("(" + NUMBER_WITH_COMMAS + ")" + S + "*"
      + "(?:million|billion|thousand|m|bn|k|%|km|kg|mph|km/h|cm|mm|metres|meters|ft|lbs?|mhz|kw|s)", CI);
  /** Step 2: a currency sign, at most one space, then a number: {@code $265,396}, {@code £ 1.5}. */
  static final Pattern CURRENCY = Pattern.compile("[$£€]" + S + "?" + NUMBER_WITH_COMMAS);
  /** Step 3: a number in parentheses with no spaces: {@code (0)}. */
  static final Pattern PARENTHESISED = Pattern.compile("\\((-?\\p{Nd}+(?:\\.\\p{Nd}+)?)\\)");
  /** Step 4: thousands groups after a comma or a plain space: {@code 66,714}, {@code 1 234 567}. */
  static final Pattern THOUSANDS = Pattern.compile("-?\\p{Nd}{1,3}(?:[, ]\\p{Nd}{3})+(?:\\.\\p{Nd}+)?");
  /** Step 5: a plain number in any script's decimal digits, no {@code +}, no exponent. */
  static final Pattern PLAIN_NUMBER = Pattern.compile("-?\\p{Nd}+(?:\\.\\p{Nd}+)?");

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

  private static Object text(String raw) {
    String s = PythonText.strip(raw);
    Matcher unit = UNIT.matcher(s);
    boolean hasUnit = unit.matches();
    String v = raw;
    if (CURRENCY.matcher(s).matches()) {
      v = PythonText.strip(s.substring(s.offsetByCodePoints(0, 1))).replace(",", "");
    }
    Matcher parenthesised = PARENTHESISED.matcher(PythonText.strip(v));
    if (parenthesised.matches()) {
      v = parenthesised.group(1);
    } else if (hasUnit) {
      v = unit.group(1);
    }
    if (THOUSANDS.matcher(PythonText.strip(v)).matches()) {
      v = PythonText.strip(v).replace(",", "").replace(" ", "");
    }
    String stripped = PythonText.strip(v);
    if (PLAIN_NUMBER.matcher(stripped).matches()) {
      return round(Double.parseDouble(asciiDigits(stripped)));
    }
    return stripped;
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
        : (char) ('0' + Character.digit(cp, 10))));
    return out.toString();
  }
}
