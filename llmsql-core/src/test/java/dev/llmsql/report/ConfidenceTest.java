package dev.llmsql.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.scoring.Score;
import dev.llmsql.stats.Interval;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ConfidenceTest {

  static boolean[] right(int n, int k) {
    boolean[] r = new boolean[n];
    for (int i = 0; i < k; i++) {
      r[i] = true;
    }
    return r;
  }

  @Test
  void accuracy_withResults_isTheSeededBootstrap() {
    Optional<Interval> ci = Confidence.accuracy(Reports.of(right(50, 27)));
    assertThat(ci).map(Interval::low).contains(0.40);
    assertThat(ci).map(Interval::high).contains(0.68);   // first 27 of 50 right; the demo's order gives 0.66
    assertThat(ci).map(Interval::method).contains("bootstrap (1000 resamples, seed 42)");
  }

  @Test
  void accuracy_withoutResults_isWilsonFromTheCounts() {
    EvaluationReport full = Reports.of(right(50, 27));
    EvaluationReport counted = EvaluationReport.builder().total(50).matches(27).predNone(0).goldNone(0).sqlErrors(0)
        .accuracy(0.54).mismatches(full.mismatches()).timestamp(full.timestamp()).inputMode(full.inputMode())
        .judge("llmsql").scores(full.scores()).benchmark(full.benchmark()).duration(full.duration())
        .tally(full.tally()).build();
    assertThat(Confidence.accuracy(counted)).map(Interval::format).contains("[0.4040, 0.6703]");
    assertThat(Confidence.accuracy(counted)).map(Interval::method).contains("wilson");
  }

  @Test
  void scoreOfAnUnknownOrForeignScoring_isUnavailable() {
    EvaluationReport r = Reports.of(right(10, 5));
    EvaluationReport withScores = r.toBuilder()
        .scores(List.of(new Score("accuracy", 0.5, ""), new Score("mine", 0.3, ""))).build();
    assertThat(Confidence.of(withScores, "mine")).isEmpty();
    assertThat(Confidence.format(Confidence.of(withScores, "mine"))).isEqualTo("unavailable");
    assertThat(Confidence.all(withScores)).containsOnlyKeys("accuracy", "mine");
  }

  @Test
  void summaryText_showsTheAccuracyInterval() {
    assertThat(ReportText.summary(Reports.of(right(50, 27))))
        .contains("  Accuracy:       54.00%\n  95% CI:         40.00% to 68.00% (bootstrap (1000 resamples, seed 42))\n");
  }

  @Test
  void htmlCardsAndFullJson_carryTheIntervals() throws Exception {
    EvaluationReport r = Reports.of(right(50, 27));
    assertThat(dev.llmsql.report.html.HtmlReport.render(r)).contains("<div class=\"card\" id=\"accuracy\"><div "
        + "class=\"v\">54.00%</div><div class=\"l\">Accuracy</div><div class=\"ci\">95% CI 40.00% to 68.00%</div>");
    java.io.ByteArrayOutputStream json = new java.io.ByteArrayOutputStream();
    FullReportJson.write(r, json);
    com.fasterxml.jackson.databind.JsonNode root = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(json.toByteArray());
    assertThat(root.at("/summary/accuracy_ci").toString())
        .isEqualTo("{\"low\":0.4,\"high\":0.68,\"method\":\"bootstrap (1000 resamples, seed 42)\"}");
    assertThat(root.at("/scores/0/ci/high").asDouble()).isEqualTo(0.68);
    // read back unchanged: the interval is recomputed from the results, not trusted from the file
    assertThat(FullReportJson.read(new java.io.ByteArrayInputStream(json.toByteArray())).accuracy()).isEqualTo(0.54);
  }
}
