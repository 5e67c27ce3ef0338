package dev.llmsql.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.prediction.InputProblem;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Predictions and questions files as the single-machine engine reads them, on {@code local[2]}: each report equals
 * the in-process one (the demo benchmark of llmsql-examples, and the LLMSQL 2.0 fixture).
 */
class SparkInputParityTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final Path DEMO = Path.of("../llmsql-examples/demo").toAbsolutePath().normalize();
  private static final String Q1 = "SELECT COUNT(*) FROM \\\"employees\\\" WHERE \\\"Department\\\" = 'Sales'";
  private static final String Q2 = "SELECT \\\"Title\\\" FROM \\\"employees\\\" WHERE \\\"Name\\\" = 'Priya Nair'";
  private static final String Q3 = "SELECT SUM(\\\"Salary (USD)\\\") FROM \\\"employees\\\" WHERE \\\"Department\\\" = "
      + "'Marketing'";

  @TempDir
  Path dir;

  @Test
  void completionOrPredictedSql_isChosenPerRow() throws Exception {
    // the dataset had one column for every row: predicted_sql rows were judged as missing completions
    Path mixed = Files.writeString(dir.resolve("mixed.jsonl"), "{\"question_id\": 1, \"completion\": \"" + Q1
        + "\"}\n{\"question_id\": 2, \"predicted_sql\": \"" + Q2 + "\"}\n");

    EvaluationReport spark = spark(demo(), mixed);

    ReportAssertions.assertSameReport(spark, local(DEMO.resolve("questions.jsonl"), mixed));
    assertThat(List.of(spark.matches(), spark.total(), spark.inputProblems().size())).isEqualTo(List.of(2, 2, 0));
  }

  @Test
  void completionsThatAreNoStrings_areInputProblems_asOnOneMachine() throws Exception {
    // Spark's schema inference made them their JSON text: the array holding question 1's SQL matched
    Path file = Files.writeString(dir.resolve("non-strings.jsonl"), "{\"question_id\": 1, \"completion\": [\"" + Q1
        + "\"]}\n{\"question_id\": 2, \"completion\": \"" + Q2 + "\"}\n{\"question_id\": 3, \"completion\": "
        + "{\"sql\": \"" + Q3 + "\"}}\n{\"question_id\": 4, \"completion\": 42}\n{\"question_id\": 5, "
        + "\"completion\": null, \"predicted_sql\": [1]}\n");

    EvaluationReport spark = spark(demo(), file);

    ReportAssertions.assertSameReport(spark, local(DEMO.resolve("questions.jsonl"), file));
    assertThat(List.of(spark.matches(), spark.total())).isEqualTo(List.of(1, 5));
    assertThat(spark.inputProblems()).extracting(InputProblem::kind, InputProblem::questionId).containsExactly(
        org.assertj.core.groups.Tuple.tuple(InputProblem.Kind.NON_STRING_COMPLETION, 1),
        org.assertj.core.groups.Tuple.tuple(InputProblem.Kind.NON_STRING_COMPLETION, 3),
        org.assertj.core.groups.Tuple.tuple(InputProblem.Kind.NON_STRING_COMPLETION, 4),
        org.assertj.core.groups.Tuple.tuple(InputProblem.Kind.NON_STRING_COMPLETION, 5));
  }

  @Test
  void aQuestionsFileChangedBetweenEvaluations_isReadAgain() throws Exception {
    // executors kept the first version of a questions file by its path for the JVM's life
    Path questions = dir.resolve("questions.jsonl");
    Path predictions = Files.writeString(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"SELECT "
        + "COUNT(*) FROM employees\"}\n{\"question_id\": 2, \"completion\": \"SELECT 1\"}\n");
    Files.writeString(questions, "{\"question_id\": 1, \"question\": \"n?\", \"sql\": \"SELECT COUNT(*) FROM "
        + "employees\", \"table_id\": \"employees\"}\n");
    SparkBenchmark benchmark = SparkBenchmark.singleDatabase("demo", questions, DEMO.resolve("demo.sqlite"));
    EvaluationReport before = spark(benchmark, predictions);
    ReportAssertions.assertSameReport(before, local(questions, predictions));
    // the benchmark is corrected: question 1's gold changes, question 2 is added
    Files.writeString(questions, "{\"question_id\": 1, \"question\": \"n?\", \"sql\": \"SELECT COUNT(*) + 1 FROM "
        + "employees\", \"table_id\": \"employees\"}\n{\"question_id\": 2, \"question\": \"one?\", \"sql\": \"SELECT "
        + "1\", \"table_id\": \"employees\"}\n");

    EvaluationReport after = spark(benchmark, predictions);

    ReportAssertions.assertSameReport(after, local(questions, predictions));
    assertThat(List.of(before.matches(), before.total(), after.matches(), after.total()))
        .isEqualTo(List.of(1, 1, 1, 2));
    assertThat(after.results()).extracting(r -> r.questionId() + " " + r.outcome())
        .containsExactly("1 MISMATCH", "2 MATCH");
  }

  @Test
  void aLoneCarriageReturnInAQuestionLine_isWhitespace_asOnOneMachine() throws Exception {
    // the executor split lines at a lone \r too, and lost every question written so
    List<String> lines = Files.readAllLines(DEMO.resolve("questions.jsonl"));
    StringBuilder text = new StringBuilder();
    for (String line : lines.subList(0, 5)) {
      text.append(line.replaceFirst(", ", ",\r ")).append('\n');
    }
    Path questions = Files.writeString(dir.resolve("questions-cr.jsonl"), text);
    Path predictions = Files.writeString(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"" + Q1
        + "\"}\n{\"question_id\": 2, \"completion\": \"" + Q2 + "\"}\n{\"question_id\": 3, \"completion\": \"" + Q3
        + "\"}\n");

    EvaluationReport spark = spark(SparkBenchmark.singleDatabase("demo", questions, DEMO.resolve("demo.sqlite")),
        predictions);

    ReportAssertions.assertSameReport(spark, local(questions, predictions));
    assertThat(List.of(spark.matches(), spark.total(), spark.inputProblems().size())).isEqualTo(List.of(3, 3, 0));
  }

  @Test
  void distributedFiles_twoQuestionsFilesOfOneName_inOneSession() throws Exception {
    // SparkContext.addFile refused the second questions.jsonl: "exists and does not match contents"
    Path first = Files.createDirectories(dir.resolve("b1")).resolve("questions.jsonl");
    Path second = Files.createDirectories(dir.resolve("b2")).resolve("questions.jsonl");
    List<String> lines = Files.readAllLines(DEMO.resolve("questions.jsonl")).subList(0, 3);
    Files.write(first, lines);
    Files.write(second, List.of(lines.get(0).replace("SELECT COUNT(*)", "SELECT 1+COUNT(*)"), lines.get(1)));
    Path predictions = Files.writeString(dir.resolve("p.jsonl"), "{\"question_id\": 1, \"completion\": \"" + Q1
        + "\"}\n{\"question_id\": 2, \"completion\": \"" + Q2 + "\"}\n{\"question_id\": 3, \"completion\": \"" + Q3
        + "\"}\n");
    List<String> found = new ArrayList<>();
    for (Path questions : List.of(first, second, first)) {
      EvaluationReport spark = SparkEvaluation.builder().benchmark(SparkBenchmark.singleDatabase("demo", questions,
          DEMO.resolve("demo.sqlite"))).distributeFiles(true).build()
          .evaluate(SparkEvaluation.readModel(LocalSpark.get(), "m", predictions.toString())).reports().get(0)
          .report();
      ReportAssertions.assertSameReport(spark, local(questions, predictions));
      found.add(spark.matches() + " of " + spark.total());
    }
    assertThat(found).containsExactly("3 of 3", "1 of 2", "3 of 3");
  }

  @Test
  void birdTable_groupsByTheDifficultyLabelAlone_asOnOneMachine() throws Exception {
    // Spark read the label from each result's detail, which shows "hardness" or "level" when "difficulty" is
    // missing (or null): questions 2, 3 and 6 were counted at a level, in total only on one machine and in BIRD
    List<String> demo = Files.readAllLines(DEMO.resolve("questions.jsonl"));
    List<String> labels = List.of("\"difficulty\": \"simple\"", "\"hardness\": \"simple\"", "\"level\": \"moderate\"",
        "\"difficulty\": \"challenging\"", "\"difficulty\": \"moderate\", \"hardness\": \"simple\"",
        "\"difficulty\": null, \"level\": \"challenging\"", "\"difficulty\": \"Simple\"");
    List<String> questionLines = new ArrayList<>();
    List<String> predictionLines = new ArrayList<>();
    for (int i = 0; i < labels.size(); i++) {
      String line = demo.get(i);
      questionLines.add(line.substring(0, line.lastIndexOf('}')) + ", " + labels.get(i) + "}");
      // questions 1, 2, 4 and 6 answered right, 3, 5 and 7 wrong
      String sql = List.of(0, 1, 3, 5).contains(i) ? (String) MAPPER.readValue(line, Map.class).get("sql")
          : "SELECT 'wrong'";
      predictionLines.add(MAPPER.writeValueAsString(Map.of("question_id", i + 1, "completion", sql)));
    }
    Path questions = Files.write(dir.resolve("labelled.jsonl"), questionLines);
    Path predictions = Files.write(dir.resolve("p.jsonl"), predictionLines);

    EvaluationReport spark = SparkEvaluation.builder().benchmark(SparkBenchmark.singleDatabase("demo", questions,
        DEMO.resolve("demo.sqlite"))).judge("bird").predictionsPerTask(3).build()
        .evaluate(SparkEvaluation.readModel(LocalSpark.get(), "m", predictions.toString())).reports().get(0)
        .report();

    List<Object> items = new ArrayList<>();
    for (String line : predictionLines) {
      items.add(MAPPER.readValue(line, Map.class));
    }
    EvaluationReport local = Evaluator.builder().questionsPath(questions.toAbsolutePath().normalize())
        .dbPath(DEMO.resolve("demo.sqlite")).judge(dev.llmsql.judgement.Judges.named("bird")).noReportFile()
        .showMismatches(false).noGoldCache().modelName("m").build().run(items);
    ReportAssertions.assertSameReport(spark, local);
    assertThat(spark.bird().orElseThrow().levels().entrySet()).extracting(e -> e.getKey() + " "
        + e.getValue().count() + " " + e.getValue().ex() + " " + e.getValue().softF1()).containsExactly(
        "simple 1 100.0 100.0", "moderate 1 0.0 0.0", "challenging 1 100.0 100.0",
        "total 7 " + 4.0 / 7 * 100 + " " + 4.0 / 7 * 100);
  }

  @Test
  void aRowWithoutAModel_isTheDocumentedArgumentError() throws Exception {
    Path file = Files.writeString(dir.resolve("null-model.jsonl"), "{\"model\": null, \"question_id\": 1, "
        + "\"completion\": \"SELECT 1\"}\n{\"model\": \"a\", \"question_id\": 2, \"completion\": \"SELECT 1\"}\n");
    SparkEvaluation evaluation = SparkEvaluation.builder().benchmark(demo()).build();

    assertThatThrownBy(() -> evaluation.evaluate(LocalSpark.get(), file.toString()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("a prediction has no model (null or blank 'model' column); give every prediction the name of "
            + "the model that wrote it");
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED, programs = Program.PYTHON3)
  void llmsql2RepeatedPredictions_areScored_asOnOneMachine() throws Exception {
    // LLMSQL 2.0 scores every line: a task's partial report named a question twice and the merge refused it
    Map<Integer, dev.llmsql.benchmark.Question> questions = Evaluator.readQuestions(Llmsql2Fixture.questions());
    List<String> lines = new ArrayList<>();
    for (String model : List.of("a", "b")) {
      int n = 0;
      for (dev.llmsql.benchmark.Question q : questions.values()) {
        String right = MAPPER.writeValueAsString(Map.of("model", model, "question_id", q.id(),
            "completion", "```sql\n" + q.sql() + "\n```"));
        String wrong = MAPPER.writeValueAsString(Map.of("model", model, "question_id", q.id(),
            "completion", "SELECT 'wrong'"));
        // every third question answered twice, wrong then right for model a, right then wrong for b
        lines.add(model.equals("a") && n % 3 == 0 ? wrong : right);
        if (n % 3 == 0) {
          lines.add(model.equals("a") ? right : wrong);
        }
        n++;
      }
    }
    Path predictions = dir.resolve("repeats.jsonl");
    Files.write(predictions, lines);
    Path db = Llmsql2Fixture.database();

    SparkEvaluationResult result = SparkEvaluation.builder().benchmark(SparkBenchmark.singleDatabase("llmsql2",
        Llmsql2Fixture.questions(), db)).predictionsPerTask(5).build().evaluate(LocalSpark.get(),
        predictions.toString());

    List<String> found = new ArrayList<>();
    for (ModelReport report : result.reports()) {
      List<Object> items = new ArrayList<>();
      for (String line : lines) {
        Map<?, ?> item = MAPPER.readValue(line, Map.class);
        if (item.get("model").equals(report.model())) {
          items.add(Map.of("question_id", item.get("question_id"), "completion", item.get("completion")));
        }
      }
      EvaluationReport local = Evaluator.builder().questionsPath(Llmsql2Fixture.questions().toAbsolutePath()
          .normalize()).dbPath(db.toAbsolutePath().normalize()).noReportFile().showMismatches(false).noGoldCache()
          .modelName(report.model()).build().run(items);
      ReportAssertions.assertSameReport(report.report(), local);
      found.add(report.model() + " " + report.report().judge() + " " + report.report().matches() + " of "
          + report.report().total() + ", " + report.report().duplicates() + " repeats");
    }
    assertThat(found).containsExactly("a llmsql2 21 of 28, 7 repeats", "b llmsql2 21 of 28, 7 repeats");
  }

  private static SparkBenchmark demo() {
    return SparkBenchmark.singleDatabase("demo", DEMO.resolve("questions.jsonl"), DEMO.resolve("demo.sqlite"));
  }

  /** One model's report of a predictions file, read by {@link SparkEvaluation#readModel}. */
  private static EvaluationReport spark(SparkBenchmark benchmark, Path predictions) {
    Dataset<Row> rows = SparkEvaluation.readModel(LocalSpark.get(), "m", predictions.toString());
    return SparkEvaluation.builder().benchmark(benchmark).build().evaluate(rows).reports().get(0).report();
  }

  /** The single-machine report of the same predictions, given as the maps of their lines (as Spark gives rows). */
  private static EvaluationReport local(Path questions, Path predictions) throws Exception {
    List<Object> items = new ArrayList<>();
    for (String line : Files.readAllLines(predictions, StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        items.add(MAPPER.readValue(line, Map.class));
      }
    }
    return Evaluator.builder().questionsPath(questions.toAbsolutePath().normalize())
        .dbPath(DEMO.resolve("demo.sqlite")).noReportFile().showMismatches(false).noGoldCache().modelName("m")
        .build().run(items);
  }
}
