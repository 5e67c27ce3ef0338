package dev.llmsql.models.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteDatasetTest {

  @TempDir
  Path dir;

  private Path config(String metrics) throws IOException {
    return Files.writeString(dir.resolve("suite.json"), "{\"name\": \"t\", \"capabilities\": {\"sql_understanding\": {"
        + metrics + "}}}");
  }

  private Path metricFile(String name, String... lines) throws IOException {
    Path file = dir.resolve("data/sql_understanding/" + name + ".jsonl");
    Files.createDirectories(file.getParent());
    return Files.writeString(file, String.join("\n", lines) + "\n");
  }

  private static final String OBJECTIVE = "\"syntax_error_detection\": {\"weight\": 3, \"evaluation\": \"objective\", "
      + "\"prompt\": \"[{{id}}] {{sql}}\"}";

  private SuiteDataset load(Path config) {
    return SuiteDataset.load(dir.resolve("data"), SuiteConfig.read(config));
  }

  @Test
  void load_miniScale_readsEveryScoredCase() throws Exception {
    // given / when
    SuiteDataset d = SuiteDataset.load(CapabilitySuiteTest.suiteDir(), SuiteConfig.read(CapabilitySuiteTest.configFile()));

    // then
    assertThat(d.cases()).hasSize(17);
    assertThat(d.config().name()).isEqualTo("mini-scale");
    assertThat(d.cases().get(7).id()).isEqualTo("se-2");
    assertThat(d.cases().get(7).difficulty()).isEqualTo(2);
    assertThat(d.cases().get(0).fields().get("setup")).isEqualTo("CREATE TABLE employees(id INTEGER PRIMARY KEY, "
        + "name TEXT, dept TEXT, salary INTEGER);\nINSERT INTO employees VALUES (1, 'Ann', 'Sales', 3000), (2, 'Bob', "
        + "'Sales', 4000), (3, 'Cid', 'IT', 5000);");
    assertThat(d.unscored()).containsExactly("sql_understanding/sql_identification");
  }

  @Test
  void load_malformedLine_namesFileAndLine() throws Exception {
    // given
    Path file = metricFile("syntax_error_detection", "{\"id\": \"a\", \"difficulty\": \"1\", \"sql\": \"x\", "
        + "\"expected\": true}", "{\"id\": \"b\", \"difficulty\": \"1\",");

    // when / then
    assertThatThrownBy(() -> load(config(OBJECTIVE))).isInstanceOf(SuiteFormatException.class)
        .hasMessage(file + " line 2: not valid JSON at column 31: expected a field name in double quotes after ',' "
            + "(the line ends early); "
            + "each line is one case object such as {\"id\": \"c1\", \"difficulty\": \"1\", ...}");
  }

  @Test
  void load_missingExpected_namesFieldAndWhy() throws Exception {
    // given
    Path file = metricFile("syntax_error_detection", "", "{\"id\": \"a\", \"difficulty\": \"1\", \"sql\": \"x\"}");

    // when / then
    assertThatThrownBy(() -> load(config(OBJECTIVE))).hasMessage(file + " line 2: missing field \"expected\" in "
        + "case a; objective metrics compare the answer with it");
  }

  @Test
  void load_missingDifficulty_namesBothPlacesToGiveIt() throws Exception {
    // given
    Path file = metricFile("syntax_error_detection", "{\"id\": \"a\", \"sql\": \"x\", \"expected\": true}");

    // when / then
    assertThatThrownBy(() -> load(config(OBJECTIVE))).hasMessage(file + " line 1: missing field \"difficulty\" in "
        + "case a; add \"difficulty\": \"1\" (to \"3\") or set it in the config's "
        + "sql_understanding/syntax_error_detection difficulty map");
  }

  @Test
  void load_difficultyOutOfRange_isRejected() throws Exception {
    // given
    Path file = metricFile("syntax_error_detection", "{\"id\": \"a\", \"difficulty\": \"4\", \"sql\": \"x\", "
        + "\"expected\": true}");

    // when / then
    assertThatThrownBy(() -> load(config(OBJECTIVE))).hasMessage(file + " line 1: difficulty of case a must be "
        + "\"1\", \"2\" or \"3\", but was \"4\"");
  }

  @Test
  void load_unknownMetric_namesConfigAndFix() throws Exception {
    // given
    metricFile("syntax_error_detection", "{\"id\": \"a\", \"difficulty\": \"1\", \"sql\": \"x\", \"expected\": true}");
    Path config = config(OBJECTIVE + ", \"explain_detectoin\": {\"weight\": 2, \"evaluation\": \"subjective\", "
        + "\"prompt\": \"{{sql}}\"}");

    // when / then
    assertThatThrownBy(() -> load(config)).hasMessage(config + ": unknown metric "
        + "sql_understanding/explain_detectoin: there is no " + dir.resolve("data/sql_understanding/"
        + "explain_detectoin.jsonl") + "; add the file or remove capabilities.sql_understanding.explain_detectoin "
        + "from the config");
  }

  @Test
  void load_promptPlaceholderNotInCase_namesFieldAndFix() throws Exception {
    // given
    Path file = metricFile("syntax_error_detection", "{\"id\": \"a\", \"difficulty\": \"1\", \"query\": \"x\", "
        + "\"expected\": true}");

    // when / then
    assertThatThrownBy(() -> load(config(OBJECTIVE))).hasMessage(file + " line 1: the prompt of "
        + "sql_understanding/syntax_error_detection uses {{sql}}, but case a has no field \"sql\"; add the field to "
        + "the case or change the prompt in the config");
  }

  @Test
  void load_hostileSetup_isRejected() throws Exception {
    // given
    Path file = metricFile("execution_accuracy", "{\"id\": \"e\", \"difficulty\": \"1\", \"q\": \"x\", \"setup\": "
        + "[\"ATTACH DATABASE 'x.db' AS x\"], \"expected\": [[1]]}");
    Path config = config("\"execution_accuracy\": {\"weight\": 4, \"evaluation\": \"objective\", \"prompt\": \"{{q}}\"}");

    // when / then
    assertThatThrownBy(() -> load(config)).hasMessage(file + " line 1: \"setup\" of case e may hold only CREATE and "
        + "INSERT statements, but has \"ATTACH DATABASE 'x.db' AS x\"");
  }

  @Test
  void load_optimizationDepthWithoutRules_namesShape() throws Exception {
    // given
    Path file = metricFile("optimization_depth", "{\"id\": \"o\", \"difficulty\": \"1\", \"sql\": \"x\"}");
    Path config = config("\"optimization_depth\": {\"weight\": 4, \"evaluation\": \"subjective\", \"prompt\": \"{{sql}}\"}");

    // when / then
    assertThatThrownBy(() -> load(config)).hasMessage(file + " line 1: missing field \"rules\" in case o; "
        + "optimization_depth cases list the rules a judge matches: [{\"id\": \"r1\", \"text\": \"...\", "
        + "\"difficulty\": \"2\"}]");
  }

  @Test
  void read_unknownEvaluation_namesKeyAndChoices() throws Exception {
    // given
    Path config = config("\"x\": {\"weight\": 1, \"evaluation\": \"objectiv\", \"prompt\": \"p\"}");

    // when / then
    assertThatThrownBy(() -> SuiteConfig.read(config)).hasMessage(config + ": capabilities.sql_understanding.x."
        + "evaluation must be objective, subjective or hybrid, but was 'objectiv'");
  }

  @Test
  void read_misspelledKey_listsKnownKeys() throws Exception {
    // given
    Path config = config("\"x\": {\"wieght\": 1, \"evaluation\": \"objective\", \"prompt\": \"p\"}");

    // when / then
    assertThatThrownBy(() -> SuiteConfig.read(config)).hasMessage(config + ": capabilities.sql_understanding.x has "
        + "unknown key \"wieght\"; known: difficulty, evaluation, judge_prompt, judge_prompt_file, prompt, "
        + "prompt_file, weight");
  }

  @Test
  void load_metricWithoutWeight_isNotScoredNorRun() throws Exception {
    // given
    metricFile("syntax_error_detection", "{\"id\": \"a\", \"difficulty\": \"1\", \"sql\": \"x\", \"expected\": true}");
    Path config = config("\"syntax_error_detection\": {\"evaluation\": \"objective\", \"prompt\": \"{{sql}}\"}");

    // when
    SuiteDataset d = load(config);

    // then
    assertThat(d.cases()).isEmpty();
    assertThat(d.unscored()).containsExactly("sql_understanding/syntax_error_detection");
    assertThat(SuiteScores.score(d.config(), java.util.List.of())).isEmpty();
  }
}
