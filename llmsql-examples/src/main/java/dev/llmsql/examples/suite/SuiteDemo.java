package dev.llmsql.examples.suite;

import dev.llmsql.examples.inference.GoldModelServer;
import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ProcessLog;
import dev.llmsql.models.suite.CapabilityScore;
import dev.llmsql.models.suite.CapabilitySuite;
import dev.llmsql.models.suite.MetricScore;
import dev.llmsql.models.suite.ModelResult;
import dev.llmsql.models.suite.SuiteReports;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A SCALE-style capability suite run on the bundled demo suite ({@code llmsql-examples/demo/suite} and
 * {@code demo/suite.json}): two loopback stand-in models ("careful", "sloppy") and one judge
 * ({@link DemoSuiteModels}), the scores printed and every report written to {@code target/suite-demo}
 * (open {@code leaderboard.html} for the radar charts). Run from the repository root:
 *
 * <pre>{@code
 * ./mvnw -q -pl llmsql-examples -am package -DskipTests
 * java -cp "llmsql-cli/target/llmsql.jar:llmsql-examples/target/classes" dev.llmsql.examples.suite.SuiteDemo
 * }</pre>
 */
public final class SuiteDemo {

  private SuiteDemo() {
  }

  public static void main(String[] args) throws Exception {
    Path demo = Path.of("llmsql-examples/demo");
    Path out = Path.of("target", "suite-demo");
    try (GoldModelServer models = GoldModelServer.scripted(10, DemoSuiteModels::reply)) {
      ProcessLog log = ProcessLog.to(out.resolve(SuiteReports.PROCESS_LOGS).resolve("process.jsonl"));
      List<ModelResult> results = CapabilitySuite.builder()
          .dataset(demo.resolve("suite"), demo.resolve("suite.json"))
          .judge(client(models, "judge", true, log))
          .concurrency(4)
          .build()
          .run(List.of(client(models, "careful", false, log), client(models, "sloppy", false, log)));
      for (ModelResult r : results) {
        System.out.println(r.model() + " (" + r.cases().size() + " cases, " + r.failedCases() + " failed to run)");
        for (CapabilityScore c : r.capabilities()) {
          System.out.println(String.format(Locale.ROOT, "  %-20s %5s", c.capability(), c.score()));
          for (MetricScore m : c.metrics()) {
            System.out.println(String.format(Locale.ROOT, "    %-24s %5s  (W %d, %d/%d points)", m.metric(),
                m.score(), m.weight(), m.points(), m.maxPoints()));
          }
        }
      }
      SuiteReports.write(results, out);
      System.out.println("reports and leaderboard.html in " + out.toAbsolutePath());
    }
  }

  private static ChatClient client(GoldModelServer server, String model, boolean json, ProcessLog log) {
    return ChatClient.builder().baseUrl(server.baseUrl()).model(model).jsonMode(json).maxConcurrency(4)
        .processLog(log).build();
  }
}
