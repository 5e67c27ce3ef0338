package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code llmsql leaderboard} accepts the report file LLMSQL's Python evaluate() saves. */
class LeaderboardPythonReportCliTest {

  @TempDir
  Path dir;

  @Test
  void leaderboard_pythonReport_isRankedAndFlaggedPartial() throws Exception {
    Path python = Files.writeString(dir.resolve("evaluation_results_ab12.json"), """
        {"model_name": "qwen3", "version": "2.0", "total": 3, "matches": 2, "exact_string_matches": 0,
         "pred_none": 0, "gold_none": 0, "sql_errors": 1, "accuracy": 0.6666666666666666,
         "exact_string_match_accuracy": 0.0, "mismatches": [], "timestamp": "2026-03-01T10:20:30.5",
         "input_mode": "jsonl_path", "expected": 4, "answered": 3, "missing": 1, "duplicates": 0,
         "accuracy_over_benchmark": 0.5}
        """);
    Path board = dir.resolve("board.html");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"leaderboard", python.toString(),
            "--out", board.toString()});

    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
    assertThat(status).isEqualTo(Cli.OK);
    assertThat(Files.readString(board)).contains("<p>1 report(s), ranked by accuracy, 1 partial (fewer predictions "
        + "than questions)</p>", "<td data-sort=\"evaluation_results_ab12\">evaluation_results_ab12 <span "
        + "class=\"partial\"", "partial: 3 of 4 questions</span></td><td data-sort=\"0.6666666666666666\">66.67% (95% CI 20.77% to "
        + "93.85%)</td>",
        "<td data-sort=\"LLMSQL 2.0 (LLMSQL report)\">LLMSQL 2.0 (LLMSQL report)</td>");
  }
}
