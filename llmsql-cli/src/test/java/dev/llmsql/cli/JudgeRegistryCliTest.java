package dev.llmsql.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The command line lists judges and scorings from the {@code JudgeProvider} and {@code ScoringProvider} registries,
 * not from a text of its own: {@link TestJudgeProvider} and {@link TestScoringProvider}, registered only in these
 * tests, appear in {@code evaluate}'s help (as their providers' default {@code help()} spells them) and its
 * messages, and are taken by {@code --judge}, {@code --compare-judges} and {@code --scoring}.
 */
class JudgeRegistryCliTest extends CliHarness {

  private static final Path DEMO = CliTest.DEMO;

  private String[] demo(String... more) {
    java.util.List<String> args = new java.util.ArrayList<>(java.util.List.of("evaluate", "--outputs",
        DEMO.resolve("predictions.jsonl").toString(), "--questions-path", DEMO.resolve("questions.jsonl").toString(),
        "--db-path", DEMO.resolve("demo.sqlite").toString(), "--no-save-report", "--threads", "1",
        "--no-show-mismatches"));
    args.addAll(java.util.List.of(more));
    return args.toArray(String[]::new);
  }

  @Test
  void help_listsTheRegisteredJudgeAndScoring_afterTheBuiltIns() {
    assertThat(run("evaluate", "--help")).isZero();

    String pad = "\n" + " ".repeat(41);
    assertThat(out()).contains("      --judge NAME                     default: LLMSQL's rules per question (2.0 rules, "
        + "llmsql2, for questions" + pad + "with an \"answer\"; 1.0 rules for the rest); llmsql (1.0 rules for every"
        + pad + "question), llmsql2[:skip-comments,strict-two-part,all-null-pred-none,"
        + pad + "strict], testjudge[:lenient], llmsql-rs, bird[:ves,keep-equal-ratios],"
        + pad + "defog[:no-broadcast], falcon[:empty-match,unflagged-ordered,typed],"
        + pad + "spider2[:typed,one-to-one], strict, spider-exec[:keep-distinct,"
        + pad + "no-repair,extract,no-test-suite], exact-set[:keep-values,extract,"
        + pad + "structural], spider[:fix-hardness,fix-and-or,plain-f1] (Spider's"
        + pad + "report by hardness), dialect-valid[:"
        + pad + "sqlite|mysql|postgresql|oracle|sqlserver], llm, llm:hybrid (LLM judges"
        + pad + "read LLMSQL_JUDGE_* variables; see docs/JUDGES.md)\n"
        + "      --compare-judges A,B,...         also judge with each and print, per pair, how many questions differ\n"
        + "      --scoring NAME[,NAME...]         extra scores: test-share, executability, weighted[:unknown-as-1],"
        + pad + "soft-f1, relative-efficiency, dialect-validity\n");
  }

  @Test
  void judge_registered_isTakenWithItsOption() {
    assertThat(run(demo("--judge", "testjudge:lenient"))).as(err()).isZero();

    assertThat(out()).contains("Evaluation summary (judge testjudge:lenient,");
  }

  @Test
  void judge_registered_unknownOption_namesItsOptions() {
    assertThat(run(demo("--judge", "testjudge:strict"))).isEqualTo(Cli.USAGE);

    assertThat(err()).isEqualTo("llmsql evaluate: judge 'testjudge' has no option 'strict'; known options: "
        + "lenient\n");
  }

  @Test
  void compareJudges_takesTheRegisteredJudge() {
    assertThat(run(demo("--compare-judges", "llmsql,testjudge:lenient"))).as(err()).isZero();

    assertThat(out()).contains("  llmsql vs testjudge:lenient");
  }

  @Test
  void scoring_registered_isTakenAndPrinted() {
    assertThat(run(demo("--scoring", "test-share"))).as(err()).isZero();

    assertThat(out()).contains("  Input problems: 0\n"
        + "  test-share:     0.5400 (share of questions matched), 95% CI unavailable\n");
  }
}
