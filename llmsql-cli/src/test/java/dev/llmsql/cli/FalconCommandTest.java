package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.models.inference.ModelServer;
import dev.llmsql.models.inference.ModelServer.Reply;
import dev.llmsql.sqlite.dataset.DatasetImport;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code llmsql falcon run} against the loopback model server and a real SQLite file. */
class FalconCommandTest {

  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private Path questions;
  private Path tables;
  private Path db;

  @BeforeEach
  void dataset() throws Exception {
    tables = Files.writeString(dir.resolve("tables.jsonl"), "{\"table_id\": \"t\", \"header\": [\"Name\", "
        + "\"Age\"], \"types\": [\"text\", \"real\"], \"rows\": [[\"Ann\", 31], [\"Bo\", 4], [\"Cy\", 58]]}\n");
    db = dir.resolve("t.sqlite");
    DatasetImport.builder().tablesJsonl(tables).build().into(db);
    questions = Files.writeString(dir.resolve("questions.jsonl"), """
        {"question_id": 1, "question": "oldest", "sql": "SELECT \\"Name\\" FROM \\"t\\" ORDER BY \\"Age\\" DESC LIMIT 1", "table_id": "t"}
        {"question_id": 2, "question": "count", "sql": "SELECT COUNT(*) FROM \\"t\\"", "table_id": "t"}
        {"question_id": 3, "question": "ann", "sql": "SELECT \\"Age\\" FROM \\"t\\" WHERE \\"Name\\" = 'Ann'", "table_id": "t"}
        {"question_id": 4, "question": "sum", "sql": "SELECT SUM(\\"Age\\") FROM \\"t\\"", "table_id": "t"}
        """);
  }

  static String gold(String question) {
    return switch (question) {
      case "oldest" -> "SELECT \"Name\" FROM \"t\" ORDER BY \"Age\" DESC LIMIT 1";
      case "count" -> "SELECT COUNT(*) FROM \"t\"";
      case "ann" -> "SELECT \"Age\" FROM \"t\" WHERE \"Name\" = 'Ann'";
      default -> "SELECT SUM(\"Age\") FROM \"t\"";
    };
  }

  /**
   * Model a, round 1: oldest and count right, ann wrong, sum fails; round 2: all right. Model b, both rounds:
   * oldest without SQL, the rest right.
   */
  static Reply script(String model, String question, int attempt) {
    if (model.equals("a")) {
      if (attempt > 1) {
        return Reply.ok(gold(question));
      }
      return Reply.ok(switch (question) {
        case "ann" -> "SELECT 0";
        case "sum" -> "SELECT nope FROM missing";
        default -> gold(question);
      });
    }
    return Reply.ok(question.equals("oldest") ? "I cannot tell." : gold(question));
  }

