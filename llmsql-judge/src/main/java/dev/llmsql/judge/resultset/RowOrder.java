package dev.llmsql.judge.resultset;

import dev.llmsql.benchmark.Question;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * When row order counts in a result-set comparison.
 *
 * <pre>{@code
 * ResultSetJudge.builder().rowOrder(RowOrder.GOLD_ORDER_BY).build();
 * }</pre>
 */
public enum RowOrder {
  /** Never (LLMSQL, BIRD). */
  IGNORE,
  /** Always. */
  RESPECT,
  /**
   * When the gold SQL has a top-level {@code ORDER BY}, found by tokenizing the SQL (so an
   * {@code ORDER BY} in a sub-query, a string or a comment does not count). Spider, strict.
   */
  GOLD_ORDER_BY,
  /** When the question's {@code ordered} flag is true (Falcon, Spider 2.0); ignored when it is unset. */
  QUESTION_FLAG,
  /**
   * Unless the question's {@code ordered} flag is false: an unflagged question counts order (DB-GPT's
   * spreadsheet runner, whose empty "is sorted" cell and {@code DataCompareStrategyConfig} default to ordered).
   */
  QUESTION_FLAG_ORDERED_UNLESS_FALSE,
  /**
   * When the question text asks for it ("order", "sort", "arrange") or the question is tagged
   * {@code order_by} (Defog sql-eval).
   */
  QUESTION_ASKS;

  private static final Pattern ASKS = Pattern.compile("\\b(order|sort|arrange)\\b");

  /** Whether order counts for this question and gold SQL (null when the gold is given as results). */
  boolean applies(Question question, String goldSql) {
    return switch (this) {
      case IGNORE -> false;
      case RESPECT -> true;
      case GOLD_ORDER_BY -> goldSql != null && SqlText.hasTopLevelOrderBy(goldSql);
      case QUESTION_FLAG -> Boolean.TRUE.equals(question.ordered());
      case QUESTION_FLAG_ORDERED_UNLESS_FALSE -> !Boolean.FALSE.equals(question.ordered());
      case QUESTION_ASKS -> question.tags().contains("order_by")
          || ASKS.matcher(question.question().toLowerCase(Locale.ROOT)).find();
    };
  }
}
