package dev.llmsql.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.llmsql.Evaluator;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The builders apply the same ranges as the command line (issues 12.8 and 18.7), without overflowing. */
class HostileRangeTest {

  @Test
  void evaluatorBuilder_queryTimeoutBeyondOneDay_isRefusedWithoutOverflow() {
    assertThatThrownBy(() -> Evaluator.builder().queryTimeout(Duration.ofSeconds(Long.MAX_VALUE)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queryTimeout must be between 0.001 s and 86400 s, but was PT2562047788015215H30M7S");
    assertThatThrownBy(() -> Evaluator.builder().queryTimeout(Duration.ofNanos(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("queryTimeout must be between 0.001 s and 86400 s, but was PT0.000000001S");
    assertThat(Evaluator.builder().queryTimeout(Duration.ofDays(1))).isNotNull();
  }

  @Test
  void evaluatorBuilder_threadsRowsAndEndpoint_useTheSameRanges() {
    assertThatThrownBy(() -> Evaluator.builder().threads(Integer.MAX_VALUE))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("threads must be between 1 and 256, but was 2147483647");
    assertThatThrownBy(() -> Evaluator.builder().maxRows(0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxRows must be between 1 and 100000000, but was 0");
    assertThatThrownBy(() -> Evaluator.builder().keepMismatches(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("keepMismatches must be between 0 and 2147483647, but was -1");
    assertThatThrownBy(() -> Evaluator.builder().hubEndpoint(URI.create("ftp://example.org")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("hubEndpoint takes an http:// or https:// URL with a host, but was 'ftp://example.org'");
  }

  @Test
  void parse_secondsAcceptsPlainDecimalsOnly() {
    assertThat(Range.QUERY_TIMEOUT_MILLIS.parse("--query-timeout", "2.5")).isEqualTo(2500);
    assertThat(Range.QUERY_TIMEOUT_MILLIS.parse("--query-timeout", "1e3")).isEqualTo(1_000_000);
    assertThat(Range.QUERY_TIMEOUT_MILLIS.parse("--query-timeout", "86400")).isEqualTo(86_400_000);
    assertThatThrownBy(() -> Range.QUERY_TIMEOUT_MILLIS.parse("--query-timeout", "5d"))
        .hasMessage("--query-timeout takes seconds between 0.001 and 86400, but was '5d'");
  }

  @Test
  void quote_escapesControlCharactersAndCutsLongValues() {
    assertThat(Range.quote("a\nb\u001b[31m")).isEqualTo("'a\\u000ab\\u001b[31m'");
    assertThat(Range.quote("x".repeat(150))).isEqualTo("'" + "x".repeat(100) + "' (50 more characters)");
    assertThat(Range.quote(null)).isEqualTo("nothing");
  }

  @Test
  void httpUrl_withUserInfo_dropsItAndNeverShowsIt() {
    assertThat(Range.httpUrl("hubEndpoint", "http://user:hunter2pass@127.0.0.1:8/x?a=b@c"))
        .isEqualTo(URI.create("http://127.0.0.1:8/x?a=b@c"));
    assertThat(Range.httpUrl("hubEndpoint", " https://u@h.example")).isEqualTo(URI.create("https://h.example"));
    assertThatThrownBy(() -> Range.httpUrl("--hub-endpoint", "ftp://user:hunter2pass@host/"))
        .hasMessage("--hub-endpoint takes an http:// or https:// URL with a host, but was 'ftp://host/'");
    assertThat(Range.withoutUserInfo("not a url @ all")).isEqualTo("not a url @ all");
    assertThat(Evaluator.builder().hubEndpoint(URI.create("http://u:hunter2pass@h.example/")).toString())
        .doesNotContain("hunter2pass");
  }
}
