package dev.llmsql.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.prediction.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SParC's and CoSQL's dev.json layout becomes questions JSONL with interaction_id and turn. */
class MultiTurnQuestionsTest {

  @TempDir
  Path dir;

  @Test
  void convert_sparcLayout_oneLinePerTurnWithInteractionAndTurn() throws Exception {
    // given: SParC's shape (CoSQL's is the same), with the fields the evaluator does not need
    Path dev = Files.writeString(dir.resolve("dev.json"), """
        [{"database_id": "dog_kennels", "final": {"utterance": "x", "query": "y"},
          "interaction": [{"utterance": "List dogs.", "query": "SELECT name FROM Dogs", "sql": {}},
                          {"utterance": "Only old ones.", "query": "SELECT name FROM Dogs WHERE age > 10"}]},
         {"database_id": "car_1", "interaction": [{"utterance": "How many cars?", "query": "SELECT count(*) FROM cars_data"}]}]
        """);
    Path out = dir.resolve("questions.jsonl");

    // when
    int turns = MultiTurnQuestions.convert(dev, out);

    // then
    assertThat(turns).isEqualTo(3);
    assertThat(Files.readString(out)).isEqualTo(String.join("\n",
        "{\"question_id\":0,\"question\":\"List dogs.\",\"sql\":\"SELECT name FROM Dogs\",\"db_id\":\"dog_kennels\","
            + "\"interaction_id\":0,\"turn\":1}",
        "{\"question_id\":1,\"question\":\"Only old ones.\",\"sql\":\"SELECT name FROM Dogs WHERE age > 10\","
            + "\"db_id\":\"dog_kennels\",\"interaction_id\":0,\"turn\":2}",
        "{\"question_id\":2,\"question\":\"How many cars?\",\"sql\":\"SELECT count(*) FROM cars_data\","
            + "\"db_id\":\"car_1\",\"interaction_id\":1,\"turn\":1}",
        ""));
  }

  @Test
  void convert_turnWithoutQuery_namesFileInteractionTurnAndField() throws Exception {
    Path dev = Files.writeString(dir.resolve("dev.json"),
        "[{\"database_id\": \"a\", \"interaction\": [{\"utterance\": \"q\", \"query\": \"SELECT 1\"}, "
            + "{\"utterance\": \"q2\"}]}]");
    Path out = dir.resolve("questions.jsonl");

    assertThatThrownBy(() -> MultiTurnQuestions.convert(dev, out))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(dev + ", interaction 0, turn 2: \"query\" must be a string");
    assertThat(out).doesNotExist();
  }

  @Test
  void convert_overlongFormInAQuery_isNotUtf8() throws Exception {
    // before: the query read "SELECT 1 /" (C0 AF decoded as '/'), where Python's json.load refuses the file
    byte[] head = "[{\"database_id\": \"a\", \"interaction\": [{\"utterance\": \"q\", \"query\": \"SELECT 1 "
        .getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] line = java.util.Arrays.copyOf(head, head.length + 7);
    line[head.length] = (byte) 0xC0;
    line[head.length + 1] = (byte) 0xAF;
    System.arraycopy("\"}]}]".getBytes(java.nio.charset.StandardCharsets.UTF_8), 0, line, head.length + 2, 5);
    Path dev = Files.write(dir.resolve("dev.json"), line);
    Path out = dir.resolve("questions.jsonl");

    assertThatThrownBy(() -> MultiTurnQuestions.convert(dev, out))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(dev + ": not valid UTF-8 at line 1, column 77 (byte offset 76); save it as UTF-8");
    assertThat(out).doesNotExist();
  }

  @Test
  void convert_spiderLayoutInstead_saysWhatItExpects() throws Exception {
    Path dev = Files.writeString(dir.resolve("dev.json"), "{\"db_id\": \"a\"}");

    assertThatThrownBy(() -> MultiTurnQuestions.convert(dev, dir.resolve("q.jsonl")))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(dev + ": expected a JSON list of interactions (SParC's or CoSQL's dev.json)");
  }
}
