package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.result.KeptRows;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class EvaluationReportBuilderTest {

  private static final QuestionDetail DETAIL = new QuestionDetail(2, "How many?", "SELECT 1", "SELECT 2", List.of(),
      null);

  private static EvaluationReport.Builder minimal() {
    return EvaluationReport.builder().judge("llmsql").benchmark("b").inputMode(InputMode.DICT_LIST)
        .timestamp(Instant.EPOCH);
  }

  @Test
  void countsNotGiven_areCountedFromTheResults_andDetailsAreTheResultsOwn() {
    List<QuestionResult> results = List.of(
        new QuestionResult(1, Verdict.match(), 1, 1, false, true, null, 10),
        new QuestionResult(2, Verdict.error(Reason.PRED_ERROR, "no such table"), 1, 1, false, false, "no such table", 10).withQuestion(0, List.of(), DETAIL),
        new QuestionResult(3, Verdict.mismatch(Reason.VALUE_MISMATCH, ""), 1, 1, true, false, null, 10));

    EvaluationReport report = minimal().results(results).build();

    assertThat(List.of(report.total(), report.matches(), report.sqlErrors(), report.predNone(), report.goldNone()))
        .containsExactly(3, 1, 1, 1, 1);
    assertThat(report.accuracy()).isEqualTo(1.0 / 3);
    assertThat(report.details()).containsExactly(DETAIL);
    assertThat(report.tally()).isEqualTo(Tally.of(results));
    assertThat(report.savedTo()).isEmpty();
    assertThat(report.llmsql2()).isEmpty();
  }

  @Test
  void mismatches_areTheViewOfTheResultsThatCarryKeptRows() {
    // GIVEN: question 2 keeps its rows, question 3 (a mismatch past the cap) does not
    Verdict wrong = Verdict.mismatch(Reason.VALUE_MISMATCH, "gold 1, predicted 2");
    List<QuestionResult> results = List.of(
        new QuestionResult(1, Verdict.match(), 1, 1, false, false, null, 10),
        new QuestionResult(2, wrong, 1, 1, false, false, null, 10).withQuestion(0, List.of(), DETAIL).withKept(new KeptRows("```sql\nSELECT 2\n```", List.of(List.of(1L)), List.of(List.of(2L)))),
        new QuestionResult(3, wrong, 1, 1, false, false, null, 10));

    // WHEN
    EvaluationReport report = minimal().results(results).build();

    // THEN
    assertThat(report.mismatches()).containsExactly(new Mismatch(2, "How many?", "SELECT 1",
        "```sql\nSELECT 2\n```", List.of(List.of(1L)), List.of(List.of(2L)), wrong));
    assertThat(report.toBuilder().build()).isEqualTo(report);
    assertThatThrownBy(() -> minimal().results(results).mismatches(report.mismatches()).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("EvaluationReport.Builder: mismatches(...) given for results that carry kept rows; the "
            + "mismatches are derived from those results, give one or the other");
    assertThatThrownBy(() -> results.get(0).withKept(new KeptRows(null, null, null)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("kept rows on the match of question 1; only mismatches keep rows");
  }

  @Test
  void requiredValues_areNamedWhenMissing() {
    assertThatThrownBy(() -> EvaluationReport.builder().benchmark("b").inputMode(InputMode.DICT_LIST)
        .timestamp(Instant.EPOCH).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("EvaluationReport.Builder: judge(...) is required");
    assertThatThrownBy(() -> EvaluationReport.builder().judge("llmsql").benchmark("b").inputMode(InputMode.DICT_LIST)
        .build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("EvaluationReport.Builder: timestamp(...) is required");
  }

  @Test
  void aValueSetTwiceDifferently_isRefused_matchesAboveTotalToo() {
    assertThatThrownBy(() -> minimal().total(3).total(4))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("EvaluationReport.Builder: total was set twice, to 3 and to 4; set it once");
    assertThatThrownBy(() -> minimal().total(2).matches(3).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("EvaluationReport.Builder: matches (3) exceed total (2)");
    assertThatThrownBy(() -> minimal().total(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("EvaluationReport.Builder: total must not be negative, but was -1");
  }

  @Test
  void toBuilder_replacesOneValue_andKeepsTheRest() {
    EvaluationReport report = minimal().total(4).matches(3).build();

    EvaluationReport saved = report.withSavedTo(Path.of("r.json"));

    assertThat(saved.savedTo()).contains(Path.of("r.json"));
    assertThat(saved.toBuilder().savedTo(Path.of("r.json")).build()).isEqualTo(saved);
    assertThat(saved).usingRecursiveComparison().ignoringFields("savedTo").isEqualTo(report);
  }
}
