package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.benchmark.Question;
import dev.llmsql.prediction.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuestionIndexTest {

  @TempDir
  Path dir;

  @Test
  void get_wantedQuestions_readBackFromTheFileWithEveryField() throws Exception {
    Path file = Files.writeString(dir.resolve("questions.jsonl"), String.join("\n",
        "{\"question_id\": 0, \"question\": \"q0\", \"sql\": \"SELECT 0\", \"table_id\": \"t\"}",
        "",
        "  {\"question_id\": 2000000000, \"question\": \"caf\u00e9\", \"sql\": \"SELECT 'caf\u00e9'\", \"table_id\": \"t\","
            + " \"difficulty\": \"hard\", \"tags\": [\"x\"]}  ",
        "{\"question_id\": -3, \"question\": \"neg\", \"sql\": [\"SELECT 3\", \"SELECT 3.0\"], \"db_id\": \"d\"}",
        "{\"question_id\": 7, \"question\": \"unwanted\", \"sql\": \"SELECT 7\", \"table_id\": \"t\"}"),
        StandardCharsets.UTF_8);
    List<String> seen = new ArrayList<>();

    try (QuestionIndex index = QuestionIndex.build(file, id -> id != 7, (q, location) -> seen.add(q.sql()))) {
      assertThat(index.total()).isEqualTo(4);
      assertThat(seen).containsExactly("SELECT 0", "SELECT 'caf\u00e9'", "SELECT 3");
      assertThat(index.contains(7)).isFalse();
      assertThat(index.get(7)).isNull();
      assertThat(index.get(1)).isNull();
      Question big = index.get(2_000_000_000);
      assertThat(big.question()).isEqualTo("caf\u00e9");
      assertThat(big.difficulty()).isEqualTo(3);
      assertThat(big.tags()).containsExactly("x");
      Question negative = index.get(-3);
      assertThat(negative.dbId()).isEqualTo("d");
      assertThat(negative.alternativeSql()).containsExactly("SELECT 3.0");
      assertThat(index.get(0).sql()).isEqualTo("SELECT 0");
    }
  }

  @Test
  void get_sparseIdFirstThenTheDenseArrayGrowsPastIt_isStillFound() throws Exception {
    List<String> lines = new ArrayList<>();
    lines.add(line(70_000));   // before any dense id: kept aside
    for (int id = 0; id < 9_000; id++) {
      lines.add(line(id));
    }
    lines.add(line(71_000));   // now dense: the array grows past 70,000
    Path file = Files.write(dir.resolve("questions.jsonl"), lines);

    try (QuestionIndex index = QuestionIndex.build(file, id -> true, (q, location) -> { })) {
      assertThat(index.contains(70_000)).isTrue();
      assertThat(index.get(70_000).question()).isEqualTo("q70000");
      assertThat(index.get(71_000).question()).isEqualTo("q71000");
      assertThat(index.get(8_999).question()).isEqualTo("q8999");
      assertThat(index.contains(69_999)).isFalse();
      assertThat(index.get(69_999)).isNull();
    }
  }

  private static String line(int id) {
    return "{\"question_id\": " + id + ", \"question\": \"q" + id + "\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}";
  }

  @Test
  void get_fileRewrittenDuringTheRun_failsNamingTheFile() throws Exception {
    Path file = Files.writeString(dir.resolve("questions.jsonl"),
        "{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}\n");
    // nothing kept: the question is read back
    try (QuestionIndex index = QuestionIndex.build(file, id -> true, (q, location) -> { }, 0)) {
      Files.writeString(file, "{\"question_id\": 9, \"question\": \"q\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}\n");

      assertThatThrownBy(() -> index.get(1))
          .isInstanceOf(InvalidInputException.class)
          .hasMessage(file + " (byte 0): the questions file changed during the evaluation; do not change it while "
              + "an evaluation runs");
    }
  }

  @Test
  void get_questionsParsedWhileIndexing_areKeptWithinTheBound_andTheRestReadBack() throws Exception {
    String first = line(1);
    Path file = Files.write(dir.resolve("questions.jsonl"), List.of(first, line(2)));
    try (QuestionIndex index = QuestionIndex.build(file, id -> true, (q, location) -> { },
        first.length())) {
      Files.write(file, List.of(line(5), line(6)));

      // question 1 fits the bound and is the one indexed; question 2 is read back and the change noticed
      assertThat(index.get(1).question()).isEqualTo("q1");
      assertThatThrownBy(() -> index.get(2))
          .isInstanceOf(InvalidInputException.class)
          .hasMessage(file + " (byte " + (first.length() + 1) + "): the questions file changed during the "
              + "evaluation; do not change it while an evaluation runs");
    }
  }
}
