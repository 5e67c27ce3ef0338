package dev.llmsql.sqlite.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.Evaluator;
import dev.llmsql.benchmark.Question;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Spider2Import} on a small folder of Spider 2.0's shape, built here. */
class Spider2ImportTest {

  @TempDir
  Path dir;

  /** spider2-lite's layout: tasks, eval metadata, gold CSVs (with alternatives), one local database. */
  static Path liteFolder(Path root) throws IOException, SQLException {
    Path lite = root.resolve("spider2-lite");
    Path gold = lite.resolve("evaluation_suite/gold");
    Path exec = gold.resolve("exec_result");
    Path dbs = lite.resolve("resource/databases/spider2-localdb");
    Files.createDirectories(exec);
    Files.createDirectories(dbs);
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dbs.resolve("shop.sqlite"));
         Statement s = c.createStatement()) {
      s.execute("CREATE TABLE sales (id INTEGER, item TEXT, price REAL)");
      s.execute("INSERT INTO sales VALUES (1, 'apple', 1.5), (2, 'pear', 2.25), (3, 'fig', NULL)");
    }
    write(lite.resolve("spider2-lite.jsonl"), """
        {"instance_id": "local001", "db": "shop", "question": "Total price of all sales?", "external_knowledge": null}
        {"instance_id": "local002", "db": "shop", "question": "Items and prices", "external_knowledge": "notes.md"}
        {"instance_id": "bq001", "db": "cloud", "question": "Rows on BigQuery?", "external_knowledge": null}
        {"instance_id": "local003", "db": "shop", "question": "No metadata", "external_knowledge": null}
        {"instance_id": "local004", "db": "shop", "question": "No gold", "external_knowledge": null}
        """);
    write(gold.resolve("spider2lite_eval.jsonl"), """
        {"instance_id": "local001", "condition_cols": [], "ignore_order": true, "toks": "10"}
        {"instance_id": "local002", "condition_cols": [[0, 1], [1]], "ignore_order": false, "toks": "20"}
        {"instance_id": "bq001", "condition_cols": [], "ignore_order": true, "toks": "5", "temporal": false}
        {"instance_id": "local004", "condition_cols": [], "ignore_order": true, "toks": "5"}
        """);
    write(exec.resolve("local001.csv"), "total\n3.75\n");
    write(exec.resolve("local002_a.csv"), "item,price\napple,1.5\npear,2.25\nfig,\n");
    write(exec.resolve("local002_b.csv"), "id,price\n1,1.50\n2,2.25\n3,\n");
    write(exec.resolve("bq001.csv"), "n\n\"4,2\"\n");
    // not an alternative: evaluate.py's pattern is <id>(_[a-z])?.csv
    write(exec.resolve("bq001_1.csv"), "n\n7\n");
    return lite;
  }

  static void write(Path file, String text) throws IOException {
    Files.writeString(file, text, StandardCharsets.UTF_8);
  }

  @Test
  void lite_questionsCarryGoldResultsMetadataAndInstanceIds_databasesOnePerDbId() throws Exception {
    // given
    Path lite = liteFolder(dir);

    // when
    Spider2Import.Summary s = Spider2Import.run(lite, dir.resolve("out"), false);

    // then
    assertThat(s.questionCount()).isEqualTo(3);
    assertThat(s.databaseCount()).isEqualTo(1);
    assertThat(s.skipped()).containsExactly(
        "local003: not in spider2lite_eval.jsonl (evaluate.py does not evaluate it)",
        "local004: no gold result local004.csv in " + lite.resolve("evaluation_suite/gold/exec_result"));
    assertThat(Files.readString(s.questions())).isEqualTo("""
        {"question_id":1,"instance_id":"local001","question":"Total price of all sales?","db_id":"shop",\
        "gold_results":[{"columns":["total"],"rows":[["3.75"]]}],"condition_cols":[],"ignore_order":true,\
        "ordered":false}
        {"question_id":2,"instance_id":"local002","question":"Items and prices","db_id":"shop",\
        "gold_results":[{"columns":["item","price"],"rows":[["apple","1.5"],["pear","2.25"],["fig",""]]},\
        {"columns":["id","price"],"rows":[["1","1.50"],["2","2.25"],["3",""]]}],"condition_cols":[[0,1],[1]],\
        "ignore_order":false,"ordered":true,"external_knowledge":"notes.md"}
        {"question_id":3,"instance_id":"bq001","question":"Rows on BigQuery?","db_id":"cloud",\
        "gold_results":[{"columns":["n"],"rows":[["4,2"]]}],"condition_cols":[],"ignore_order":true,\
        "ordered":false,"temporal":false}
        """);
    assertThat(s.databasesDir().resolve("shop/shop.sqlite")).hasSameBinaryContentAs(
        lite.resolve("resource/databases/spider2-localdb/shop.sqlite"));
    // evaluation reads the file: no gold SQL, the results are the golds
    Map<Integer, Question> questions = Evaluator.readQuestions(s.questions());
    assertThat(questions.get(2).sql()).isEmpty();
    assertThat(questions.get(2).goldResults()).hasSize(2);
    assertThat(questions.get(2).ordered()).isTrue();
    assertThat(questions.get(2).extra().get("condition_cols")).isEqualTo(List.of(List.of(0, 1), List.of(1)));
  }

  @Test
  void snow_readsInstructionAndDbId() throws Exception {
    Path snow = dir.resolve("spider2-snow");
    Files.createDirectories(snow.resolve("evaluation_suite/gold/exec_result"));
    write(snow.resolve("spider2-snow.jsonl"),
        "{\"instance_id\": \"sf_bq001\", \"instruction\": \"How many?\", \"db_id\": \"SNOW\"}\n");
    write(snow.resolve("evaluation_suite/gold/spider2snow_eval.jsonl"),
        "{\"instance_id\": \"sf_bq001\", \"condition_cols\": [0], \"ignore_order\": false}\n");
    write(snow.resolve("evaluation_suite/gold/exec_result/sf_bq001.csv"), "N\n5\n");

    Spider2Import.Summary s = Spider2Import.run(snow, dir.resolve("out"), false);

    assertThat(s.databaseCount()).isZero();
    assertThat(s.databasesDir()).isEmptyDirectory();
    assertThat(Files.readString(s.questions())).isEqualTo("{\"question_id\":1,\"instance_id\":\"sf_bq001\","
        + "\"question\":\"How many?\",\"db_id\":\"SNOW\",\"gold_results\":[{\"columns\":[\"N\"],\"rows\":[[\"5\"]]}],"
        + "\"condition_cols\":[0],\"ignore_order\":false,\"ordered\":true}\n");
  }

  @Test
  void evalLineNotJson_saysColumnAndWhatWasExpected() throws Exception {
    Path snow = dir.resolve("spider2-snow");
    Files.createDirectories(snow.resolve("evaluation_suite/gold/exec_result"));
    write(snow.resolve("spider2-snow.jsonl"),
        "{\"instance_id\": \"sf_bq001\", \"instruction\": \"How many?\", \"db_id\": \"SNOW\"}\n");
    Path eval = snow.resolve("evaluation_suite/gold/spider2snow_eval.jsonl");
    write(eval, "{\"instance_id\": \"sf_bq001\", \"condition_cols\": [0,], \"ignore_order\": false}\n");

    assertThatThrownBy(() -> Spider2Import.run(snow, dir.resolve("out"), false))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage(eval + ":1: not valid JSON at column 50: unexpected ']'; expected a value after ','; each line "
            + "is one JSON object");
  }

  @Test
  void notASpider2Folder_isRefusedNamingWhatIsMissing() {
    assertThatThrownBy(() -> Spider2Import.run(dir, dir.resolve("out"), false))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage(dir + ": neither spider2-lite.jsonl nor spider2-snow.jsonl is there; give --spider2 the "
            + "spider2-lite (or spider2-snow) folder of the Spider 2.0 repository");
  }

  @Test
  void existingQuestionsFile_isKeptWithoutOverwrite() throws Exception {
    Path lite = liteFolder(dir);
    Path out = dir.resolve("out");
    Spider2Import.run(lite, out, false);

    assertThatThrownBy(() -> Spider2Import.run(lite, out, false))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage(out.resolve("questions.jsonl") + " exists; pass --overwrite to replace it, or choose another "
            + "--out");
    assertThat(Spider2Import.run(lite, out, true).questionCount()).isEqualTo(3);
  }

  @Test
  void aTaskThatFailsTheImport_leavesNoFileAndNoNewFolder() throws Exception {
    Path lite = liteFolder(dir);
    Files.writeString(lite.resolve("spider2-lite.jsonl"), "{\"instance_id\": \"local001\", \"db\": \"shop\", "
        + "\"question\": \"ok\"}\n{\"instance_id\": \"local002\", \"db\": \"shop\"}\n");
    Path out = dir.resolve("new/out");

    assertThatThrownBy(() -> Spider2Import.run(lite, out, false)).isInstanceOf(DatasetImportException.class)
        .hasMessageStartingWith(lite.resolve("spider2-lite.jsonl") + ":2: a task needs \"db\"");
    assertThat(dir.resolve("new")).doesNotExist();
  }

  @Test
  void manyLargeGoldResults_inAJvmOf48Mb_areImported() throws Exception {
    // the questions were held in memory until the end: 40 gold results of 14 MB each ran the import out of it
    Path lite = liteFolder(dir);
    StringBuilder tasks = new StringBuilder();
    StringBuilder eval = new StringBuilder();
    String rows = ("x".repeat(60) + "\n").repeat(30_000);   // 1.8 MB each
    for (int i = 1; i <= 40; i++) {
      String id = "big" + i;
      tasks.append("{\"instance_id\": \"").append(id).append("\", \"db\": \"shop\", \"question\": \"q\"}\n");
      eval.append("{\"instance_id\": \"").append(id).append("\", \"condition_cols\": [], \"ignore_order\": true}\n");
      write(lite.resolve("evaluation_suite/gold/exec_result/" + id + ".csv"), "v\n" + rows);
    }
    write(lite.resolve("spider2-lite.jsonl"), tasks.toString());
    write(lite.resolve("evaluation_suite/gold/spider2lite_eval.jsonl"), eval.toString());
    Path out = dir.resolve("out");

    Process importer = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx48m", "-XX:+ExitOnOutOfMemoryError", "-cp", System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path")), Importer.class.getName(), lite.toString(), out.toString())
        .redirectErrorStream(true).start();

    assertThat(importer.waitFor(2, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
    String output = new String(importer.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(importer.exitValue()).as(output).isZero();
    assertThat(output).isEqualTo("40\n");
    try (var lines = Files.lines(out.resolve("questions.jsonl"))) {
      assertThat(lines.count()).isEqualTo(40);
    }
  }

  /** Imports a Spider 2.0 folder and prints how many questions it wrote. */
  public static final class Importer {
    public static void main(String[] args) {
      System.out.println(Spider2Import.run(Path.of(args[0]), Path.of(args[1]), false).questionCount());
    }
  }
}
