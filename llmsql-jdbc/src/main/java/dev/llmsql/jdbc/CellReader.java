package dev.llmsql.jdbc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Array;
import java.sql.Blob;
import java.sql.Clob;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;

/**
 * JDBC values as the cells SQLite's executor gives, so that judges compare rows of every engine alike: whole
 * numbers as {@link Long}, other numbers as {@link Double}, text as {@link String}, binary as {@code byte[]}, and
 * everything else (dates, times, intervals, UUIDs, arrays, JSON) as its text, the way SQLite stores it.
 */
final class CellReader {

  private CellReader() {
  }

  static Object read(ResultSet rs, int column, int sqlType) throws SQLException {
    switch (sqlType) {
      case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT -> {
        long v = rs.getLong(column);
        return rs.wasNull() ? null : v;
      }
      case Types.BOOLEAN, Types.BIT -> {
        boolean v = rs.getBoolean(column);
        return rs.wasNull() ? null : (Object) (v ? 1L : 0L);
      }
      case Types.REAL, Types.FLOAT, Types.DOUBLE -> {
        double v = rs.getDouble(column);
        return rs.wasNull() ? null : v;
      }
      case Types.NUMERIC, Types.DECIMAL -> {
        return number(rs.getBigDecimal(column));
      }
      case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY, Types.BLOB -> {
        return rs.getBytes(column);
      }
      default -> {
        Object value = rs.getObject(column);
        return other(value);
      }
    }
  }

  /** A decimal as SQLite would hold it: a whole number in range as {@link Long}, any other as {@link Double}. */
  static Object number(BigDecimal value) {
    if (value == null) {
      return null;
    }
    // a NUMERIC(…, 0) sum or count is whole; a scale above 0 (AVG's 5.0000) stays a real, as SQLite's AVG gives
    if (value.scale() <= 0) {
      try {
        return value.longValueExact();
      } catch (ArithmeticException e) {
        return value.doubleValue();
      }
    }
    return value.doubleValue();
  }

  private static Object other(Object value) throws SQLException {
    if (value == null || value instanceof String || value instanceof Long || value instanceof Double
        || value instanceof byte[]) {
      return value;
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof Float f) {
      return f.doubleValue();
    }
    if (value instanceof BigInteger b) {
      return b.bitLength() < 64 ? (Object) b.longValue() : b.doubleValue();
    }
    if (value instanceof BigDecimal d) {
      return number(d);
    }
    if (value instanceof Boolean b) {
      return b ? 1L : 0L;
    }
    if (value instanceof Clob clob) {
      return clob.getSubString(1, (int) Math.min(Integer.MAX_VALUE, clob.length()));
    }
    if (value instanceof Blob blob) {
      return blob.getBytes(1, (int) Math.min(Integer.MAX_VALUE, blob.length()));
    }
    if (value instanceof Array array) {
      return array.toString();
    }
    return value.toString();
  }
}
