package dev.llmsql.examples;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import java.nio.file.Path;

/**
 * Evaluates the bundled demo benchmark from code and prints the summary: the smallest complete use of the
 * library. Run from the repository root:
 *
 * <pre>{@code
 * ./mvnw -q -pl llmsql-examples -am package -DskipTests
 * java -cp "llmsql-cli/target/llmsql.jar:llmsql-examples/target/classes" dev.llmsql.examples.EvaluateDemo
 * }</pre>
 */
public final class EvaluateDemo {

  private EvaluateDemo() {
  }

  public static void main(String[] args) {
    Path demo = Path.of(args.length > 0 ? args[0] : "llmsql-examples/demo");
    EvaluationReport report = Evaluator.builder()
        .questionsPath(demo.resolve("questions.jsonl"))
        .dbPath(demo.resolve("demo.sqlite"))
        .noReportFile()
        .showMismatches(System.out, 3)
        .build()
        .run(demo.resolve("predictions.jsonl"));
    System.out.println(report);
  }
}
