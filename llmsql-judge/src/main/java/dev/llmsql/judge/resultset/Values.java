package dev.llmsql.judge.resultset;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.util.Comparator;
import java.util.Locale;
import java.util.regex.Pattern;

/** Cell normalisation, equality and a total order, as a comparator's options say. */
final class Values {

  private static final Pattern NUMERIC = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  private final Numbers numbers;
  private final NullHandling nulls;
  private final boolean numericText;
  private final boolean booleansAsNumbers;

  Values(Numbers numbers, NullHandling nulls, boolean numericText, boolean booleansAsNumbers) {
    this.numbers = numbers;
    this.nulls = nulls;
    this.numericText = numericText;
    this.booleansAsNumbers = booleansAsNumbers;
  }

  /**
   * The value equality and hashing see: Long for integral numbers (unless types count), Double otherwise,
   * String, ByteBuffer for blobs, null for NULL (unless NULL is mapped).
   */
  Object normalize(Object value) {
    if (value instanceof Double d && d.isNaN()) {
      value = null;
    }
    if (value == null) {
      return switch (nulls) {
        case NULL_IS_VALUE -> null;
        case EMPTY_TEXT -> "";
        case ZERO -> 0L;
      };
    }
    if (value instanceof Boolean b) {
      return booleansAsNumbers || numbers.kind() != Numbers.Kind.EXACT_TYPES ? (Object) (b ? 1L : 0L) : b;
    }
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    }
    if (value instanceof String s) {
      if (nulls == NullHandling.EMPTY_TEXT && s.trim().equalsIgnoreCase("null")) {
        return "";
      }
      if (booleansAsNumbers) {
        if (s.trim().equalsIgnoreCase("true")) {
          return 1L;
        }
        if (s.trim().equalsIgnoreCase("false")) {
          return 0L;
        }
      }
      if (numericText && NUMERIC.matcher(s.trim()).matches()) {
        return number(new BigDecimal(s.trim()));
      }
      return s;
    }
    if (value instanceof Number n) {
      if (numbers.kind() == Numbers.Kind.EXACT_TYPES) {
        return n instanceof Double || n instanceof Float || n instanceof BigDecimal
            ? (Object) n.doubleValue() : (Object) n.longValue();
      }
      if (n instanceof Double || n instanceof Float) {
        double d = n.doubleValue();
        if (Double.isInfinite(d)) {
          return d;
        }
        // Double.toString gives the shortest decimal that reads back as d, the text people saw
        return number(new BigDecimal(Double.toString(d)));
      }
      if (n instanceof BigDecimal bd) {
        return number(bd);
      }
      return number(BigDecimal.valueOf(n.longValue()));
    }
    return value;
  }

  private Object number(BigDecimal value) {
    if (numbers.kind() == Numbers.Kind.ROUND) {
      value = value.setScale(numbers.decimals(), RoundingMode.HALF_UP);
    }
    if (numbers.kind() == Numbers.Kind.EXACT_TYPES) {
      return value.scale() <= 0 ? (Object) value.longValue() : (Object) value.doubleValue();
    }
    BigDecimal stripped = value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
    if (stripped.scale() <= 0 && stripped.toBigInteger().bitLength() < 64) {
      return stripped.longValueExact();
    }
    return stripped.doubleValue();
  }

  boolean hashable() {
    return !numbers.tolerant();
  }

  boolean equal(Object a, Object b) {
    if (numbers.tolerant() && a instanceof Number x && b instanceof Number y) {
      double p = x.doubleValue();
      double q = y.doubleValue();
      double diff = Math.abs(p - q);
      return numbers.kind() == Numbers.Kind.ABSOLUTE ? diff <= numbers.epsilon()
          : diff <= numbers.epsilon() * Math.max(Math.abs(p), Math.abs(q)) || diff == 0;
    }
    return a == null ? b == null : a.equals(b);
  }

  /** NULL, then numbers by value (Long before Double on ties), text, blobs, anything else by text. */
  static final Comparator<Object> ORDER = (a, b) -> {
    int ra = rank(a);
    int rb = rank(b);
    if (ra != rb) {
      return Integer.compare(ra, rb);
    }
    return switch (ra) {
      case 0 -> 0;
      case 1 -> {
        int c = Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue());
        yield c != 0 ? c : Boolean.compare(a instanceof Double, b instanceof Double);
      }
      case 2 -> ((String) a).compareTo((String) b);
      case 3 -> ((ByteBuffer) a).compareTo((ByteBuffer) b);
      default -> String.valueOf(a).compareTo(String.valueOf(b));
    };
  };

  private static int rank(Object v) {
    if (v == null) {
      return 0;
    }
    if (v instanceof Number) {
      return 1;
    }
    if (v instanceof String) {
      return 2;
    }
    return v instanceof ByteBuffer ? 3 : 4;
  }

  static final Comparator<Object[]> ROW_ORDER = (a, b) -> {
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      int c = ORDER.compare(a[i], b[i]);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.length, b.length);
  };

  static String show(Object v) {
    if (v == null) {
      return "NULL";
    }
    if (v instanceof String s) {
      return "'" + s + "'";
    }
    if (v instanceof Double d) {
      return String.format(Locale.ROOT, "%s (real)", d);
    }
    if (v instanceof ByteBuffer b) {
      return "blob(" + b.remaining() + " bytes)";
    }
    return v.toString();
  }
}
