package dev.llmsql.execution;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * The rows a query returned. Cells are {@code Long}, {@code Double}, {@code String}, {@code byte[]} or
 * null, as SQLite stores them (integers that fit in an int still come back as {@code Long}).
 *
 * <pre>{@code
 * QueryResult r = new QueryResult(List.of("n"), List.of(List.of(3L)));
 * r.isSingleNull();  // false
 * }</pre>
 *
 * @param columns the column labels, in select-list order
 * @param rows the rows, each with one cell per column
 * @param complete false when reading stopped early on purpose ({@link QueryExecutor#execute(String, int)}):
 *     the statement returns more rows than {@code rows} holds
 */
public record QueryResult(List<String> columns, List<List<Object>> rows, boolean complete) {

  public QueryResult {
    columns = List.copyOf(requireNonNull(columns, "columns"));
    requireNonNull(rows, "rows");
    rows = java.util.Collections.unmodifiableList(rows);
  }

  /** Every row the statement returned. */
  public QueryResult(List<String> columns, List<List<Object>> rows) {
    this(columns, rows, true);
  }

  /** The first rows of a statement that returns more. */
  public static QueryResult incomplete(List<String> columns, List<List<Object>> rows) {
    return new QueryResult(columns, rows, false);
  }

  /** LLMSQL's "NULL answer": exactly one row holding exactly one NULL. */
  public boolean isSingleNull() {
    return rows.size() == 1 && rows.get(0).size() == 1 && rows.get(0).get(0) == null;
  }

  public int rowCount() {
    return rows.size();
  }

  /**
   * The largest result file read from a submission or a benchmark: 16 MiB, the bound on a questions or
   * predictions line, so a gold result imported into a questions file fits one line.
   */
  public static final long MAX_CSV_BYTES = 16L << 20;

  /**
   * A result stored as CSV (a Spider 2.0 gold {@code exec_result/<id>.csv}, a submitted {@code <id>.csv}): the
   * first record names the columns, each further one is a row, every cell stays the text the file holds (an
   * empty field is {@code ""}); blank lines are skipped and a short record is padded with {@code ""}, as
   * pandas' {@code read_csv} reads them. Judges that retype CSV text (Spider 2.0's) do so themselves.
   *
   * <pre>{@code
   * QueryResult r = QueryResult.readCsv(Path.of("gold/exec_result/local001.csv"), QueryResult.MAX_CSV_BYTES);
   * }</pre>
   *
   * @param maxBytes the largest file accepted
   * @throws java.io.IOException when the file cannot be read
   * @throws IllegalArgumentException when it is larger than {@code maxBytes}, not UTF-8, or not CSV (a record
   *     with more fields than the header), saying which
   */
  public static QueryResult readCsv(java.nio.file.Path file, long maxBytes) throws java.io.IOException {
    long size = java.nio.file.Files.size(file);
    if (size > maxBytes) {
      throw new IllegalArgumentException(file + " holds " + size + " bytes, more than the " + maxBytes
          + " a result file may hold");
    }
    String text;
    try {
      text = java.nio.charset.StandardCharsets.UTF_8.newDecoder()
          .decode(java.nio.ByteBuffer.wrap(java.nio.file.Files.readAllBytes(file))).toString();
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new IllegalArgumentException(file + " is not UTF-8 text");
    }
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    java.util.List<String> header = null;
    java.util.List<java.util.List<Object>> rows = new java.util.ArrayList<>();
    org.apache.commons.csv.CSVFormat format = org.apache.commons.csv.CSVFormat.RFC4180.builder()
        .setIgnoreEmptyLines(true).get();
    try (org.apache.commons.csv.CSVParser parser = org.apache.commons.csv.CSVParser.parse(text, format)) {
      for (org.apache.commons.csv.CSVRecord record : parser) {
        if (header == null) {
          header = record.toList();
          continue;
        }
        if (record.size() > header.size()) {
          throw new IllegalArgumentException(file + " line " + record.getRecordNumber() + " has " + record.size()
              + " fields, but the header names " + header.size() + " columns");
        }
        java.util.List<Object> row = new java.util.ArrayList<>(header.size());
        row.addAll(record.toList());
        while (row.size() < header.size()) {
          row.add("");
        }
        rows.add(java.util.Collections.unmodifiableList(row));
      }
    } catch (java.io.UncheckedIOException e) {
      throw new IllegalArgumentException(file + " is not CSV: " + e.getCause().getMessage());
    }
    if (header == null) {
      throw new IllegalArgumentException(file + " is empty: a result file needs at least a header line");
    }
    return new QueryResult(header, rows);
  }
}
