package dev.llmsql.assertj;

import static dev.llmsql.assertj.LlmsqlAssertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.report.Breakdown;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.Llmsql2Figures;
import dev.llmsql.report.Reports;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CategoryAccuracyAssertTest {

  static final EvaluationReport V2 = Reports.of(new boolean[] {true, false, true, true}).withLlmsql2(
      new Llmsql2Figures("m", "2.0", 0, Map.of("lookup", new Breakdown("lookup", 2, 1),
          "convention", new Breakdown("convention", 2, 2)), 4, 4, 0, 0));

  @Test
  void hasCategoryAccuracyAtLeast_reached_passes() {
    assertThat(V2).hasCategoryAccuracyAtLeast("lookup", 0.5).hasCategoryAccuracyAtLeast("convention", 1.0);
  }

  @Test
  void hasCategoryAccuracyAtLeast_below_failsWithTheCategorysCounts() {
    assertThatThrownBy(() -> assertThat(V2).hasCategoryAccuracyAtLeast("lookup", 0.75))
        .isInstanceOf(AssertionError.class)
        .hasMessage("%nExpecting accuracy of category 'lookup' >= 75.00%%%nbut was 50.00%% (1 of 2 matched).".formatted());
  }

  @Test
  void hasCategoryAccuracyAtLeast_unknownCategory_namesTheOnesThereAre() {
    assertThatThrownBy(() -> assertThat(V2).hasCategoryAccuracyAtLeast("text_quantity", 0.1))
        .isInstanceOf(AssertionError.class)
        .hasMessage("%nExpecting accuracy of category 'text_quantity' >= 10.00%%%nbut the report has only the "
            .formatted() + "categories [convention, lookup].");
    assertThatThrownBy(() -> assertThat(Reports.of(new boolean[] {true})).hasCategoryAccuracyAtLeast("lookup", 0.1))
        .isInstanceOf(AssertionError.class)
        .hasMessageEndingWith("but the report has no categories (not LLMSQL 2.0 questions).");
  }

  @Test
  void hasCategoryAccuracyAtLeast_rateOutOfRange_isAnArgumentError() {
    assertThatThrownBy(() -> assertThat(V2).hasCategoryAccuracyAtLeast("lookup", 50))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("min is a rate in [0, 1] (0.8 for 80%), but was 50.0");
  }
}
