package dev.llmsql.examples.bench;

import dev.llmsql.Evaluator;
import dev.llmsql.examples.inference.GoldModelServer;
import dev.llmsql.models.inference.Inference;
import dev.llmsql.models.inference.InferenceSummary;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.report.EvaluationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Wall time of inference + evaluation against a loopback model with a simulated latency: by default 1,000
 * questions of a {@code make_workload.py --small} workload, 50 ms per answer, concurrency 8, 5-shot prompts.
 *
 * <pre>{@code
 * python3 ../shared/bench/make_workload.py target/workload-small --small
 * java -cp "llmsql-cli/target/llmsql.jar:llmsql-examples/target/classes" \
 *     dev.llmsql.examples.bench.InferenceBenchmark target/workload-small [limit] [latencyMs] [concurrency]
 * }</pre>
 */
public final class InferenceBenchmark {

  private InferenceBenchmark() {
  }

  public static void main(String[] args) throws Exception {
    Path workload = Path.of(args.length > 0 ? args[0] : "target/workload-small");
    int limit = args.length > 1 ? Integer.parseInt(args[1]) : 1000;
    long latency = args.length > 2 ? Long.parseLong(args[2]) : 50;
    int concurrency = args.length > 3 ? Integer.parseInt(args[3]) : 8;
    Path questions = workload.resolve("questions.jsonl");
    Path predictions = Files.createTempFile("inference-bench", ".jsonl");
    Files.delete(predictions);
    try (GoldModelServer model = GoldModelServer.start(questions, latency, sql -> sql)) {
      ChatClient client = ChatClient.builder().baseUrl(model.baseUrl()).model("gold").jsonMode(false)
          .maxConcurrency(concurrency).build();
      long start = System.nanoTime();
      InferenceSummary summary = Inference.builder().client(client).questionsPath(questions)
          .tablesPath(workload.resolve("tables.jsonl")).shots(5).limit(limit).concurrency(concurrency).build()
          .run(predictions);
      long inferred = System.nanoTime();
      EvaluationReport report = Evaluator.builder().questionsPath(questions)
          .dbPath(workload.resolve("sqlite_tables.db")).noReportFile().showMismatches(false).noGoldCache()
          .build().run(predictions);
      long end = System.nanoTime();
      System.out.println(String.format(Locale.ROOT,
          "%d questions, %d ms latency, concurrency %d: inference %.2f s (%d written, %d failed), "
              + "evaluation %.2f s (%d of %d matched), total %.2f s",
          limit, latency, concurrency, (inferred - start) / 1e9, summary.written(), summary.failed().size(),
          (end - inferred) / 1e9, report.matches(), report.total(), (end - start) / 1e9));
    } finally {
      Files.deleteIfExists(predictions);
    }
  }
}
