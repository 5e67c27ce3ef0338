package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.judgement.Flag;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.prediction.InputMode;
import dev.llmsql.result.QuestionResult;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The one accumulator every count of a report comes from: merging parts gives the counts of the whole. */
class TallyCounterTest {

  private static final List<QuestionResult> RESULTS = List.of(
      new QuestionResult(1, Verdict.match(), 1, 1, false, true, null, 10).withQuestion(1, List.of("join"), null),
      new QuestionResult(2, Verdict.error(Reason.PRED_ERROR, "no such table"), 1, 1, false, false, "no such table", 10).withQuestion(2, List.of(), null),
      new QuestionResult(3, Verdict.mismatch(Reason.VALUE_MISMATCH, "").with(Flag.SQL_ERROR, true), 2, 2, true, false, null, 10).withQuestion(0, List.of("join", "agg"), null),
      new QuestionResult(4, Verdict.match().with(Flag.EXACT_STRING_MATCH, true), 1, 1, false, false, null, 10).withQuestion(3, List.of(), null),
      new QuestionResult(5, Verdict.error(Reason.TIMEOUT, "slow").with(Flag.SQL_ERROR, false), 1, 1, false, false, "slow", 10).withQuestion(0, List.of("agg"), null),
      new QuestionResult(6, Verdict.noSql(), 0, 0, false, true, null, 10));

  /** Results 0..n-1 added one at a time; those at odd positions as judged against a reference answer. */
  private static Tally.Counter counted(List<QuestionResult> results, int offset) {
    Tally.Counter c = new Tally.Counter();
    for (int i = 0; i < results.size(); i++) {
      if ((i + offset) % 2 == 1) {
        c.addByAnswer(results.get(i), (i + offset) % 3 == 0 ? "lookup" : "convention");
      } else {
        c.add(results.get(i));
      }
    }
    return c;
  }

  private static List<Object> figures(Tally.Counter c) {
    return List.of(c.total(), c.matches(), c.predNone(), c.goldNone(), c.sqlErrors(), c.accuracy(),
        c.exactStringMatches(), c.byAnswer(), c.duplicates(), c.categories(), c.tally());
  }

  @Test
  void oneResultAtATime_countsEachFigureByTheResultsTypedFlags() {
    Tally.Counter c = counted(RESULTS, 0);

    assertThat(List.of(c.total(), c.matches(), c.predNone(), c.goldNone(), c.sqlErrors()))
        .containsExactly(6, 2, 1, 2, 2);
    // question 4's exact match is counted: it was judged against a reference answer
    assertThat(c.exactStringMatches()).isEqualTo(1);
    assertThat(c.byAnswer()).isEqualTo(3);
    assertThat(c.tally()).isEqualTo(Tally.of(RESULTS));
  }

  @Test
  void merge_isAssociative_andAgreesWithCountingTheWhole() {
    List<QuestionResult> a = RESULTS.subList(0, 2);
    List<QuestionResult> b = RESULTS.subList(2, 3);
    List<QuestionResult> c = RESULTS.subList(3, 6);

    Tally.Counter left = counted(a, 0).merge(counted(b, 2)).merge(counted(c, 3));
    Tally.Counter right = counted(a, 0).merge(counted(b, 2).merge(counted(c, 3)));
    Tally.Counter whole = counted(RESULTS, 0);
    whole.duplicate();
    Tally.Counter withDuplicate = new Tally.Counter();
    withDuplicate.duplicate();

    assertThat(figures(left.merge(withDuplicate))).isEqualTo(figures(right.merge(withDuplicate)))
        .isEqualTo(figures(whole));
  }

  @Test
  void countersOfReports_mergeToTheCountsOfTheWholeReport() {
    // GIVEN: two parts' reports (as Spark's tasks save them), one without difficulties at all
    List<QuestionResult> noDifficulty = List.of(RESULTS.get(2), RESULTS.get(4), RESULTS.get(5));
    List<QuestionResult> rest = List.of(RESULTS.get(0), RESULTS.get(1), RESULTS.get(3));
    EvaluationReport first = report(noDifficulty);
    EvaluationReport second = report(rest);

    // WHEN
    Tally.Counter merged = Tally.Counter.of(first).merge(Tally.Counter.of(second));

    // THEN: as if the whole had been counted at once
    Tally.Counter whole = new Tally.Counter();
    noDifficulty.forEach(whole::add);
    rest.forEach(whole::add);
    assertThat(figures(merged)).isEqualTo(figures(whole));
    assertThat(report(RESULTS).tally()).isEqualTo(merged.tally());
  }

  @Test
  void reportBuilder_countsAsTheCounterDoes() {
    EvaluationReport report = report(RESULTS);
    Tally.Counter c = counted(RESULTS, 0);

    assertThat(List.of(report.total(), report.matches(), report.predNone(), report.goldNone(), report.sqlErrors()))
        .isEqualTo(List.of(c.total(), c.matches(), c.predNone(), c.goldNone(), c.sqlErrors()));
    assertThat(report.tally()).isEqualTo(c.tally());
  }

  private static EvaluationReport report(List<QuestionResult> results) {
    return EvaluationReport.builder().judge("llmsql").benchmark("b").inputMode(InputMode.DICT_LIST)
        .timestamp(Instant.EPOCH).results(results).build();
  }
}
