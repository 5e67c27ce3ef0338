package dev.llmsql.benchmark;

import static java.util.Objects.requireNonNull;

import dev.llmsql.execution.QueryResult;
import java.util.List;
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
 * @param difficulty 1 (easy) to 3 (hard), SCALE's case weight; 0 when the benchmark does not say
 * @param tags free labels (capability, metric, SQL type) for breakdowns and weighted scoring; never null
 * @param ordered whether row order counts for this question (Falcon's is-order flag); null when unsaid
 * @param alternativeSql further gold SQL that answers the question as well as {@code sql}; never null
 * @param goldResults expected results given directly instead of (or besides) SQL; never null
 * @param llmsql2 the LLMSQL 2.0 fields (answer, category, family, prompt, tables);
 *     {@link Llmsql2Fields#NONE} for a 1.0 question, never null
 */
public record Question(int id, String question, String sql, String tableId, String dbId,
                       Map<String, Object> extra, int difficulty, List<String> tags, Boolean ordered,
                       List<String> alternativeSql, List<QueryResult> goldResults, Llmsql2Fields llmsql2) {

  public Question {
    requireNonNull(question, "question");
    requireNonNull(sql, "sql");
    extra = extra == null ? Map.of() : java.util.Collections.unmodifiableMap(
        new java.util.LinkedHashMap<>(extra));
    if (difficulty < 0 || difficulty > 3) {
      throw new IllegalArgumentException("difficulty must be 1, 2 or 3 (0 when unknown), but was "
          + difficulty);
    }
    tags = tags == null ? List.of() : List.copyOf(tags);
    alternativeSql = alternativeSql == null ? List.of() : List.copyOf(alternativeSql);
    goldResults = goldResults == null ? List.of() : List.copyOf(goldResults);
    llmsql2 = llmsql2 == null ? Llmsql2Fields.NONE : llmsql2;
  }

  /** A question without LLMSQL 2.0 fields (the shape before 2.0). */
  public Question(int id, String question, String sql, String tableId, String dbId,
                  Map<String, Object> extra, int difficulty, List<String> tags, Boolean ordered,
                  List<String> alternativeSql, List<QueryResult> goldResults) {
    this(id, question, sql, tableId, dbId, extra, difficulty, tags, ordered, alternativeSql, goldResults,
        Llmsql2Fields.NONE);
  }

  /** A question with one gold SQL and none of the optional fields (difficulty, tags, order flag). */
  public Question(int id, String question, String sql, String tableId, String dbId,
                  Map<String, Object> extra) {
    this(id, question, sql, tableId, dbId, extra, 0, List.of(), null, List.of(), List.of());
  }

  /** A question of the single-database LLMSQL layout. */
  public static Question of(int id, String question, String sql, String tableId) {
    return new Question(id, question, sql, tableId, null, Map.of());
  }

  /** This question with the given difficulty (0 to 3), tags and order flag. */
  public Question withLabels(int difficulty, List<String> tags, Boolean ordered) {
    return new Question(id, question, sql, tableId, dbId, extra, difficulty, tags, ordered, alternativeSql,
        goldResults, llmsql2);
  }

  /** This question with further gold SQL and gold results; any one of them matching is enough. */
  public Question withGolds(List<String> alternativeSql, List<QueryResult> goldResults) {
    return new Question(id, question, sql, tableId, dbId, extra, difficulty, tags, ordered, alternativeSql,
        goldResults, llmsql2);
  }

  /** The gold SQL statements: {@code sql} (when not blank) then the alternatives. */
  public List<String> goldSql() {
    List<String> all = new java.util.ArrayList<>();
    if (!sql.isBlank()) {
      all.add(sql);
    }
    all.addAll(alternativeSql);
    return List.copyOf(all);
  }

  /** This question with the given LLMSQL 2.0 fields (null for none). */
  public Question withLlmsql2(Llmsql2Fields llmsql2) {
    return new Question(id, question, sql, tableId, dbId, extra, difficulty, tags, ordered, alternativeSql,
        goldResults, llmsql2);
  }

  /**
   * The stored reference answer of an LLMSQL 2.0 question, decoded (rows of cells: {@code Long},
   * {@code Double}, {@code String}, {@code Boolean} or null). Present means: judged by the {@code llmsql2}
   * rules, the gold SQL is never run.
   */
  public Optional<List<List<Object>>> answer() {
    return llmsql2.answerIfAny();
  }

  /** The LLMSQL 2.0 category ({@code lookup}, {@code convention}, {@code text_quantity}), if given. */
  public Optional<String> category() {
    return Optional.ofNullable(llmsql2.category());
  }

  /** The LLMSQL 2.0 question template, e.g. {@code wikisql}, if given. */
  public Optional<String> family() {
    return Optional.ofNullable(llmsql2.family());
  }

  /** The exact prompt the model is shown, if the questions file holds it. */
  public Optional<String> prompt() {
    return Optional.ofNullable(llmsql2.prompt());
  }

  /**
   * Every table shown to the model, target first: the {@code tables} field, or just {@code tableId} when the
   * file has no such field; empty for a question with neither.
   */
  public List<String> tables() {
    if (!llmsql2.tables().isEmpty()) {
      return llmsql2.tables();
    }
    return tableId == null ? List.of() : List.of(tableId);
  }

  /** The tables shown besides the target ({@link #tables()} after the first). */
  public List<String> distractorTables() {
    List<String> all = tables();
    return all.isEmpty() ? List.of() : all.subList(1, all.size());
  }

  /** The database id, when the question runs on a database of its own. */
  public Optional<String> database() {
    return Optional.ofNullable(dbId);
  }
}
