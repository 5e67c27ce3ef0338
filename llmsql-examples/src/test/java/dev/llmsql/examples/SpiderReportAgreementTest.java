package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.ReportText;
import dev.llmsql.report.SpiderScores;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.SharedFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code --judge spider} on the real Spider dev sample reproduces what Spider's own {@code evaluation.py} computes
 * ({@code spider_report_expected.json}): every number of its scores dict, bit for bit as Python's doubles, and per
 * question the hardness, execution and exact-set verdicts.
 */
@Requires(shared = "data/spider-dev-sample")
class SpiderReportAgreementTest {

  @TempDir
  Path dir;

  @ParameterizedTest(name = "spider report on {0}")
  @ValueSource(strings = {"din-sql-gpt4-few-shot", "dail-sql-gpt4"})
  void spiderJudge_onSpiderDevSample_reproducesEvaluationPyToTheLastDigit(String predictions) throws Exception {
    // given
    Path sample = SharedFiles.path("data/spider-dev-sample");
    JsonNode expected = new ObjectMapper().readTree(sample.resolve("spider_report_expected.json").toFile());
    JsonNode set = expected.get("sets").get(predictions);

    // when
    EvaluationReport report = Evaluator.builder().noGoldCache()
        .questionsPath(sample.resolve("questions.jsonl"))
        .databasesDir(sample.resolve("database"))
        .judge(Judges.named("spider"))
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(sample.resolve("predictions").resolve(predictions + ".jsonl"));

    // then: per question
    List<String> differences = new ArrayList<>();
    Map<Integer, QuestionResult> byId = new java.util.HashMap<>();
    report.results().forEach(r -> byId.put(r.questionId(), r));
    for (JsonNode q : set.get("per_question")) {
      int id = q.get("question_id").asInt();
      QuestionResult r = byId.get(id);
      String hardness = SpiderScores.hardness(r.verdict()).orElse("none");
      int exec = r.outcome().isMatch() ? 1 : 0;
      int exact = (int) r.verdict().measure(SpiderScores.EXACT).orElse(-1);
      String ours = hardness + " " + exec + " " + exact;
      String theirs = q.get("hardness").asText() + " " + q.get("exec").asInt() + " " + q.get("exact").asInt();
      if (!ours.equals(theirs)) {
        differences.add(id + ": ours " + ours + ", evaluation.py " + theirs);
      }
      if (!expected.get("hardness").get(String.valueOf(id)).asText().equals(hardness)) {
        differences.add(id + ": hardness " + hardness);
      }
    }
    // then: every figure of the scores dict
    SpiderScores spider = report.spider().orElseThrow();
    JsonNode scores = set.get("scores");
    assertThat(spider.levels().keySet()).containsExactly("easy", "medium", "hard", "extra", "all");
    for (Map.Entry<String, SpiderScores.Level> e : spider.levels().entrySet()) {
      JsonNode level = scores.get(e.getKey());
      SpiderScores.Level ours = e.getValue();
      compare(differences, e.getKey() + ".count", ours.count(), level.get("count"));
      compare(differences, e.getKey() + ".exec", ours.exec(), level.get("exec"));
      compare(differences, e.getKey() + ".exact", ours.exact(), level.get("exact"));
      assertThat(ours.partial().keySet()).containsExactlyElementsOf(SpiderScores.COMPONENTS);
      for (String component : SpiderScores.COMPONENTS) {
        JsonNode p = level.get("partial").get(component);
        SpiderScores.Partial mine = ours.partial().get(component);
        String at = e.getKey() + "." + component + ".";
        compare(differences, at + "acc", mine.acc(), p.get("acc"));
        compare(differences, at + "rec", mine.rec(), p.get("rec"));
        compare(differences, at + "f1", mine.f1(), p.get("f1"));
        compare(differences, at + "acc_count", mine.accCount(), p.get("acc_count"));
        compare(differences, at + "rec_count", mine.recCount(), p.get("rec_count"));
      }
    }
    // then: the full JSON report carries the same dict, key for key
    Path saved = dir.resolve("report.json");
    FullReportJson.write(report, saved);
    JsonNode written = new ObjectMapper().readTree(saved.toFile()).get("summary").get("spider");
    sameNumbers(differences, "summary.spider", written, scores);
    assertThat(differences).isEmpty();
    assertThat(report.total()).isEqualTo(374);
    // then: the text summary prints evaluation.py's table (its counts and execution row, from the README's table)
    String text = ReportText.summary(report);
    String execution = predictions.startsWith("din")
        ? "execution            0.936                0.757                0.611                0.490                0.703"
        : "execution            0.897                0.826                0.611                0.561                0.741";
    assertThat(text).contains(String.join("\n",
        "                     easy                 medium               hard                 extra                "
            + "all                 ",
        "count                78                   144                  54                   98                   "
            + "374                 ",
        "=====================   EXECUTION ACCURACY     =====================",
        execution + "               ",
        "",
        "====================== EXACT MATCHING ACCURACY ====================="));
  }

