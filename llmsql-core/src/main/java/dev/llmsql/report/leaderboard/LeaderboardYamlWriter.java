package dev.llmsql.report.leaderboard;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.ReportWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The {@code leaderboard-yaml} format: upstream LLMSQL's leaderboard entry ({@link LeaderboardYaml}) of the
 * report. The entry's other settings (model name, answers path, run metadata, ...) come as a
 * {@link LeaderboardYaml.Builder} without a report in the extras; the writer gives it the report and builds it.
 * Not {@link #listed()}: it has its option ({@code --save-leaderboard-yaml}).
 *
 * <pre>{@code
 * EvaluationReport report = Evaluator.evaluate(Path.of("outputs.jsonl"));
 * LeaderboardYaml.Builder entry = LeaderboardYaml.builder().modelName("Qwen/Qwen3-0.6B").answersPath("outputs.jsonl");
 * ReportWriters.named("leaderboard-yaml").write(report, ReportWriter.Extras.of(entry), Path.of("run.yaml"));
 * }</pre>
 */
public final class LeaderboardYamlWriter implements ReportWriter {

  /** The writer {@link java.util.ServiceLoader} makes. */
  public LeaderboardYamlWriter() {
  }

  @Override
  public String format() {
    return "leaderboard-yaml";
  }

  @Override
  public String extension() {
    return "yaml";
  }

  @Override
  public boolean listed() {
    return false;
  }

  /**
   * {@inheritDoc}
   *
   * @throws IllegalStateException when the entry's settings are refused ({@link LeaderboardYaml.Builder#build()})
   */
  @Override
  public void write(EvaluationReport report, Extras extras, OutputStream out) throws IOException {
    LeaderboardYaml.Builder entry = extras.get(LeaderboardYaml.Builder.class).orElseGet(LeaderboardYaml::builder);
    out.write(entry.report(report).build().toYaml().getBytes(StandardCharsets.UTF_8));
  }
}
