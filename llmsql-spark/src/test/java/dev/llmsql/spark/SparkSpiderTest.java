package dev.llmsql.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The 748 shared Spider pairs (two GPT-4 prediction sets on four Spider dev databases) and a set of broken
 * predictions, evaluated on {@code local[2]}: per model, the report equals the single-machine evaluator's, for
 * several judges.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Requires(shared = "data/spider-dev-sample")
class SparkSpiderTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  static Path dir;

  private Path sample;
  private final Map<String, Path> models = new LinkedHashMap<>();

  @BeforeAll
  void load() throws Exception {
    sample = SharedFiles.path("data/spider-dev-sample");
    models.put("din-sql-gpt4-few-shot", sample.resolve("predictions/din-sql-gpt4-few-shot.jsonl"));
    models.put("dail-sql-gpt4", sample.resolve("predictions/dail-sql-gpt4.jsonl"));
    // what a pipeline gets wrong: an unknown question, an id that is no number, a repeat, a missing completion
    Path broken = dir.resolve("broken.jsonl");
    Files.writeString(broken, String.join("\n",
        "{\"question_id\": 87, \"completion\": \"SELECT count(*) FROM continents\"}",
        "{\"question_id\": 999999, \"completion\": \"SELECT 1\"}",
        "{\"question_id\": \"abc\", \"completion\": \"SELECT 1\"}",
        "{\"question_id\": 87, \"completion\": \"SELECT 2\"}",
        "{\"question_id\": 179}",
        "{\"question_id\": \"702\", \"completion\": \"SELECT count(*) FROM singer\"}",
        "{\"question_id\": 918, \"completion\": \"no sql here\"}") + "\n");
    models.put("broken", broken);
  }

  @Test
  void sharedSpiderPairs_onLocalSpark_giveTheSingleMachineReports() throws Exception {
    Map<String, String> accuracy = new TreeMap<>();
    for (String judge : List.of("default", "spider-exec", "bird")) {
      SparkEvaluation.Builder builder = SparkEvaluation.builder().benchmark(SparkBenchmark.databasesDir("spider",
          sample.resolve("questions.jsonl"), sample.resolve("database"))).predictionsPerTask(100);
      if (!judge.equals("default")) {
        builder.judge(judge);
      }
      SparkEvaluationResult result = builder.build().evaluate(predictions(LocalSpark.get()));
      assertThat(result.reports()).extracting(ModelReport::model)
          .containsExactly("broken", "dail-sql-gpt4", "din-sql-gpt4-few-shot");
      for (ModelReport report : result.reports()) {
        assertThat(report.benchmark()).isEqualTo("spider");
        ReportAssertions.assertSameReport(report.report(), local(judge, report.model()));
        accuracy.put(judge + " " + report.model(), report.report().matches() + " of " + report.report().total());
      }
      assertThat(result.results().count()).isEqualTo(374 + 374 + 4);
      // 4 databases of 186, 161, 241 and 165 predictions, split so no task has more than 100, plus the
      // predictions whose question is not in the benchmark
      assertThat(result.stats().partitions()).isEqualTo(2 + 2 + 3 + 2 + 1);
    }
    assertThat(accuracy).containsExactlyInAnyOrderEntriesOf(Map.of(
        "default din-sql-gpt4-few-shot", "252 of 374", "default dail-sql-gpt4", "253 of 374",
        "default broken", "1 of 4",
        "spider-exec din-sql-gpt4-few-shot", "263 of 374", "spider-exec dail-sql-gpt4", "277 of 374",
        "spider-exec broken", "1 of 4",
        "bird din-sql-gpt4-few-shot", "257 of 374", "bird dail-sql-gpt4", "260 of 374", "bird broken", "1 of 4"));
  }

  @Test
  void mismatchCap_keepsRowsOnTheFirstMismatchesOfTheWholeRun() throws Exception {
    // each task of up to 100 predictions keeps rows for up to 20 of its mismatches; the merged report only for
    // the first 20 of the run, as the single machine does
    SparkEvaluationResult result = SparkEvaluation.builder().benchmark(SparkBenchmark.databasesDir("spider",
        sample.resolve("questions.jsonl"), sample.resolve("database"))).predictionsPerTask(100).keepMismatches(20)
        .build().evaluate(predictions(LocalSpark.get()));

    EvaluationReport spark = result.report("dail-sql-gpt4", "spider").orElseThrow().report();
    EvaluationReport local = local("default", "dail-sql-gpt4", 20);
    ReportAssertions.assertSameReport(spark, local);
    assertThat(spark.mismatches()).hasSize(20);
    assertThat(spark.results().stream().filter(r -> r.kept() != null).count()).isEqualTo(20);
  }

  /** Every model's predictions as one dataset, ids as strings (the broken set holds a string id). */
  private Dataset<Row> predictions(SparkSession spark) {
    Dataset<Row> all = null;
    for (Map.Entry<String, Path> model : models.entrySet()) {
      Dataset<Row> one = SparkEvaluation.readModel(spark, model.getKey(), model.getValue().toString())
          .withColumn("question_id", functions.col("question_id").cast("string"));
      if (!List.of(one.columns()).contains("completion")) {
        one = one.withColumn("completion", functions.lit(null).cast("string"));
      }
      one = one.select("model", "question_id", "completion");
      all = all == null ? one : all.unionByName(one);
    }
    return all;
  }

  /** The single-machine report of one model's predictions, read as a list in file order. */
  private EvaluationReport local(String judge, String model) throws Exception {
    return local(judge, model, Evaluator.DEFAULT_KEEP_MISMATCHES);
  }

  /** The same, keeping at most {@code keepMismatches} mismatches. */
  private EvaluationReport local(String judge, String model, int keepMismatches) throws Exception {
    List<Object> items = new ArrayList<>();
    for (String line : Files.readAllLines(models.get(model))) {
      if (!line.isBlank()) {
        Map<?, ?> item = MAPPER.readValue(line, Map.class);
        Map<String, Object> asString = new LinkedHashMap<>();
        asString.put("question_id", String.valueOf(item.get("question_id")));
        if (item.containsKey("completion")) {
          asString.put("completion", item.get("completion"));
        }
        items.add(asString);
      }
    }
    Evaluator.Builder builder = Evaluator.builder().questionsPath(sample.resolve("questions.jsonl").toAbsolutePath()
            .normalize()).databasesDir(sample.resolve("database").toAbsolutePath().normalize())
        .noReportFile().showMismatches(false).noGoldCache().threads(2).modelName(model)
        .keepMismatches(keepMismatches);
    if (!judge.equals("default")) {
      builder.judge(Judges.named(judge));
    }
    return builder.build().run(items);
  }
}
