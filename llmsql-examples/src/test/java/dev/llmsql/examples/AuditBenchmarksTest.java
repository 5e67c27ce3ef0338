package dev.llmsql.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.Audit;
import dev.llmsql.audit.AuditFlag;
import dev.llmsql.audit.AuditReport;
import dev.llmsql.audit.QuestionAudit;
import dev.llmsql.judgement.Judges;
import dev.llmsql.sqlite.dataset.DatasetImport;
import dev.llmsql.testsupport.Requires;
import dev.llmsql.testsupport.SharedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code llmsql audit} on the real benchmarks docs/AUDIT.md reports on: the bundled demo, the shared Spider dev
 * sample and upstream's LLMSQL 2.0 fixture (the last two from {@code ../shared}), with exact counts.
 */
class AuditBenchmarksTest {

  static final Path OUT = Path.of("target", "audit").toAbsolutePath();

  private static Map<AuditFlag, Integer> counts(Object... flagAndCount) {
    Map<AuditFlag, Integer> counts = new EnumMap<>(AuditFlag.class);
    for (AuditFlag flag : AuditFlag.values()) {
      counts.put(flag, 0);
    }
    for (int i = 0; i < flagAndCount.length; i += 2) {
      counts.put((AuditFlag) flagAndCount[i], (Integer) flagAndCount[i + 1]);
    }
    return counts;
  }

  private static List<Integer> ids(AuditReport report, AuditFlag flag) {
    return report.withAny(List.of(flag)).stream().map(QuestionAudit::questionId).toList();
  }

  @Test
  void demo_hasOneGoldThatReturnsOnlyNull() {
    AuditReport report = Audit.builder().questionsPath(DemoBenchmarkTest.DEMO.resolve("questions.jsonl"))
        .dbPath(DemoBenchmarkTest.DEMO.resolve("demo.sqlite")).threads(2).build().run();

    assertThat(report.questions()).hasSize(50);
    assertThat(report.counts()).isEqualTo(counts(AuditFlag.GOLD_EMPTY, 1));
    assertThat(report.flagged()).containsExactly(new QuestionAudit(36, null,
        Map.of(AuditFlag.GOLD_EMPTY, "the gold returns only NULL (1 row)"), report.questions().get(35).goldNanos()));
    assertThat(report.duplicateGroups()).isEmpty();
    assertThat(report.notChecked()).isEmpty();
  }

  @Test
  void demoOnDuckDb_sameFlags_andOrderDependentNotComputed(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    dev.llmsql.execution.Database duckdb = dev.llmsql.jdbc.load.JdbcImport.toDuckDb(DemoBenchmarkTest.DEMO.resolve("demo.sqlite"),
        dir.resolve("demo.duckdb"));

    AuditReport report = Audit.builder().questionsPath(DemoBenchmarkTest.DEMO.resolve("questions.jsonl"))
        .database(duckdb).threads(2).build().run();

    assertThat(report.counts()).isEqualTo(counts(AuditFlag.GOLD_EMPTY, 1));
    assertThat(ids(report, AuditFlag.GOLD_EMPTY)).containsExactly(36);
    assertThat(report.notChecked()).containsExactly(Map.entry(AuditFlag.ORDER_DEPENDENT, "50 question(s): the "
        + "engine of " + duckdb.describe() + " has no switch for the order of unordered rows"));
  }

  @Test
  @Requires(shared = "data/spider-dev-sample")
  void spiderSample_tiesTextNumbersAndEmptyGolds() {
    Path spider = SharedFiles.path("data/spider-dev-sample");

    AuditReport report = Audit.builder().questionsPath(spider.resolve("questions.jsonl"))
        .databasesDir(spider.resolve("database")).threads(2).build().run();

    assertThat(report.questions()).hasSize(374);
    assertThat(report.counts()).isEqualTo(counts(AuditFlag.GOLD_EMPTY, 36, AuditFlag.LIMIT_TIE, 20,
        AuditFlag.TEXT_SORTED_NUMBERS, 14, AuditFlag.DUPLICATE_GOLD, 362));
    assertThat(report.flagged()).hasSize(366);
    assertThat(report.withAny(AuditReport.DEFECTS)).hasSize(62);
    assertThat(report.duplicateGroups()).hasSize(181);
    assertThat(ids(report, AuditFlag.LIMIT_TIE)).containsExactly(95, 96, 133, 134, 159, 160, 165, 166, 229, 230,
        231, 232, 740, 741, 788, 789, 804, 805, 954, 955);
    assertThat(ids(report, AuditFlag.TEXT_SORTED_NUMBERS)).containsExactly(95, 96, 131, 132, 133, 134, 159, 160,
        165, 166, 167, 168, 169, 170);
    assertThat(ids(report, AuditFlag.GOLD_EMPTY)).containsExactly(185, 186, 197, 198, 201, 202, 221, 222, 223, 224,
        225, 226, 227, 228, 233, 234, 235, 236, 237, 238, 239, 240, 247, 248, 249, 250, 251, 252, 253, 254, 754,
        786, 808, 809, 810, 811);
    Map<AuditFlag, String> q95 = report.questions().stream().filter(q -> q.questionId() == 95).findFirst()
        .orElseThrow().findings();
    assertThat(q95).isEqualTo(Map.of(
        AuditFlag.LIMIT_TIE, "LIMIT 1 cuts through a tie: row 1 and row 2 have the same sort key ('100'), so another "
            + "correct query may return ('chevrolet') instead of ('amc')",
        AuditFlag.TEXT_SORTED_NUMBERS, "ORDER BY over CARS_DATA.horsepower, which holds numbers as text: '230' sorts "
            + "before '46'",
        AuditFlag.DUPLICATE_GOLD, "the same gold as question 96"));
    assertThat(report.questions().stream().filter(q -> q.questionId() == 954).findFirst().orElseThrow().findings()
        .get(AuditFlag.LIMIT_TIE)).isEqualTo("in a sub-query: LIMIT 1 cuts through a tie: row 1 and row 2 have the "
        + "same sort key (4), so another correct query may use ('HUS') instead of ('ESK')");
  }

  @Test
  @Requires(shared = "data/spider-dev-sample")
  void spiderSample_underJudgesThatReadTheCompletionAsGiven_everyGoldMatchesItself() {
    // the gold was given in a ```sql fence, which Spider's judges run as it is: 374 of 374 not_self_match
    Path spider = SharedFiles.path("data/spider-dev-sample");

    for (String judge : List.of("spider-exec", "exact-set", "spider")) {
      AuditReport report = Audit.builder().questionsPath(spider.resolve("questions.jsonl"))
          .databasesDir(spider.resolve("database")).judge(Judges.named(judge)).threads(2).build().run();

      assertThat(report.counts().get(AuditFlag.NOT_SELF_MATCH)).as(judge).isZero();
      assertThat(report.withAny(AuditReport.DEFECTS)).as(judge).hasSize(62);
    }
  }

  @Test
  @Requires(shared = "data/llmsql2-fixture")
  void llmsql2Fixture_isClean() throws Exception {
    Path fixture = SharedFiles.path("data/llmsql2-fixture");
    Files.createDirectories(OUT);
    Path db = OUT.resolve("fixture.sqlite");
    DatasetImport.builder().tablesJsonl(fixture.resolve("tables.jsonl")).overwrite(true).build().into(db);

    AuditReport report = Audit.builder().questionsPath(fixture.resolve("questions.jsonl")).dbPath(db).threads(2)
        .build().run();

    assertThat(report.questions()).hasSize(21);
    assertThat(report.counts()).isEqualTo(counts());
    assertThat(report.notChecked()).isEmpty();
  }
}