  @Test
  void run_twoModelsTwoRounds_printsCountsAndWritesTables() throws Exception {
    // given
    Path falcon = dir.resolve("falcon");
    try (ModelServer server = new ModelServer(FalconCommandTest::script)) {

      // when
      int status = run("falcon", "run", "--model", "a", "--model", "b,base-url=" + server.baseUrl()
              + ",concurrency=2", "--base-url", server.baseUrl(), "--rounds", "2", "--shots", "0", "--concurrency",
          "1", "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path",
          db.toString(), "--out", falcon.toString());

      // then
      assertThat(err()).isEmpty();
      assertThat(status).isEqualTo(Cli.OK);
      assertThat(out()).isEqualTo("""
          round  model  questions  executed  right  wrong  failed  executability  accuracy
              1  a              4         3      2      1       1          75.0%     50.0%
              1  b              4         3      3      0       1          75.0%     75.0%
              2  a              4         4      4      0       0         100.0%    100.0%
              2  b              4         3      3      0       1          75.0%     75.0%
          Tables: {exec}, {comp}, {eval}
          """.replace("{exec}", falcon.resolve("execution-results.csv").toString())
          .replace("{comp}", falcon.resolve("comparison-results.csv").toString())
          .replace("{eval}", falcon.resolve("dataset_evaluation_result.csv").toString()));
      assertThat(Files.readString(falcon.resolve("execution-results.csv"))).isEqualTo("""
          \uFEFFround,model,questions,executed,right,wrong,failed,executability_rate,accuracy\r
          1,a,4,3,2,1,1,0.7500,0.5000\r
          1,b,4,3,3,0,1,0.7500,0.7500\r
          2,a,4,4,4,0,0,1.0000,1.0000\r
          2,b,4,3,3,0,1,0.7500,0.7500\r
          """);
      List<String> comparison = Files.readAllLines(falcon.resolve("comparison-results.csv"));
      assertThat(comparison).hasSize(1 + 2 * 2 * 4);
      assertThat(comparison.get(0)).isEqualTo("\uFEFFserialNo,analysisModelId,question,selfDefineTags,prompt,standardAnswerSql,standardAnswer,"
          + "llmCode,llmOutput,executeResult,errorMsg,compareResult,roundId");
      assertThat(comparison.get(2)).isEqualTo("2,t,count,,,\"SELECT COUNT(*) FROM \"\"t\"\"\",\"{\"\"COUNT(*)\"\":[3]}\",a,\"SELECT COUNT"
              + "(*) FROM \"\"t\"\"\",\"{\"\"COUNT(*)\"\":[3]}\",,RIGHT,1");
      assertThat(comparison.get(3)).isEqualTo("3,t,ann,,,\"SELECT \"\"Age\"\" FROM \"\"t\"\" WHERE \"\"Name\"\" = 'Ann'\",\"{\"\"Age\"\":"
              + "[31.0]}\",a,SELECT 0,\"{\"\"0\"\":[0]}\",,WRONG,1");
      assertThat(comparison.get(4)).isEqualTo("4,t,sum,,,\"SELECT SUM(\"\"Age\"\") FROM \"\"t\"\"\",\"{\"\"SUM(\\\"\"Age\\\"\")\"\":[93.0"
              + "]}\",a,SELECT nope FROM missing,,no such table: missing,FAILED,1");
      assertThat(comparison.get(5)).isEqualTo("1,t,oldest,,,\"SELECT \"\"Name\"\" FROM \"\"t\"\" ORDER BY \"\"Age\"\" DESC LIMIT 1\",\"{\""
              + "\"Name\"\":[\"\"Cy\"\"]}\",b,,,,FAILED,1");
      assertThat(comparison.get(11)).isEqualTo("3,t,ann,,,\"SELECT \"\"Age\"\" FROM \"\"t\"\" WHERE \"\"Name\"\" = 'Ann'\",\"{\"\"Age\"\":"
              + "[31.0]}\",a,\"SELECT \"\"Age\"\" FROM \"\"t\"\" WHERE \"\"Name\"\" = 'Ann'\",\"{\"\"Age\"\""
              + ":[31.0]}\",,RIGHT,2");
      assertThat(falcon.resolve("round-2").resolve("b.jsonl")).exists();
      assertThat(falcon.resolve("a.process.jsonl")).exists();
    }
  }

