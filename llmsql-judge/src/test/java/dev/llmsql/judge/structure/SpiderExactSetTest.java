package dev.llmsql.judge.structure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.judgement.Judges;
import dev.llmsql.judgement.Outcome;
import dev.llmsql.judgement.Reason;
import dev.llmsql.judgement.Verdict;
import dev.llmsql.Evaluator;
import dev.llmsql.report.EvaluationReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spider's own exact-set match ({@code exact-set}) against this project's structural comparison
 * ({@code exact-set:structural}), one crafted pair per behaviour where they differ or where Spider's
 * evaluator has a rule of its own; each row gives both verdicts.
 */
class SpiderExactSetTest {

  static final SpiderSchema SCHEMA;

  static {
    Map<String, List<String>> tables = new LinkedHashMap<>();
    tables.put("singer", List.of("singer_id", "name", "country", "age"));
    tables.put("concert", List.of("concert_id", "stadium_id", "year"));
    tables.put("stadium", List.of("stadium_id", "name", "capacity"));
    SCHEMA = SpiderSchema.of(tables,
        List.of(new SpiderSchema.ForeignKey("concert", "stadium_id", "stadium", "stadium_id")));
  }

  record Row(String what, String gold, String pred, boolean spider, boolean structural) {
    @Override
    public String toString() {
      return what;
    }
  }

