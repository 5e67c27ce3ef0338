package dev.llmsql.judgement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Llmsql2JudgeTest {

  @ParameterizedTest
  @ValueSource(strings = {"SELECT 1;", "SELECT 1;\n-- note", "SELECT 1; /* note */ ", "SELECT ';x';",
      "SELECT \"a;b\" FROM t;", "SELECT [a;b];", "SELECT 1 -- ; not the end\n;", "SELECT 1",
      "SELECT 1;\f\r\n\t ", "SELECT 1; -- a\n-- b"})
  void secondStatement_noneAfterTheFirst_runs(String sql) {
    assertThat(Llmsql2Judge.secondStatement(sql)).isNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {"SELECT 1; SELECT 2;", "SELECT 1;;", "SELECT 1; ;", "SELECT 1;\nThis returns it.;",
      "SELECT 1;\u000b", "SELECT 1;\u00a0"})
  void secondStatement_anythingElseAfterTheFirst_fails(String sql) {
    assertThat(Llmsql2Judge.secondStatement(sql)).startsWith("You can only execute one statement at a time");
  }

  @Test
  void named_llmsql2_andItsOptions() {
    assertThat(Judges.named("llmsql2")).isSameAs(Judges.llmsql2());
    assertThat(Judges.named("llmsql2:strict").name()).isEqualTo("llmsql2:strict");
    assertThat(Judges.named("llmsql2:skip-comments,strict-two-part").name())
        .isEqualTo("llmsql2:skip-comments,strict-two-part");
    assertThat(Judges.names()).contains("llmsql", "llmsql2");
    assertThatThrownBy(() -> Judges.named("llmsql2:lenient"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("judge 'llmsql2' has no option 'lenient'; known options: all-null-pred-none, skip-comments, strict, strict-two-part");
  }

  @Test
  void judgesByAnswer_onlyTheTwoPointZeroAwareJudges() {
    assertThat(Judges.judgesByAnswer(Judges.llmsqlByVersion())).isTrue();
    assertThat(Judges.judgesByAnswer(Judges.llmsql2())).isTrue();
    assertThat(Judges.judgesByAnswer(Judges.llmsql2(Set.of("strict")))).isTrue();
    assertThat(Judges.judgesByAnswer(Judges.llmsql())).isFalse();
    assertThat(Judges.judgesByAnswer(Judges.named("llmsql"))).isFalse();
    assertThat(Judges.llmsqlByVersion().name()).isEqualTo("llmsql");
  }
}
