package dev.llmsql.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.benchmark.Question;
import dev.llmsql.prediction.InvalidInputException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuestionReaderTest {

  @TempDir
  Path dir;

  @Test
  void read_keepsUnknownFieldsAsExtra() throws Exception {
    Path file = write("{\"question_id\": 7, \"question\": \"How many?\", \"sql\": \"SELECT 1\", "
        + "\"table_id\": \"1-2\", \"difficulty\": 2, \"tags\": [\"count\"]}");

    Map<Integer, Question> questions = QuestionReader.read(file);

    assertThat(questions).containsOnlyKeys(7);
    assertThat(questions.get(7)).isEqualTo(new Question(7, "How many?", "SELECT 1", "1-2", null,
        Map.of("difficulty", 2, "tags", List.of("count"))).withLabels(2, List.of("count"), null));
  }

  @Test
  void read_optionalGoldFields_areParsed() throws Exception {
    // given: alternative SQL, Falcon-style column-oriented gold results, word difficulty, comma tags
    Path file = write("{\"question_id\": 1, \"question\": \"avg age by gender\", \"sql\": [\"SELECT 1\", "
        + "\"SELECT 2\"], \"db_id\": \"d\", \"difficulty\": \"hard\", \"tags\": \"CTE1, KAGGLE\", "
        + "\"ordered\": true, \"gold_results\": [{\"gender\": [\"Female\", \"Male\"], "
        + "\"avg_age\": [\"27.73\", 27.84]}]}",
        "{\"question_id\": 2, \"question\": \"q\", \"db_id\": \"d\", \"gold_results\": {\"n\": [3]}}");

    // when
    Map<Integer, Question> questions = QuestionReader.read(file);

    // then
    Question q = questions.get(1);
    assertThat(q.sql()).isEqualTo("SELECT 1");
    assertThat(q.alternativeSql()).containsExactly("SELECT 2");
    assertThat(q.goldSql()).containsExactly("SELECT 1", "SELECT 2");
    assertThat(q.difficulty()).isEqualTo(3);
    assertThat(q.tags()).containsExactly("CTE1", "KAGGLE");
    assertThat(q.ordered()).isTrue();
    assertThat(q.goldResults()).hasSize(1);
    assertThat(q.goldResults().get(0).columns()).containsExactly("gender", "avg_age");
    assertThat(q.goldResults().get(0).rows()).containsExactly(List.of("Female", "27.73"), List.of("Male", 27.84));
    assertThat(questions.get(2).sql()).isEmpty();
    assertThat(questions.get(2).goldResults().get(0).rows()).containsExactly(List.of(3L));
  }

  @Test
  void read_unknownDifficulty_isNoDifficulty_andTheRawLabelIsKept() throws Exception {
    // BIRD counts a question whose label it does not know in its total only, SCALE weighs it 0: no reason to stop
    Path file = write("{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1\", \"table_id\": \"t\", "
        + "\"difficulty\": 5}",
        "{\"question_id\": 2, \"question\": \"q\", \"sql\": \"SELECT 2\", \"table_id\": \"t\", "
            + "\"difficulty\": \"veryhard\"}",
        "{\"question_id\": 3, \"question\": \"q\", \"sql\": \"SELECT 3\", \"table_id\": \"t\", "
            + "\"difficulty\": [\"simple\"]}",
        "{\"question_id\": 4, \"question\": \"q\", \"sql\": \"SELECT 4\", \"table_id\": \"t\", "
            + "\"difficulty\": \" Simple \"}");

    List<Question> questions = List.copyOf(QuestionReader.read(file).values());

    assertThat(questions).extracting(Question::difficulty).containsExactly(0, 0, 0, 1);
    assertThat(questions).extracting(q -> q.extra().get("difficulty"))
        .containsExactly(5, "veryhard", List.of("simple"), " Simple ");
  }

  @Test
  void read_wantedIds_loadsOnlyThoseAndCountsAll() throws Exception {
    Path file = write("{\"question_id\": 1, \"question\": \"a\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}",
        "{\"question_id\": 2, \"question\": \"b\", \"sql\": \"SELECT 2\", \"table_id\": \"t\"}",
        "{\"question\": \"c\", \"question_id\": 3, \"sql\": \"SELECT 3\", \"table_id\": \"t\"}");

    QuestionReader.Loaded loaded = QuestionReader.read(file, id -> id == 2);

    assertThat(loaded.total()).isEqualTo(3);
    assertThat(loaded.byId()).containsOnlyKeys(2);
    assertThat(loaded.byId().get(2).sql()).isEqualTo("SELECT 2");
  }

  @Test
  void read_duplicateAmongUnwanted_isStillRejected() throws Exception {
    Path file = write("{\"question_id\": 5, \"question\": \"a\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}",
        "{\"question_id\": 5, \"question\": \"b\", \"sql\": \"SELECT 2\", \"table_id\": \"t\"}");

    assertThatThrownBy(() -> QuestionReader.read(file, id -> false))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":2: question_id 5 appears twice in the questions file; ids must be unique");
  }

  @Test
  void read_missingSql_namesFileLineAndField() throws Exception {
    Path file = write("{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}",
        "{\"question_id\": 2, \"question\": \"q\", \"table_id\": \"t\"}");

    assertThatThrownBy(() -> QuestionReader.read(file))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":2: missing \"sql\"; every question needs question_id, question, sql and "
            + "table_id (or db_id)");
  }

  /** A string sql is read straight from its token; every other JSON value still gets the one-line error. */
  @Test
  void read_sqlThatIsNotAStringOrList_namesTheValue() throws Exception {
    for (String[] c : new String[][] {{"42", "42"}, {"{\"q\": \"SELECT 1\"}", "{\"q\":\"SELECT 1\"}"},
        {"true", "true"}, {"[]", "[]"}}) {
      Path file = write("{\"question_id\": 1, \"question\": \"q\", \"sql\": " + c[0] + ", \"table_id\": \"t\"}");

      assertThatThrownBy(() -> QuestionReader.read(file)).as(c[0])
          .isInstanceOf(InvalidInputException.class)
          .hasMessage(file + ":1: \"sql\" must be a string or a non-empty list of strings (alternative gold "
              + "queries), but was " + c[1]);
    }
    Path nullSql = write("{\"question_id\": 1, \"question\": \"q\", \"sql\": null, \"table_id\": \"t\"}");
    assertThatThrownBy(() -> QuestionReader.read(nullSql)).hasMessage(nullSql + ":1: missing \"sql\"; every "
        + "question needs question_id, question, sql and table_id (or db_id)");
  }

  @Test
  void read_duplicateId_isRejected() throws Exception {
    Path file = write("{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}",
        "{\"question_id\": \"1\", \"question\": \"q\", \"sql\": \"SELECT 1\", \"table_id\": \"t\"}");

    assertThatThrownBy(() -> QuestionReader.read(file))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":2: question_id 1 appears twice in the questions file; ids must be unique");
  }

  @Test
  void read_neitherTableNorDatabase_namesBothOptions() throws Exception {
    Path file = write("{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1\"}");

    assertThatThrownBy(() -> QuestionReader.read(file))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":1: question 1 needs \"table_id\" (LLMSQL) or \"db_id\" (one database per question)");
  }

  @Test
  void read_notUtf8_saysLineColumnAndByteOffset() throws Exception {
    // before: "q.jsonl:2: not UTF-8 text; save the file as UTF-8 JSONL", with no column or offset
    Path file = Files.write(dir.resolve("latin1.jsonl"), ("{\"question_id\": 1, \"question\": \"How many?\", "
        + "\"sql\": \"SELECT 1\", \"table_id\": \"t\"}\n{\"question_id\": 2, \"question\": \"Caf\u00e9?\", "
        + "\"sql\": \"SELECT 1\", \"table_id\": \"t\"}\n").getBytes(StandardCharsets.ISO_8859_1));

    assertThatThrownBy(() -> QuestionReader.read(file))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ": not valid UTF-8 at line 2, column 36 (byte offset 115); save it as UTF-8");
  }

  @Test
  void read_overlongFormInTheGoldSql_isNotUtf8() throws Exception {
    // before: the gold SQL read "SELECT 1 /" (C0 AF decoded as '/'), where Python's decoder refuses the file
    byte[] head = ("{\"question_id\": 1, \"question\": \"q\", \"sql\": \"SELECT 1 ").getBytes(StandardCharsets.UTF_8);
    byte[] tail = "\", \"table_id\": \"t\"}\n".getBytes(StandardCharsets.UTF_8);
    byte[] line = java.util.Arrays.copyOf(head, head.length + 2 + tail.length);
    line[head.length] = (byte) 0xC0;
    line[head.length + 1] = (byte) 0xAF;
    System.arraycopy(tail, 0, line, head.length + 2, tail.length);
    Path file = Files.write(dir.resolve("overlong.jsonl"), line);

    assertThatThrownBy(() -> QuestionReader.read(file))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ": not valid UTF-8 at line 1, column 54 (byte offset 53); save it as UTF-8");
  }

  @Test
  void read_missingFile_namesOption() {
    Path missing = dir.resolve("none.jsonl");

    assertThatThrownBy(() -> QuestionReader.read(missing))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(missing + ": questions file not found (" + missing.toAbsolutePath()
            + "); check --questions-path");
  }

  @Test
  void read_llmsql2Fields_answerAsStringOrBareArray() throws Exception {
    // given: the released string form, the older bare array, and a 1.0 line
    Path file = write("{\"question_id\": 2, \"table_id\": \"t1\", \"tables\": [\"t1\", \"t0\"], \"question\": \"q\", "
        + "\"sql\": \"SELECT 1\", \"answer\": \"[[\\\"Hurts\\\"], [274.0, 217, null]]\", \"category\": \"lookup\", "
        + "\"family\": \"wikisql\", \"prompt\": \"You are...\"}",
        "{\"question_id\": 3, \"table_id\": \"t1\", \"question\": \"q\", \"sql\": \"SELECT 1\", "
            + "\"answer\": [[\"Hurts\"]]}",
        "{\"question_id\": 4, \"table_id\": \"t1\", \"question\": \"q\", \"sql\": \"SELECT 1\"}");

    Map<Integer, Question> questions = QuestionReader.read(file);

    Question v2 = questions.get(2);
    assertThat(v2.answer()).contains(List.of(List.of("Hurts"), java.util.Arrays.asList(274.0, 217L, null)));
    assertThat(v2.category()).contains("lookup");
    assertThat(v2.family()).contains("wikisql");
    assertThat(v2.prompt()).contains("You are...");
    assertThat(v2.tables()).containsExactly("t1", "t0");
    assertThat(v2.distractorTables()).containsExactly("t0");
    assertThat(questions.get(3).answer()).contains(List.of(List.of("Hurts")));
    assertThat(questions.get(3).tables()).containsExactly("t1");
    assertThat(questions.get(3).category()).isEmpty();
    Question v1 = questions.get(4);
    assertThat(v1.answer()).isEmpty();
    assertThat(v1.llmsql2()).isEqualTo(dev.llmsql.benchmark.Llmsql2Fields.NONE);
  }

  @Test
  void read_numbers_pythonIntsInAnswersOnly_andNaNRefused() throws Exception {
    // an LLMSQL 2.0 answer keeps an integer past Long whole (json.loads); gold_results read it as SQLite would
    Path file = write("{\"question_id\": 1, \"table_id\": \"t\", \"question\": \"q\", \"sql\": \"SELECT 1\", "
        + "\"answer\": \"[[18446744073709551616, -0.0, Infinity]]\"}",
        "{\"question_id\": 2, \"table_id\": \"t\", \"question\": \"q\", "
            + "\"gold_results\": {\"v\": [18446744073709551616, -0.0]}}");

    Map<Integer, Question> questions = QuestionReader.read(file);

    assertThat(questions.get(1).answer()).contains(List.of(List.of(new java.math.BigInteger("18446744073709551616"),
        -0.0, Double.POSITIVE_INFINITY)));
    assertThat(questions.get(2).goldResults().get(0).rows()).isEqualTo(List.of(List.of(1.8446744073709552E19),
        List.of(-0.0)));
    Path nan = write("{\"question_id\": 1, \"table_id\": \"t\", \"question\": \"q\", \"sql\": \"SELECT 1\", "
        + "\"answer\": \"[[NaN]]\"}");
    assertThatThrownBy(() -> QuestionReader.read(nan)).isInstanceOf(InvalidInputException.class)
        .hasMessage(nan + ":1: \"answer\" holds NaN, which no rule can compare as upstream does; give the "
            + "question's answer as a number, a string or null");
  }

  @Test
  void read_answerNotRows_failsWithLineAndExample() throws Exception {
    Path file = write("{\"question_id\": 2, \"table_id\": \"t\", \"question\": \"q\", \"sql\": \"S\", "
        + "\"answer\": \"[\\\"Hurts\\\"]\"}");

    assertThatThrownBy(() -> QuestionReader.read(file))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("questions.jsonl:1")
        .hasMessageContaining("each \"answer\" row must be an array of cells, but one was \"Hurts\"");
  }

  @Test
  void read_answerStringNotJson_saysColumnAndWhatWasExpected() throws Exception {
    Path file = write("{\"question_id\": 2, \"table_id\": \"t\", \"question\": \"q\", \"sql\": \"S\", "
        + "\"answer\": \"[['Hurts']]\"}");

    assertThatThrownBy(() -> QuestionReader.read(file))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage(file + ":1: \"answer\" is a string but not JSON rows such as \"[[\\\"Hurts\\\"]]\" (at column 3: "
            + "unexpected \"'\" (JSON strings need double quotes); expected a value or ']')");
  }

  private Path write(String... lines) throws Exception {
    Path file = dir.resolve("questions.jsonl");
    Files.write(file, List.of(lines), StandardCharsets.UTF_8);
    return file;
  }

  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      "{\"question_id\": 12, \"question\": \"q\"}|12",
      "  { \"question_id\" :-7 }|-7",
      "{\"question_id\":2147483647,\"x\":1}|2147483647",
      "{\"question_id\": 2147483648, \"x\": 1}|",
      "{\"question_id\": 99999999999, \"x\": 1}|",
      "{\"question_id\": 012, \"x\": 1}|",
      "{\"question_id\": 1.5, \"x\": 1}|",
      "{\"question_id\": \"3\", \"x\": 1}|",
      "{\"question\": \"q\", \"question_id\": 3}|",
      "[1, 2]|",
      "{\"question_id\": 5|"})
  void leadingId_rawLineStart_isReadOnlyWhenItIsPlainlyAnIntId(String line, Long expected) {
    byte[] bytes = line.getBytes(java.nio.charset.StandardCharsets.UTF_8);

    long id = QuestionReader.leadingId(bytes, 0, bytes.length);

    assertThat(id).isEqualTo(expected == null ? Long.MIN_VALUE : expected);
  }
}
