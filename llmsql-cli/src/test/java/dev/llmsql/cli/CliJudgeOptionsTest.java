package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code --judge}, {@code --compare-judges} and {@code --scoring} on the bundled demo benchmark. */
class CliJudgeOptionsTest {

  static final Path DEMO = Path.of("..", "llmsql-examples", "demo");

  final ByteArrayOutputStream out = new ByteArrayOutputStream();
  final ByteArrayOutputStream err = new ByteArrayOutputStream();

  int run(String... extra) {
    String[] base = {"evaluate", "--outputs", DEMO.resolve("predictions.jsonl").toString(), "--questions-path",
        DEMO.resolve("questions.jsonl").toString(), "--db-path", DEMO.resolve("demo.sqlite").toString(),
        "--no-save-report", "--no-show-mismatches", "--threads", "1", "--no-gold-cache"};
    String[] args = new String[base.length + extra.length];
    System.arraycopy(base, 0, args, 0, base.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return new Cli(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
  }

  String out() {
    return out.toString(StandardCharsets.UTF_8);
  }

  String err() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void judge_named_isUsedAndShownInTheSummary() {
    assertThat(run("--judge", "spider-exec:keep-distinct")).isZero();
    assertThat(out()).contains("Evaluation summary (judge spider-exec:keep-distinct,");
  }

  @Test
  void judge_unknown_listsKnownJudges() {
    assertThat(run("--judge", "spidr")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: unknown judge 'spidr'; known judges: bird, defog, defog-subset, "
        + "dialect-valid, exact-set, falcon, llm, llmsql, llmsql-rs, llmsql2, spider, spider-exec, spider2, strict, "
        + "testjudge\n");
  }

  @Test
  void judge_unknownOption_listsKnownOptions() {
    assertThat(run("--judge", "spider-exec:keep")).isEqualTo(Cli.USAGE);
    assertThat(err()).isEqualTo("llmsql evaluate: judge 'spider-exec' has no option 'keep'; known options: "
        + "extract, keep-distinct, no-repair, no-test-suite\n");
  }

  @Test
  void compareJudges_printsEveryPair() {
    assertThat(run("--compare-judges", "llmsql,spider-exec:keep-distinct,no-repair,bird")).isZero();
    assertThat(out()).contains("Judges compared\n", "Disagreements (questions one judge matches and the "
        + "other does not)\n", "  llmsql vs spider-exec:keep-distinct,no-repair", "  llmsql vs bird",
        "  spider-exec:keep-distinct,no-repair vs bird");
  }

  @Test
  void compareJudges_single_isAUsageError() {
    assertThat(run("--compare-judges", "bird")).isEqualTo(Cli.USAGE);
    assertThat(err()).startsWith("llmsql evaluate: --compare-judges needs at least two judges, e.g. "
        + "llmsql,spider-exec,bird; known: ");
  }

  @Test
  void scoring_unknown_listsKnownScorings() {
    assertThat(run("--scoring", "nope")).isEqualTo(Cli.USAGE);
    assertThat(err()).startsWith("llmsql evaluate: unknown scoring 'nope'; known scorings: accuracy");
  }
}