  static Stream<Row> rows() {
    String join = " FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id";
    return Stream.of(
        new Row("double-quoted string is a value", "SELECT name FROM singer WHERE country = 'France'",
            "SELECT name FROM singer WHERE country = \"Spain\"", true, false),
        new Row("double-quoted identifier is a value, so the column is unknown", "SELECT name FROM singer",
            "SELECT \"name\" FROM singer", false, true),
        new Row("DISTINCT ignored", "SELECT DISTINCT country FROM singer", "SELECT country FROM singer", true,
            false),
        new Row("DISTINCT ignored inside count", "SELECT count(DISTINCT country) FROM singer",
            "SELECT count(country) FROM singer", true, false),
        new Row("unqualified column resolved against the schema", "SELECT T1.name FROM singer AS T1",
            "SELECT name FROM singer", true, true),
        new Row("unqualified column in a join: first FROM table that has it", "SELECT T2.capacity" + join,
            "SELECT capacity" + join, true, false),
        new Row("foreign-key columns equivalent", "SELECT T2.stadium_id" + join, "SELECT T1.stadium_id" + join,
            true, false),
        new Row("ON conditions not compared", "SELECT T2.name" + join,
            "SELECT T2.name FROM concert AS T1 JOIN stadium AS T2 ON T1.concert_id = T2.capacity", true, false),
        new Row("set-operation branches compared by position",
            "SELECT name FROM singer WHERE age > 1 UNION SELECT name FROM singer WHERE country = 'x'",
            "SELECT name FROM singer WHERE country = 'x' UNION SELECT name FROM singer WHERE age > 1", false, true),
        new Row("select alias rejected by Spider's parser", "SELECT count(*) FROM singer",
            "SELECT count(*) AS n FROM singer", false, true),
        new Row("<> rejected by Spider's parser", "SELECT name FROM singer WHERE age != 3",
            "SELECT name FROM singer WHERE age <> 3", false, true),
        new Row("IS NULL rejected by Spider's parser", "SELECT name FROM singer WHERE age IS NULL",
            "SELECT name FROM singer WHERE age IS NULL", false, true),
        new Row("gold's '! =' parses as !=", "SELECT name FROM singer WHERE age ! = 3",
            "SELECT name FROM singer WHERE age != 3", true, false),
        new Row("group by compares columns without their table",
            "SELECT count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id GROUP BY T1.year",
            "SELECT count(*) FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id GROUP BY T2.name",
            false, false),
        new Row("limit value ignored, its presence counts",
            "SELECT name FROM singer ORDER BY age DESC LIMIT 1", "SELECT name FROM singer ORDER BY age DESC LIMIT 3",
            true, true),
        new Row("order direction counts", "SELECT name FROM singer ORDER BY age DESC",
            "SELECT name FROM singer ORDER BY age", false, false),
        new Row("tokens after the last clause ignored", "SELECT name FROM singer LIMIT 1",
            "SELECT name FROM singer LIMIT 1 OFFSET 2", true, false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void spiderAndStructural_giveEachTheirVerdict(Row row) {
    // when
    Verdict spider = ExactSetJudge.spider().spider(SCHEMA, List.of(row.gold()), row.pred());
    Verdict structural = ExactSetJudge.structural().compare(row.gold(), row.pred());

    // then
    assertThat(spider.outcome() == Outcome.MATCH).as("Spider's verdict").isEqualTo(row.spider());
    assertThat(structural.outcome() == Outcome.MATCH).as("structural verdict").isEqualTo(row.structural());
  }

  @Test
  void spider_predictionItsParserRejects_isAPredictionErrorNamingTheCause() {
    // when
    Verdict verdict = ExactSetJudge.spider().spider(SCHEMA, List.of("SELECT name FROM singer"),
        "SELECT name FROM singer WHERE age <> 3");

    // then
    assertThat(verdict.outcome()).isEqualTo(Outcome.ERROR);
    assertThat(verdict.reason()).isEqualTo(Reason.PRED_ERROR);
    assertThat(verdict.detail()).isEqualTo("Spider's parser rejects the prediction: Error col: >");
  }

  @Test
  void spider_predictionCutAfterLimit_isRejectedAsSpidersParserDoes() {
    // parse_limit reads toks[idx - 1] past the end: IndexError, the prediction is the empty query (it matched)
    Verdict verdict = ExactSetJudge.spider().spider(SCHEMA, List.of("SELECT name FROM singer ORDER BY age DESC "
        + "LIMIT 1"), "SELECT name FROM singer ORDER BY age DESC LIMIT");

    assertThat(verdict).isEqualTo(new Verdict(Outcome.ERROR, Reason.PRED_ERROR, "Spider's parser rejects the "
        + "prediction: list index out of range (LIMIT ends the query)", java.util.Map.of("clause_select", 0.0,
        "clause_select_no_agg", 0.0, "clause_where", 1.0, "clause_where_no_op", 1.0, "clause_group", 1.0,
        "clause_group_no_having", 1.0, "clause_order", 0.0, "clause_and_or", 1.0, "clause_set_ops", 1.0,
        "clause_keywords", 0.0)));
  }

  @Test
  void spider_goldItsParserRejects_isAGoldError() {
    // when
    Verdict verdict = ExactSetJudge.spider().spider(SCHEMA, List.of("SELECT nonesuch FROM singer"),
        "SELECT name FROM singer");

    // then
    assertThat(verdict.outcome()).isEqualTo(Outcome.GOLD_ERROR);
    assertThat(verdict.detail()).isEqualTo("Spider's parser rejects the gold: Error col: nonesuch");
  }

  @Test
  void spider_mismatch_recordsEachPartialScore() {
    // when
    Verdict verdict = ExactSetJudge.spider().spider(SCHEMA, List.of("SELECT name FROM singer WHERE age > 3"),
        "SELECT name FROM singer");

    // then
    assertThat(verdict.outcome()).isEqualTo(Outcome.MISMATCH);
    assertThat(verdict.detail()).isEqualTo("parts differ: where, where_no_op, keywords");
    assertThat(verdict.measures()).containsEntry("clause_select", 1.0).containsEntry("clause_where", 0.0)
        .hasSize(10);
  }

  @Test
  void spider_keepValues_comparesValues() {
    // given
    ExactSetJudge keep = (ExactSetJudge) Judges.named("exact-set:keep-values");
    String gold = "SELECT name FROM singer WHERE age > 3";

    // when / then
    assertThat(keep.spider(SCHEMA, List.of(gold), "SELECT name FROM singer WHERE age > 4").outcome())
        .isEqualTo(Outcome.MISMATCH);
    assertThat(keep.spider(SCHEMA, List.of(gold), "SELECT name FROM singer WHERE age > 3.0").outcome())
        .isEqualTo(Outcome.MATCH);
  }

  @Test
  void spider_compareWithoutSchema_namesTheWayOut() {
    assertThatThrownBy(() -> ExactSetJudge.spider().compare("SELECT a FROM t", "SELECT a FROM t"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Spider's exact-set match reads the database schema; run it in an evaluation, or use "
            + "ExactSetJudge.structural() to compare SQL texts alone");
  }

  @Test
  void named_structuralWithValues_isThatJudge() {
    assertThat(Judges.named("exact-set:structural,keep-values").name()).isEqualTo("exact-set:structural,keep-values");
    assertThat(Judges.named("exact-set:structural").name()).isEqualTo("exact-set:structural");
  }

  @Test
  void spider_deeplyNestedPrediction_isRejectedNotAStackOverflow() {
    String nested = "SELECT name FROM singer WHERE age IN (".repeat(5000) + "SELECT age FROM singer"
        + ")".repeat(5000);

    Verdict verdict = ExactSetJudge.spider().spider(SCHEMA, List.of("SELECT name FROM singer"), nested);

    assertThat(verdict.outcome()).isEqualTo(Outcome.ERROR);
    assertThat(verdict.detail()).isEqualTo("Spider's parser rejects the prediction: sub-queries nested deeper than 64");
  }

  @Test
  void tokenize_followsSpidersTokenizer() {
    assertThat(SpiderSql.tokenize("SELECT T1.Name, count(*) FROM t AS T1 WHERE a ! = 'O Neil' AND b >= 2;"))
        .containsExactly("select", "t1.name", ",", "count", "(", "*", ")", "from", "t", "as", "t1", "where", "a",
            "!=", "\"O Neil\"", "and", "b", ">=", "2", ";");
  }

  @Test
  void tokenize_splitsNltksContractions_outsideStringsOnly() {
    // NLTK's word_tokenize splits cannot, gonna, gotta, gimme, lemme as words (wanna only before white space,
    // and t1.cannot too: a period is no word character); a quoted value is taken out before, so stays whole
    assertThat(SpiderSql.tokenize("SELECT cannot, Gonna, gotta FROM t WHERE wanna = 1 AND x = 'cannot'"))
        .containsExactly("select", "can", "not", ",", "gon", "na", ",", "got", "ta", "from", "t", "where", "wan",
            "na", "=", "1", "and", "x", "=", "\"cannot\"");
    assertThat(SpiderSql.tokenize("SELECT wanna_x, wannabe, t1.cannot FROM t ORDER BY wanna"))
        .containsExactly("select", "wanna_x", ",", "wannabe", ",", "t1.", "can", "not", "from", "t", "order", "by",
            "wan", "na");
    assertThat(SpiderSql.tokenize("SELECT gimme, lemme FROM t WHERE wanna(x) AND CanNot = \"gonna\""))
        .containsExactly("select", "gim", "me", ",", "lem", "me", "from", "t", "where", "wan", "na", "(", "x", ")",
            "and", "can", "not", "=", "\"gonna\"");
  }

  @Test
  void tokenize_splitsNltksStartingAndEndingQuotesAndDashes() {
    assertThat(SpiderSql.tokenize("SELECT `name`, ``x``, \u201ca\u201d, \u00abb\u00bb, \u2018c\u2019 FROM t"))
        .containsExactly("select", "`", "name", "`", ",", "``", "x", "``", ",", "\u201c", "a", "\u201d", ",",
            "\u00ab", "b", "\u00bb", ",", "\u2018", "c", "\u2019", "from", "t");
    assertThat(SpiderSql.tokenize("SELECT a\u2014b FROM t WHERE b = x. )"))
        .containsExactly("select", "a", "\u2014", "b", "from", "t", "where", "b", "=", "x", ".", ")");
  }

  @Test
  void tokenize_runOfBackticks_isCutIntoDoubleBackticksFromTheLeft_asNltkCutsIt() {
    // NLTK sets a run apart wherever it stands, then its (``) rule makes each non-overlapping `` a token; before,
    // a run of three or more was one token (lists checked against NLTK 3.10's NLTKWordTokenizer)
    assertThat(SpiderSql.tokenize("SELECT a```b FROM t"))
        .containsExactly("select", "a", "``", "`", "b", "from", "t");
    assertThat(SpiderSql.tokenize("SELECT ````x, y````` FROM t"))
        .containsExactly("select", "``", "``", "x", ",", "y", "``", "``", "`", "from", "t");
    assertThat(SpiderSql.tokenize("```SELECT a FROM t``````"))
        .containsExactly("``", "`", "select", "a", "from", "t", "``", "``", "``");
    assertThat(SpiderSql.tokenize("SELECT `name`, ``x``, a`b, c```````'v'"))
        .containsExactly("select", "`", "name", "`", ",", "``", "x", "``", ",", "a", "`", "b", ",", "c", "``", "``",
            "``", "`", "\"v\"");
  }

  @Test
  void spider_aColumnNamedCannot_isReadAsCanNot_soItsParserRejectsIt() {
    SpiderSchema schema = SpiderSchema.of(Map.of("t", List.of("b", "cannot")), List.of());

    Verdict gold = ExactSetJudge.spider().spider(schema, List.of("SELECT b FROM t WHERE cannot = 1"),
        "SELECT b FROM t WHERE cannot = 1");
    Verdict pred = ExactSetJudge.spider().spider(schema, List.of("SELECT b FROM t"),
        "SELECT b FROM t WHERE cannot = 1");
    Verdict quoted = ExactSetJudge.spider().spider(schema, List.of("SELECT b FROM t WHERE b = 'cannot'"),
        "SELECT b FROM t WHERE b = 'gonna'");

    assertThat(gold.outcome()).isEqualTo(Outcome.GOLD_ERROR);
    assertThat(gold.detail()).isEqualTo("Spider's parser rejects the gold: Error col: can");
    assertThat(pred.outcome()).isEqualTo(Outcome.ERROR);
    assertThat(pred.detail()).isEqualTo("Spider's parser rejects the prediction: Error col: can");
    // values are ignored: the contraction inside a literal is one value either way
    assertThat(quoted.outcome()).isEqualTo(Outcome.MATCH);
  }

  @Test
  void evaluation_readsSchemaAndForeignKeysFromTheDatabase_andTheCompletionAsGiven(@TempDir Path dir)
      throws Exception {
    // GIVEN: a database declaring concert.stadium_id -> stadium.stadium_id
    Path db = dir.resolve("concerts.sqlite");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db); Statement s = c.createStatement()) {
      s.executeUpdate("CREATE TABLE stadium (stadium_id INTEGER PRIMARY KEY, name TEXT, capacity INTEGER)");
      s.executeUpdate("CREATE TABLE concert (concert_id INTEGER, stadium_id INTEGER REFERENCES stadium, year TEXT)");
    }
    String gold = "SELECT T2.stadium_id FROM concert AS T1 JOIN stadium AS T2 ON T1.stadium_id = T2.stadium_id";
    Path questions = Files.writeString(dir.resolve("q.jsonl"),
        "{\"question_id\": 1, \"question\": \"q\", \"table_id\": \"stadium\", \"sql\": \"" + gold + "\"}\n"
            + "{\"question_id\": 2, \"question\": \"q\", \"table_id\": \"stadium\", \"sql\": \"SELECT count(*) FROM stadium\"}\n");
    Path predictions = Files.writeString(dir.resolve("p.jsonl"),
        "{\"question_id\": 1, \"completion\": \"" + gold.replace("T2.stadium_id FROM", "T1.stadium_id FROM")
            + "\"}\n{\"question_id\": 2, \"completion\": \"Answer: SELECT count(*) FROM stadium\"}\n");

    // WHEN
    Map<Integer, String> asGiven = verdicts(Judges.named("exact-set"), questions, db, predictions);
    Map<Integer, String> extracted = verdicts(Judges.named("exact-set:extract"), questions, db, predictions);

    // THEN: the foreign key makes T1.stadium_id and T2.stadium_id one column; Spider's parser rejects the prose
    assertThat(asGiven).containsExactly(Map.entry(1, "MATCH EQUAL"),
        Map.entry(2, "ERROR PRED_ERROR Spider's parser rejects the prediction: 'select' not found"));
    assertThat(extracted).containsExactly(Map.entry(1, "MATCH EQUAL"), Map.entry(2, "MATCH EQUAL"));
  }

  private static Map<Integer, String> verdicts(dev.llmsql.judgement.Judge judge, Path questions, Path db,
                                               Path predictions) {
    EvaluationReport report = Evaluator.builder().noGoldCache().questionsPath(questions).dbPath(db).judge(judge)
        .noReportFile().showMismatches(false).threads(1).build().run(predictions);
    Map<Integer, String> out = new java.util.TreeMap<>();
    report.results().forEach(r -> out.put(r.questionId(),
        (r.outcome() + " " + r.reason() + " " + r.verdict().detail()).strip()));
    return out;
  }
}
