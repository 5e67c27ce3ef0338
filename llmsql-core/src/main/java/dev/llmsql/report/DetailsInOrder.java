package dev.llmsql.report;

import dev.llmsql.result.QuestionDetail;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/**
 * Question details handed to results in order, per question id: the k-th result of a question gets the k-th
 * detail of that question, and the last one again when there are fewer. A report of LLMSQL 2.0, which scores
 * every prediction line, holds one detail per scored line, so a question answered twice has two, each with its
 * own predicted SQL (matched by id alone, both results got the last one).
 */
final class DetailsInOrder {

  private final Map<Integer, ArrayDeque<QuestionDetail>> byId = new HashMap<>();

  DetailsInOrder(Collection<QuestionDetail> details) {
    details.forEach(d -> byId.computeIfAbsent(d.questionId(), k -> new ArrayDeque<>()).add(d));
  }

  /** The next detail of question {@code id}, or null when there is none. */
  QuestionDetail next(int id) {
    ArrayDeque<QuestionDetail> left = byId.get(id);
    return left == null ? null : left.size() > 1 ? left.poll() : left.peek();
  }
}
