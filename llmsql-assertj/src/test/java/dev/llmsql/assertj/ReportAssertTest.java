package dev.llmsql.assertj;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Reports;
import org.junit.jupiter.api.Test;

class ReportAssertTest {

  static final EvaluationReport THREE_OF_FOUR = Reports.of(new boolean[] {true, true, false, true});
  static final EvaluationReport TWO_OF_FOUR_ONE_ERROR = Reports.of(new boolean[] {true, false, true, false}, 4);

  @Test
  void hasAccuracyAtLeast_reached_passes() {
    assertThat(THREE_OF_FOUR).hasAccuracyAtLeast(0.75).hasAtMostMismatches(1).hasNoSqlErrors()
        .hasNoInputProblems();
  }

  @Test
  void should_fail_when_accuracy_is_below_minimum_showing_worst_mismatch_first() {
    // GIVEN
    EvaluationReport report = TWO_OF_FOUR_ONE_ERROR;

    // WHEN / THEN
    assertThatThrownBy(() -> assertThat(report).hasAccuracyAtLeast(0.8)).isInstanceOf(AssertionError.class)
        .hasMessage("""

            Expecting accuracy >= 80.00%
            but was 50.00% (95% CI 15.00% to 85.00%, 2 of 4 matched).
            Worst mismatches (2 of 2):

            Mismatch #1: question 4 [ERROR PRED_ERROR]
              Question:   Question 4?
              Gold SQL:   SELECT n FROM t WHERE id = 4
              Pred SQL:   SELECT nme FROM t WHERE id = 4
              Gold rows:  [(3)]
              Pred rows:  (none)
              Why:        no such column: nme

            Mismatch #2: question 2 [MISMATCH VALUE_MISMATCH]
              Question:   Question 2?
              Gold SQL:   SELECT n FROM t WHERE id = 2
              Pred SQL:   SELECT n FROM t WHERE id = 2
              Gold rows:  [(3)]
              Pred rows:  [(4)]
              Why:        row 1, column 1: gold 3, predicted 4
            """);
  }

  @Test
  void should_fail_when_sql_failed_listing_error_and_sql() {
    assertThatThrownBy(() -> assertThat(TWO_OF_FOUR_ONE_ERROR).hasNoSqlErrors()).hasMessage("""

        Expecting no SQL errors
        but 1 prediction(s) failed to run:
          question 4 [PRED_ERROR]: no such column: nme
            SQL: SELECT nme FROM t WHERE id = 4""");
  }

  @Test
  void should_fail_when_too_many_mismatches() {
    assertThatThrownBy(() -> assertThat(THREE_OF_FOUR).hasAtMostMismatches(0)).hasMessage("""

        Expecting at most 0 mismatch(es)
        but there were 1 (accuracy 75.00%).
        Worst mismatches (1 of 1):

        Mismatch #1: question 3 [MISMATCH VALUE_MISMATCH]
          Question:   Question 3?
          Gold SQL:   SELECT n FROM t WHERE id = 3
          Pred SQL:   SELECT n FROM t WHERE id = 3
          Gold rows:  [(3)]
          Pred rows:  [(4)]
          Why:        row 1, column 1: gold 3, predicted 4
        """);
  }

  @Test
  void should_fail_when_input_problems_listing_location_and_fix() {
    assertThatThrownBy(() -> assertThat(Reports.withProblem(THREE_OF_FOUR)).hasNoInputProblems()).hasMessage("""

        Expecting no input problems
        but there were 1:
          outputs.jsonl:7: UNKNOWN_QUESTION_ID: question_id 99 is not in the benchmark's questions; \
        check that the predictions belong to this benchmark""");
  }

  @Test
  void isNoWorseThan_sameOrBetter_passes() {
    assertThat(THREE_OF_FOUR).isNoWorseThan(THREE_OF_FOUR)
        .isNoWorseThan(Reports.of(new boolean[] {true, false, false, true}));
  }

  @Test
  void should_fail_when_a_baseline_match_regressed_even_if_accuracy_is_equal() {
    // GIVEN: same accuracy (2 of 4), but question 2 now fails while 3 got fixed
    EvaluationReport baseline = Reports.of(new boolean[] {true, true, false, false});
    EvaluationReport now = Reports.of(new boolean[] {true, false, true, false});

    // WHEN / THEN
    assertThatThrownBy(() -> assertThat(now).isNoWorseThan(baseline)).hasMessage("""

        Expecting no regression against the baseline (accuracy 50.00%, 2 of 4 matched)
        but 1 question(s) that matched in the baseline do not match now (accuracy 50.00%, 2 of 4): 2

        Mismatch #1: question 2 [MISMATCH VALUE_MISMATCH]
          Question:   Question 2?
          Gold SQL:   SELECT n FROM t WHERE id = 2
          Pred SQL:   SELECT n FROM t WHERE id = 2
          Gold rows:  [(3)]
          Pred rows:  [(4)]
          Why:        row 1, column 1: gold 3, predicted 4
        """);
  }

  @Test
  void should_fail_when_baseline_question_is_no_longer_answered() {
    EvaluationReport baseline = Reports.of(new boolean[] {true, true});
    EvaluationReport now = Reports.of(new boolean[] {true});

    assertThatThrownBy(() -> assertThat(now).isNoWorseThan(baseline)).hasMessage("""

        Expecting no regression against the baseline (accuracy 100.00%, 2 of 2 matched)
        but 1 question(s) that matched in the baseline do not match now (accuracy 100.00%, 1 of 1): 2

        Regression #1: question 2 has no scored prediction now
        """);
  }