  @org.junit.jupiter.api.Test
  void spiderJudge_fixHardness_changesExactlyTheTwelveLevelsTheReadmeNames() throws Exception {
    // given
    Path sample = SharedFiles.path("data/spider-dev-sample");
    JsonNode expected = new ObjectMapper().readTree(sample.resolve("spider_report_expected.json").toFile());

    // when
    EvaluationReport report = Evaluator.builder().noGoldCache()
        .questionsPath(sample.resolve("questions.jsonl"))
        .databasesDir(sample.resolve("database"))
        .judge(Judges.named("spider:fix-hardness"))
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(sample.resolve("predictions").resolve("dail-sql-gpt4.jsonl"));

    // then
    Map<Integer, String> changed = new java.util.TreeMap<>();
    for (QuestionResult r : report.results()) {
      String ours = SpiderScores.hardness(r.verdict()).orElseThrow();
      String peer = expected.get("hardness").get(String.valueOf(r.questionId())).asText();
      if (!ours.equals(peer)) {
        changed.put(r.questionId(), peer + "->" + ours);
      }
    }
    Map<Integer, String> twelve = new java.util.TreeMap<>();
    for (int id : new int[] {764, 765, 766, 767, 978, 979, 980, 981, 982, 983}) {
      twelve.put(id, "extra->hard");
    }
    twelve.put(792, "medium->extra");
    twelve.put(793, "medium->extra");
    assertThat(changed).isEqualTo(twelve);
    assertThat(report.judge()).isEqualTo("spider:fix-hardness");
  }

  /** Every key of {@code expected} is in {@code ours} with the same number (as a double) or the same object. */
  private static void sameNumbers(List<String> differences, String at, JsonNode ours, JsonNode expected) {
    if (ours == null) {
      differences.add(at + ": missing");
      return;
    }
    if (expected.isObject()) {
      List<String> keys = new ArrayList<>();
      expected.fieldNames().forEachRemaining(keys::add);
      List<String> ourKeys = new ArrayList<>();
      ours.fieldNames().forEachRemaining(ourKeys::add);
      if (!new java.util.HashSet<>(keys).equals(new java.util.HashSet<>(ourKeys))) {
        differences.add(at + ": keys " + ourKeys + ", evaluation.py " + keys);
      }
      keys.forEach(k -> sameNumbers(differences, at + "." + k, ours.get(k), expected.get(k)));
    } else {
      compare(differences, at, ours.asDouble(), expected);
    }
  }

  private static void compare(List<String> differences, String what, double ours, JsonNode theirs) {
    // exact equality of doubles: the same operations in the same order give the same bits
    if (Double.compare(ours, theirs.asDouble()) != 0) {
      differences.add(what + ": ours " + ours + ", evaluation.py " + theirs);
    }
  }
}
