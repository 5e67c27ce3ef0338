package dev.llmsql.report.csv;

import java.util.regex.Pattern;

/**
 * The one place every CSV cell we write passes through, against formula injection ("CSV injection"): a
 * text cell a spreadsheet would run as a formula gets a leading {@code '}, as OWASP recommends, so it shows
 * as text. That is any cell starting with {@code = + - @}, a tab or a carriage return (so {@code "\t=1+1"}
 * and {@code "\r=1+1"} too). Plain numbers ({@code -3}, {@code 1.5e-3}) stay as they are, so numeric
 * columns keep sorting as numbers; numeric values passed as {@link Number} are never touched.
 *
 * <pre>{@code
 * CsvCells.text("=HYPERLINK(\"http://x\")");   // "'=HYPERLINK(\"http://x\")"
 * CsvCells.text("-3");                          // "-3"
 * String question = "=1+1 in SQL?";
 * StringWriter out = new StringWriter();
 * try (org.apache.commons.csv.CSVPrinter csv = org.apache.commons.csv.CSVFormat.RFC4180.print(out)) {
 *   csv.printRecord(CsvCells.row(42, question, "0.5"));
 * }
 * }</pre>
 */
public final class CsvCells {

  private static final String TRIGGERS = "=+-@\t\r";
  private static final Pattern PLAIN_NUMBER = Pattern.compile("-?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

  private CsvCells() {
  }

  /** {@code cell}, with a leading {@code '} when a spreadsheet would take it for a formula; null becomes "". */
  public static String text(String cell) {
    if (cell == null || cell.isEmpty()) {
      return "";
    }
    if (TRIGGERS.indexOf(cell.charAt(0)) < 0 || PLAIN_NUMBER.matcher(cell).matches()) {
      return cell;
    }
    return "'" + cell;
  }

  /** A record's cells: numbers and booleans as they are, anything else as {@link #text} of its string. */
  public static Object[] row(Object... cells) {
    Object[] safe = new Object[cells.length];
    for (int i = 0; i < cells.length; i++) {
      Object c = cells[i];
      safe[i] = c instanceof Number || c instanceof Boolean ? c : text(c == null ? null : c.toString());
    }
    return safe;
  }
}