  @Test
  void hasAccuracyAtLeast_percentInsteadOfRate_namesFix() {
    assertThatThrownBy(() -> assertThat(THREE_OF_FOUR).hasAccuracyAtLeast(80))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("min is a rate in [0, 1] (0.8 for 80%), but was 80.0");
  }

  @Test
  void atLeastNaN_isAnArgumentError_notAPass() {
    // every comparison with NaN is false: the range check let it through and "accuracy < NaN" never failed
    String message = "min is a rate in [0, 1] (0.8 for 80%), but was NaN";
    assertThatThrownBy(() -> assertThat(THREE_OF_FOUR).hasAccuracyAtLeast(Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    assertThatThrownBy(() -> assertThat(THREE_OF_FOUR).hasLevelAccuracyAtLeast("easy", Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
    assertThatThrownBy(() -> assertThat(THREE_OF_FOUR).hasCategoryAccuracyAtLeast("lookup", Double.NaN))
        .isInstanceOf(IllegalArgumentException.class).hasMessage(message);
  }

  // keepResults(false) and capped mismatches: the assertions work from the counters

  @Test
  void hasNoSqlErrors_resultsNotKept_stillFailsNamingTheKeptError() {
    EvaluationReport trimmed = Reports.trimmed(TWO_OF_FOUR_ONE_ERROR, 2);

    assertThatThrownBy(() -> assertThat(trimmed).hasNoSqlErrors()).hasMessage("""

        Expecting no SQL errors
        but 1 prediction(s) failed to run:
          question 4 [PRED_ERROR]: no such column: nme
            SQL: SELECT nme FROM t WHERE id = 4""");
  }

  @Test
  void hasNoSqlErrors_errorNotKeptEither_failsSayingItIsNotNamed() {
    EvaluationReport trimmed = Reports.trimmed(TWO_OF_FOUR_ONE_ERROR, 1);

    assertThatThrownBy(() -> assertThat(trimmed).hasNoSqlErrors()).hasMessage("""

        Expecting no SQL errors
        but 1 prediction(s) failed to run:
          (1 more not named: the report does not keep them)""");
  }

  @Test
  void hasAtMostMismatches_cappedMismatchList_countsFromTheCounters() {
    EvaluationReport trimmed = Reports.trimmed(Reports.of(new boolean[] {false, false, false, true}), 1);

    assertThatThrownBy(() -> assertThat(trimmed).hasAtMostMismatches(2)).hasMessage("""

        Expecting at most 2 mismatch(es)
        but there were 3 (accuracy 25.00%).
        Worst mismatches (1 of 1):

        Mismatch #1: question 1 [MISMATCH VALUE_MISMATCH]
          Question:   Question 1?
          Gold SQL:   SELECT n FROM t WHERE id = 1
          Pred SQL:   SELECT n FROM t WHERE id = 1
          Gold rows:  [(3)]
          Pred rows:  [(4)]
          Why:        row 1, column 1: gold 3, predicted 4

          (2 more not named: the report does not keep them)""");
  }

  @Test
  void isNoWorseThan_baselineWithoutResults_failsOnFewerMatches() {
    EvaluationReport baseline = Reports.trimmed(Reports.of(new boolean[] {true, true, true, false}), 1);
    EvaluationReport now = Reports.of(new boolean[] {true, true, false, false});

    assertThatThrownBy(() -> assertThat(now).isNoWorseThan(baseline)).hasMessage("""

        Expecting no regression against the baseline (accuracy 75.00%, 3 of 4 matched)
        but 1 question(s) that matched in the baseline do not match now (accuracy 50.00%, 2 of 4): 3, 4
        (the baseline kept no per-question results (keepResults(false)), so the numbers of matches are \
        compared; the questions named are this report's kept mismatches)

        Mismatch #1: question 3 [MISMATCH VALUE_MISMATCH]
          Question:   Question 3?
          Gold SQL:   SELECT n FROM t WHERE id = 3
          Pred SQL:   SELECT n FROM t WHERE id = 3
          Gold rows:  [(3)]
          Pred rows:  [(4)]
          Why:        row 1, column 1: gold 3, predicted 4

        Mismatch #2: question 4 [MISMATCH VALUE_MISMATCH]
          Question:   Question 4?
          Gold SQL:   SELECT n FROM t WHERE id = 4
          Pred SQL:   SELECT n FROM t WHERE id = 4
          Gold rows:  [(3)]
          Pred rows:  [(4)]
          Why:        row 1, column 1: gold 3, predicted 4
        """);
  }

  @Test
  void isNoWorseThan_reportWithoutResults_namesTheRegressedQuestionEvenAtEqualAccuracy() {
    EvaluationReport baseline = Reports.of(new boolean[] {true, true, false, false});
    EvaluationReport now = Reports.trimmed(Reports.of(new boolean[] {true, false, true, false}), 10);

    assertThatThrownBy(() -> assertThat(now).isNoWorseThan(baseline)).hasMessageStartingWith("""

        Expecting no regression against the baseline (accuracy 50.00%, 2 of 4 matched)
        but 1 question(s) that matched in the baseline do not match now (accuracy 50.00%, 2 of 4): 2
        (this report kept no per-question results (keepResults(false)), so questions are compared with this \
        report's mismatches, and the numbers of matches)

        Mismatch #1: question 2 [MISMATCH VALUE_MISMATCH]""");
  }

  @Test
  void isNoWorseThan_neitherKeptResults_sameMatches_passes() {
    EvaluationReport baseline = Reports.trimmed(Reports.of(new boolean[] {true, true, false, false}), 0);
    EvaluationReport now = Reports.trimmed(Reports.of(new boolean[] {true, false, true, true}), 0);

    assertThat(now).isNoWorseThan(baseline);
  }
}
