package dev.llmsql.judge.resultset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.judge.dialect.SqlDialect;
import dev.llmsql.judge.structure.ExactSetJudge;
import dev.llmsql.judge.scoring.WeightedScoring;
import org.junit.jupiter.api.Test;

/**
 * The builders of this module refuse a setting given twice with different values, naming the setting and both
 * values, instead of letting the later call silently win; the same value twice is fine. Settings that exclude
 * each other are refused naming both.
 */
class JudgeStrictBuildersTest {

  @Test
  void resultSetJudge_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> ResultSetJudge.builder().rowOrder(RowOrder.IGNORE).rowOrder(RowOrder.RESPECT))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ResultSetJudge.Builder: rowOrder was set twice, to IGNORE and to RESPECT; set it once");
    assertThatThrownBy(() -> ResultSetJudge.builder().name("a").name("b"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ResultSetJudge.Builder: name was set twice, to a and to b; set it once");
    assertThatThrownBy(() -> ResultSetJudge.builder().timedRuns(10).timedRuns(100))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ResultSetJudge.Builder: timedRuns was set twice, to 10 and to 100; set it once");
    assertThatThrownBy(() -> ResultSetJudge.builder().stripDistinct(true).stripDistinct(false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ResultSetJudge.Builder: stripDistinct was set twice, to true and to false; set it once");
  }

  @Test
  void resultSetJudge_sameValueTwice_isFine() {
    assertThat(ResultSetJudge.builder().rowOrder(RowOrder.RESPECT).rowOrder(RowOrder.RESPECT).name("a").name("a")
        .build().name()).isEqualTo("a");
  }

  @Test
  void resultSetJudge_comparatorAndProcedure_excludeEachOther() {
    assertThatThrownBy(() -> ResultSetJudge.builder().comparator(ResultSetComparator.builder().build())
        .procedure(FalconProcedure.builder().build()).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ResultSetJudge.Builder: comparator(...) and procedure(...) exclude each other: a procedure "
            + "compares by its own steps; give one of them");
  }

  @Test
  void resultSetComparator_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> ResultSetComparator.builder().duplicates(Duplicates.SET).duplicates(Duplicates.MULTISET))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ResultSetComparator.Builder: duplicates was set twice, to SET and to MULTISET; set it once");
    assertThatThrownBy(() -> ResultSetComparator.builder().numbers(Numbers.exact()).numbers(Numbers.round(2)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ResultSetComparator.Builder: numbers was set twice, to exact and to round 2 HALF_UP; set it "
            + "once");
  }

  @Test
  void resultSetComparator_toBuilder_mayReplaceEachSettingOnce() {
    ResultSetComparator set = ResultSetComparator.builder().duplicates(Duplicates.SET).build();
    assertThat(set.toBuilder().duplicates(Duplicates.MULTISET).build().toString())
        .startsWith("ResultSetComparator{duplicates=MULTISET, ");
    assertThatThrownBy(() -> set.toBuilder().duplicates(Duplicates.MULTISET).duplicates(Duplicates.SET))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ResultSetComparator.Builder: duplicates was set twice, to MULTISET and to SET; set it once");
  }

  @Test
  void peerProcedures_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> FalconProcedure.builder().emptyResultsMatch(true).emptyResultsMatch(false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("FalconProcedure.Builder: emptyResultsMatch was set twice, to true and to false; set it once");
    assertThatThrownBy(() -> DefogProcedure.builder().broadcasting(false).broadcasting(true))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("DefogProcedure.Builder: broadcasting was set twice, to false and to true; set it once");
  }

  @Test
  void exactSetJudge_settingTwiceWithDifferentValues_isRefusedNamingBoth() {
    assertThatThrownBy(() -> ExactSetJudge.builder().dialect(SqlDialect.SQLITE).dialect(SqlDialect.MYSQL))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ExactSetJudge.Builder: dialect was set twice, to SQLITE and to MYSQL; set it once");
    assertThatThrownBy(() -> ExactSetJudge.builder().ignoreValues(true).ignoreValues(false))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ExactSetJudge.Builder: ignoreValues was set twice, to true and to false; set it once");
    assertThat(ExactSetJudge.builder().structural(true).structural(true).name("s").name("s").build().name())
        .isEqualTo("s");
  }

  @Test
  void weightedScoring_unknownDifficultyWeightTwice_isRefusedNamingBoth() {
    assertThatThrownBy(() -> WeightedScoring.builder().unknownDifficultyWeight(0).unknownDifficultyWeight(1))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("WeightedScoring.Builder: unknownDifficultyWeight was set twice, to 0 and to 1; set it once");
    assertThat(WeightedScoring.builder().unknownDifficultyWeight(1).unknownDifficultyWeight(1).build()).isNotNull();
  }

  @Test
  void exactSetJudge_dialectWithoutStructural_isRefusedNamingBoth() {
    assertThatThrownBy(() -> ExactSetJudge.builder().dialect(SqlDialect.POSTGRESQL).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("ExactSetJudge.Builder: dialect(POSTGRESQL) and structural(false) exclude each other: only the "
            + "structural comparison parses with a dialect; add structural(true) or leave dialect unset");
    assertThat(ExactSetJudge.builder().structural(true).dialect(SqlDialect.POSTGRESQL).build().toString())
        .endsWith(", dialect=postgresql]");
  }
}
