package dev.llmsql.benchmark;

import dev.llmsql.matching.PythonText;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Python's {@code json.dumps(value, ensure_ascii=False)} for the values a table row holds, so a rendered
 * LLMSQL 2.0 prompt is byte-identical to upstream's: {@code ", "} and {@code ": "} separators, non-ASCII kept,
 * floats in Python's {@code repr} ({@code 1.0}, {@code 10000000.0}, {@code 1e+16}), integers as integers.
 */
final class PythonJson {

  private PythonJson() {
  }

  static String dumps(Object value) {
    StringBuilder out = new StringBuilder();
    write(out, value);
    return out.toString();
  }

  private static void write(StringBuilder out, Object value) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof Boolean b) {
      out.append(b ? "true" : "false");
    } else if (value instanceof String s) {
      string(out, s);
    } else if (value instanceof Double || value instanceof Float) {
      out.append(floatRepr(((Number) value).doubleValue()));
    } else if (value instanceof BigDecimal d) {
      out.append(floatRepr(d.doubleValue()));
    } else if (value instanceof Number n) {
      out.append(n instanceof BigInteger big ? big.toString() : Long.toString(n.longValue()));
    } else if (value instanceof List<?> list) {
      out.append('[');
      for (int i = 0; i < list.size(); i++) {
        out.append(i == 0 ? "" : ", ");
        write(out, list.get(i));
      }
      out.append(']');
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<?, ?> e = it.next();
        string(out, String.valueOf(e.getKey()));
        out.append(": ");
        write(out, e.getValue());
        out.append(it.hasNext() ? ", " : "");
      }
      out.append('}');
    } else {
      string(out, value.toString());
    }
  }

  private static void string(StringBuilder out, String s) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        case '\b' -> out.append("\\b");
        case '\f' -> out.append("\\f");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    out.append('"');
  }

  /** A float as {@code json.dumps} writes it: {@code repr}, except NaN and the infinities. */
  static String floatRepr(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Infinity" : "-Infinity";
    }
    return PythonText.floatRepr(d);
  }
}
