package dev.llmsql.models.inference;

/**
 * What of a model's answer is stored as the completion: reasoning ({@code <think>…</think>}) is removed, as
 * it often holds draft SQL that extraction would pick up; the process log keeps the whole answer.
 *
 * <pre>{@code
 * Completions.withoutReasoning("<think>maybe SELECT 1</think>SELECT 2");   // "SELECT 2"
 * }</pre>
 */
public final class Completions {

  private static final String OPEN = "<think>";
  private static final String CLOSE = "</think>";

  private Completions() {
  }

  /**
   * {@code answer} without reasoning blocks, trimmed; an unclosed {@code <think>} runs to the end. Tags match
   * in any ASCII case. Time is linear in the answer's length: a model answering {@code <think>} thousands of
   * times must not hold a thread for minutes (a lazy regex scanned to the end once per unclosed tag).
   */
  public static String withoutReasoning(String answer) {
    // each block: the first <think>, then the first </think> after it; none closes once one has no close
    StringBuilder kept = new StringBuilder(answer.length());
    int from = 0;
    while (true) {
      int open = find(answer, OPEN, from);
      int close = open < 0 ? -1 : find(answer, CLOSE, open + OPEN.length());
      if (close < 0) {
        break;
      }
      kept.append(answer, from, open);
      from = close + CLOSE.length();
    }
    String s = kept.append(answer, from, answer.length()).toString();
    // templates that open the block in the prompt leave only the closing tag in the answer
    int last = findLast(s, CLOSE);
    if (last >= 0) {
      s = s.substring(last + CLOSE.length());
    }
    int unclosed = find(s, OPEN, 0);
    if (unclosed >= 0) {
      s = s.substring(0, unclosed);
    }
    return s.trim();
  }

  /** The first {@code tag} (lower case) in {@code s} at or after {@code from}, in any ASCII case; -1 if none. */
  private static int find(String s, String tag, int from) {
    for (int i = from; i <= s.length() - tag.length(); i++) {
      if (at(s, i, tag)) {
        return i;
      }
    }
    return -1;
  }

  private static int findLast(String s, String tag) {
    for (int i = s.length() - tag.length(); i >= 0; i--) {
      if (at(s, i, tag)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean at(String s, int i, String tag) {
    for (int k = 0; k < tag.length(); k++) {
      char c = s.charAt(i + k);
      if ((c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c) != tag.charAt(k)) {
        return false;
      }
    }
    return true;
  }
}
