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
 * <p>The canonical constructor takes the golds and the grading as two small records; most code builds a question
 * with {@code new Question(id, question, sql, tableId, dbId, extra)} and then {@link #withLabels},
 * {@link #withGolds} and {@link #withLlmsql2}.
 *
 * @param id the question id, unique within a benchmark
 * @param question the natural-language question
 * @param tableId the table the {@code Table} placeholder means; may be null when {@code dbId} is set
 * @param dbId the database the question runs on in a multi-database benchmark; null for LLMSQL
 * @param extra every other field of the question's JSON line, never null
 * @param golds the gold SQL, further gold SQL and gold results
 * @param grading the difficulty, tags and order flag
 * @param llmsql2 the LLMSQL 2.0 fields (answer, category, family, prompt, tables);
 *     {@link Llmsql2Fields#NONE} for a 1.0 question, never null
 */
public record Question(int id, String question, String tableId, String dbId, Map<String, Object> extra,
                       Golds golds, Grading grading, Llmsql2Fields llmsql2) {

  public Question {
    requireNonNull(question, "question");
    requireNonNull(golds, "golds");
    extra = extra == null ? Map.of() : java.util.Collections.unmodifiableMap(
        new java.util.LinkedHashMap<>(extra));
    grading = grading == null ? Grading.NONE : grading;
    llmsql2 = llmsql2 == null ? Llmsql2Fields.NONE : llmsql2;
  }

  /**
   * What a prediction's answer is checked against.
   *
   * @param sql the gold SQL
   * @param alternativeSql further gold SQL that answers the question as well as {@code sql}; never null
   * @param goldResults expected results given directly instead of (or besides) SQL; never null
   */
  public record Golds(String sql, List<String> alternativeSql, List<QueryResult> goldResults) {

    public Golds {
      requireNonNull(sql, "sql");
      alternativeSql = alternativeSql == null ? List.of() : List.copyOf(alternativeSql);
      goldResults = goldResults == null ? List.of() : List.copyOf(goldResults);
    }
  }

  /**
   * How a question is graded beyond its golds.
   *
   * @param difficulty 1 (easy) to 3 (hard), SCALE's case weight; 0 when the benchmark does not say
   * @param tags free labels (capability, metric, SQL type) for breakdowns and weighted scoring; never null
   * @param ordered whether row order counts for this question (Falcon's is-order flag); null when unsaid
   */
  public record Grading(int difficulty, List<String> tags, Boolean ordered) {

    /** No difficulty, no tags, no order flag. */
    public static final Grading NONE = new Grading(0, List.of(), null);

    public Grading {
      if (difficulty < 0 || difficulty > 3) {
        throw new IllegalArgumentException("difficulty must be 1, 2 or 3 (0 when unknown), but was "
            + difficulty);
      }
      tags = tags == null ? List.of() : List.copyOf(tags);
    }
  }

  /** A question with one gold SQL and none of the optional fields (difficulty, tags, order flag). */
  public Question(int id, String question, String sql, String tableId, String dbId,
                  Map<String, Object> extra) {
    this(id, question, tableId, dbId, extra, new Golds(sql, List.of(), List.of()), Grading.NONE,
        Llmsql2Fields.NONE);
  }

  /** The gold SQL. */
  public String sql() {
    return golds.sql();
  }

  /** Further gold SQL that answers the question as well as {@link #sql()}; never null. */
  public List<String> alternativeSql() {
    return golds.alternativeSql();
  }

  /** Expected results given directly instead of (or besides) SQL; never null. */
  public List<QueryResult> goldResults() {
    return golds.goldResults();
  }

  /** 1 (easy) to 3 (hard), SCALE's case weight; 0 when the benchmark does not say. */
  public int difficulty() {
    return grading.difficulty();
  }

  /** Free labels (capability, metric, SQL type) for breakdowns and weighted scoring; never null. */
  public List<String> tags() {
    return grading.tags();
  }

  /** Whether row order counts for this question (Falcon's is-order flag); null when unsaid. */
  public Boolean ordered() {
    return grading.ordered();
  }

  /** A question of the single-database LLMSQL layout. */
  public static Question of(int id, String question, String sql, String tableId) {
    return new Question(id, question, sql, tableId, null, Map.of());
  }

  /** This question with the given difficulty (0 to 3), tags and order flag. */
  public Question withLabels(int difficulty, List<String> tags, Boolean ordered) {
    return new Question(id, question, tableId, dbId, extra, golds, new Grading(difficulty, tags, ordered),
        llmsql2);
  }

  /** This question with further gold SQL and gold results; any one of them matching is enough. */
  public Question withGolds(List<String> alternativeSql, List<QueryResult> goldResults) {
    return new Question(id, question, tableId, dbId, extra, new Golds(sql(), alternativeSql, goldResults), grading,
        llmsql2);
  }

  /** The gold SQL statements: {@code sql} (when not blank) then the alternatives. */
  public List<String> goldSql() {
    List<String> all = new java.util.ArrayList<>();
    if (!sql().isBlank()) {
      all.add(sql());
    }
    all.addAll(alternativeSql());
    return List.copyOf(all);
  }

  /** This question with the given LLMSQL 2.0 fields (null for none). */
  public Question withLlmsql2(Llmsql2Fields llmsql2) {
    return new Question(id, question, tableId, dbId, extra, golds, grading, llmsql2);
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
