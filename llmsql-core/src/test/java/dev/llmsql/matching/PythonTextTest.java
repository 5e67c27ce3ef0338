package dev.llmsql.matching;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PythonTextTest {

  @ParameterizedTest(name = "repr({0}) = {1}")
  @CsvSource({
      "1e16, 1e+16", "1.5e16, 1.5e+16", "1e15, 1000000000000000.0", "0.0001, 0.0001", "0.00001, 1e-05",
      "-20.5, -20.5", "274, 274.0", "123456789.123, 123456789.123", "5e-324, 5e-324",
      "1.7976931348623157e308, 1.7976931348623157e+308", "0.30000000000000004, 0.30000000000000004"})
  void floatRepr_isPythons(double value, String expected) {
    assertThat(PythonText.floatRepr(value)).isEqualTo(expected);
  }

  @Test
  void floatRepr_specials() {
    assertThat(PythonText.floatRepr(-0.0)).isEqualTo("-0.0");
    assertThat(PythonText.floatRepr(Double.NaN)).isEqualTo("nan");
    assertThat(PythonText.floatRepr(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
  }

  @Test
  void reprs_quoteAndEscapeAsPython() {
    assertThat(PythonText.strRepr("a'b")).isEqualTo("\"a'b\"");
    assertThat(PythonText.strRepr("a\"b")).isEqualTo("'a\"b'");
    assertThat(PythonText.strRepr("a'\"b")).isEqualTo("'a\\'\"b'");
    assertThat(PythonText.strRepr("\u00a0x\u200b\n\u007f\u0085\u00e9")).isEqualTo("'\\xa0x\\u200b\\n\\x7f\\x85\u00e9'");
    assertThat(PythonText.bytesRepr(new byte[] {'a', '\'', 'b', 0, (byte) 0xff})).isEqualTo("b\"a'b\\x00\\xff\"");
    assertThat(PythonText.str(null)).isEqualTo("None");
    assertThat(PythonText.str(274L)).isEqualTo("274");
    assertThat(PythonText.str(274.0)).isEqualTo("274.0");
  }

  @Test
  void strip_andCollapse_usePythonWhitespace() {
    assertThat(PythonText.strip("\u00a0\u3000 x \u2028")).isEqualTo("x");
    assertThat(PythonText.strip("\u200bx")).isEqualTo("\u200bx");
    assertThat(PythonText.collapseSpaces("  SELECT\u00a0 a\n\tFROM t ")).isEqualTo("SELECT a FROM t");
  }

  @Test
  void wordAndPrintable_arePython311s_notTheJvmsUnicode() {
    // python3.11: re.match(r"\w", c) and repr(c); Java 17 (Unicode 13) knows none of U+0870, U+10570, U+1E290
    assertThat(PythonText.isWordChar(0x0870)).isTrue();
    assertThat(PythonText.isWordChar(0x16AC0)).isTrue();
    assertThat(PythonText.isWordChar(0x00B2)).isTrue();
    assertThat(PythonText.isWordChar(0x0378)).isFalse();
    assertThat(PythonText.isWordChar('-')).isFalse();
    assertThat("SELECT\u0870").matches("SELECT" + PythonText.WORD_CLASS);
    assertThat(PythonText.strRepr("\u0870")).isEqualTo("'\u0870'");
    assertThat(PythonText.strRepr("\uD801\uDD70")).isEqualTo("'\uD801\uDD70'");
    assertThat(PythonText.strRepr("\u0378")).isEqualTo("'\\u0378'");
    assertThat(PythonText.strRepr("\uD838\uDE90")).isEqualTo("'\uD838\uDE90'");
  }

  @Test
  void floatRepr_atAPowerOfTwo_isPythonsShortest() {
    // python3.11 repr(); the nearest 16-digit candidate of each reads back as another double, the next one up
    // (or down) does not: 46 powers of two came out a digit longer, and LLMSQL's rule 3 compared the text
    assertThat(PythonText.floatRepr(Math.scalb(1.0, 89))).isEqualTo("6.189700196426902e+26");
    assertThat(PythonText.floatRepr(Math.scalb(1.0, -24))).isEqualTo("5.960464477539063e-08");
    assertThat(PythonText.floatRepr(-Math.scalb(1.0, -1017))).isEqualTo("-7.120236347223045e-307");
  }

  @Test
  void decimal_isPython311sDigitTable_whateverUnicodeTheJvmKnows() {
    // python3.11: unicodedata.decimal(c, -1) for each
    assertThat(PythonText.decimal('7')).isEqualTo(7);
    assertThat(PythonText.decimal('\u0669')).isEqualTo(9);            // ARABIC-INDIC NINE
    assertThat(PythonText.decimal(0xFF10)).isZero();                     // FULLWIDTH ZERO
    assertThat(PythonText.decimal(0x16AC9)).isEqualTo(9);               // TANGSA NINE: Unicode 14, not in Java 17
    assertThat(PythonText.decimal(0x11F51)).isEqualTo(-1);              // KAWI ONE: Unicode 15, not in Python 3.11
    assertThat(PythonText.decimal(0x1E4F1)).isEqualTo(-1);              // NAG MUNDARI ONE: Unicode 15
    assertThat(PythonText.decimal(0x1FBF9)).isEqualTo(9);
    assertThat(PythonText.decimal(0x1FBFA)).isEqualTo(-1);
    assertThat(PythonText.decimal('/')).isEqualTo(-1);
    assertThat(PythonText.decimal(0x00B2)).isEqualTo(-1);               // SUPERSCRIPT TWO: a digit, not a decimal
    assertThat(PythonText.decimal(0x19DA)).isEqualTo(-1);               // NEW TAI LUE THAM DIGIT ONE: the same
    // every decimal digit the JVM knows is Python 3.11's too, with the same value, but Unicode 15's (Java 21)
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      boolean unicode15 = cp >= 0x11F50 && cp <= 0x11F59 || cp >= 0x1E4F0 && cp <= 0x1E4F9;
      if (Character.getType(cp) == Character.DECIMAL_DIGIT_NUMBER && !unicode15) {
        assertThat(PythonText.decimal(cp)).as("U+%04X", cp).isEqualTo(Character.digit(cp, 10));
      }
    }
  }

  @Test
  void order_isByCodePoint_asPythonSorts() {
    // Python: sorted(["\U0001F600", "\uff61", "a", "ab", ""]) == ["", "a", "ab", "\uff61", "\U0001F600"];
    // Java's String order puts the surrogate pair of U+1F600 before U+FF61
    List<String> texts = new ArrayList<>(List.of("\ud83d\ude00", "\uff61", "a", "ab", ""));
    texts.sort(PythonText.ORDER);
    assertThat(texts).containsExactly("", "a", "ab", "\uff61", "\ud83d\ude00");
    assertThat("\ud83d\ude00".compareTo("\uff61")).isNegative();
  }
}