  @Test
  void run_modelCallFails_exitsFailedCountingItAsFailed() throws Exception {
    // given
    Path falcon = dir.resolve("falcon");
    try (ModelServer server = new ModelServer((model, question, attempt) -> Reply.status(400, Map.of()))) {

      // when
      int status = run("falcon", "run", "--model", "meta/llama-3", "--base-url", server.baseUrl(), "--limit",
          "1", "--shots", "0", "--questions-path", questions.toString(), "--tables-path", tables.toString(),
          "--db-path", db.toString(), "--out", falcon.toString());

      // then
      assertThat(status).isEqualTo(Cli.FAILED);
      assertThat(out()).isEqualTo("""
          round  model         questions  executed  right  wrong  failed  executability  accuracy
              1  meta-llama-3          1         0      0      0       1           0.0%      0.0%
          Tables: {exec}, {comp}, {eval}
          1 model call(s) failed and count as FAILED; run the same command again to retry them (answers \
          already given are kept)
          """.replace("{exec}", falcon.resolve("execution-results.csv").toString())
          .replace("{comp}", falcon.resolve("comparison-results.csv").toString())
          .replace("{eval}", falcon.resolve("dataset_evaluation_result.csv").toString()));
      assertThat(Files.readAllLines(falcon.resolve("comparison-results.csv"))).containsExactly(
          "\uFEFFserialNo,analysisModelId,question,selfDefineTags,prompt,standardAnswerSql,standardAnswer,"
              + "llmCode,llmOutput,executeResult,errorMsg,compareResult,roundId",
          "1,t,oldest,,,\"SELECT \"\"Name\"\" FROM \"\"t\"\" ORDER BY \"\"Age\"\" DESC LIMIT 1\",,meta-llama-3,,,"
              + "no prediction: the model call failed,FAILED,1");
    }
  }

  @Test
  void run_answerOverTheResponseCap_isAFailedCall_andTheDefaultCapTakesIt() throws Exception {
    String answer = "SELECT COUNT(*) FROM t -- " + "x".repeat(2_000);
    try (ModelServer server = new ModelServer((model, question, attempt) -> Reply.ok(answer))) {
      int capped = run("falcon", "run", "--model", "a", "--base-url", server.baseUrl(), "--limit", "1", "--shots",
          "0", "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path",
          db.toString(), "--out", dir.resolve("capped").toString(), "--max-response-bytes", "1024");
      String cappedOut = out();
      int taken = run("falcon", "run", "--model", "a", "--base-url", server.baseUrl(), "--limit", "1", "--shots",
          "0", "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path",
          db.toString(), "--out", dir.resolve("taken").toString());

      assertThat(capped).isEqualTo(Cli.FAILED);
      assertThat(cappedOut.lines().skip(1).findFirst().orElseThrow())
          .isEqualTo("    1  a              1         0      0      0       1           0.0%      0.0%");
      assertThat(taken).isEqualTo(Cli.OK);
      assertThat(Files.readString(dir.resolve("capped/a.process.jsonl")))
          .contains("answer larger than 1024 bytes (the cap)");
    }
  }

  @Test
  void run_temperatureAndNonAsciiQuestion_sendsTheTemperatureAndWritesDbGptSheetWithBom() throws Exception {
    // given: a Chinese question, as Falcon's are
    Files.writeString(questions, """
        {"question_id": 7, "question": "各性别的平均年龄", "sql": "SELECT COUNT(*) FROM \\"t\\"", "table_id": "t"}
        """);
    Path falcon = dir.resolve("falcon");
    try (ModelServer server = new ModelServer((model, question, attempt) -> Reply.ok("SELECT COUNT(*) FROM t"))) {

      // when
      int status = run("falcon", "run", "--model", "a", "--base-url", server.baseUrl(), "--temperature", "0.7",
          "--shots", "0", "--questions-path", questions.toString(), "--tables-path", tables.toString(),
          "--db-path", db.toString(), "--out", falcon.toString());

      // then
      assertThat(status).isEqualTo(Cli.OK);
      assertThat(server.bodies()).extracting(b -> b.path("temperature").asDouble()).containsExactly(0.7);
      byte[] sheet = Files.readAllBytes(falcon.resolve("dataset_evaluation_result.csv"));
      assertThat(java.util.Arrays.copyOf(sheet, 3)).containsExactly(0xEF, 0xBB, 0xBF);
      assertThat(new String(sheet, StandardCharsets.UTF_8)).isEqualTo("\uFEFF编号,大模型名称,轮次,数据集ID,用户问题,自定义标签,知识,"
          + "prompt,Cot长度,LLM输出结果,结果执行,执行结果的报错信息,traceId,耗时（秒）\r\n"
          + "7,a,1,t,各性别的平均年龄,,,,,SELECT COUNT(*) FROM t,\"{\"\"COUNT(*)\"\":[3]}\",,,\r\n");
      assertThat(Files.readString(falcon.resolve("comparison-results.csv"))).isEqualTo("\uFEFFserialNo,"
          + "analysisModelId,question,selfDefineTags,prompt,standardAnswerSql,standardAnswer,llmCode,llmOutput,"
          + "executeResult,errorMsg,compareResult,roundId\r\n"
          + "7,t,各性别的平均年龄,,,\"SELECT COUNT(*) FROM \"\"t\"\"\",\"{\"\"COUNT(*)\"\":[3]}\",a,"
          + "SELECT COUNT(*) FROM t,\"{\"\"COUNT(*)\"\":[3]}\",,RIGHT,1\r\n");
    }
  }

