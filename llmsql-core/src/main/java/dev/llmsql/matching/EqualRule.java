package dev.llmsql.matching;

import java.util.List;

/** Rule 1: the normalised rows are equal as multisets (row order ignored). */
final class EqualRule implements MatchRule {

  @Override
  public String name() {
    return "rule1_equal";
  }

  @Override
  public boolean accepts(List<List<Object>> gold, List<List<Object>> predicted) {
    return NormalizedRows.equal(NormalizedRows.of(gold), NormalizedRows.of(predicted));
  }

  @Override
  public double closeness(List<List<Object>> gold, List<List<Object>> predicted) {
    return overlap(NormalizedRows.of(gold), NormalizedRows.of(predicted));
  }

  @Override
  public String shortfall(List<List<Object>> gold, List<List<Object>> predicted) {
    return describe(NormalizedRows.of(gold), NormalizedRows.of(predicted));
  }

  /** Shared rows over the larger row count; 1 for two empty results. */
  static double overlap(List<List<Object>> gold, List<List<Object>> predicted) {
    int larger = Math.max(gold.size(), predicted.size());
    return larger == 0 ? 1.0 : (double) NormalizedRows.common(gold, predicted) / larger;
  }

  static String describe(List<List<Object>> gold, List<List<Object>> predicted) {
    return NormalizedRows.common(gold, predicted) + " of " + gold.size() + " answer rows found among "
        + predicted.size() + " predicted rows (normalised answer " + show(gold) + ", predicted " + show(predicted)
        + ")";
  }

  private static String show(List<List<Object>> rows) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < Math.min(rows.size(), 3); i++) {
      out.append(i > 0 ? ", " : "").append(NormalizedRows.key(rows.get(i)));
    }
    return out.append(rows.size() > 3 ? ", ...]" : "]").toString();
  }
}
