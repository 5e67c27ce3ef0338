package dev.llmsql.sqlite.dataset;

import java.util.Locale;

/**
 * The SQLite type an imported column gets: the narrowest of integer, real and text that holds every non-empty
 * value of the column.
 *
 * <pre>{@code
 * ImportedTable t = DatasetImport.builder().csv(Path.of("data")).build().into(Path.of("db.sqlite")).get(0);
 * boolean numeric = t.types().get(0) != ColumnType.TEXT;   // a column of 1, 2.5 and empty cells is REAL
 * }</pre>
 */
public enum ColumnType {
  INTEGER, REAL, TEXT;

  /** This type, widened as far as {@code value} needs. */
  ColumnType widen(String value) {
    if (this == TEXT) {
      return TEXT;
    }
    String v = value.trim();
    if (v.matches("[-+]?0\\d.*")) {
      return TEXT;   // "007" or a zip code would lose its zeros as a number
    }
    if (this == INTEGER && isInteger(v)) {
      return INTEGER;
    }
    return isReal(v) ? REAL : TEXT;
  }

  /** The type named in an LLMSQL {@code tables.jsonl} {@code types} entry ("text", "real", "integer"). */
  static ColumnType named(String name) {
    return switch (name.trim().toLowerCase(Locale.ROOT)) {
      case "integer", "int", "bigint" -> INTEGER;
      case "real", "number", "float", "double" -> REAL;
      default -> TEXT;
    };
  }

  private static boolean isInteger(String v) {
    if (v.isEmpty() || v.length() > 19) {
      return false;
    }
    try {
      Long.parseLong(v);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static boolean isReal(String v) {
    if (v.isEmpty() || !v.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
      return false;
    }
    return Double.isFinite(Double.parseDouble(v));
  }
}
