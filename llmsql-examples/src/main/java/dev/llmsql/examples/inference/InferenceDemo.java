package dev.llmsql.examples.inference;

import dev.llmsql.Evaluator;
import dev.llmsql.models.inference.Inference;
import dev.llmsql.models.inference.InferenceSummary;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ProcessLog;
import dev.llmsql.report.EvaluationReport;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Inference then evaluation on the bundled demo benchmark: asks a model for each question's SQL, writes the
 * predictions, and evaluates them. Without arguments the "model" is a loopback {@link GoldModelServer} (so
 * it runs offline); give a base URL and model name to ask a real OpenAI-compatible server (key in
 * {@code OPENAI_API_KEY}). Run from the repository root:
 *
 * <pre>{@code
 * ./mvnw -q -pl llmsql-examples -am package -DskipTests
 * java -cp "llmsql-cli/target/llmsql.jar:llmsql-examples/target/classes" \
 *     dev.llmsql.examples.inference.InferenceDemo [http://localhost:8000/v1 qwen2.5-7b-instruct]
 * }</pre>
 */
public final class InferenceDemo {

  private InferenceDemo() {
  }

  public static void main(String[] args) throws Exception {
    Path demo = Path.of("llmsql-examples/demo");
    Path work = Files.createDirectories(Path.of("target", "inference-demo"));
    Path tables = SchemaTables.write(demo.resolve("demo.sqlite"), work.resolve("tables.jsonl"));
    Path predictions = work.resolve("predictions.jsonl");
    Files.deleteIfExists(predictions);
    GoldModelServer local = args.length >= 2 ? null
        : GoldModelServer.start(demo.resolve("questions.jsonl"), 20, sql -> "<think>easy</think>\n" + sql);
    try {
      ChatClient model = ChatClient.builder()
          .baseUrl(local != null ? local.baseUrl() : args[0])
          .model(local != null ? "gold" : args[1])
          .jsonMode(false)
          .maxConcurrency(4)
          .processLog(ProcessLog.to(work.resolve("process.jsonl")))
          .build();
      InferenceSummary summary = Inference.builder()
          .client(model)
          .questionsPath(demo.resolve("questions.jsonl"))
          .tablesPath(tables)
          .shots(1)
          .concurrency(4)
          .build()
          .run(predictions);
      System.out.println(summary.written() + " predictions written to " + predictions + ", "
          + summary.failed().size() + " failed");
      EvaluationReport report = Evaluator.builder()
          .questionsPath(demo.resolve("questions.jsonl"))
          .dbPath(demo.resolve("demo.sqlite"))
          .noReportFile()
          .showMismatches(false)
          .build()
          .run(predictions);
      System.out.println(report);
    } finally {
      if (local != null) {
        local.close();
      }
    }
  }
}
