package dev.llmsql.sqlite.dataset;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.config.Settings;
import dev.llmsql.files.AtomicFiles;
import dev.llmsql.report.OutputTargetException;
import dev.llmsql.report.ReportFiles;
import dev.llmsql.report.RunInputs;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Turns your own data into a new SQLite file to evaluate against: CSV files (header row; one table per file,
 * named after it; column types inferred as integer, real or text; empty cells become NULL) and LLMSQL-shaped
 * {@code tables.jsonl} lines ({@code {"table_id", "header", "types", "rows"}}). The file is written next to
 * the target and moved into place only when complete, so a failed import leaves nothing behind; an existing
 * file is refused unless {@link Builder#overwrite(boolean)} is set.
 *
 * <p>With {@link Builder#questions(Path) questions} (JSONL with gold SQL or {@code gold_results}), each
 * question is checked against the new database (it reads as evaluation reads it, its {@code table_id} was
 * imported, its gold SQL runs) and copied next to it as {@link #questionsFile(Path)}; any problem refuses the
 * whole import, listing file:line and the fix of each. Beside them goes {@link #tablesFile(Path)}, the tables'
 * headers, types and first rows in LLMSQL's {@code tables.jsonl} shape, which inference and Falcon runs build
 * their prompts from.
 *
 * <p>With {@link Builder#answers(boolean) answers} the copy becomes an LLMSQL 2.0 questions file: each gold
 * SQL is run once on the new database and its rows are stored as the question's {@code answer} (so
 * evaluation judges it by the {@code llmsql2} rules, never running the gold SQL again), {@code tables}
 * defaults to the question's {@code table_id}, and {@code prompt} is the zero-shot prompt upstream LLMSQL
 * renders from the tables ({@link dev.llmsql.benchmark.Llmsql2Prompt}); {@code category}, {@code family} and
 * every other field pass through.
 *
 * <pre>{@code
 * Path db = Path.of("my-data.sqlite");
 * DatasetImport.builder()
 *     .csv(Path.of("my-data"))                    // my-data/employees.csv -> table "employees"
 *     .questions(Path.of("questions.jsonl"))      // checked, then written to my-data.questions.jsonl
 *     .build()
 *     .into(db);
 * EvaluationReport report = Evaluator.builder().questionsPath(DatasetImport.questionsFile(db))
 *     .dbPath(db).build().run(Path.of("predictions.jsonl"));
 * }</pre>
 */
public final class DatasetImport {

  /** Problems listed in the message of a refused import; {@link DatasetImportException#problems()} has all. */
  private static final int MAX_LISTED = 20;
  /** Rows of each table written to {@link #tablesFile}: enough to show a model the values' shape. */
  static final int SAMPLE_ROWS = 3;
  /** Rows inserted per transaction batch. */
  private static final int BATCH = 1_000;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<Path> csvFiles;
  private final List<Path> tablesJsonl;
  private final boolean overwrite;
  private final Path questions;
  private final boolean answers;

  private DatasetImport(Builder b) {
    this.answers = b.answers;
    this.csvFiles = List.copyOf(b.csvFiles);
    this.tablesJsonl = List.copyOf(b.tablesJsonl);
    this.overwrite = b.overwrite;
    this.questions = b.questions;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Where {@link #into} copies the checked questions: {@code my-data.sqlite} gives {@code my-data.questions.jsonl}. */
  public static Path questionsFile(Path database) {
    return sibling(database, ".questions.jsonl");
  }

  /** Where {@link #into} writes the tables' LLMSQL-shaped descriptions: {@code my-data.tables.jsonl}. */
  public static Path tablesFile(Path database) {
    return sibling(database, ".tables.jsonl");
  }

  private static Path sibling(Path database, String suffix) {
    Path target = requireNonNull(database, "database").toAbsolutePath();
    return target.resolveSibling(stem(target.getFileName().toString()) + suffix);
  }

  /**
   * Writes every table into a new SQLite file {@code out}.
   *
   * @return the tables written, in import order
   * @throws DatasetImportException when an input cannot be read or {@code out} exists (and overwrite is off)
   * @throws OutputTargetException when {@code out}, or a copy written beside it, is not a regular file or is an
   *     input (an input is refused even with overwrite); nothing is written then
   */
  public List<ImportedTable> into(Path out) {
    requireNonNull(out, "out");
    Path target = out.toAbsolutePath();
    RunInputs inputs = inputs();
    ReportFiles.requireWritableTarget(target, inputs);
    if (Files.exists(target) && !overwrite) {
      throw new DatasetImportException(target + " already exists; choose another --out file, delete it, "
          + "or allow replacing it with overwrite(true) (--overwrite)");
    }
    Path questionsOut = questionsFile(target);
    Path tablesOut = tablesFile(target);
    if (questions != null) {
      // both copies are checked before any work, so a refused one leaves nothing written
      requireWritableCopy(questionsOut, "questions copy", target, inputs, questionsInPlace(questionsOut));
      requireWritableCopy(tablesOut, "tables copy", target, inputs, tablesInPlace(tablesOut));
    }
    Path temp = null;
    List<ImportedTable> written = new ArrayList<>();
    Map<String, String[]> titles = new HashMap<>();
    try {
      if (target.getParent() != null) {
        Files.createDirectories(target.getParent());
      }
      // an empty file, which SQLite opens as a new database
      temp = AtomicFiles.createTemp(target);
      try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + temp)) {
        c.setAutoCommit(false);
        Set<String> names = new HashSet<>();
        for (Path csv : csvFiles) {
          written.add(importCsv(c, csv, names));
        }
        for (Path jsonl : tablesJsonl) {
          written.addAll(importTablesJsonl(c, jsonl, names, titles));
        }
        if (written.isEmpty()) {
          // an empty file gave "0 table(s) written" and a database of no tables, which evaluate then refused
          throw new DatasetImportException(tablesJsonl.stream().map(Path::toString).reduce((a, b) -> a + ", " + b)
              .orElse("the inputs") + ": no tables (empty, or only blank lines); nothing was written, check the "
              + "file" + (tablesJsonl.size() == 1 ? "" : "s"));
        }
        c.commit();
      }
      if (questions != null) {
        List<String> problems = QuestionCheck.problems(questions, temp, written);
        if (!problems.isEmpty()) {
          throw refused(problems);
        }
      }
      String withAnswers = null;
      if (answers) {
        Llmsql2Answers.Result result = Llmsql2Answers.of(questions, temp, written, titles);
        if (!result.problems().isEmpty()) {
          throw refused(result.problems());
        }
        withAnswers = result.questionsJsonl();
      }
      // samples are read before the move, while nothing else can have the new file open
      String descriptions = questions == null ? null : TableDescriptions.of(temp, written, SAMPLE_ROWS);
      AtomicFiles.moveIntoPlace(temp, target);
      if (questions != null) {
        if (withAnswers != null) {
          byte[] bytes = withAnswers.getBytes(StandardCharsets.UTF_8);
          ReportFiles.write(questionsOut, o -> o.write(bytes));
        } else if (!questionsInPlace(questionsOut)) {
          ReportFiles.write(questionsOut, o -> Files.copy(questions, o));
        }
        // an input tables.jsonl of that name already describes the tables, with every row
        if (!tablesInPlace(tablesOut)) {
          byte[] bytes = descriptions.getBytes(StandardCharsets.UTF_8);
          ReportFiles.write(tablesOut, o -> o.write(bytes));
        }
      }
      return List.copyOf(written);
    } catch (SQLException e) {
      throw new DatasetImportException("cannot write SQLite file " + target + ": " + e.getMessage(), e);
    } catch (IOException e) {
      throw new DatasetImportException("cannot write " + target + ": " + e, e);
    } finally {
      try {
        if (temp != null) {
          Files.deleteIfExists(temp);
        }
      } catch (IOException ignored) {
        // the temporary file is only a leftover; the import's own outcome matters more
      }
    }
  }

  private DatasetImportException refused(List<String> problems) {
    StringBuilder message = new StringBuilder(questions + ": " + QuestionCheck.plural(problems.size(), "problem")
        + " with the questions; nothing was written, fix " + (problems.size() == 1 ? "it" : "them")
        + " and import again:");
    problems.stream().limit(MAX_LISTED).forEach(p -> message.append("\n  ").append(p));
    if (problems.size() > MAX_LISTED) {
      message.append("\n  ... and ").append(problems.size() - MAX_LISTED).append(" more");
    }
    return new DatasetImportException(message.toString(), problems);
  }

  /**
   * The import's input files, each named once: by its file name, or by its path when two share a name (a map keyed
   * by name alone would drop one of them, and with it its check).
   */
  private RunInputs inputs() {
    Map<String, Path> named = new java.util.LinkedHashMap<>();
    csvFiles.forEach(csv -> putInput(named, "CSV file", csv));
    tablesJsonl.forEach(t -> putInput(named, "tables file", t));
    named.put("questions file", questions);
    return RunInputs.of(named);
  }

  private static void putInput(Map<String, Path> named, String kind, Path file) {
    String key = kind + " " + file.getFileName();
    named.put(named.containsKey(key) ? kind + " " + file : key, file);
  }

  /** Whether the questions copy is the questions input itself, unchanged: nothing to write. */
  private boolean questionsInPlace(Path questionsOut) {
    return !answers && isSameFile(questions, questionsOut);
  }

  /** Whether the tables copy is an input tables.jsonl, which already describes the tables: nothing to write. */
  private boolean tablesInPlace(Path tablesOut) {
    return tablesJsonl.stream().anyMatch(in -> isSameFile(in, tablesOut));
  }

  /**
   * Refuses a copy written beside the database the way the database itself is refused (not a regular file, or
   * an input of this import), naming both, since the user chose only {@code --out}; an existing copy needs
   * {@code overwrite}. A copy left in place is not written, so only its being in place is checked.
   */
  private void requireWritableCopy(Path copy, String what, Path target, RunInputs inputs, boolean inPlace) {
    if (inPlace) {
      return;
    }
    try {
      ReportFiles.requireWritableTarget(copy, inputs);
    } catch (OutputTargetException e) {
      throw new OutputTargetException(target, "the " + what + " written beside it, " + copy + ", " + e.reason());
    }
    if (Files.exists(copy) && !overwrite) {
      throw new DatasetImportException(copy + " already exists; delete it, choose another --out file, or "
          + "allow replacing it with overwrite(true) (--overwrite)");
    }
  }

  private static boolean isSameFile(Path a, Path b) {
    try {
      return Files.exists(b) && Files.isSameFile(a, b);
    } catch (IOException e) {
      return false;
    }
  }

  private static CSVFormat csvFormat() {
    return CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).setAllowMissingColumnNames(true)
        .get();
  }

  private static ImportedTable importCsv(Connection c, Path csv, Set<String> names) throws SQLException {
    String name = stem(csv.getFileName().toString());
    claim(names, name, csv);
    List<String> header;
    List<ColumnType> types = new ArrayList<>();
    // first pass infers the types, so a column is never declared INTEGER and then handed "n/a"
    try (RecordBound r = new RecordBound(reader(csv)); CSVParser parser = CSVParser.parse(r, csvFormat())) {
      header = columns(parser.getHeaderNames(), csv);
      header.forEach(h -> types.add(ColumnType.INTEGER));
      boolean[] seen = new boolean[header.size()];
      for (CSVRecord record : parser) {
        r.nextRecord();
        checkWidth(record, parser, header.size(), csv);
        for (int i = 0; i < header.size(); i++) {
          String v = record.get(i);
          if (!v.isEmpty()) {
            seen[i] = true;
            types.set(i, types.get(i).widen(v));
          }
        }
      }
      for (int i = 0; i < seen.length; i++) {
        if (!seen[i]) {
          types.set(i, ColumnType.TEXT);   // a column with no values says nothing; text is the safe guess
        }
      }
    } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
      throw unreadable(csv, e);
    }
    create(c, name, header, types);
    long rows = 0;
    try (RecordBound r = new RecordBound(reader(csv)); CSVParser parser = CSVParser.parse(r, csvFormat());
         PreparedStatement insert = c.prepareStatement(insertSql(name, header.size()))) {
      for (CSVRecord record : parser) {
        r.nextRecord();
        for (int i = 0; i < header.size(); i++) {
          bind(insert, i + 1, record.get(i), types.get(i));
        }
        insert.addBatch();
        if (++rows % BATCH == 0) {
          insert.executeBatch();
        }
      }
      insert.executeBatch();
    } catch (IOException | UncheckedIOException | IllegalArgumentException | IllegalStateException e) {
      throw unreadable(csv, e);
    }
    return new ImportedTable(name, header, types, rows, csv);
  }

  private static List<ImportedTable> importTablesJsonl(Connection c, Path file, Set<String> names,
                                                       Map<String, String[]> titles) throws SQLException {
    List<ImportedTable> tables = new ArrayList<>();
    try (dev.llmsql.benchmark.BoundedLineReader in = dev.llmsql.benchmark.BoundedLineReader.open(file)) {
      String line;
      int lineNo = 0;
      while ((line = in.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          continue;
        }
        String where = file + " line " + lineNo;
        JsonNode node;
        try {
          node = JSON.readTree(line);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
          throw new DatasetImportException(where + ": not valid JSON " + dev.llmsql.files.JsonSyntax.describe(e,
              line) + "; each line must be {\"table_id\": ..., \"header\": [...], \"types\": [...], \"rows\": [[...]]}");
        }
        String id = node.path("table_id").asText("");
        JsonNode header = node.path("header");
        JsonNode typeNames = node.path("types");
        JsonNode rows = node.path("rows");
        if (id.isEmpty() || !header.isArray() || !rows.isArray()) {
          throw new DatasetImportException(where + ": needs \"table_id\", \"header\" (array) and \"rows\" "
              + "(array of arrays); add the missing field");
        }
        if (typeNames.isArray() && typeNames.size() != header.size()) {
          throw new DatasetImportException(where + ": \"types\" has " + typeNames.size() + " entries but "
              + "\"header\" has " + header.size() + "; give one type per column");
        }
        claim(names, id, file);
        titles.put(id, new String[] {title(node, "page_title"), title(node, "section_title")});
        List<String> columns = new ArrayList<>();
        header.forEach(h -> columns.add(h.asText()));
        columns(columns, file);
        List<ColumnType> types = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
          types.add(typeNames.isArray() ? ColumnType.named(typeNames.get(i).asText()) : ColumnType.TEXT);
        }
        create(c, id, columns, types);
        long count = 0;
        try (PreparedStatement insert = c.prepareStatement(insertSql(id, columns.size()))) {
          for (JsonNode row : rows) {
            if (!row.isArray() || row.size() != columns.size()) {
              throw new DatasetImportException(where + ": row " + (count + 1) + " of table " + id + " has "
                  + (row.isArray() ? row.size() + " cells" : "no array") + " but the header has "
                  + columns.size() + " columns; make every row an array of " + columns.size() + " values");
            }
            for (int i = 0; i < columns.size(); i++) {
              JsonNode cell = row.get(i);
              bind(insert, i + 1, cell.isNull() ? "" : cell.asText(), types.get(i));
            }
            insert.addBatch();
            count++;
          }
          insert.executeBatch();
        }
        tables.add(new ImportedTable(id, columns, types, count, file));
      }
    } catch (IOException e) {
      throw new DatasetImportException("cannot read " + file + ": " + e + "; check the path", e);
    }
    return tables;
  }

  private static String title(JsonNode table, String field) {
    JsonNode title = table.get(field);
    return title == null || title.isNull() ? null : title.asText();
  }

  /** Binds a cell: empty is NULL; a value that does not fit the declared type is kept as text, not lost. */
  private static void bind(PreparedStatement insert, int index, String value, ColumnType type)
      throws SQLException {
    if (value.isEmpty()) {
      insert.setNull(index, Types.NULL);
      return;
    }
    try {
      switch (type) {
        case INTEGER -> insert.setLong(index, Long.parseLong(value.trim()));
        case REAL -> insert.setDouble(index, Double.parseDouble(value.trim()));
        default -> insert.setString(index, value);
      }
    } catch (NumberFormatException e) {
      insert.setString(index, value);
    }
  }

  private static void create(Connection c, String table, List<String> columns, List<ColumnType> types)
      throws SQLException {
    StringBuilder sql = new StringBuilder("CREATE TABLE ").append(quote(table)).append(" (");
    for (int i = 0; i < columns.size(); i++) {
      sql.append(i == 0 ? "" : ", ").append(quote(columns.get(i))).append(' ').append(types.get(i).name());
    }
    try (Statement s = c.createStatement()) {
      s.execute(sql.append(')').toString());
    }
  }

  private static String insertSql(String table, int columns) {
    return "INSERT INTO " + quote(table) + " VALUES (" + "?, ".repeat(columns - 1) + "?)";
  }

  static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  private static List<String> columns(List<String> header, Path file) {
    if (header.isEmpty()) {
      throw new DatasetImportException(file + ": no header row; the first line must name the columns");
    }
    Set<String> seen = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    for (int i = 0; i < header.size(); i++) {
      String h = header.get(i);
      if (h == null || h.isBlank()) {
        throw new DatasetImportException(file + ": column " + (i + 1) + " has no name; name every column "
            + "in the header row");
      }
      if (!seen.add(h)) {
        throw new DatasetImportException(file + ": column name '" + h + "' appears twice (SQLite compares "
            + "names case-insensitively); rename one of them");
      }
    }
    return List.copyOf(header);
  }

  private static void checkWidth(CSVRecord record, CSVParser parser, int width, Path csv) {
    if (record.size() != width) {
      throw new DatasetImportException(csv + " line " + parser.getCurrentLineNumber() + ": "
          + record.size() + " cells but the header has " + width + " columns; quote cells that contain "
          + "commas and give every row " + width + " cells");
    }
  }

  private static void claim(Set<String> names, String name, Path file) {
    if (!names.add(name.toLowerCase(Locale.ROOT))) {
      throw new DatasetImportException(file + ": table '" + name + "' is already imported from another file; "
          + "rename one of the files or table ids");
    }
  }

  /**
   * A CSV reader that fails once one record, with the parser's read-ahead, passes 16 MiB of characters, as the
   * line readers of every other input do: commons-csv holds a record whole, and a file of one quoted field ran
   * the JVM out of memory. The count restarts at each record the parser hands over.
   */
  private static final class RecordBound extends java.io.FilterReader {
    private long sinceRecord;

    RecordBound(Reader in) {
      super(in);
    }

    void nextRecord() {
      sinceRecord = 0;
    }

    @Override
    public int read() throws IOException {
      int c = super.read();
      count(c < 0 ? 0 : 1);
      return c;
    }

    @Override
    public int read(char[] buffer, int offset, int length) throws IOException {
      int n = super.read(buffer, offset, length);
      count(Math.max(n, 0));
      return n;
    }

    private void count(int chars) throws IOException {
      sinceRecord += chars;
      if (sinceRecord > dev.llmsql.benchmark.BoundedLineReader.MAX_LINE_BYTES) {
        throw new IOException("a record longer than " + dev.llmsql.benchmark.BoundedLineReader.MAX_LINE_BYTES
            + " characters (a quote that is never closed, or a cell of megabytes)");
      }
    }
  }

  private static Reader reader(Path csv) throws IOException {
    BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8);
    r.mark(1);
    if (r.read() != '\uFEFF') {   // Excel writes a byte-order mark that would end up in the first column name
      r.reset();
    }
    return r;
  }

  private static DatasetImportException unreadable(Path csv, Exception e) {
    if (e instanceof DatasetImportException d) {
      return d;
    }
    // the parser's iterator wraps what the reader threw: its message, not "java.io.IOException: ..."
    Throwable thrown = e instanceof UncheckedIOException && e.getCause() != null ? e.getCause() : e;
    if (thrown instanceof java.nio.charset.CharacterCodingException) {
      // the decoder says only "Input length = 1": where the bytes that are not UTF-8 are is the useful part
      try {
        java.util.Optional<String> notUtf8 = dev.llmsql.files.Utf8Text.check(csv);
        if (notUtf8.isPresent()) {
          return new DatasetImportException(csv + ": " + notUtf8.get(), e);
        }
      } catch (IOException again) {
        e.addSuppressed(again);
      }
    }
    String why = thrown.getMessage();
    return new DatasetImportException("cannot read CSV " + csv + ": " + why
        + "; save it as UTF-8 CSV with a header row", e);
  }

  private static String stem(String fileName) {
    int dot = fileName.lastIndexOf('.');
    return dot > 0 ? fileName.substring(0, dot) : fileName;
  }

  @Override
  public String toString() {
    return "DatasetImport[csv=" + csvFiles + ", tablesJsonl=" + tablesJsonl
        + (questions == null ? "" : ", questions=" + questions) + (answers ? ", answers" : "") + ", overwrite="
        + overwrite + "]";
  }

  /** Inputs of a {@link DatasetImport}; at least one CSV file or {@code tables.jsonl} is required. */
  public static final class Builder {
    private final List<Path> csvFiles = new ArrayList<>();
    private final List<Path> tablesJsonl = new ArrayList<>();
    private boolean overwrite;
    private Path questions;
    private boolean answers;
    private final Settings settings = new Settings("DatasetImport.Builder");

    private Builder() {
    }

    /** A CSV file, or a directory whose {@code *.csv} files are all imported (sorted by name). */
    public Builder csv(Path fileOrDirectory) {
      requireNonNull(fileOrDirectory, "fileOrDirectory");
      if (Files.isDirectory(fileOrDirectory)) {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> dir = Files.newDirectoryStream(fileOrDirectory, "*.{csv,CSV}")) {
          dir.forEach(found::add);
        } catch (IOException e) {
          throw new DatasetImportException("cannot list " + fileOrDirectory + ": " + e, e);
        }
        if (found.isEmpty()) {
          throw new DatasetImportException(fileOrDirectory + " holds no .csv files; point csv(...) at the "
              + "directory with your CSV files or at one file");
        }
        found.sort(null);
        csvFiles.addAll(found);
      } else if (Files.isRegularFile(fileOrDirectory)) {
        csvFiles.add(fileOrDirectory);
      } else {
        // a FIFO or device exists: "does not exist" sent the user to check a path that was right
        throw new DatasetImportException(fileOrDirectory + (Files.exists(fileOrDirectory) ? " is not a regular file "
            + "(a device or pipe)" : " does not exist") + "; give a CSV file or a directory of CSV files");
      }
      return this;
    }

    /** An LLMSQL-shaped {@code tables.jsonl}: one table per line. */
    public Builder tablesJsonl(Path file) {
      requireNonNull(file, "file");
      if (!Files.isRegularFile(file)) {
        throw new DatasetImportException(file + (Files.exists(file) ? " is not a regular file (a directory, device "
            + "or pipe)" : " does not exist") + "; give the path of a tables.jsonl file");
      }
      tablesJsonl.add(file);
      return this;
    }

    /**
     * Questions JSONL to check against the new database and copy next to it ({@link #questionsFile}): each line
     * {@code {"question_id", "question", "sql" or "gold_results", "table_id"}}, as evaluation reads them.
     */
    public Builder questions(Path file) {
      requireNonNull(file, "file");
      if (!Files.isRegularFile(file)) {
        throw new DatasetImportException(file + (Files.exists(file) ? " is not a regular file (a directory, device "
            + "or pipe)" : " does not exist") + "; give the path of a questions JSONL file");
      }
      this.questions = settings.once("questions", file);
      return this;
    }

    /**
     * Whether to write the questions as LLMSQL 2.0 questions: each gold SQL's rows stored as its
     * {@code answer}, plus {@code tables} and the rendered {@code prompt}; needs {@link #questions}. Off by
     * default.
     */
    public Builder answers(boolean answers) {
      this.answers = settings.once("answers", answers);
      return this;
    }

    /** Whether existing output files (database, questions copy) may be replaced; off by default. */
    public Builder overwrite(boolean overwrite) {
      this.overwrite = settings.once("overwrite", overwrite);
      return this;
    }

    public DatasetImport build() {
      if (csvFiles.isEmpty() && tablesJsonl.isEmpty()) {
        throw new IllegalStateException("nothing to import; call csv(path) or tablesJsonl(path) first");
      }
      Set<Path> seen = new HashSet<>();
      for (List<Path> files : List.of(csvFiles, tablesJsonl)) {
        for (Path file : files) {
          if (!seen.add(file.toAbsolutePath().normalize())) {
            // a directory and a file in it, or one path twice: its tables would be imported twice
            throw new IllegalStateException("DatasetImport.Builder: " + file + " was given twice (as a file and "
                + "within its directory, or as one path twice); give each file once");
          }
        }
      }
      if (answers && questions == null) {
        throw new IllegalStateException("answers(true) stores each question's answer, but no questions were "
            + "given; call questions(path) (--questions) too");
      }
      return new DatasetImport(this);
    }
  }
}
