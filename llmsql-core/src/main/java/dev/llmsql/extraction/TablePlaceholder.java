package dev.llmsql.extraction;

/**
 * Replaces LLMSQL's {@code Table} placeholder ({@code FROM Table}, {@code FROM "Table"}, {@code FROM 'Table'},
 * also after {@code JOIN}, in any case) with the quoted real table id.
 *
 * <pre>{@code
 * TablePlaceholder.replace("SELECT a FROM Table", "1-2");  // SELECT a FROM "1-2"
 * }</pre>
 */
public final class TablePlaceholder {

  private TablePlaceholder() {
  }

  /** {@code sql} with each placeholder table reference replaced by {@code "tableId"}. */
  public static String replace(String sql, String tableId) {
    throw new UnsupportedOperationException("TODO");
  }
}
