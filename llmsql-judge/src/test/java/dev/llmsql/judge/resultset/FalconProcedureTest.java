package dev.llmsql.judge.resultset;

import static org.assertj.core.api.Assertions.assertThat;

import dev.llmsql.benchmark.Question;
import dev.llmsql.execution.QueryResult;
import dev.llmsql.judgement.Reason;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Falcon's DataCompareService, one listed behaviour per test, on hand-made results. */
class FalconProcedureTest {

  static final Question Q = new Question(1, "q", "SELECT ...", "t", null, Map.of());
  static final FalconProcedure PEER = FalconProcedure.peer();

  static QueryResult result(List<String> columns, Object[]... rows) {
    return new QueryResult(columns, Arrays.stream(rows).map(Arrays::asList).toList());
  }

  static Comparison unordered(QueryResult gold, QueryResult predicted) {
    return PEER.compare(gold, "SELECT ...", predicted, "SELECT ...", Q, false);
  }

  @Test
  void valuesScrambledAcrossRows_areWrong() {
    QueryResult gold = result(List.of("id", "name"), new Object[] {1, "a"}, new Object[] {2, "b"});
    QueryResult pred = result(List.of("id", "name"), new Object[] {1, "b"}, new Object[] {2, "a"});

    assertThat(unordered(gold, pred).equal()).isFalse();
    assertThat(unordered(gold, pred).reason()).isEqualTo(Reason.VALUE_MISMATCH);
  }

  @Test
  void twoEmptyResults_differAsInFalcon_andMatchWithTheFix() {
    QueryResult empty = result(List.of("id"));

    assertThat(unordered(empty, empty).equal()).isFalse();
    assertThat(FalconProcedure.builder().emptyResultsMatch(true).build()
        .compare(empty, "SELECT ...", empty, "SELECT ...", Q, false).equal()).isTrue();
    assertThat(ResultSetJudge.falcon(true).name()).isEqualTo("falcon:empty-match");
  }

  @Test
  void oneRowWithAComma_equalsTwoRows_becauseValuesAreJoinedWithCommas() {
    QueryResult gold = result(List.of("name"), new Object[] {"a,b"});
    QueryResult pred = result(List.of("name"), new Object[] {"a"}, new Object[] {"b"});

    assertThat(unordered(gold, pred).equal()).isTrue();
  }

  @Test
  void duplicateColumnNames_collapseToTheLastColumn() {
    QueryResult gold = result(List.of("name", "name"), new Object[] {"x", "y"});

    assertThat(unordered(gold, result(List.of("name"), new Object[] {"y"})).equal()).isTrue();
    assertThat(unordered(gold, result(List.of("name"), new Object[] {"x"})).equal()).isFalse();
  }

  @Test
  void decimalText_readAsCPythonsDecimal_andALongDigitRunIsNoStackOverflow() {
    // each expected value is what python3.11 printed for Decimal(text).quantize(Decimal("0.00")), or the text
    // where that raised
    Map<String, String> python = new java.util.LinkedHashMap<>();
    python.put("1_0.5_5", "10.55");
    python.put("1e1_0", "10000000000.00");
    python.put("1__0", "10.00");
    python.put("_1", "1.00");
    python.put("1_.5", "1.50");
    python.put("1e_+1", "10.00");
    python.put("-_1", "-1.00");
    python.put("1._", "1.00");
    python.put("\u0661_2", "12.00");
    python.put("N_aN", "NaN");
    python.put("-_nan", "-NaN");
    python.put("nan012", "NaN12");
    python.put("+nan3", "NaN3");
    python.put("nan0", "NaN");
    python.put("nan" + "9".repeat(30), "NaN" + "9".repeat(28));
    python.put("_", "_");
    python.put("._", "._");
    python.put("1_e", "1_e");
    python.put("1 _0", "1 _0");
    python.put("Inf_", "Inf_");
    python.put("s_NaN", "s_NaN");
    python.forEach((text, expected) -> assertThat(FalconProcedure.rounded(text)).as(text).isEqualTo(expected));
    String digits = "1".repeat(100_000);   // more digits than Python's 28: the text stays as it is
    assertThat(FalconProcedure.rounded(digits)).isEqualTo(digits);
    assertThat(FalconProcedure.rounded("0".repeat(100_000) + "7")).isEqualTo("7.00");
  }

