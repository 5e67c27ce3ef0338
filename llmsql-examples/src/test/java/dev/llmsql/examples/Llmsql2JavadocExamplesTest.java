package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.benchmark.Llmsql2Prompt;
import dev.llmsql.benchmark.PromptTable;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.html.Leaderboard;
import dev.llmsql.report.leaderboard.LeaderboardYaml;
import dev.llmsql.report.leaderboard.PublishedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Javadoc examples of the LLMSQL 2.0 types of this branch, compiled and run so they stay true. */
class Llmsql2JavadocExamplesTest {

  static EvaluationReport report;

  @TempDir
  Path dir;

  @BeforeAll
  static void evaluate() {
    report = Evaluator.builder().questionsPath(Path.of("demo/questions.jsonl")).dbPath(Path.of("demo/demo.sqlite"))
        .noReportFile().showMismatches(false).build().run(Path.of("demo/predictions.jsonl"));
  }

  @Test
  void leaderboardYaml_example() throws Exception {
    Path file = dir.resolve("leaderboard/Qwen3-0.6B/0fewshots/run.yaml");

    LeaderboardYaml entry = LeaderboardYaml.builder().report(report).modelName("Qwen/Qwen3-0.6B")
        .answersPath("qwen3.jsonl").runMetadata(Map.of("type", "open-source")).build();
    entry.write(file);

    assertThat(Files.readString(file)).contains("  name: Qwen/Qwen3-0.6B\n", "type: open-source\n",
        "  execution_accuracy: 0.54\n", "  num_samples: 50\n", "  answers_path: qwen3.jsonl\n");
  }

  @Test
  void publishedRun_andLeaderboard_examples() throws Exception {
    LeaderboardYaml.builder().report(report).modelName("demo").build()
        .write(dir.resolve("llmsql-benchmark/leaderboard/demo/run.yaml"));

    List<PublishedRun> runs = PublishedRun.read(dir.resolve("llmsql-benchmark/leaderboard"));
    Leaderboard.write(List.of(new Leaderboard.Entry("mine", report)), List.of(), runs,
        dir.resolve("with-upstream.html"));

    assertThat(runs.get(0).executionAccuracy()).isEqualTo(0.54);
    assertThat(Files.readString(dir.resolve("with-upstream.html"))).contains("<h2>LLMSQL leaderboard</h2>");
  }

  @Test
  void llmsql2Prompt_and_promptTable_examples() throws Exception {
    String tablesJsonlLine = "{\"table_id\": \"1-29135051-2\", \"page_title\": \"The Rob Brydon Show\", "
        + "\"section_title\": \"Series 2\", \"header\": [\"Singer(s)\", \"Comedian\"], \"types\": [\"text\", "
        + "\"text\"], \"rows\": [[\"Hurts\", \"Joe Wilkinson\"]]}";

    PromptTable table = Llmsql2Prompt.table(new ObjectMapper().readTree(tablesJsonlLine));
    String prompt = Llmsql2Prompt.render("Name the singer for Joe Wilkinson", List.of(table));
    PromptTable t = new PromptTable("1-10015132-9", "Toronto Raptors all-time roster", "L",
        List.of("Player", "No."), List.of("text", "real"), List.of(List.of("Aleksandar Radojević", 25.0)), 1);

    assertThat(prompt).endsWith("""
        CREATE TABLE "1-29135051-2" ("Singer(s)" TEXT, "Comedian" TEXT);
        -- Wikipedia: The Rob Brydon Show / Series 2
        -- all rows:
        ["Hurts", "Joe Wilkinson"]

        Question: Name the singer for Joe Wilkinson""");
    assertThat(Llmsql2Prompt.render("q", List.of(t))).contains("[\"Aleksandar Radojević\", 25.0]");
  }
}
