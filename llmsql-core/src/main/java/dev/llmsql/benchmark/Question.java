package dev.llmsql.benchmark;

import static java.util.Objects.requireNonNull;

import java.util.Map;
import java.util.Optional;

/**
 * One benchmark question: its natural-language text, the gold SQL, and where it runs.
 *
 * <p>A question lives either in the single LLMSQL database (its {@code tableId} names the table the
 * {@code Table} placeholder stands for) or in a database of its own named by {@code dbId}
 * (the Spider/BIRD layout {@code {databasesDir}/{db_id}/{db_id}.sqlite}). Fields of the questions
 * file that the model does not name are kept in {@link #extra()} for judges that want them.
 *
 * <pre>{@code
 * Question q = new Question(1, "How many players?", "SELECT COUNT(*) FROM \"1-10015132-9\"",
 *     "1-10015132-9", null, Map.of());
 * }</pre>
 *
 * @param id the question id, unique within a benchmark
 * @param question the natural-language question
 * @param sql the gold SQL
 * @param tableId the table the {@code Table} placeholder means; may be null when {@code dbId} is set
 * @param dbId the database the question runs on in a multi-database benchmark; null for LLMSQL
 * @param extra every other field of the question's JSON line, never null
 */
public record Question(int id, String question, String sql, String tableId, String dbId,
                       Map<String, Object> extra) {

  public Question {
    requireNonNull(question, "question");
    requireNonNull(sql, "sql");
    extra = extra == null ? Map.of() : java.util.Collections.unmodifiableMap(
        new java.util.LinkedHashMap<>(extra));
  }

  /** A question of the single-database LLMSQL layout. */
  public static Question of(int id, String question, String sql, String tableId) {
    return new Question(id, question, sql, tableId, null, Map.of());
  }

  /** The database id, when the question runs on a database of its own. */
  public Optional<String> database() {
    return Optional.ofNullable(dbId);
  }
}