  @Test
  void hugeAndTinyExponents_decidedAsCPythonDoes_withoutBuildingThePowerOfTen() {
    // python3.11, Decimal(text).quantize(Decimal("0.00"), rounding=ROUND_HALF_UP), or the text where that raised;
    // 1e-99999999 once built a 10^99999999 divisor here (over 25 s and 600 MB for one cell)
    Map<String, String> python = new java.util.LinkedHashMap<>();
    python.put("1e-99999999", "0.00");
    python.put("-1e-99999999", "-0.00");
    python.put("1e99999999", "1e99999999");
    python.put("1e2147483648", "1e2147483648");
    python.put("1e-2147483649", "0.00");
    python.put("0e999999999999999999", "0.00");
    python.put("0e1000000000000000000", "0e1000000000000000000");
    python.put("0e99999999999999999999", "0e99999999999999999999");
    python.put("-0e-99999999999", "-0.00");
    python.put("0.0e1000000000000000000", "0.00");
    python.put("1e-1999999999999999997", "0.00");
    python.put("1e-1999999999999999998", "1e-1999999999999999998");
    python.put("0.0e-1999999999999999996", "0.00");
    python.put("1e-9223372036854775808", "1e-9223372036854775808");
    python.put("1e9223372036854775807", "1e9223372036854775807");
    python.put("1e25", "10000000000000000000000000.00");
    python.put("1e26", "1e26");
    python.put("9999999999999999999999999.995", "10000000000000000000000000.00");
    python.put("99999999999999999999999999.995", "99999999999999999999999999.995");
    python.put("99999999999999999999999999.994e-1", "10000000000000000000000000.00");
    python.put("0." + "0".repeat(59) + "1e58", "0.01");
    python.put("5e-4", "0.00");
    python.put("5e-3", "0.01");
    python.put("-0.005", "-0.01");
    python.put("1.e1", "10.00");
    python.put("1_0e-1_0", "0.00");
    python.forEach((text, expected) -> assertThat(FalconProcedure.rounded(text)).as(text).isEqualTo(expected));

    QueryResult zero = result(List.of("v"), new Object[] {"0"});
    assertThat(unordered(result(List.of("v"), new Object[] {"1e-99999999"}), zero).equal()).isTrue();
    assertThat(unordered(result(List.of("v"), new Object[] {"1e99999999"}), zero).equal()).isFalse();
  }

  @Test
  void longCells_roundInLinearTime_andFloatsAndBytesReadAsPythonsStr() {
    // python3.11 for each; a 300,000-digit cell took seconds (the rounding worked on every digit)
    assertThat(FalconProcedure.rounded("0." + "1".repeat(300_000))).isEqualTo("0.11");
    assertThat(FalconProcedure.rounded("0.004" + "9".repeat(100_000))).isEqualTo("0.00");
    assertThat(FalconProcedure.rounded("-0.005" + "0".repeat(100_000) + "1")).isEqualTo("-0.01");
    assertThat(FalconProcedure.rounded("9".repeat(25) + ".9949" + "9".repeat(100_000)))
        .isEqualTo("9999999999999999999999999.99");
    // Tangsa digits are Unicode 14: Python 3.11 reads them, Java 17 does not know them
    assertThat(FalconProcedure.rounded("1\uD81A\uDEC9")).isEqualTo("19.00");
    // str(1.373428634809579e18): Java 17's Double.toString gives 1.37342863480957901E18, one digit too many
    assertThat(FalconProcedure.cell(1.373428634809579e18, false)).isEqualTo("1373428634809579000.00");
    assertThat(unordered(result(List.of("v"), new Object[] {1.373428634809579e18}),
        result(List.of("v"), new Object[] {1373428634809579000L})).equal()).isTrue();
    assertThat(FalconProcedure.pythonText("it's".getBytes(java.nio.charset.StandardCharsets.US_ASCII)))
        .isEqualTo("b\"it's\"");
  }

