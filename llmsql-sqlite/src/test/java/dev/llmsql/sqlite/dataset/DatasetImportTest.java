package dev.llmsql.sqlite.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DatasetImportTest {

  @TempDir
  Path dir;

  @Test
  void into_csvWithQuotingUnicodeAndNulls_roundTrips() throws Exception {
    // given
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.writeString(data.resolve("people.csv"), """
        id,name,score,note,zip
        1,"Smith, Anna",2.5,"line one
        line two",007
        2,Zoë Ørsted,,"said ""hi""\",12345
        -3,李雷,10,,
        """, StandardCharsets.UTF_8);
    Path db = dir.resolve("out.sqlite");

    // when
    List<ImportedTable> tables = DatasetImport.builder().csv(data).build().into(db);

    // then
    assertThat(tables).hasSize(1);
    ImportedTable t = tables.get(0);
    assertThat(t.name()).isEqualTo("people");
    assertThat(t.columns()).containsExactly("id", "name", "score", "note", "zip");
    assertThat(t.types()).containsExactly(ColumnType.INTEGER, ColumnType.TEXT, ColumnType.REAL, ColumnType.TEXT,
        ColumnType.TEXT);
    assertThat(t.rows()).isEqualTo(3);
    assertThat(rows(db, "SELECT id, typeof(id), name, score, typeof(score), note, zip FROM people ORDER BY rowid"))
        .containsExactly(
            List.of("1", "integer", "Smith, Anna", "2.5", "real", "line one\nline two", "007"),
            List.of("2", "integer", "Zoë Ørsted", "null", "null", "said \"hi\"", "12345"),
            List.of("-3", "integer", "李雷", "10.0", "real", "null", "null"));
    assertThat(Files.exists(dir.resolve("out.sqlite.importing"))).isFalse();
  }

  @Test
  void into_existingFile_isRefusedUnlessOverwrite() throws Exception {
    // given
    Files.writeString(dir.resolve("t.csv"), "a\n1\n");
    Path db = Files.writeString(dir.resolve("db.sqlite"), "old");
    DatasetImport importer = DatasetImport.builder().csv(dir.resolve("t.csv")).build();

    // when / then
    assertThatThrownBy(() -> importer.into(db))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage(db.toAbsolutePath() + " already exists; choose another --out file, delete it, or allow "
            + "replacing it with overwrite(true) (--overwrite)");
    assertThat(Files.readString(db)).isEqualTo("old");
    DatasetImport.builder().csv(dir.resolve("t.csv")).overwrite(true).build().into(db);
    assertThat(rows(db, "SELECT a FROM t")).containsExactly(List.of("1"));
  }

  @Test
  void into_rowWithTooManyCells_namesLineAndFix() throws Exception {
    // given
    Path csv = Files.writeString(dir.resolve("bad.csv"), "a,b\n1,2\n3,4,5\n");
    Path db = dir.resolve("bad.sqlite");

    // when / then
    assertThatThrownBy(() -> DatasetImport.builder().csv(csv).build().into(db))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage(csv + " line 3: 3 cells but the header has 2 columns; quote cells that contain commas and "
            + "give every row 2 cells");
    assertThat(Files.exists(db)).isFalse();
  }

  @Test
  void into_aRecordOver16MiB_isRefused_notReadWhole() throws Exception {
    // one quoted field of 17 MiB (or a quote never closed): commons-csv held it whole, 300 MB ran out of memory
    Path csv = dir.resolve("huge.csv");
    try (var out = Files.newBufferedWriter(csv)) {
      out.write("a,b\n1,\"");
      char[] chunk = new char[1 << 20];
      java.util.Arrays.fill(chunk, 'x');
      for (int i = 0; i < 17; i++) {
        out.write(chunk);
      }
      out.write("\"\n");
    }
    Path db = dir.resolve("huge.sqlite");

    assertThatThrownBy(() -> DatasetImport.builder().csv(csv).build().into(db))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage("cannot read CSV " + csv + ": a record longer than 16777216 characters (a quote that is never "
            + "closed, or a cell of megabytes); save it as UTF-8 CSV with a header row");
    assertThat(Files.exists(db)).isFalse();
  }

  @Test
  void into_tablesJsonl_createsTypedTables() throws Exception {
    // given
    Path jsonl = Files.writeString(dir.resolve("tables.jsonl"), """
        {"table_id": "1-10015132-9", "header": ["Player", "No."], "types": ["text", "real"], "rows": [["Jalen Rose", 5], ["Art Long", null]]}
        {"table_id": "nums", "header": ["n"], "types": ["integer"], "rows": [[1], [2]]}
        """);
    Path db = dir.resolve("t.sqlite");

    // when
    List<ImportedTable> tables = DatasetImport.builder().tablesJsonl(jsonl).build().into(db);

    // then
    assertThat(tables).extracting(ImportedTable::name, ImportedTable::rows)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("1-10015132-9", 2L),
            org.assertj.core.groups.Tuple.tuple("nums", 2L));
    assertThat(rows(db, "SELECT \"Player\", \"No.\", typeof(\"No.\") FROM \"1-10015132-9\" ORDER BY rowid"))
        .containsExactly(List.of("Jalen Rose", "5.0", "real"), List.of("Art Long", "null", "null"));
    assertThat(rows(db, "SELECT sum(n), typeof(n) FROM nums")).containsExactly(List.of("3", "integer"));
  }

  @Test
  void into_tablesJsonlRowOfWrongWidth_namesLineAndFix() throws Exception {
    // given
    Path jsonl = Files.writeString(dir.resolve("tables.jsonl"),
        "{\"table_id\": \"t\", \"header\": [\"a\", \"b\"], \"types\": [\"text\", \"text\"], \"rows\": [[\"x\"]]}\n");

    // when / then
    assertThatThrownBy(() -> DatasetImport.builder().tablesJsonl(jsonl).build().into(dir.resolve("t.sqlite")))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage(jsonl + " line 1: row 1 of table t has 1 cells but the header has 2 columns; make every row "
            + "an array of 2 values");
  }

  @Test
  void into_emptyTablesJsonl_isRefusedAndWritesNothing() throws Exception {
    Path jsonl = Files.writeString(dir.resolve("tables.jsonl"), "\n\n");
    Path out = dir.resolve("t.sqlite");

    assertThatThrownBy(() -> DatasetImport.builder().tablesJsonl(jsonl).build().into(out))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage(jsonl + ": no tables (empty, or only blank lines); nothing was written, check the file");
    assertThat(out).doesNotExist();
    assertThat(dir).isDirectoryNotContaining(f -> !f.equals(jsonl));
  }

  /** One CSV table and two questions: one with gold SQL, one with gold results only. */
  private Path employees() throws Exception {
    Path data = Files.createDirectories(dir.resolve("data"));
    Files.writeString(data.resolve("employees.csv"), """
        name,age,team
        Ann,31,red
        Bo,4,blue
        Cy,58,red
        """);
    return data;
  }

  private static final String QUESTIONS = """
      {"question_id": 1, "question": "How many in red?", "sql": "SELECT COUNT(*) FROM employees WHERE team = 'red'", "table_id": "employees"}
      {"question_id": 2, "question": "Who is oldest?", "gold_results": {"name": ["Cy"]}, "table_id": "employees"}
      {"question_id": 3, "question": "Total age?", "sql": "SELECT SUM(age) FROM employees", "table_id": "employees"}
      """;

  @Test
  void into_questionsWithGoldSqlAndGoldResults_writesThemBesideDatabaseAndEvaluates() throws Exception {
    // given
    Path data = employees();
    Path questions = Files.writeString(dir.resolve("questions.jsonl"), QUESTIONS);
    Path db = dir.resolve("out").resolve("staff.sqlite");
    Path predictions = Files.writeString(dir.resolve("predictions.jsonl"), """
        {"question_id": 1, "completion": "SELECT COUNT(*) FROM employees WHERE team = 'red'"}
        {"question_id": 2, "completion": "SELECT name FROM employees ORDER BY age DESC LIMIT 1"}
        {"question_id": 3, "completion": "SELECT MAX(age) FROM employees"}
        """);

    // when
    List<ImportedTable> tables = DatasetImport.builder().csv(data).questions(questions).build().into(db);
    EvaluationReport report = Evaluator.builder().questionsPath(DatasetImport.questionsFile(db)).dbPath(db)
        .noReportFile().showMismatches(false).noGoldCache().threads(1).build().run(predictions);

    // then
    assertThat(tables).extracting(ImportedTable::name).containsExactly("employees");
    assertThat(DatasetImport.questionsFile(db)).isEqualTo(dir.resolve("out").resolve("staff.questions.jsonl")
        .toAbsolutePath());
    assertThat(Files.readString(DatasetImport.questionsFile(db))).isEqualTo(QUESTIONS);
    assertThat(Files.readString(DatasetImport.tablesFile(db))).isEqualTo("{\"table_id\":\"employees\","
        + "\"header\":[\"name\",\"age\",\"team\"],\"types\":[\"text\",\"integer\",\"text\"],"
        + "\"rows\":[[\"Ann\",31,\"red\"],[\"Bo\",4,\"blue\"],[\"Cy\",58,\"red\"]]}\n");
    assertThat(report.total()).isEqualTo(3);
    assertThat(report.matches()).isEqualTo(2);
    assertThat(report.mismatches()).extracting(m -> m.questionId()).containsExactly(3);
  }

  @Test
  void into_questionsWithUnknownTableAndFailingSql_refusesListingEachLineAndFix() throws Exception {
    // given
    Path data = employees();
    Path questions = Files.writeString(dir.resolve("q.jsonl"), """
        {"question_id": 1, "question": "ok", "sql": "SELECT COUNT(*) FROM employees", "table_id": "employees"}

        {"question_id": 7, "question": "typo", "sql": "SELECT agee FROM employees", "table_id": "employees"}
        {"question_id": 8, "question": "wrong table", "gold_results": {"n": [1]}, "table_id": "staff"}
        {"question_id": 9, "question": "empty", "gold_results": [{"n": [1]}, {}], "table_id": "employees"}
        """);
    Path db = dir.resolve("staff.sqlite");
    DatasetImport importer = DatasetImport.builder().csv(data).questions(questions).build();

    // when, then
    assertThatThrownBy(() -> importer.into(db)).isInstanceOf(DatasetImportException.class)
        .hasMessage(questions + ": 3 problems with the questions; nothing was written, fix them and import again:"
            + "\n  " + questions + ":3: question 7: gold SQL fails on the imported tables (no such column: agee): "
            + "SELECT agee FROM employees; fix the SQL (columns of employees: name, age, team), or give "
            + "\"gold_results\" instead"
            + "\n  " + questions + ":4: question 8: table_id 'staff' is not a table of this import; use one of: "
            + "employees (a CSV file's table is named after the file)"
            + "\n  " + questions + ":5: question 9: gold result 2 has no columns; give each as an object of "
            + "columns, e.g. \"gold_results\": {\"name\": [\"Cy\"]}")
        .extracting(e -> ((DatasetImportException) e).problems(), InstanceOfAssertFactories.LIST).hasSize(3);
    assertThat(db).doesNotExist();
    assertThat(DatasetImport.questionsFile(db)).doesNotExist();
    assertThat(dir.resolve("staff.sqlite.importing")).doesNotExist();
  }

  @Test
  void into_malformedGoldResults_refusesNamingLineAndShape() throws Exception {
    // given
    Path data = employees();
    Path questions = Files.writeString(dir.resolve("q.jsonl"),
        "{\"question_id\": 1, \"question\": \"x\", \"gold_results\": 5, \"table_id\": \"employees\"}\n");
    DatasetImport importer = DatasetImport.builder().csv(data).questions(questions).build();

    // when, then
    assertThatThrownBy(() -> importer.into(dir.resolve("db.sqlite"))).isInstanceOf(DatasetImportException.class)
        .hasMessage(questions + ": 1 problem with the questions; nothing was written, fix it and import again:"
            + "\n  " + questions + ":1: \"gold_results\" must be an object such as {\"gender\": [\"Female\", "
            + "\"Male\"], \"avg_age\": [27.73, 27.84]} or a list of such objects, but was 5");
  }

  @Test
  void into_questionsCopyExists_isRefusedUnlessOverwrite() throws Exception {
    // given
    Path data = employees();
    Path questions = Files.writeString(dir.resolve("q.jsonl"), QUESTIONS);
    Path db = dir.resolve("staff.sqlite");
    Files.writeString(DatasetImport.questionsFile(db), "old");

    // when, then
    assertThatThrownBy(() -> DatasetImport.builder().csv(data).questions(questions).build().into(db))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage(DatasetImport.questionsFile(db) + " already exists; delete it, choose another --out file, or "
            + "allow replacing it with overwrite(true) (--overwrite)");
    DatasetImport.builder().csv(data).questions(questions).overwrite(true).build().into(db);
    assertThat(Files.readString(DatasetImport.questionsFile(db))).isEqualTo(QUESTIONS);
  }

  @Test
  void build_nothingGiven_namesFix() {
    assertThatThrownBy(() -> DatasetImport.builder().build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("nothing to import; call csv(path) or tablesJsonl(path) first");
  }

  static List<List<String>> rows(Path db, String sql) throws Exception {
    List<List<String>> rows = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
         Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(String.valueOf(rs.getString(i)));
        }
        rows.add(row);
      }
    }
    return rows;
  }
}
