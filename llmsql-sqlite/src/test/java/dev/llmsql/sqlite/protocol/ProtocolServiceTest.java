package dev.llmsql.sqlite.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.llmsql.Evaluator;
import dev.llmsql.judgement.Outcome;
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

  @Test
  void llmsql2sProtocol_givesTheAnswerAsTheGold_andTheModelNameAndCoverageOfAOnePointZeroRun() throws Exception {
    // GIVEN: question 1 carries a reference answer (LLMSQL 2.0), question 2 does not
    Path db = TestDatabases.players(dir);
    Path questions = dir.resolve("questions.jsonl");
    Map<String, Object> withAnswer = new LinkedHashMap<>();
    withAnswer.put("question_id", 1);
    withAnswer.put("question", "question 1");
    withAnswer.put("sql", ROSE);
    withAnswer.put("table_id", T);
    withAnswer.put("answer", List.of(List.of("Forward")));
    Files.write(questions, List.of(new ObjectMapper().writeValueAsString(withAnswer),
        question(2, "SELECT COUNT(*) FROM \"" + T + "\" WHERE \"Position\" = 'Guard'", false)));

    // WHEN: question 1 gets a wrong query under the default judge; then a run of question 2 alone, named
    EvaluationReport twoPointZero = Evaluator.builder().questionsPath(questions).dbPath(db).noReportFile()
        .noGoldCache().showMismatches(false).build().run(List.of(new Prediction(1, "```sql\nSELECT 'Center'\n```")));
    EvaluationReport onePointZero = Evaluator.builder().questionsPath(questions).dbPath(db).noReportFile()
        .noGoldCache().showMismatches(false).modelName("m").build().run(List.of(
            new Prediction(2, "SELECT COUNT(*) FROM \"" + T + "\" WHERE \"Position\" = 'Guard'")));

    // THEN: the mismatch's gold is the answer (the gold SQL never ran), and the 1.0 run has its model name and
    // coverage, from LLMSQL 2.0's protocol though it judged none of it
    assertThat(twoPointZero.judge()).isEqualTo("llmsql2");
    assertThat(twoPointZero.mismatches()).singleElement().satisfies(m -> {
      assertThat(m.goldResults()).containsExactly(List.of("Forward"));
      assertThat(m.predictionResults()).containsExactly(List.of("Center"));
    });
    assertThat(onePointZero.judge()).isEqualTo("llmsql");
    assertThat(onePointZero.modelName()).contains("m");
    assertThat(onePointZero.version()).isEmpty();   // the caller gave none; 2.0's would be "2.0"
    assertThat(List.of(onePointZero.expected(), onePointZero.answered(), onePointZero.missing()))
        .containsExactly(2, 1, 1);
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