  @Test
  void whitespace_strippedAsPythonsIsspace_includingNoBreakSpacesAndNextLine() {
    // Python strips every str.isspace() character around a Decimal; Java's strip() keeps these four
    for (String space : List.of("\u0085", "\u00a0", "\u2007", "\u202f")) {
      assertThat(FalconProcedure.rounded(space + "1" + space)).as("U+%04X", (int) space.charAt(0)).isEqualTo("1.00");
    }
    assertThat(FalconProcedure.rounded("\u1680 1\u2028")).isEqualTo("1.00");
    assertThat(FalconProcedure.rounded("\u001c1\u001f")).isEqualTo("1.00");
    assertThat(FalconProcedure.rounded("1\u00a02")).isEqualTo("1\u00a02");   // inside, it is no number
    assertThat(FalconProcedure.rounded("\u200b1")).isEqualTo("\u200b1");      // zero width is not a space
  }

  @Test
  void numbers_compareAsTwoDecimalText_negativeZeroKeepsItsSign() {
    QueryResult zero = result(List.of("v"), new Object[] {0L});

    assertThat(unordered(result(List.of("v"), new Object[] {0.001}), zero).equal()).isTrue();
    assertThat(unordered(result(List.of("v"), new Object[] {-0.001}), zero).equal()).isFalse();
    assertThat(unordered(result(List.of("v"), new Object[] {"2.005"}), result(List.of("v"), new Object[] {2.01}))
        .equal()).isTrue();
    assertThat(FalconProcedure.rounded("-0.001")).isEqualTo("-0.00");
    assertThat(FalconProcedure.rounded(" 1_000 ")).isEqualTo("1000.00");
    assertThat(FalconProcedure.rounded("abc")).isEqualTo("abc");
    assertThat(FalconProcedure.rounded("inf")).isEqualTo("inf");
    assertThat(FalconProcedure.pythonText(1e-5)).isEqualTo("1e-05");
    assertThat(FalconProcedure.pythonText(1e16)).isEqualTo("1e+16");
    assertThat(FalconProcedure.pythonText(3.0)).isEqualTo("3.0");
    assertThat(FalconProcedure.pythonText(new byte[] {'a', 0})).isEqualTo("b'a\\x00'");
  }

  @Test
  void anotherRowOrder_failsWhenNoColumnHasUniqueValues() {
    Object[] r1 = {1, "a"};
    Object[] r2 = {1, "b"};
    Object[] r3 = {2, "a"};
    QueryResult gold = result(List.of("n", "s"), r1, r2, r3);

    assertThat(unordered(gold, result(List.of("n", "s"), r2, r3, r1)).equal()).isFalse();
    assertThat(unordered(gold, result(List.of("n", "s"), r3, r2, r1)).equal()).isFalse();
    // with a unique column the stable sort lines the rows up again
    QueryResult unique = result(List.of("n", "s"), new Object[] {1, "a"}, new Object[] {2, "b"});
    assertThat(unordered(unique, result(List.of("n", "s"), new Object[] {2, "b"}, new Object[] {1, "a"})).equal())
        .isTrue();
  }

  @Test
  void extraPredictedColumns_areAllowed_goldColumnsMustAllAppear() {
    QueryResult gold = result(List.of("id"), new Object[] {1}, new Object[] {2});
    QueryResult pred = result(List.of("name", "id"), new Object[] {"b", 2}, new Object[] {"a", 1});

    assertThat(unordered(gold, pred).equal()).isTrue();
    assertThat(unordered(pred, gold).reason()).isEqualTo(Reason.MISSING_COLUMN);
  }

  @Test
  void ordered_rowOrderCounts() {
    QueryResult gold = result(List.of("id"), new Object[] {1}, new Object[] {2});
    QueryResult pred = result(List.of("id"), new Object[] {2}, new Object[] {1});

    assertThat(PEER.compare(gold, null, pred, "SELECT ...", Q, true).reason()).isEqualTo(Reason.ROW_ORDER);
    assertThat(PEER.compare(gold, null, gold, "SELECT ...", Q, true).equal()).isTrue();
  }
}
