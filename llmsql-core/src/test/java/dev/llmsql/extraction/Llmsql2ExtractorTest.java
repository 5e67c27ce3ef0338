package dev.llmsql.extraction;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Llmsql2ExtractorTest {

  private static final String Q = "SELECT \"Singer(s)\" FROM \"t\" WHERE \"Comedian\" = 'Joe'";

  private static String extract(String completion) {
    return Llmsql2Extractor.upstream().extract(completion).orElse(null);
  }

  @Test
  void fences_lastBlockWins_whateverItsTag() {
    assertThat(extract("```sql\n" + Q + ";;\n```")).isEqualTo(Q + ";");
    assertThat(extract("```sql\nSELECT draft\n```\nthen\n```sql\n" + Q + "\n```")).isEqualTo(Q + ";");
    assertThat(extract("```sql\n" + Q + "\n```\n```text\nthe answer is Hurts\n```")).isNull();
    assertThat(extract("```SQL\n" + Q + "\n```")).isEqualTo(Q + ";");
    assertThat(extract("```\n" + Q + "\n```")).isEqualTo(Q + ";");
    // only a leading "sql" is a tag: "sqlite" leaves "ite", which is prose before the keyword and dropped
    assertThat(extract("```sqlite\n" + Q + "\n```")).isEqualTo(Q + ";");
    assertThat(extract("```python\nselect_all = 1\n```")).isNull();
  }

  @Test
  void fences_pairStrictlyInOrder() {
    // an unclosed opener after a closed block is no block: the closed block still wins
    assertThat(extract("```sql\n" + Q + "\n```\nand then ```sql\nSELECT 2")).isEqualTo(Q + ";");
    // an unclosed fence alone: no block, the whole text is searched
    assertThat(extract("```sql\n" + Q)).isEqualTo(Q + ";");
    // ``` in prose opens a block that the SQL fence's opener closes; the SQL is then outside any block
    assertThat(extract("Use ``` fences:\n```sql\n" + Q + "\n```")).isNull();
    // four backticks: the block starts with the fourth
    assertThat(extract("````sql\n" + Q + "\n````")).isEqualTo(Q + ";");
    assertThat(extract("```sql\n```")).isNull();
  }

  @Test
  void noFence_proseBefore_andEverythingAfterStays() {
    assertThat(extract("Here is the query: " + Q)).isEqualTo(Q + ";");
    assertThat(extract(Q + "\nThis returns the value.")).isEqualTo(Q + "\nThis returns the value.;");
    assertThat(extract(Q + ";\nThis returns the value.")).isEqualTo(Q + ";\nThis returns the value.;");
    assertThat(extract("<sql>" + Q + "</sql>")).isEqualTo(Q + "</sql>;");
    // a fenced draft, then an unfenced final query: the draft
    assertThat(extract("```sql\nSELECT 1\n```\nFinal: " + Q)).isEqualTo("SELECT 1;");
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "SELECTED rows then SELECT 1|SELECT 1;",
      "the selection: WITH x AS (SELECT 1) SELECT * FROM x|WITH x AS (SELECT 1) SELECT * FROM x;",
      "Without doubt, select 1|select 1;",
      "Herewith SELECT 1|with SELECT 1;",
      "select_1 and SELECT_ then SELECT(1)|SELECT(1);",
      "SELECTé SELECT 2|SELECT 2;",
      "SELECT٣ SELECT 2|SELECT 2;",
      "ſelect 1|ſelect 1;",
      "EXPLAIN SELECT 1|SELECT 1;"})
  void keyword_isAWholeWordAnywhere(String completion, String expected) {
    assertThat(extract(completion)).isEqualTo(expected);
  }

  @Test
  void commentsStartTheQuery_unlessSkipped() {
    String completion = "```sql\n-- select the name\n" + Q + "\n```";
    assertThat(extract(completion)).isEqualTo("select the name\n" + Q + ";");
    assertThat(Llmsql2Extractor.skippingComments().extract(completion)).contains(Q + ";");
    assertThat(Llmsql2Extractor.skippingComments().extract("/* with care */ " + Q)).contains(Q + ";");
    assertThat(Llmsql2Extractor.skippingComments().extract("-- select only")).isEmpty();
  }

  @Test
  void trimming_pythonWhitespace_andSemicolons() {
    // strip, cut every trailing ';', strip again, add one: a ';' behind a space survives
    assertThat(extract("\u00a0" + Q + ";;\u2028")).isEqualTo(Q + ";");
    assertThat(extract("\u00a0" + Q + " ;\u3000;\u2028")).isEqualTo(Q + " ;;");
    assertThat(extract(Q + "; ;")).isEqualTo(Q + ";;");
    assertThat(extract("```sql\r\n" + Q + ";\r\n```\r\n")).isEqualTo(Q + ";");
  }

  @Test
  void empty_orNoKeyword_isNoSql() {
    assertThat(Llmsql2Extractor.upstream().extract("")).isEqualTo(Optional.empty());
    assertThat(Llmsql2Extractor.upstream().extract(null)).isEmpty();
    assertThat(extract("   ")).isNull();
    assertThat(extract("I cannot answer that.")).isNull();
  }

  @Test
  void exactMatchForm_trimsSemicolonsAndCollapsesSpaces() {
    assertThat(Llmsql2Extractor.exactMatchForm("  SELECT  a\n FROM t ;; ")).isEqualTo("SELECT a FROM t");
    assertThat(Llmsql2Extractor.exactMatchForm("SELECT a FROM t;")).isEqualTo("SELECT a FROM t");
  }

  @Test
  void keywordFollowedByAUnicode14Letter_isNoKeyword_asInPython311() {
    // upstream's SELECT\b: U+0870 is a word character to Python 3.11, unknown to Java 17
    assertThat(Llmsql2Extractor.upstream().extract("SELECT\u0870\nSELECT 1")).hasValue("SELECT 1;");
    assertThat(Llmsql2Extractor.upstream().extract("select\u0870")).isEmpty();
  }
}
