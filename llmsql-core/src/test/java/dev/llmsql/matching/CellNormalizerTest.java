package dev.llmsql.matching;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CellNormalizerTest {

  @ParameterizedTest(name = "[{0}] -> {1}")
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      // step 1: units (any case), the number part kept
      "25.7 million|25.7", "0.4%|0.4", "17KM|17.0", "120 km/h|120.0", "5 lbs|5.0", "5S|5.0",
      "1,234 km|1234.0", "12,34 km|12,34", "274 points|274 points", "-3 ft|-3.0",
      // step 2: currency, at most one space, commas dropped
      "$265,396|265396.0", "£ 1.5|1.5", "€-20.5|-20.5", "$  5|$  5", "USD 4|USD 4", "$5|5.0",
      // step 3: parentheses without spaces
      "(0)|0.0", "(-3.5)|-3.5", "( 4 )|( 4 )", "(3)|3.0",
      // step 4: thousands groups, comma or plain space
      "66,714|66714.0", "1 234 567|1234567.0", "0,274|274.0", "27,4|27,4", "1,234|1234.0", "1,2345|1,2345",
      // step 5: plain numbers only: no +, no exponent, no bare dot
      "+274|+274", "1e5|1e5", ".5|.5", "5.|5.", "-20.5|-20.5", "274.004|274.0", "274.006|274.01",
      // rounding half to even on the exact binary value
      "15.005|15.01", "274.005|274.0", "2.675|2.67", "12.345|12.35", "17.005|17.0",
      // text stays text, stripped, case kept
      "Hurts|Hurts", "hurts|hurts", "None|None"})
  void normalize_text(String raw, String expected) {
    Object normalized = CellNormalizer.normalize(raw);

    assertThat(show(normalized)).isEqualTo(expected);
  }

  @Test
  void normalize_stripsPythonWhitespace_notJavas() {
    // NBSP, NNBSP, ideographic space, NEL, U+001C..U+001F are Python whitespace; U+200B is not
    assertThat(CellNormalizer.normalize("\u00a0Hurts\u202f")).isEqualTo("Hurts");
    assertThat(CellNormalizer.normalize("\u3000Hurts\u0085")).isEqualTo("Hurts");
    assertThat(CellNormalizer.normalize("\u001cHurts\u001f")).isEqualTo("Hurts");
    assertThat(CellNormalizer.normalize("Hurts\u200b")).isEqualTo("Hurts\u200b");
    assertThat(CellNormalizer.normalize("\tHurts\n")).isEqualTo("Hurts");
    assertThat(CellNormalizer.normalize("6\u00a0")).isEqualTo(6.0);
    // upstream strips before its number check but calls float() on the unstripped text, which raises on
    // U+001C..U+001F (and float(10**400) overflows): its evaluation stops there; ours reads the number
    // (COMPATIBILITY.md, "Where we differ from upstream's 2.0 evaluator")
    assertThat(CellNormalizer.normalize("5\u001c")).isEqualTo(5.0);
    assertThat(CellNormalizer.normalize(java.math.BigInteger.TEN.pow(400))).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void normalize_unicodeDigits_areNumbers() {
    assertThat(CellNormalizer.normalize("\u0669")).isEqualTo(9.0);          // Arabic-Indic nine
    assertThat(CellNormalizer.normalize("\uff14")).isEqualTo(4.0);          // fullwidth four
    assertThat(CellNormalizer.normalize("\uff11,\uff12\uff13\uff14")).isEqualTo(1234.0);
  }

  @Test
  void normalize_engineValues() {
    assertThat(CellNormalizer.normalize(274L)).isEqualTo(274.0);
    assertThat(CellNormalizer.normalize(274.004)).isEqualTo(274.0);
    assertThat(CellNormalizer.normalize(true)).isEqualTo(1.0);
    assertThat(CellNormalizer.normalize(null)).isEqualTo("None");
    assertThat(CellNormalizer.normalize(new byte[] {'2', '7', '4'})).isEqualTo("b'274'");
    assertThat(CellNormalizer.normalize(Double.NaN)).isSameAs(CellNormalizer.NO_VALUE);
    assertThat(CellNormalizer.normalize(-0.001)).isEqualTo(-0.0);
    assertThat(CellNormalizer.normalize(Double.POSITIVE_INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
  }

  private static String show(Object normalized) {
    return normalized instanceof Double d ? PythonText.floatRepr(d) : normalized.toString();
  }
}
