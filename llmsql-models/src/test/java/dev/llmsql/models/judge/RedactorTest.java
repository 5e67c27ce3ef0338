package dev.llmsql.models.judge;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How the key is found in a server's text: whole in any spelling, and its start where the text was cut. */
class RedactorTest {

  private static final String KEY = "sk-a/b\"c%d9876";
  private final Redactor redactor = new Redactor(KEY);

  @Test
  void key_inEverySpellingAndAnyMix_isMasked() {
    assertThat(redactor.redact("plain " + KEY + " end")).isEqualTo("plain **** end");
    assertThat(redactor.redact("url sk-a%2Fb%22c%25d9876 end")).isEqualTo("url **** end");
    assertThat(redactor.redact("json sk-a\\/b\\\"c%d9876 end")).isEqualTo("json **** end");
    assertThat(redactor.redact("uni \\u0073\\u006B\\u002d\\u0061\\u002f\\u0062\\u0022\\u0063\\u0025\\u0064"
        + "\\u0039\\u0038\\u0037\\u0036 end")).isEqualTo("uni **** end");
    assertThat(redactor.redact("mix \\u0073k-a%2fb\\\"c\\u0025d98\\u00376 end")).isEqualTo("mix **** end");
    assertThat(redactor.redact(KEY + KEY)).isEqualTo("********");
  }

  @Test
  void keyStart_whereTheTextWasCut_isMasked() {
    assertThat(redactor.redact("token sk-a/b\"c%")).isEqualTo("token ****");
    assertThat(redactor.redact("token \\u0073\\u006b-a...")).isEqualTo("token ****...");
    assertThat(redactor.redact("token sk-a/b\u2026")).isEqualTo("token ****\u2026");
  }

  @Test
  void keyStart_notAtACut_orShorterThanFour_isKept() {
    assertThat(redactor.redact("sk-a/b and more")).isEqualTo("sk-a/b and more");
    assertThat(redactor.redact("ends in sk-")).isEqualTo("ends in sk-");
    assertThat(redactor.redact("%2 \\u00 \\\\ %")).isEqualTo("%2 \\u00 \\\\ %");
  }

  @Test
  void shortKey_isAPlaceholder_andNotMasked() {
    assertThat(new Redactor("sk-1234").redact("sk-1234 and sk-12")).isEqualTo("sk-1234 and sk-12");
  }
}
