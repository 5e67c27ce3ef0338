package dev.llmsql.examples;

import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import java.nio.file.Path;

/**
 * LLMSQL's one-liner: downloads LLMSQL 2.0 into {@code llmsql_workdir} on first use (from {@code HF_ENDPOINT}
 * or the Hugging Face hub), prints the first 5 mismatches, saves {@code evaluation_results_{uuid}.json} in the
 * working directory and prints the summary.
 *
 * <pre>{@code
 * java -cp llmsql-cli/target/llmsql.jar:llmsql-examples/target/classes \
 *     dev.llmsql.examples.EvaluateWithDefaults outputs.jsonl
 * }</pre>
 */
public final class EvaluateWithDefaults {

  private EvaluateWithDefaults() {
  }

  public static void main(String[] args) {
    EvaluationReport report = Evaluator.evaluate(Path.of(args[0]));
    System.out.println(report);
  }
}
