package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Judges;
import dev.llmsql.report.Breakdown;
import dev.llmsql.report.Breakdowns;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.report.FullReportJson;
import dev.llmsql.report.csv.CsvReport;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.SharedFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Breakdowns by SQL characteristic, database and table, and QVT, on the real Spider dev sample (DIN-SQL's
 * predictions, {@code spider-exec}), with exact counts: the characteristic and database counts were also counted
 * independently with regular expressions over {@code questions.jsonl} and {@code expected_verdicts.jsonl}.
 */
@Requires(shared = "data/spider-dev-sample")
class BreakdownsSampleTest {

  @TempDir
  Path dir;

  @Test
  void breakdowns_dinSqlOnSpiderSample_exactCountsInTheReportJsonAndCsv() throws Exception {
    // given
    Path sample = SharedFiles.path("data/spider-dev-sample");

    // when
    EvaluationReport report = Evaluator.builder().noGoldCache()
        .questionsPath(sample.resolve("questions.jsonl"))
        .databasesDir(sample.resolve("database"))
        .judge(Judges.named("spider-exec"))
        .noReportFile()
        .showMismatches(false)
        .build()
        .run(sample.resolve("predictions").resolve("din-sql-gpt4-few-shot.jsonl"))
        .withBreakdowns();

    // then
    Breakdowns b = report.breakdowns().orElseThrow();
    assertThat(counts(b.byCharacteristic())).isEqualTo(ordered(
        "joins=0", "188/160", "joins=1", "142/84", "joins=2+", "44/19", "nested", "44/26", "group_by", "88/52",
        "having", "32/18", "order_by", "70/41", "limit", "70/41", "set_operation", "32/21", "aggregation", "220/153",
        "distinct", "38/22", "like", "4/4", "tables=1", "170/145", "tables=2", "172/108", "tables=3+", "32/10"));
    assertThat(counts(b.byDatabase())).isEqualTo(ordered("car_1", "92/44", "dog_kennels", "82/64", "flight_2",
        "80/67", "world_1", "120/88"));
    // QVT: 140 groups of equal gold SQL with two or more questions and a match; mean group accuracy
    assertThat(b.qvtGroups()).isEqualTo(140);
    assertThat(b.qvt()).isEqualTo(0.9214285714285714);

    Path json = dir.resolve("report.json");
    FullReportJson.write(report, json);
    JsonNode saved = new ObjectMapper().readTree(json.toFile()).get("summary").get("breakdowns");
    // Wilson's interval of 44/92 (Python's formula gives 0.3791213822510938 and 0.5791430259787157)
    assertThat(saved.get("by_database").get("car_1").toString()).isEqualTo("{\"total\":92,\"matches\":44,"
        + "\"accuracy\":0.4782608695652174,\"accuracy_ci\":{\"low\":0.3791213822510939,\"high\":0.5791430259787157,"
        + "\"method\":\"wilson\"}}");
    assertThat(FullReportJson.read(json).breakdowns()).contains(b);

    Path csv = dir.resolve("report.csv");
    CsvReport.write(report, csv);
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    assertThat(lines.get(0)).endsWith(",timeSeconds,characteristics,db_id");
    assertThat(lines.get(1)).endsWith(",joins=0 aggregation tables=1,car_1");
  }

  private static Map<String, String> counts(Map<String, Breakdown> slices) {
    Map<String, String> out = new LinkedHashMap<>();
    slices.forEach((k, v) -> out.put(k, v.total() + "/" + v.matches()));
    return out;
  }

  private static Map<String, String> ordered(String... pairs) {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      out.put(pairs[i], pairs[i + 1]);
    }
    return out;
  }
}
