package dev.llmsql.sqlite.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.judge.Outcome;
import dev.llmsql.prediction.Prediction;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.result.QuestionDetail;
import dev.llmsql.result.QuestionResult;
import dev.llmsql.sqlite.TestDatabases;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A protocol found with ServiceLoader ({@link TaggedProtocol}, registered by this module's tests only) judges the
 * questions it claims with no change to the engine. */
class ProtocolServiceTest {

  private static final String T = "1-10015132-9";
  private static final String ROSE = "SELECT \"Position\" FROM \"" + T + "\" WHERE \"Player\" = 'Jalen Rose'";

  @TempDir
  Path dir;

  @Test
  void aProtocolOnTheClassPath_judgesTheQuestionsItClaims_andTheOthersKeepLlmsqlsRules() throws Exception {
    // GIVEN: question 1 is tagged, question 2 is not
    Path db = TestDatabases.players(dir);
    Path questions = dir.resolve("questions.jsonl");
    Files.write(questions, List.of(question(1, ROSE, true),
        question(2, "SELECT COUNT(*) FROM \"" + T + "\" WHERE \"Position\" = 'Guard'", false)));

    // WHEN: the tagged answer has chatter around its tags, and question 1 is answered twice
    EvaluationReport report = Evaluator.builder().questionsPath(questions).dbPath(db).noReportFile()
        .noGoldCache().showMismatches(false).build().run(List.of(
            new Prediction(1, "Here: <sql>" + ROSE + "</sql> -- and SELECT 1 is not it"),
            new Prediction(2, "```sql\nSELECT COUNT(*) FROM \"" + T + "\" WHERE \"Position\" = 'Guard'\n```"),
            new Prediction(1, "<sql>SELECT 'nothing'</sql>")));

    // THEN: the tagged candidate alone ran, the repeat was scored, and the protocol's figures are in the report
    assertThat(report.results()).extracting(QuestionResult::questionId, QuestionResult::outcome,
        QuestionResult::candidates).containsExactly(
        org.assertj.core.groups.Tuple.tuple(1, Outcome.MATCH, 1),
        org.assertj.core.groups.Tuple.tuple(2, Outcome.MATCH, 1),
        org.assertj.core.groups.Tuple.tuple(1, Outcome.MISMATCH, 1));
    assertThat(report.results().get(0).detail()).extracting(QuestionDetail::predictedSql).isEqualTo(ROSE);
    assertThat(report.inputProblems()).isEmpty();
    assertThat(report.judge()).isEqualTo("llmsql+tagged");
    assertThat(List.of(report.total(), report.matches())).containsExactly(3, 2);
    assertThat(report.unflagged().orElseThrow().total()).isEqualTo(2);
    assertThat(report.unflagged().orElseThrow().matches()).isEqualTo(1);
    assertThat(report.unflagged().orElseThrow().leftOut()).isEqualTo(1);
  }

  private static String question(int id, String sql, boolean tagged) throws Exception {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("question_id", id);
    m.put("question", "question " + id);
    m.put("sql", sql);
    m.put("table_id", T);
    if (tagged) {
      m.put("tagged", true);
    }
    return new ObjectMapper().writeValueAsString(m);
  }
}
