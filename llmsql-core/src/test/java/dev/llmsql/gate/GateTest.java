package dev.llmsql.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Reports;
import dev.llmsql.result.QuestionDetail;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GateTest {

  /** Questions 1..20; baseline matches 1..12 (60%), current 1..10 and 13..15 (65%): 11, 12 regressed. */
  static final EvaluationReport BASELINE = Reports.of(right(1, 12));
  static final EvaluationReport CURRENT = Reports.of(right(1, 10, 13, 15));

  static boolean[] right(int... ranges) {
    boolean[] r = new boolean[20];
    for (int i = 0; i < ranges.length; i += 2) {
      for (int q = ranges[i]; q <= ranges[i + 1]; q++) {
        r[q - 1] = true;
      }
    }
    return r;
  }

  @Test
  void failUnder_belowThreshold_failsWithOneLine() {
    GateResult result = Gate.builder().failUnder(0.7).build().check(CURRENT);
    assertThat(result.passed()).isFalse();
    assertThat(result.summary()).isEqualTo("llmsql gate: FAILED: accuracy 0.6500 < 0.7000 (fail-under)");
  }

  @Test
  void failUnder_exactlyAtThreshold_passes() {
    GateResult result = Gate.builder().failUnder(0.65).build().check(CURRENT);
    assertThat(result.passed()).isTrue();
    assertThat(result.summary()).isEqualTo("llmsql gate: passed: accuracy 0.6500 >= 0.6500 (fail-under)");
  }

  @Test
  void failUnder_scoreNotInReport_failsNamingTheFix() {
    GateResult result = Gate.builder().failUnder(0.6).failUnder("soft-f1", 0.5).build().check(CURRENT);
    assertThat(result.summary()).isEqualTo("llmsql gate: FAILED: accuracy 0.6500 >= 0.6000 (fail-under), "
        + "soft-f1 missing (the run did not compute it; add it with --scoring soft-f1)");
  }

  @Test
  void failUnder_levelNotInReport_namesWhatGivesTheLevel_notAScoring() {
    // "--scoring hard" is refused: the hint named a fix that does not exist
    GateResult result = Gate.builder().failUnder("hard", 0.5).failUnder("sql:nested", 0.4).build().check(CURRENT);
    String why = " missing (no question of the run is at that level: Spider's hardness needs --judge spider, a "
        + "difficulty level the questions' \"difficulty\", a sql:, db: or table: slice --breakdowns)";
    assertThat(result.summary()).isEqualTo("llmsql gate: FAILED: hard" + why + ", sql:nested" + why);
  }

  @Test
  void baseline_betterOverallButTwoRegressed_passesAndListsThem() {
    GateResult result = Gate.builder().baseline(BASELINE).build().check(CURRENT);
    assertThat(result.passed()).isTrue();
    assertThat(result.summary()).isEqualTo("llmsql gate: passed: accuracy 0.6500 >= 0.6000 (baseline 0.6000 "
        + "- tolerance 0.0000); 2 question(s) regressed: 11, 12");
    assertThat(result.regressions()).extracting(GateResult.Regression::describe).containsExactly(
        "question 11: matched in the baseline, now MISMATCH VALUE_MISMATCH",
        "question 12: matched in the baseline, now MISMATCH VALUE_MISMATCH");
  }

  @Test
  void baseline_repeatedQuestions_pairEachRepeatWithItsOwn() {
    // LLMSQL 2.0 scores every line: question 1 answered twice, wrong then right, in both runs; each repeat was
    // paired with the first result now, so a run gated against its own report regressed
    var wrong = Reports.of(new boolean[] {false}).results().get(0);
    var right = Reports.of(new boolean[] {true}).results().get(0);
    EvaluationReport repeated = Reports.of(new boolean[] {false}).toBuilder().results(List.of(wrong, right))
        .total(2).matches(1).accuracy(0.5).build();

    GateResult result = Gate.builder().baseline(repeated).maxRegressions(0).build().check(repeated);

    assertThat(result.regressions()).isEmpty();
    assertThat(result.passed()).isTrue();
    // answered right twice before, once (right) now: the repeat not made is no regression
    EvaluationReport twiceRight = repeated.toBuilder().results(List.of(right, right)).matches(2).accuracy(1.0)
        .build();
    EvaluationReport onceRight = repeated.toBuilder().results(List.of(right)).total(1).matches(1).accuracy(1.0)
        .build();
    assertThat(Gate.builder().baseline(twiceRight).maxRegressions(0).build().check(onceRight).regressions())
        .isEmpty();
  }

  @Test
  void baseline_worseBeyondTolerance_fails() {
    GateResult result = Gate.builder().baseline(CURRENT).tolerance(0.02).build().check(BASELINE);
    assertThat(result.passed()).isFalse();
    assertThat(result.summary()).isEqualTo("llmsql gate: FAILED: accuracy 0.6000 < 0.6300 (baseline 0.6500 "
        + "- tolerance 0.0200); 3 question(s) regressed: 13, 14, 15");
  }

  @Test
  void baseline_worseWithinTolerance_passes() {
    GateResult result = Gate.builder().baseline(CURRENT).tolerance(0.05).build().check(BASELINE);
    assertThat(result.passed()).isTrue();
    assertThat(result.summary()).isEqualTo("llmsql gate: passed: accuracy 0.6000 >= 0.6000 (baseline 0.6500 "
        + "- tolerance 0.0500); 3 question(s) regressed: 13, 14, 15");
  }

  @Test
  void maxRegressions_exceeded_fails() {
    GateResult result = Gate.builder().baseline(BASELINE).maxRegressions(1).build().check(CURRENT);
    assertThat(result.passed()).isFalse();
    assertThat(result.summary()).isEqualTo("llmsql gate: FAILED: accuracy 0.6500 >= 0.6000 (baseline 0.6000 "
        + "- tolerance 0.0000), 2 regression(s) > 1 (max-regressions); 2 question(s) regressed: 11, 12");
  }

  @Test
  void baseline_ofAnotherBenchmark_isRefused() {
    List<QuestionDetail> other = BASELINE.details().stream().map(d -> d.questionId() != 7 ? d
        : new QuestionDetail(7, d.question(), "SELECT 1", d.predictedSql(), d.tags(), d.difficulty())).toList();
    Gate gate = Gate.builder().baseline(BASELINE.withDetails(other)).build();
    assertThatThrownBy(() -> gate.check(CURRENT)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("the reports are of different benchmarks: question 7 has different gold SQL "
            + "('local questions.jsonl' and 'local questions.jsonl'); compare runs of the same benchmark");
  }

  @Test
  void junitXml_listsEachConditionAndTheRegressions() {
    GateResult result = Gate.builder().failUnder(0.7).baseline(BASELINE).build().check(CURRENT);
    assertThat(result.toJunitXml()).isEqualTo("""
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="llmsql gate" tests="2" failures="1">
          <testsuite name="llmsql gate" tests="2" failures="1" errors="0" skipped="0">
            <testcase classname="llmsql.gate.fail-under" name="accuracy &gt;= 0.7000 (fail-under)">
              <failure type="fail-under" message="accuracy 0.6500 &lt; 0.7000 (fail-under)"/>
            </testcase>
            <testcase classname="llmsql.gate.baseline" name="accuracy &gt;= 0.6000 (baseline)">
              <system-out>question 11: matched in the baseline, now MISMATCH VALUE_MISMATCH
        question 12: matched in the baseline, now MISMATCH VALUE_MISMATCH</system-out>
            </testcase>
          </testsuite>
        </testsuites>
        """);
  }

  @Test
  void githubAnnotations_errorPerFailureWarningPerRegression() {
    GateResult result = Gate.builder().failUnder(0.7).baseline(BASELINE).build().check(CURRENT);
    assertThat(result.toGithubAnnotations(Optional.of("out/preds,v2.jsonl"))).containsExactly(
        "::error file=out/preds%2Cv2.jsonl,title=llmsql gate%3A accuracy >= 0.7000 (fail-under)::"
            + "accuracy 0.6500 < 0.7000 (fail-under)",
        "::warning file=out/preds%2Cv2.jsonl,title=regressed question 11::"
            + "question 11: matched in the baseline, now MISMATCH VALUE_MISMATCH",
        "::warning file=out/preds%2Cv2.jsonl,title=regressed question 12::"
            + "question 12: matched in the baseline, now MISMATCH VALUE_MISMATCH",
        "::error title=llmsql gate::llmsql gate: FAILED: accuracy 0.6500 < 0.7000 (fail-under), accuracy 0.6500 "
            + ">= 0.6000 (baseline 0.6000 - tolerance 0.0000); 2 question(s) regressed: 11, 12");
    assertThat(Gate.builder().failUnder(0.5).build().check(CURRENT).toGithubAnnotations(Optional.empty()))
        .containsExactly("::notice title=llmsql gate::llmsql gate: passed: accuracy 0.6500 >= 0.5000 (fail-under)");
  }

  @Test
  void builder_rejectsEmptyAndConflictingGates() {
    assertThatThrownBy(() -> Gate.builder().build()).isInstanceOf(IllegalStateException.class)
        .hasMessage("a gate needs a condition: failUnder(...) or baseline(...)");
    assertThatThrownBy(() -> Gate.builder().failUnder(1.5).tolerance(0.1).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("fail-under accuracy is a rate in [0, 1] (0.7 for 70%), but was 1.5; a tolerance needs a "
            + "baseline to be tolerant against; set baseline(...) or drop tolerance");
    assertThatThrownBy(() -> Gate.builder().failUnder(0.5).failUnder("accuracy", 0.6).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("fail-under accuracy is given twice; give each score once");
    assertThatThrownBy(() -> Gate.builder().failUnder("soft-f1", Double.NaN).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("fail-under soft-f1 needs a finite minimum >= 0 (0.7 for 70%), but was NaN");
  }

  @Test
  void githubAnnotations_hostileFileName_cannotStartAnotherCommand() {
    GateResult result = Gate.builder().failUnder(0.7).build().check(CURRENT);
    assertThat(result.toGithubAnnotations(Optional.of("p.jsonl\n::add-mask::x%0A")).get(0))
        .isEqualTo("::error file=p.jsonl%0A%3A%3Aadd-mask%3A%3Ax%250A,title=llmsql gate%3A accuracy >= 0.7000 "
            + "(fail-under)::accuracy 0.6500 < 0.7000 (fail-under)");
  }

  @Test
  void build_aSettingGivenTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> Gate.builder().baseline(BASELINE).tolerance(0.01).tolerance(0.02).maxRegressions(1)
        .maxRegressions(2).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("tolerance(0.01) and tolerance(0.02) conflict; set tolerance once; "
            + "maxRegressions(1) and maxRegressions(2) conflict; set maxRegressions once");
    assertThatThrownBy(() -> Gate.builder().baseline(BASELINE).baseline(CURRENT).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("baseline(...) and baseline(...) conflict; set baseline once");
    assertThat(Gate.builder().baseline(BASELINE).baseline(BASELINE).tolerance(0.01).tolerance(0.01).build())
        .isNotNull();
  }
}
