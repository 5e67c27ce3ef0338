package dev.llmsql.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.testsupport.Program;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.SharedFiles;
import dev.llmsql.testsupport.Workloads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The small LLMSQL-shaped workload (500 tables in one SQLite database, 2,000 questions, 1,000 predictions with
 * hostile ones) on {@code local[2]}: one large database split over tasks gives the single-machine reports, its
 * files shipped to executors or read in place, and a task killed mid-way gives the same reports on retry.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Requires(shared = Workloads.SHARED, programs = Program.PYTHON3)
class SparkWorkloadTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir
  static Path dir;

  private Path workload;
  private final Map<String, Path> models = new LinkedHashMap<>();

  @BeforeAll
  void load() throws Exception {
    workload = Workloads.small();
    models.put("workload", workload.resolve("outputs.jsonl"));
    // a second model answering the same questions in the opposite order: reports keep each model's own order
    List<String> reversed = new ArrayList<>(Files.readAllLines(workload.resolve("outputs.jsonl")));
    Collections.reverse(reversed);
    Path second = dir.resolve("reversed.jsonl");
    Files.write(second, reversed);
    models.put("reversed", second);
  }

  @Test
  void smallWorkload_splitOverTasks_givesTheSingleMachineReports() throws Exception {
    Map<String, String> matches = new TreeMap<>();
    for (String judge : List.of("default", "spider-exec")) {
      SparkEvaluation.Builder builder = SparkEvaluation.builder().benchmark(benchmark()).predictionsPerTask(300)
          .distributeFiles(judge.equals("default")).threadsPerTask(judge.equals("default") ? 1 : 2);
      if (!judge.equals("default")) {
        builder.judge(judge);
      }
      SparkEvaluationResult result = builder.build().evaluate(predictions(LocalSpark.get()));
      for (ModelReport report : result.reports()) {
        ReportAssertions.assertSameReport(report.report(), local(judge, report.model()));
        matches.put(judge + " " + report.model(), report.report().matches() + " of " + report.report().total());
      }
      // one database of 2,000 predictions, in tasks of at most 300 (judged by 1 thread, then 2, per task)
      assertThat(result.stats().partitions()).isEqualTo(7);
      assertThat(result.results().filter("match").count())
          .isEqualTo(result.reports().stream().mapToLong(r -> r.report().matches()).sum());
    }
    assertThat(matches).isEqualTo(Map.of("default workload", "736 of 1000", "default reversed", "736 of 1000",
        "spider-exec workload", "526 of 1000", "spider-exec reversed", "526 of 1000"));
  }

  @Test
  void taskKilledMidway_isRetried_withTheSameReport() throws Exception {
    FlakyJudgeProvider.TRIGGER = MAPPER.readTree(Files.readAllLines(models.get("workload")).get(500))
        .get("question_id").asInt();
    FlakyJudgeProvider.KILLED.set(0);
    SparkEvaluationResult result = SparkEvaluation.builder().benchmark(benchmark()).predictionsPerTask(300)
        .judge("flaky-once").build()
        .evaluate(SparkEvaluation.readModel(LocalSpark.get(), "workload", models.get("workload").toString()));
    assertThat(FlakyJudgeProvider.KILLED.get()).isEqualTo(1);
    ReportAssertions.assertSameReport(result.reports().get(0).report(), local("llmsql", "workload"));
  }

  @Test
  @Requires(shared = "data/spider-dev-sample")
  void twoBenchmarks_fromParquet_giveEachItsSingleMachineReport() throws Exception {
    Path spider = SharedFiles.path("data/spider-dev-sample");
    SparkSession spark = LocalSpark.get();
    Path parquet = dir.resolve("predictions.parquet");
    SparkEvaluation.readModel(spark, "gpt-4", models.get("workload").toString())
        .withColumn("benchmark", org.apache.spark.sql.functions.lit("llmsql-small"))
        .unionByName(SparkEvaluation.readModel(spark, "gpt-4",
                spider.resolve("predictions/dail-sql-gpt4.jsonl").toString())
            .withColumn("benchmark", org.apache.spark.sql.functions.lit("spider")))
        .coalesce(1).write().parquet(parquet.toString());
    SparkEvaluationResult result = SparkEvaluation.builder().benchmark(benchmark())
        .benchmark(SparkBenchmark.databasesDir("spider", spider.resolve("questions.jsonl"),
            spider.resolve("database")))
        .build().evaluate(spark, parquet.toString());
    assertThat(result.reports()).extracting(r -> r.model() + " " + r.benchmark())
        .containsExactly("gpt-4 llmsql-small", "gpt-4 spider");
    ReportAssertions.assertSameReport(result.report("gpt-4", "llmsql-small").orElseThrow().report(),
        local("default", "workload").withLlmsql2(local("default", "workload").llmsql2().orElseThrow()
            .withModelName("gpt-4")));
    List<Object> items = new ArrayList<>();
    for (String line : Files.readAllLines(spider.resolve("predictions/dail-sql-gpt4.jsonl"))) {
      items.add(MAPPER.readValue(line, Map.class));
    }
    EvaluationReport spiderLocal = Evaluator.builder().questionsPath(spider.resolve("questions.jsonl")
            .toAbsolutePath().normalize()).databasesDir(spider.resolve("database").toAbsolutePath().normalize())
        .noReportFile().showMismatches(false).noGoldCache().modelName("gpt-4").build().run(items);
    ReportAssertions.assertSameReport(result.report("gpt-4", "spider").orElseThrow().report(), spiderLocal);
    assertThat(result.report("gpt-4", "spider").orElseThrow().report().matches()).isEqualTo(253);
  }

  private SparkBenchmark benchmark() {
    return SparkBenchmark.singleDatabase("llmsql-small", workload.resolve("questions.jsonl"),
        workload.resolve("sqlite_tables.db"));
  }

  private Dataset<Row> predictions(SparkSession spark) {
    Dataset<Row> all = null;
    for (Map.Entry<String, Path> model : models.entrySet()) {
      Dataset<Row> one = SparkEvaluation.readModel(spark, model.getKey(), model.getValue().toString())
          .select("model", "question_id", "completion");
      all = all == null ? one : all.unionByName(one);
    }
    return all;
  }

  private EvaluationReport local(String judge, String model) throws Exception {
    List<Object> items = new ArrayList<>();
    for (String line : Files.readAllLines(models.get(model))) {
      if (!line.isBlank()) {
        items.add(MAPPER.readValue(line, Map.class));
      }
    }
    Evaluator.Builder builder = Evaluator.builder().questionsPath(workload.resolve("questions.jsonl"))
        .dbPath(workload.resolve("sqlite_tables.db")).noReportFile().showMismatches(false).noGoldCache()
        .threads(2).modelName(model);
    if (!judge.equals("default")) {
      builder.judge(Judges.named(judge));
    }
    return builder.build().run(items);
  }
}
