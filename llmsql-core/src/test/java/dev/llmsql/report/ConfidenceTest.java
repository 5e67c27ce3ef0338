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
  void accuracy_isWilsonFromTheCounts_withOrWithoutResults() {
    EvaluationReport full = Reports.of(right(50, 27));
    EvaluationReport counted = EvaluationReport.builder().total(50).matches(27).predNone(0).goldNone(0).sqlErrors(0)
        .accuracy(0.54).mismatches(full.mismatches()).timestamp(full.timestamp()).inputMode(full.inputMode())
        .judge("llmsql").scores(full.scores()).benchmark(full.benchmark()).duration(full.duration())
        .tally(full.tally()).build();
    assertThat(Confidence.accuracy(full)).map(Interval::format).contains("[0.4040, 0.6703]");
    assertThat(Confidence.accuracy(full)).map(Interval::method).contains("wilson");
    assertThat(Confidence.accuracy(counted)).isEqualTo(Confidence.accuracy(full));
    assertThat(Confidence.of(full, "accuracy")).isEqualTo(Confidence.accuracy(full));
    assertThat(Confidence.of(full, "accuracy", dev.llmsql.stats.Bootstrap.builder().seed(7).build()))
        .isEqualTo(Confidence.accuracy(full));
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
        .contains("  Accuracy:       54.00%\n  95% CI:         40.40% to 67.03% (wilson)\n");
  }

  @Test
  void htmlCardsAndFullJson_carryTheIntervals() throws Exception {
    EvaluationReport r = Reports.of(right(50, 27));
    assertThat(dev.llmsql.report.html.HtmlReport.render(r)).contains("<div class=\"card\" id=\"accuracy\"><div "
        + "class=\"v\">54.00%</div><div class=\"l\">Accuracy</div><div class=\"ci\">95% CI 40.40% to 67.03%</div>");
    java.io.ByteArrayOutputStream json = new java.io.ByteArrayOutputStream();
    FullReportJson.write(r, json);
    com.fasterxml.jackson.databind.JsonNode root = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(json.toByteArray());
    assertThat(root.at("/summary/accuracy_ci").toString())
        .isEqualTo("{\"low\":0.4039887139915748,\"high\":0.6703034780777566,\"method\":\"wilson\"}");
    assertThat(root.at("/scores/0/ci")).isEqualTo(root.at("/summary/accuracy_ci"));
    // read back unchanged: the interval is recomputed from the results, not trusted from the file
    assertThat(FullReportJson.read(new java.io.ByteArrayInputStream(json.toByteArray())).accuracy()).isEqualTo(0.54);
  }
}
