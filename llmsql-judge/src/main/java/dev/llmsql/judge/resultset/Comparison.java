package dev.llmsql.judge.resultset;

import static java.util.Objects.requireNonNull;

import dev.llmsql.judgement.Reason;
import java.util.Optional;

/**
 * The outcome of comparing a predicted result with a gold result: equal or not, a machine-readable
 * reason, a human detail and, for {@link Reason#VALUE_MISMATCH}, the first differing cell.
 *
 * <pre>{@code
 * QueryResult gold = new QueryResult(List.of("name"), List.of(List.of("Joe"), List.of("Ann")));
 * QueryResult predicted = new QueryResult(List.of("name"), List.of(List.of("Ann"), List.of("Joe")));
 * Comparison c = ResultSetComparator.builder().build().compare(gold, predicted, false);   // LLMSQL's rules
 * if (!c.equal()) System.out.println(c.reason() + " " + c.detail());
 * }</pre>
 *
 * @param equal whether the results are equal under the comparator's rules
 * @param reason {@link Reason#EQUAL} or what differs
 * @param detail for people; empty when equal
 * @param firstDifference the first differing cell, or null
 */
public record Comparison(boolean equal, Reason reason, String detail, CellDiff firstDifference) {

  static final Comparison EQUAL = new Comparison(true, Reason.EQUAL, "", null);

  public Comparison {
    requireNonNull(reason, "reason");
    requireNonNull(detail, "detail");
  }

  static Comparison differ(Reason reason, String detail) {
    return new Comparison(false, reason, detail, null);
  }

  static Comparison differ(CellDiff diff) {
    return new Comparison(false, Reason.VALUE_MISMATCH, "first difference at " + diff, diff);
  }

  /** The first differing cell, for value mismatches. */
  public Optional<CellDiff> difference() {
    return Optional.ofNullable(firstDifference);
  }
}
