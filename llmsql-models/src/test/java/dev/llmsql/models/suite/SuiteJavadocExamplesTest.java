package dev.llmsql.models.suite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.models.judge.ChatClient;
import dev.llmsql.models.judge.ChatServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code <pre>{@code ...}</pre>} examples of the suite package, compiled and run here so they cannot rot;
 * remote URLs are replaced by a loopback server, file names by temporary files.
 */
class SuiteJavadocExamplesTest {

  @TempDir
  Path dir;

  @Test
  void smallTypes_examplesHoldAsDocumented() {
    assertThat(Evaluation.parse("hybrid")).isEqualTo(Evaluation.HYBRID);
    assertThat(Answers.equal(Answers.json("{\"total\": \"25.00\"}"), Answers.json("{\"total\": 25}"))).isTrue();
    ScratchQuery.Result r = ScratchQuery.query(List.of("CREATE TABLE t(x INT)", "INSERT INTO t VALUES (1)"),
        "SELECT x FROM t", Duration.ofSeconds(5), 1000);
    assertThat(r.rows()).hasToString("[[1]]");
    MetricConfig m = new MetricConfig("sql_understanding", "explain_detection", 2, Evaluation.SUBJECTIVE,
        "Explain this SQL: {{sql}}", null, Map.of("ex-2", 3));
    assertThat(m.key()).isEqualTo("sql_understanding/explain_detection");
  }

  @Test
  void capabilitySuite_classExample_runsAndWritesReports() throws Exception {
    // given: the Javadoc's directory layout and config, with the remote servers on loopback
    Path suite = Files.createDirectories(dir.resolve("my-suite/sql_understanding"));
    Files.writeString(suite.resolve("explain_detection.jsonl"), "{\"id\": \"e1\", \"difficulty\": \"2\", \"sql\": "
        + "\"SELECT 1\"}\n");
    Path config = Files.writeString(dir.resolve("my-suite.json"), "{\"name\": \"mini\", \"capabilities\": "
        + "{\"sql_understanding\": {\"explain_detection\": {\"weight\": 2, \"evaluation\": \"subjective\", "
        + "\"prompt\": \"Explain this SQL: {{sql}}\"}}}}");
    try (ChatServer server = new ChatServer((model, body) -> ChatServer.ok(model.equals("judge-1")
        ? "{\"answer\": \"yes\"}" : "It returns the number 1."))) {
      // when
      ChatClient judge = ChatClient.builder().baseUrl(server.baseUrl()).model("judge-1").build();
      ChatClient target = ChatClient.builder().baseUrl(server.baseUrl()).model("qwen2.5").jsonMode(false).build();
      List<ModelResult> results = CapabilitySuite.builder()
          .dataset(dir.resolve("my-suite"), config)
          .judge(judge)
          .build()
          .run(List.of(target));
      List<Path> written = SuiteReports.write(results, dir.resolve("suite-reports"));

      // then
      assertThat(results.get(0).capability("sql_understanding").map(CapabilityScore::score))
          .hasValueSatisfying(s -> assertThat(s).hasToString("100.0"));
      assertThat(results.get(0).cases().get(0).status() == CaseStatus.PASS).isTrue();
      assertThat(results.get(0)).hasToString("ModelResult[qwen2.5, 1 case(s), 0 failed, [sql_understanding=100.0]]");
      assertThat(written).extracting(p -> dir.relativize(p).toString().replace('\\', '/')).containsExactly(
          "suite-reports/eval_reports/qwen2.5.json",
          "suite-reports/evaluation_case_reports/qwen2.5/sql_understanding.json",
          "suite-reports/model_pages/qwen2.5.html",
          "suite-reports/leaderboard.html");
      assertThat(SuiteScores.score(SuiteConfig.read(config), results.get(0).cases())).hasSize(1);
    }
  }
}