  @Test
  void run_temperatureOutOfRange_isUsageErrorNamingTheBounds() {
    int status = run("falcon", "run", "--model", "a", "--base-url", "http://localhost:1/v1", "--temperature", "3",
        "--out", dir.toString());

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql falcon run: --temperature takes a number between 0 and 2, but was '3' "
        + "(see llmsql falcon --help)\n");
  }

  @Test
  void run_verbose_namesFilesAndSettings_quietPrintsNothing() throws Exception {
    try (ModelServer server = new ModelServer(FalconCommandTest::script)) {
      int status = run("falcon", "run", "--model", "a", "--base-url", server.baseUrl(), "--limit", "1", "--shots",
          "0", "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path",
          db.toString(), "--out", dir.resolve("v").toString(), "--verbose");

      assertThat(status).isEqualTo(Cli.OK);
      List<String> lines = err().lines().toList();
      assertThat(lines).hasSize(2);
      assertThat(lines.get(0)).isEqualTo("llmsql falcon run: questions " + questions + ", tables " + tables
          + ", database " + db);
      assertThat(lines.get(1)).isEqualTo("llmsql falcon run: FalconRun[models=[a], rounds=1, shots=0, limit=1, "
          + "judge=llmsql, outputDir=" + dir.resolve("v") + "]");

      err.reset();
      status = run("falcon", "run", "--model", "a", "--base-url", server.baseUrl(), "--limit", "1", "--shots",
          "0", "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path",
          db.toString(), "--out", dir.resolve("q").toString(), "-q");

      assertThat(status).isEqualTo(Cli.OK);
      assertThat(err()).isEmpty();
    }
  }

  @Test
  void run_malformedQuestionLine_isInputErrorNamingTheLine() throws Exception {
    Files.writeString(questions, "{\"question_id\": 1, \"question\": \"oldest\", \"table_id\": \"t\"}\n{oops\n");
    try (ModelServer server = new ModelServer(FalconCommandTest::script)) {
      int status = run("falcon", "run", "--model", "a", "--base-url", server.baseUrl(), "--shots", "0",
          "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path", db.toString(),
          "--out", dir.resolve("bad").toString());

      assertThat(status).isEqualTo(Cli.BAD_INPUT);
      assertThat(err()).startsWith("llmsql falcon run: " + questions).contains("line 2");
    }
  }

  @Test
  void run_modelWithoutBaseUrl_isUsageErrorNamingBothWays() {
    int status = run("falcon", "run", "--model", "a", "--out", dir.toString());

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql falcon run: model 'a' has no base URL; give --base-url U for all models "
        + "or base-url=U in its --model (see llmsql falcon --help)\n");
  }

  @Test
  void run_unknownModelSetting_isUsageErrorListingKnownOnes() {
    int status = run("falcon", "run", "--model", "a,url=http://x", "--out", dir.toString());

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql falcon run: --model 'a,url=http://x': unknown setting 'url'; known: "
        + "name, base-url, concurrency, api-key-env (see llmsql falcon --help)\n");
  }

  @Test
  void run_nameOutsideTheOutputFolder_isUsageError_beforeAnyFolderIsCreated() {
    // the process log's folder, --out/../../escaped/deeper, was created, then the name refused
    Path out = dir.resolve("a").resolve("b").resolve("out");
    int status = run("falcon", "run", "--model", "m,name=../../escaped/deeper/x", "--base-url",
        "http://127.0.0.1:9/v1", "--questions-path", questions.toString(), "--tables-path", tables.toString(),
        "--db-path", db.toString(), "--out", out.toString());

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql falcon run: --model 'm,name=../../escaped/deeper/x': model name must be "
        + "letters, digits, '.', '_' or '-' (it names files), but was '../../escaped/deeper/x' (see llmsql falcon "
        + "--help)\n");
    assertThat(dir.resolve("a")).doesNotExist();
  }

  @Test
  void run_sameNameTwice_isUsageErrorNamingFix() {
    int status = run("falcon", "run", "--model", "x/m", "--model", "x:m", "--base-url", "http://127.0.0.1:9/v1",
        "--questions-path", questions.toString(), "--tables-path", tables.toString(), "--db-path", db.toString(),
        "--out", dir.toString());

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql falcon run: two models are named 'x-m'; add name=LABEL to one --model to "
        + "tell them apart\n");
  }

  @Test
  void run_someLocalFiles_isUsageErrorNamingAllThree() {
    int status = run("falcon", "run", "--model", "a", "--base-url", "http://127.0.0.1:9/v1", "--questions-path",
        questions.toString(), "--out", dir.toString());

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql falcon run: --questions-path, --tables-path and --db-path go together; "
        + "give all three, or none to download LLMSQL 2.0 (see llmsql falcon --help)\n");
  }

  @Test
  void run_missingDatabase_exitsNoBenchmarkNamingOption() {
    Path missing = dir.resolve("missing.sqlite");

    int status = run("falcon", "run", "--model", "a", "--base-url", "http://127.0.0.1:9/v1", "--questions-path",
        questions.toString(), "--tables-path", tables.toString(), "--db-path", missing.toString(), "--out",
        dir.toString());

    assertThat(status).isEqualTo(Cli.NO_BENCHMARK);
    assertThat(err()).isEqualTo("llmsql falcon run: --db-path " + missing + " does not exist; check the path\n");
  }

  @Test
  void modelSpec_everySetting_isRead() {
    // when
    FalconCommand.ModelSpec spec = FalconCommand.ModelSpec.parse(
        "meta/llama-3:8b, base-url=http://h:1/v1 ,concurrency=3,api-key-env=GROQ_KEY,name=llama");

    // then
    assertThat(spec).isEqualTo(new FalconCommand.ModelSpec("meta/llama-3:8b", "llama", "http://h:1/v1", 3,
        "GROQ_KEY"));
  }

  @Test
  void modelSpec_modelOnly_derivesFileSafeName() {
    // when
    FalconCommand.ModelSpec spec = FalconCommand.ModelSpec.parse("qwen2.5-coder:7b");

    // then
    assertThat(spec).isEqualTo(new FalconCommand.ModelSpec("qwen2.5-coder:7b", "qwen2.5-coder-7b", null, null,
        null));
  }

  @Test
  void run_settingWithoutValue_isUsageErrorWithExample() {
    int status = run("falcon", "run", "--model", "a,concurrency", "--out", dir.toString());

    assertThat(status).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql falcon run: --model 'a,concurrency': 'concurrency' needs a value, e.g. "
        + "concurrency=... (see llmsql falcon --help)\n");
  }

  @Test
  void falcon_help_listsModelSyntaxWithExamples() {
    int status = run("falcon", "--help");

    assertThat(status).isEqualTo(Cli.OK);
    assertThat(out()).startsWith("Usage: llmsql falcon run --model SPEC [--model SPEC...] --out DIR [options]\n")
        .contains("MODEL[,base-url=U][,concurrency=N][,api-key-env=VAR][,name=LABEL]", "Examples:\n",
            "java -jar llmsql.jar falcon run");
  }

  private int run(String... args) {
    Cli cli = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8), Terminal.PLAIN, name -> null);
    return cli.run(args);
  }

  private String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String err() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
