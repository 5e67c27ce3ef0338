package dev.llmsql.sqlite.llmsql2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.llmsql.Evaluator;
import dev.llmsql.report.Breakdown;
import dev.llmsql.report.EvaluationReport;
import dev.llmsql.sqlite.dataset.DatasetImport;
import dev.llmsql.sqlite.dataset.DatasetImportException;
import dev.llmsql.testsupport.Llmsql2Fixture;
import dev.llmsql.testsupport.Requires;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dataset import --answers}: upstream's fixture questions, stripped of answer and prompt, imported with
 * its tables, come back with the answer and prompt upstream ships; evaluation then judges them as LLMSQL 2.0.
 */
class Llmsql2ImportTest {

  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path dir;

  static List<ObjectNode> fixture() throws Exception {
    List<ObjectNode> questions = new ArrayList<>();
    for (String line : Files.readAllLines(Llmsql2Fixture.questions(), StandardCharsets.UTF_8)) {
      questions.add((ObjectNode) JSON.readTree(line));
    }
    return questions;
  }

  @Test
  @Requires(shared = Llmsql2Fixture.SHARED)
  void importWithAnswers_fixtureQuestions_getUpstreamsAnswerAndPromptThenJudgedAsLlmsql2() throws Exception {
    // given: the 21 questions without answer and prompt
    List<ObjectNode> shipped = fixture();
    StringBuilder stripped = new StringBuilder();
    for (ObjectNode q : shipped) {
      stripped.append(q.deepCopy().without(List.of("answer", "prompt")).toString()).append('\n');
    }
    Path questions = Files.writeString(dir.resolve("in.jsonl"), stripped);
    Path db = dir.resolve("fixture.sqlite");

    // when
    DatasetImport.builder().tablesJsonl(Llmsql2Fixture.dir().resolve("tables.jsonl")).questions(questions)
        .answers(true).build().into(db);

    // then: field for field what upstream ships, answers as JSON strings, prompts byte for byte
    List<String> written = Files.readAllLines(DatasetImport.questionsFile(db), StandardCharsets.UTF_8);
    assertThat(written).hasSize(21);
    for (int i = 0; i < 21; i++) {
      ObjectNode ours = (ObjectNode) JSON.readTree(written.get(i));
      assertThat(ours).as("question %s", shipped.get(i).get("question_id")).isEqualTo(shipped.get(i));
    }

    // and: predictions (the gold SQL for the first 12, nothing usable for the rest) are judged by llmsql2
    StringBuilder predictions = new StringBuilder();
    for (int i = 0; i < 21; i++) {
      ObjectNode q = shipped.get(i);
      String completion = i < 12 ? "```sql\n" + q.get("sql").asText() + "\n```" : "I do not know.";
      predictions.append(JSON.createObjectNode().put("question_id", q.get("question_id").asInt())
          .put("completion", completion)).append('\n');
    }
    Path preds = Files.writeString(dir.resolve("preds.jsonl"), predictions);
    EvaluationReport report = Evaluator.builder().questionsPath(DatasetImport.questionsFile(db)).dbPath(db)
        .noReportFile().showMismatches(false).build().run(preds);

    assertThat(report.matches()).isEqualTo(12);
    assertThat(report.total()).isEqualTo(21);
    assertThat(report.sqlErrors()).isEqualTo(9);   // 2.0 counts a completion without SQL as an SQL error
    assertThat(report.exactStringMatches()).isEqualTo(12);
    assertThat(report.version()).contains("2.0");
    Map<String, Breakdown> categories = report.categoryAccuracy();
    assertThat(categories.keySet()).containsExactly("convention", "lookup", "text_quantity");
    assertThat(categories.values().stream().mapToInt(Breakdown::total).sum()).isEqualTo(21);
  }

  /** One table of the fixture's shape, written here: the refusals below need no fixture. */
  private Path oneTable() throws Exception {
    return Files.writeString(dir.resolve("tables.jsonl"), "{\"table_id\": \"1-29135051-2\", \"header\": "
        + "[\"Episode\", \"Comedian\"], \"types\": [\"real\", \"text\"], \"rows\": [[1.0, \"Nina Conti\"]]}\n");
  }

  @Test
  void answers_withoutQuestions_isAConflict() throws Exception {
    Path tables = oneTable();
    assertThatThrownBy(() -> DatasetImport.builder().tablesJsonl(tables)
        .answers(true).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("answers(true) stores each question's answer, but no questions were given; call "
            + "questions(path) (--questions) too");
  }

  @Test
  void answers_questionOnAMissingTable_refusesTheImportNamingLineAndFix() throws Exception {
    Path questions = Files.writeString(dir.resolve("in.jsonl"), "{\"question_id\": 1, \"question\": \"q\", "
        + "\"sql\": \"SELECT 1\", \"table_id\": \"1-29135051-2\", \"tables\": [\"1-29135051-2\", \"nope\"]}\n");
    Path db = dir.resolve("x.sqlite");
    Path tables = oneTable();

    assertThatThrownBy(() -> DatasetImport.builder().tablesJsonl(tables)
        .questions(questions).answers(true).build().into(db))
        .isInstanceOf(DatasetImportException.class)
        .hasMessage(questions + ": 1 problem with the questions; nothing was written, fix it and import again:\n  "
            + questions + ":1: question 1: \"tables\" names 'nope', which is not a table of this import");
    assertThat(db).doesNotExist();
    assertThat(DatasetImport.questionsFile(db)).doesNotExist();
  }
}
