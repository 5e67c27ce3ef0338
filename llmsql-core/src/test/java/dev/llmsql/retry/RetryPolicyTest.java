package dev.llmsql.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {

  private final RetryPolicy policy = RetryPolicy.of(4, Duration.ofSeconds(1), Duration.ofSeconds(60));

  @Test
  void waitMillis_doublesFromTheInitialBackoffUpToTheCap() {
    assertThat(IntStream.rangeClosed(1, 8).mapToLong(policy::waitMillis).boxed().toList())
        .containsExactly(1_000L, 2_000L, 4_000L, 8_000L, 16_000L, 32_000L, 60_000L, 60_000L);
  }

  @Test
  void waitMillis_aHintWinsButIsCappedAndNeverNegative() {
    assertThat(policy.waitMillis(1, Optional.of(Duration.ofSeconds(7)))).isEqualTo(7_000L);
    assertThat(policy.waitMillis(1, Optional.of(Duration.ofHours(1)))).isEqualTo(60_000L);
    assertThat(policy.waitMillis(3, Optional.of(Duration.ofSeconds(-5)))).isEqualTo(0L);
  }

  @Test
  void waitMillis_manyAttempts_doesNotOverflow() {
    assertThat(policy.waitMillis(10_000)).isEqualTo(60_000L);
  }

  @Test
  void mayRetryAfter_allowsMaxAttemptsTriesInAll() {
    assertThat(policy.mayRetryAfter(1)).isTrue();
    assertThat(policy.mayRetryAfter(3)).isTrue();
    assertThat(policy.mayRetryAfter(4)).isFalse();
    assertThat(RetryPolicy.of(1, Duration.ZERO, Duration.ZERO).mayRetryAfter(1)).isFalse();
  }

  @Test
  void of_badSettings_areRefusedNamingTheValue() {
    assertThatThrownBy(() -> RetryPolicy.of(0, Duration.ZERO, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("maxAttempts must be at least 1, but was 0");
    assertThatThrownBy(() -> RetryPolicy.of(2, Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("backoff needs 0 <= initial <= max, but was PT2S and PT1S");
  }
}
