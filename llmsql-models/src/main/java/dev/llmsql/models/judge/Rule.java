package dev.llmsql.models.judge;

import static java.util.Objects.requireNonNull;

/**
 * One rule a {@link VerdictForm#RULES} judge checks, with its SCALE difficulty weight (1 to 3).
 *
 * <pre>{@code
 * new Rule("r1", "filters on the year 2020", 2);
 * }</pre>
 *
 * @param id what the judge answers with in {@code matched_rule_ids}
 * @param text the rule, shown to the judge
 * @param difficulty weight 1 to 3
 */
public record Rule(String id, String text, int difficulty) {

  public Rule {
    requireNonNull(id, "id");
    requireNonNull(text, "text");
    if (id.isBlank()) {
      throw new IllegalArgumentException("rule id must not be blank; the judge answers with it");
    }
    if (difficulty < 1 || difficulty > 3) {
      throw new IllegalArgumentException("rule " + id + " difficulty must be 1, 2 or 3, but was " + difficulty);
    }
  }
}
