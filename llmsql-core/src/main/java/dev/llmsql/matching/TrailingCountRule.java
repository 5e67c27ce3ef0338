package dev.llmsql.matching;

import java.util.ArrayList;
import java.util.List;

/**
 * Rule 2: equal under rule 1 once a trailing count in parentheses is cut from every text cell of both sides:
 * {@code Hurts (3)} is {@code Hurts}. "Trailing" means at the very end or just before one final {@code \n}.
 */
final class TrailingCountRule implements MatchRule {


  @Override
  public String name() {
    return "rule2_trailing_count";
  }

  @Override
  public boolean accepts(List<List<Object>> gold, List<List<Object>> predicted) {
    return NormalizedRows.equal(NormalizedRows.of(strip(gold)), NormalizedRows.of(strip(predicted)));
  }

  @Override
  public double closeness(List<List<Object>> gold, List<List<Object>> predicted) {
    return EqualRule.overlap(NormalizedRows.of(strip(gold)), NormalizedRows.of(strip(predicted)));
  }

  @Override
  public String shortfall(List<List<Object>> gold, List<List<Object>> predicted) {
    return "with trailing counts cut, " + EqualRule.describe(NormalizedRows.of(strip(gold)),
        NormalizedRows.of(strip(predicted)));
  }

  /**
   * {@code s} without Python's {@code re.sub(r"\s*\(\d+\)$", "", s)} match: the count ends the text or stands
   * just before one final {@code \n}, with the whitespace run before it. Done by hand, in linear time: the regular
   * expression retried at every position of a long run of spaces (a query can return megabytes of them) is
   * quadratic.
   */
  static String cut(String s) {
    int close;
    String tail;
    if (s.endsWith(")")) {
      close = s.length() - 1;
      tail = "";
    } else if (s.endsWith(")\n")) {
      close = s.length() - 2;
      tail = "\n";
    } else {
      return s;
    }
    int i = close;
    int digits = 0;
    while (i > 0 && PythonText.decimal(s.codePointBefore(i)) >= 0) {
      i -= Character.charCount(s.codePointBefore(i));
      digits++;
    }
    if (digits == 0 || i == 0 || s.charAt(i - 1) != '(') {
      return s;
    }
    i--;
    while (i > 0 && PythonText.isSpace(s.charAt(i - 1))) {
      i--;
    }
    return s.substring(0, i) + tail;
  }

  static List<List<Object>> strip(List<List<Object>> rows) {
    List<List<Object>> out = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      List<Object> cells = new ArrayList<>(row.size());
      for (Object cell : row) {
        cells.add(cell instanceof String s ? cut(s) : cell);
      }
      out.add(cells);
    }
    return out;
  }
}
