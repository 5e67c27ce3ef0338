package dev.llmsql.matching;

import java.util.List;

/** Rule 4: the normalised rows are equal as sets, so duplicate rows do not count (no count stripping here). */
final class SetRule implements MatchRule {

  @Override
  public String name() {
    return "rule4_set";
  }

  @Override
  public boolean accepts(List<List<Object>> gold, List<List<Object>> predicted) {
    return NormalizedRows.equal(NormalizedRows.distinct(NormalizedRows.of(gold)),
        NormalizedRows.distinct(NormalizedRows.of(predicted)));
  }

  @Override
  public double closeness(List<List<Object>> gold, List<List<Object>> predicted) {
    return EqualRule.overlap(NormalizedRows.distinct(NormalizedRows.of(gold)),
        NormalizedRows.distinct(NormalizedRows.of(predicted)));
  }

  @Override
  public String shortfall(List<List<Object>> gold, List<List<Object>> predicted) {
    return "as sets, " + EqualRule.describe(NormalizedRows.distinct(NormalizedRows.of(gold)),
        NormalizedRows.distinct(NormalizedRows.of(predicted)));
  }
}
