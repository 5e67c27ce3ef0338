package dev.llmsql.matching;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Rule 3: a one-column answer against rows of two or more cells (as many rows): each predicted row's cells,
 * printed as Python prints them and joined with nothing, equals an answer cell once both keep only
 * {@code [0-9A-Za-z]}, U+00C0 to U+00FF and U+0100 to U+017E, lower-cased. Compared as sorted lists, on raw
 * values: {@code ('7:00pm', '11:00pm')} is {@code 7:00pm–11:00pm}.
 *
 * <p>Upstream's rule is case-insensitive while every other rule is not, drops non-Latin letters (two Cyrillic
 * names are "equal"), and reads {@code (274, 0)} as {@code 274.0}. The strict variant keeps case and every
 * script's letters and digits, and applies to text answers only.
 */
final class TwoPartRule implements MatchRule {

  private final boolean strict;

  TwoPartRule(boolean strict) {
    this.strict = strict;
  }

  @Override
  public String name() {
    return "rule3_two_part";
  }

  /** Whether the rule looks at these shapes at all. */
  private boolean applies(List<List<Object>> gold, List<List<Object>> predicted) {
    return !gold.isEmpty() && !predicted.isEmpty() && gold.get(0).size() == 1 && predicted.get(0).size() > 1
        && gold.size() == predicted.size()
        && (!strict || gold.stream().allMatch(r -> !r.isEmpty() && r.get(0) instanceof String));
  }

  @Override
  public boolean accepts(List<List<Object>> gold, List<List<Object>> predicted) {
    return applies(gold, predicted) && goldKeys(gold).equals(predictedKeys(predicted));
  }

  @Override
  public double closeness(List<List<Object>> gold, List<List<Object>> predicted) {
    if (!applies(gold, predicted)) {
      return 0;
    }
    java.util.Map<String, Integer> left = new java.util.HashMap<>();
    predictedKeys(predicted).forEach(key -> left.merge(key, 1, Integer::sum));
    int found = 0;
    for (String key : goldKeys(gold)) {
      Integer count = left.computeIfPresent(key, (k, n) -> n - 1);
      if (count != null && count >= 0) {
        found++;
      }
    }
    return (double) found / gold.size();
  }

  @Override
  public String shortfall(List<List<Object>> gold, List<List<Object>> predicted) {
    if (!applies(gold, predicted)) {
      return "needs a one-column answer and as many predicted rows of two or more cells";
    }
    return "joined rows " + predictedKeys(predicted) + " against answer " + goldKeys(gold);
  }

  private List<String> goldKeys(List<List<Object>> gold) {
    List<String> keys = new ArrayList<>();
    gold.forEach(r -> keys.add(letters(PythonText.str(r.get(0)))));
    keys.sort(null);
    return keys;
  }

  private List<String> predictedKeys(List<List<Object>> predicted) {
    List<String> keys = new ArrayList<>();
    for (List<Object> row : predicted) {
      StringBuilder joined = new StringBuilder();
      row.forEach(cell -> joined.append(PythonText.str(cell)));
      keys.add(letters(joined.toString()));
    }
    keys.sort(null);
    return keys;
  }

  private String letters(String text) {
    StringBuilder kept = new StringBuilder(text.length());
    text.codePoints().filter(strict ? Character::isLetterOrDigit : TwoPartRule::latin).forEach(kept::appendCodePoint);
    return strict ? kept.toString() : kept.toString().toLowerCase(Locale.ROOT);
  }

  private static boolean latin(int cp) {
    return cp >= '0' && cp <= '9' || cp >= 'A' && cp <= 'Z' || cp >= 'a' && cp <= 'z'
        || cp >= 0xc0 && cp <= 0xff || cp >= 0x100 && cp <= 0x17e;
  }
}
