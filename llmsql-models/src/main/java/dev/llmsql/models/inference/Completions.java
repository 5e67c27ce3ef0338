package dev.llmsql.models.inference;

import java.util.regex.Pattern;

/**
 * What of a model's answer is stored as the completion: reasoning ({@code <think>…</think>}) is removed, as
 * it often holds draft SQL that extraction would pick up; the process log keeps the whole answer.
 *
 * <pre>{@code
 * Completions.withoutReasoning("<think>maybe SELECT 1</think>SELECT 2");   // "SELECT 2"
 * }</pre>
 */
public final class Completions {

  private static final Pattern THINK = Pattern.compile("(?is)<think>.*?</think>");

  private Completions() {
  }

  /** {@code answer} without reasoning blocks, trimmed; an unclosed {@code <think>} runs to the end. */
  public static String withoutReasoning(String answer) {
    String s = THINK.matcher(answer).replaceAll("");
    // templates that open the block in the prompt leave only the closing tag in the answer
    int close = s.toLowerCase(java.util.Locale.ROOT).lastIndexOf("</think>");
    if (close >= 0) {
      s = s.substring(close + "</think>".length());
    }
    int open = s.toLowerCase(java.util.Locale.ROOT).indexOf("<think>");
    if (open >= 0) {
      s = s.substring(0, open);
    }
    return s.trim();
  }
}
