package dev.llmsql.matching;

import java.util.ArrayList;
import java.util.List;

/**
 * Rule 5: a one-column answer against rows of two or more cells (as many rows), where one predicted column
 * alone passes rule 1: the model also returned the count it ranked by, or {@code SELECT *}.
 */
final class ExtraColumnRule implements MatchRule {

  @Override
  public String name() {
    return "rule5_extra_column";
  }

  private static boolean applies(List<List<Object>> gold, List<List<Object>> predicted) {
    return !gold.isEmpty() && !predicted.isEmpty() && gold.get(0).size() == 1 && predicted.get(0).size() > 1
        && gold.size() == predicted.size();
  }

  @Override
  public boolean accepts(List<List<Object>> gold, List<List<Object>> predicted) {
    if (!applies(gold, predicted)) {
      return false;
    }
    List<List<Object>> answer = NormalizedRows.of(gold);
    for (int j = 0; j < predicted.get(0).size(); j++) {
      if (NormalizedRows.equal(NormalizedRows.of(column(predicted, j)), answer)) {
        return true;
      }
    }
    return false;
  }

  /** Closeness looks past the row count, so "the right value in two rows" is named as this rule's near miss. */
  @Override
  public double closeness(List<List<Object>> gold, List<List<Object>> predicted) {
    if (gold.isEmpty() || predicted.isEmpty() || gold.get(0).size() != 1 || predicted.get(0).size() < 2) {
      return 0;
    }
    List<List<Object>> answer = NormalizedRows.of(gold);
    double best = 0;
    for (int j = 0; j < predicted.get(0).size(); j++) {
      best = Math.max(best, EqualRule.overlap(answer, NormalizedRows.of(column(predicted, j))));
    }
    return best;
  }

  @Override
  public String shortfall(List<List<Object>> gold, List<List<Object>> predicted) {
    if (applies(gold, predicted)) {
      return "no single predicted column equals the answer";
    }
    if (!gold.isEmpty() && !predicted.isEmpty() && gold.get(0).size() == 1 && predicted.get(0).size() > 1) {
      return "needs as many predicted rows as answer rows (" + gold.size() + "), got " + predicted.size();
    }
    return "needs a one-column answer and as many predicted rows of two or more cells";
  }

  /** Column {@code j} as one-cell rows; a short row (which SQLite never returns) gives no cell. */
  private static List<List<Object>> column(List<List<Object>> rows, int j) {
    List<List<Object>> out = new ArrayList<>(rows.size());
    for (List<Object> row : rows) {
      List<Object> cell = new ArrayList<>(1);
      if (j < row.size()) {
        cell.add(row.get(j));
      }
      out.add(cell);
    }
    return out;
  }
}
