package dev.llmsql.benchmark;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * The fields an LLMSQL 2.0 question adds to a 1.0 one: the stored reference answer that replaces running the
 * gold SQL, the question's category and template family, the exact prompt, and every table the prompt shows.
 *
 * <pre>{@code
 * Llmsql2Fields v2 = new Llmsql2Fields(List.of(List.of("Hurts")), "lookup", "wikisql", null,
 *     List.of("1-29135051-2"));
 * Question q = Question.of(2, "Name the singer for Joe Wilkinson", "SELECT ...", "1-29135051-2").withLlmsql2(v2);
 * q.answer();   // Optional[[[Hurts]]]
 * }</pre>
 *
 * @param answer the reference answer, rows of cells ({@code Long}, {@code Double}, {@code String},
 *     {@code Boolean} or null); null when the question has none (a 1.0 question). A question with an answer is
 *     judged by the {@code llmsql2} rules
 * @param category {@code lookup}, {@code convention} or {@code text_quantity}; null when unsaid
 * @param family the question template, e.g. {@code wikisql}; null when unsaid
 * @param prompt the exact zero-shot prompt shown to the model; null when unsaid
 * @param tables every table the prompt shows, target first; empty when unsaid
 */
public record Llmsql2Fields(List<List<Object>> answer, String category, String family, String prompt,
                            List<String> tables) {

  /** A 1.0 question's: nothing set. */
  public static final Llmsql2Fields NONE = new Llmsql2Fields(null, null, null, null, List.of());

  public Llmsql2Fields {
    if (answer != null) {
      List<List<Object>> rows = new ArrayList<>(answer.size());
      for (List<Object> row : answer) {
        // cells may be null, which List.copyOf refuses
        rows.add(Collections.unmodifiableList(new ArrayList<>(requireNonNull(row, "answer row"))));
      }
      answer = Collections.unmodifiableList(rows);
    }
    tables = tables == null ? List.of() : List.copyOf(tables);
  }

  /** Whether no field is set. */
  public boolean isEmpty() {
    return answer == null && category == null && family == null && prompt == null && tables.isEmpty();
  }

  /** The answer, if the question has one. */
  public Optional<List<List<Object>>> answerIfAny() {
    return Optional.ofNullable(answer);
  }
}
