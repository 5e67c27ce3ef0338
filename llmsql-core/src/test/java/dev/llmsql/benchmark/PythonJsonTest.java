package dev.llmsql.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PythonJsonTest {

  @Test
  void floatRepr_matchesPythonsRepr() {
    // the right-hand sides are what CPython 3.11 prints for repr(x)
    assertThat(PythonJson.floatRepr(1.0)).isEqualTo("1.0");
    assertThat(PythonJson.floatRepr(274.0)).isEqualTo("274.0");
    assertThat(PythonJson.floatRepr(1e7)).isEqualTo("10000000.0");
    assertThat(PythonJson.floatRepr(2304580.0)).isEqualTo("2304580.0");
    assertThat(PythonJson.floatRepr(1e16)).isEqualTo("1e+16");
    assertThat(PythonJson.floatRepr(9999999999999998.0)).isEqualTo("9999999999999998.0");
    assertThat(PythonJson.floatRepr(1.2345678901234568e17)).isEqualTo("1.2345678901234568e+17");
    assertThat(PythonJson.floatRepr(0.0001)).isEqualTo("0.0001");
    assertThat(PythonJson.floatRepr(0.00001)).isEqualTo("1e-05");
    assertThat(PythonJson.floatRepr(1.5e-5)).isEqualTo("1.5e-05");
    assertThat(PythonJson.floatRepr(0.1 + 0.2)).isEqualTo("0.30000000000000004");
    assertThat(PythonJson.floatRepr(2.0e-3)).isEqualTo("0.002");
    assertThat(PythonJson.floatRepr(-20.5)).isEqualTo("-20.5");
    assertThat(PythonJson.floatRepr(-0.0)).isEqualTo("-0.0");
    assertThat(PythonJson.floatRepr(5e-324)).isEqualTo("5e-324");
    assertThat(PythonJson.floatRepr(1.7976931348623157e308)).isEqualTo("1.7976931348623157e+308");
    assertThat(PythonJson.floatRepr(2e23)).isEqualTo("2e+23");
    assertThat(PythonJson.floatRepr(Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
    assertThat(PythonJson.floatRepr(Double.NaN)).isEqualTo("NaN");
  }

  @Test
  void dumps_row_likeJsonDumpsEnsureAsciiFalse() {
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("k", 1.5);
    object.put("n", null);
    List<Object> row = Arrays.asList(1.0, new BigInteger("12345678901234567890"), 3L, "W 21\u20137", "a\"b\\c",
        "tab\tnl\nunit\u001fdel\u007fls\u2028", null, true, List.of(), object);

    assertThat(PythonJson.dumps(row)).isEqualTo("[1.0, 12345678901234567890, 3, \"W 21\u20137\", \"a\\\"b\\\\c\", "
        + "\"tab\\tnl\\nunit\\u001fdel\u007fls\u2028\", null, true, [], {\"k\": 1.5, \"n\": null}]");
  }
}
