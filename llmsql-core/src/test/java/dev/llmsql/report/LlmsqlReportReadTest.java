package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.prediction.InputMode;
import dev.llmsql.report.html.Leaderboard;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** LLMSQL's own report files (as its Python evaluate() saves them) are read for the leaderboard. */
class LlmsqlReportReadTest {

  @TempDir
  Path dir;

  @Test
  void readAnyReport_pythonLlmsql1Report_countsAndLocalTimestampAsUtc() throws IOException {
    Path file = Files.writeString(dir.resolve("evaluation_results_5f0c.json"), """
        {"total": 4, "matches": 3, "pred_none": 1, "gold_none": 0, "sql_errors": 1, "accuracy": 0.75,
         "mismatches": [{"question_id": 7, "question": "q", "gold_sql": "SELECT 1", "model_output": "x",
                         "gold_results": [[1]], "prediction_results": []}],
         "timestamp": "2026-03-01T10:20:30.123456", "input_mode": "dict_list"}
        """);

    EvaluationReport r = FullReportJson.readAnyReport(file);

    assertThat(List.of(r.total(), r.matches(), r.predNone(), r.goldNone(), r.sqlErrors(), r.unanswered()))
        .containsExactly(4, 3, 1, 0, 1, 0);
    assertThat(r.accuracy()).isEqualTo(0.75);
    assertThat(r.timestamp()).isEqualTo(Instant.parse("2026-03-01T10:20:30.123456Z"));
    assertThat(r.inputMode()).isEqualTo(InputMode.DICT_LIST);
    assertThat(r.benchmark()).isEqualTo("LLMSQL 1.0 (LLMSQL report)");
    assertThat(r.judge()).isEqualTo("llmsql");
    assertThat(r.version()).isEmpty();
  }

  @Test
  void readAnyReport_pythonLlmsql2CoverageReport_isPartialAndGroupsWithOurLlmsql2Runs() throws IOException {
    Path file = Files.writeString(dir.resolve("qwen.json"), """
        {"model_name": "qwen3", "version": "2.0", "total": 8, "matches": 6, "exact_string_matches": 2,
         "pred_none": 0, "gold_none": 0, "sql_errors": 1, "accuracy": 0.75, "exact_string_match_accuracy": 0.25,
         "category_accuracy": {"join": {"total": 2, "matches": 1, "accuracy": 0.5}},
         "mismatches": [], "timestamp": "2026-03-01T10:20:30+02:00", "input_mode": "jsonl_path",
         "expected": 10, "answered": 8, "missing": 2, "duplicates": 0, "accuracy_over_benchmark": 0.6}
        """);

    EvaluationReport r = FullReportJson.readAnyReport(file);

    assertThat(r.modelName()).contains("qwen3");
    assertThat(r.version()).contains("2.0");
    assertThat(List.of(r.expected(), r.answered(), r.missing(), r.exactStringMatches())).containsExactly(10, 8, 2, 2);
    assertThat(r.accuracyOverBenchmark()).isEqualTo(0.6);
    assertThat(r.timestamp()).isEqualTo(Instant.parse("2026-03-01T08:20:30Z"));
    assertThat(r.categoryAccuracy().get("join")).isEqualTo(new Breakdown("join", 2, 1));
    EvaluationReport ours = EvaluationReport.builder().total(10).matches(7).predNone(0).goldNone(0).sqlErrors(0)
        .accuracy(0.7).timestamp(Instant.EPOCH).inputMode(InputMode.JSONL_PATH).judge("llmsql")
        .benchmark("LLMSQL 2.0 (llmsql_workdir)").details(List.of()).build();
    String html = Leaderboard.render(List.of(new Leaderboard.Entry("ours", ours), new Leaderboard.Entry("qwen", r)));
    assertThat(html).contains("<p>2 report(s), ranked by accuracy, 1 partial (fewer predictions than questions)</p>",
        "partial: 8 of 10 questions").doesNotContain("class=\"benchmark\"");
  }

  @Test
  void readAnyReport_negativeCount_namesFileFieldAndFix() throws IOException {
    Path file = Files.writeString(dir.resolve("bad.json"), "{\"total\": -1, \"matches\": 0, \"accuracy\": 0}");

    assertThatThrownBy(() -> FullReportJson.readAnyReport(file)).isInstanceOf(IOException.class)
        .hasMessage(file + " is a damaged LLMSQL report: \"total\" must be a whole number from 0, but was -1; "
            + "give the JSON file LLMSQL's evaluate() saved, unchanged");
  }

  @Test
  void readAnyReport_otherJson_keepsTheFullReportMessage() throws IOException {
    Path file = Files.writeString(dir.resolve("other.json"), "{\"hello\": 1}");

    assertThatThrownBy(() -> FullReportJson.readAnyReport(file)).isInstanceOf(IOException.class)
        .hasMessageStartingWith(file + " is not an llmsql-java full report");
  }
}
