package dev.llmsql.models.suite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AnswersTest {

  @Test
  void equal_numberAsText_equalsNumber() {
    assertThat(Answers.equal(Answers.json("{\"avg\": \"25.00\"}"), Answers.json("{\"avg\": 25.0}"))).isTrue();
    assertThat(Answers.equal(Answers.json("[1, 2.50]"), Answers.json("[\"1\", 2.5]"))).isTrue();
  }

  @Test
  void equal_listsInOtherOrder_differ() {
    assertThat(Answers.equal(Answers.json("[1, 2]"), Answers.json("[2, 1]"))).isFalse();
  }

  @Test
  void equal_objectWithExtraKey_differs() {
    assertThat(Answers.equal(Answers.json("{\"a\": 1, \"b\": 2}"), Answers.json("{\"a\": 1}"))).isFalse();
  }

  @Test
  void equal_booleanAndText_differ() {
    assertThat(Answers.equal(Answers.json("true"), Answers.json("{\"x\": 1}").get("x"))).isFalse();
    assertThat(Answers.equal(Answers.json("true"), Answers.json("[true]").get(0))).isTrue();
  }

  @Test
  void json_fencedWithProseAndReasoning_findsTheObject() {
    assertThat(Answers.json("<think>{\"x\": 0}</think>Sure:\n```json\n{\"x\": 1}\n```"))
        .hasToString("{\"x\":1}");
    assertThat(Answers.json("The answer is {\"x\": 2}, I think.")).hasToString("{\"x\":2}");
    assertThat(Answers.json("no JSON here").isTextual()).isTrue();
  }

  @Test
  void sql_jsonOrFencedOrPlain_extractsStatement() {
    assertThat(Answers.sql("{\"sql\": \"SELECT 1\"}")).isEqualTo("SELECT 1");
    assertThat(Answers.sql("```sql\nSELECT 2\n```")).isEqualTo("SELECT 2");
    assertThat(Answers.sql("<think>SELECT 0</think> SELECT 3")).isEqualTo("SELECT 3");
  }

  @Test
  void equal_infiniteOrUnholdableNumbers_differFromFiniteOnesAndEqualThemselves() {
    assertThat(Answers.equal(Answers.json("1e999"), Answers.json("5"))).isFalse();
    assertThat(Answers.equal(Answers.json("-1e999"), Answers.json("\"-1e999\""))).isFalse();
    assertThat(Answers.equal(Answers.json("\"1e9999999999\""), Answers.json("7"))).isFalse();
    assertThat(Answers.equal(Answers.json("1e999"), Answers.json("1e999"))).isTrue();
    assertThat(Answers.equal(Answers.json("\"1e9999999999\""), Answers.json("\" 1e9999999999\""))).isTrue();
    assertThat(Answers.equal(Answers.json("\"1e999\""), Answers.json("1e+999"))).isFalse();
    assertThat(Answers.equal(Answers.json("\"1e999\""), Answers.json("\"10e998\""))).isTrue();
  }

  @Test
  void json_unclosedFenceBeforeMegabytes_takesLinearTime() {
    String letters = "```" + "a".repeat(2_000_000);
    String spaces = "```sql" + " ".repeat(2_000_000) + "SELECT 1";

    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () -> {
      assertThat(Answers.json(letters).asText()).isEqualTo(letters);
      assertThat(Answers.sql(spaces)).isEqualTo(spaces.strip());
      assertThat(Answers.sql("```sql\nSELECT 2\n``` and ```")).isEqualTo("SELECT 2");
    });
  }
}
