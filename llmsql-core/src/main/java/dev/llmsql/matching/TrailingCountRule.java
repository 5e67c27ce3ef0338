package dev.llmsql.matching;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Rule 2: equal under rule 1 once a trailing count in parentheses is cut from every text cell of both sides:
 * {@code Hurts (3)} is {@code Hurts}. "Trailing" means at the very end or just before one final {@code \n}.
 */
final class TrailingCountRule implements MatchRule {

  // UNIX_LINES: '$' may stand before a final '\n' only, as in Python, not before '\r' or U+2028
  static final Pattern TRAILING_COUNT = Pattern.compile(PythonText.SPACE_CLASS + "*\\(\\p{Nd}+\\)$",
      Pattern.UNIX_LINES);

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

  static List<List<Object>> strip(List<List<Object>> rows) {
    List<List<Object>> out = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      List<Object> cells = new ArrayList<>(row.size());
      for (Object cell : row) {
        cells.add(cell instanceof String s ? TRAILING_COUNT.matcher(s).replaceAll("") : cell);
      }
      out.add(cells);
    }
    return out;
  }
}
