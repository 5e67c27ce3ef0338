package dev.llmsql.examples;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.sqlite.dataset.DatasetImport;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The project's own LLMSQL 2.0 demo ({@code llmsql2/}: invented tables, 20 questions, 20 completions), which the
 * README's LLMSQL 2.0 section runs from a clone: its questions are exactly what {@code dataset import --answers}
 * writes from its tables (the answer is the reference SQL's rows, the prompt upstream's rendering), each
 * completion exercises the 2.0 rule it was written for, and the README's gate and JShell script hold.
 */
class Llmsql2DemoTest {

  static final Path DEMO = Path.of("llmsql2");
  static Path db;

  @BeforeAll
  static void database() throws Exception {
    db = Path.of("target", "llmsql2", "demo-test.sqlite").toAbsolutePath();
    DatasetImport.builder().tablesJsonl(DEMO.resolve("tables.jsonl")).overwrite(true).build().into(db);
  }

  @Test
  void questions_areWhatTheImporterWritesFromTheTables(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("demo.sqlite");
    DatasetImport.builder().tablesJsonl(DEMO.resolve("tables.jsonl")).questions(DEMO.resolve("questions.jsonl"))
        .answers(true).build().into(out);

    assertThat(Files.readString(DatasetImport.questionsFile(out)))
        .isEqualTo(Files.readString(DEMO.resolve("questions.jsonl")));
  }

  @Test
  void everyCompletion_getsTheVerdictItWasWrittenFor() {
    EvaluationReport report = evaluate();

    assertThat(report.results().stream().map(Llmsql2DemoTest::line).collect(Collectors.joining("\n")))
        .isEqualTo("""
            1 MATCH EQUAL rule1_equal
            2 MATCH EQUAL rule2_trailing_count
            3 MATCH EQUAL rule1_equal
            4 MATCH EQUAL rule4_set
            5 ERROR PRED_ERROR You can only execute one statement at a time (Python's sqlite3): more follows the ';' at offset 49
            6 MATCH EQUAL rule1_equal
            7 MATCH EQUAL rule1_equal
            8 MATCH EQUAL rule1_equal
            9 MATCH EQUAL rule1_equal
            10 ERROR PRED_ERROR You can only execute one statement at a time (Python's sqlite3): more follows the ';' at offset 54
            11 MISMATCH MISSING_ROWS no_match (closest: rule1_equal, 0 of 1 answer rows found among 0 predicted rows (normalised answer [(1923.0,)], predicted []))
            12 MATCH EQUAL rule3_two_part
            13 MATCH EQUAL rule3_two_part
            14 MATCH EQUAL rule1_equal
            15 NO_SQL NO_SQL the completion holds no SQL
            16 MATCH EQUAL rule5_extra_column
            17 MISMATCH VALUE_MISMATCH no_match (closest: rule1_equal, 0 of 1 answer rows found among 1 predicted rows (normalised answer [(2.0,)], predicted [(0.0,)]))
            18 ERROR PRED_ERROR near "2020": syntax error
            19 NO_SQL NO_SQL the completion holds no SQL
            20 MATCH EQUAL rule1_equal""");
    assertThat(report.matches()).isEqualTo(13);
    assertThat(report.total()).isEqualTo(20);
    assertThat(report.sqlErrors()).isEqualTo(5);
    assertThat(report.exactStringMatches()).isEqualTo(5);
  }

  @Test
  void readmeGate_categoryAccuracy() {
    assertThat(evaluate()).hasCategoryAccuracyAtLeast("lookup", 0.6).hasCategoryAccuracyAtLeast("convention", 1.0);
  }

  @Test
  void jshellScript_printsAccuracyPerCategory() throws Exception {
    Path jshell = Path.of(System.getProperty("java.home"), "bin", "jshell");
    String classPath = Arrays.stream(System.getProperty("surefire.test.class.path",
            System.getProperty("java.class.path")).split(File.pathSeparator))
        .filter(e -> Files.exists(Path.of(e))).collect(Collectors.joining(File.pathSeparator));
    Path root = Path.of("").toAbsolutePath().getParent();

    Process process = new ProcessBuilder(jshell.toString(), "--class-path", classPath,
        "-R-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        "-R-Dllmsql.workdir=" + Path.of("target", "llmsql_workdir").toAbsolutePath(),
        Path.of("llmsql-examples", "jshell", "llmsql2.jsh").toString())
        .directory(root.toFile()).redirectErrorStream(true).start();
    process.getOutputStream().close();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    boolean exited = process.waitFor(120, TimeUnit.SECONDS);

    assertThat(exited).isTrue();
    assertThat(output).contains("""
        convention     6 of 6 (100.00%)
        lookup         6 of 9 (66.67%)
        text_quantity  1 of 5 (20.00%)
        """).doesNotContain("Error:", "Exception");
  }

  private static EvaluationReport evaluate() {
    return Evaluator.builder().questionsPath(DEMO.resolve("questions.jsonl")).dbPath(db).modelName("demo-model")
        .noReportFile().showMismatches(false).noGoldCache().build().run(DEMO.resolve("predictions.jsonl"));
  }

  private static String line(QuestionResult r) {
    return r.questionId() + " " + r.verdict().outcome() + " " + r.verdict().reason() + " " + r.verdict().detail();
  }
}
