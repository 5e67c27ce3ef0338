package dev.llmsql.models.inference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Reasoning blocks out of an answer: the same text as the lazy regex it replaces, in linear time. */
class CompletionsTest {

  @Test
  void blocks_inAnyCaseAndNumber_areRemoved() {
    assertThat(Completions.withoutReasoning("<THINK>a</Think>SELECT <think>b</think>1")).isEqualTo("SELECT 1");
    assertThat(Completions.withoutReasoning("<think><think>a</think>SELECT 2</think> SELECT 3"))
        .isEqualTo("SELECT 3");
    assertThat(Completions.withoutReasoning("SELECT 4 <think>a</think> <think>cut off")).isEqualTo("SELECT 4");
    assertThat(Completions.withoutReasoning("<thi<think>x</think>nk>y</think>SELECT 5")).isEqualTo("SELECT 5");
  }

  @Test
  void unclosedTagsRepeated_takeLinearTime() {
    String opens = "<think>".repeat(500_000);   // 3.5 MB, within the 4 MiB answer cap

    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      assertThat(Completions.withoutReasoning(opens)).isEmpty();
      assertThat(Completions.withoutReasoning("SELECT 1 " + opens)).isEqualTo("SELECT 1");
      assertThat(Completions.withoutReasoning("</think>SELECT 2" + "</think".repeat(500_000)))
          .isEqualTo("SELECT 2" + "</think".repeat(500_000));
    });
  }

  @Test
  void randomAnswersOfTagPieces_sameAsTheRegex() {
    String[] pieces = {"<think>", "</think>", "<THINK>", "</Think>", "<thi", "nk>", "</", "x", " ", "SELECT 1"};
    Random random = new Random(42);
    for (int n = 0; n < 20_000; n++) {
      StringBuilder answer = new StringBuilder();
      for (int k = random.nextInt(12); k > 0; k--) {
        answer.append(pieces[random.nextInt(pieces.length)]);
      }
      assertThat(Completions.withoutReasoning(answer.toString())).as(answer.toString())
          .isEqualTo(byRegex(answer.toString()));
    }
  }

  /** The former implementation, quadratic on unclosed tags. */
  private static String byRegex(String answer) {
    String s = Pattern.compile("(?is)<think>.*?</think>").matcher(answer).replaceAll("");
    int close = s.toLowerCase(Locale.ROOT).lastIndexOf("</think>");
    if (close >= 0) {
      s = s.substring(close + "</think>".length());
    }
    int open = s.toLowerCase(Locale.ROOT).indexOf("<think>");
    if (open >= 0) {
      s = s.substring(0, open);
    }
    return s.trim();
  }
}
