package dev.llmsql.examples.inference;

import dev.llmsql.models.falcon.FalconRun;
import dev.llmsql.models.falcon.RoundResult;
import dev.llmsql.models.judge.ChatClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A Falcon-style run on the bundled demo benchmark: two loopback stand-in models ("careful" answers gold SQL,
 * "sloppy" gets every COUNT question wrong), two rounds, then the execution table printed and both CSV
 * tables written to {@code target/falcon-demo}. Run from the repository root:
 *
 * <pre>{@code
 * ./mvnw -q -pl llmsql-examples -am package -DskipTests
 * java -cp "llmsql-cli/target/llmsql.jar:llmsql-examples/target/classes" dev.llmsql.examples.inference.FalconDemo
 * }</pre>
 */
public final class FalconDemo {

  private FalconDemo() {
  }

  public static void main(String[] args) throws Exception {
    Path demo = Path.of("llmsql-examples/demo");
    Path out = Path.of("target", "falcon-demo");
    Files.createDirectories(out);
    Path tables = SchemaTables.write(demo.resolve("demo.sqlite"), out.resolve("tables.jsonl"));
    Path questions = demo.resolve("questions.jsonl");
    try (GoldModelServer careful = GoldModelServer.start(questions, 10, sql -> sql);
         GoldModelServer sloppy = GoldModelServer.start(questions, 10,
             sql -> sql.contains("COUNT(") ? "SELECT 0" : sql)) {
      List<RoundResult> results = FalconRun.builder()
          .model("careful", client(careful, "careful"))
          .model("sloppy", client(sloppy, "sloppy"))
          .rounds(2).shots(1).concurrency(4)
          .questionsPath(questions).tablesPath(tables).dbPath(demo.resolve("demo.sqlite"))
          .outputDir(out)
          .build()
          .run();
      System.out.println("round model      executed right wrong failed  exec-rate accuracy");
      for (RoundResult r : results) {
        System.out.println(String.format(Locale.ROOT, "%5d %-10s %8d %5d %5d %6d %10.2f %8.2f", r.round(),
            r.model(), r.executed(), r.right(), r.wrong(), r.failed(), r.executabilityRate(), r.accuracy()));
      }
      System.out.println("tables: " + out.resolve(FalconRun.EXECUTION_CSV) + ", "
          + out.resolve(FalconRun.COMPARISON_CSV));
    }
  }

  private static ChatClient client(GoldModelServer server, String name) {
    return ChatClient.builder().baseUrl(server.baseUrl()).model(name).jsonMode(false).maxConcurrency(4).build();
  }
}
