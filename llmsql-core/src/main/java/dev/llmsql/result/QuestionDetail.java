package dev.llmsql.result;

import static java.util.Objects.requireNonNull;

import dev.llmsql.benchmark.Question;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * What a report needs to show one answered question to people: its text, tags, difficulty, the gold SQL and
 * the SQL the verdict rests on. Kept beside {@link QuestionResult} so CSV, HTML and assertion messages can
 * show matches and mismatches alike.
 *
 * <pre>{@code
 * EvaluationReport report = FullReportJson.read(Path.of("report.json"));
 * report.detail(7).map(QuestionDetail::predictedSql).orElse("(unknown)");
 * }</pre>
 *
 * @param questionId the question
 * @param question its text
 * @param goldSql the gold SQL
 * @param predictedSql the last candidate the judge ran, else the first extracted one; null when there was none
 * @param labels the question's tags, difficulty, and LLMSQL 2.0 category and family
 * @param dbId the database the question runs on ({@code db_id}), or null for a single-database benchmark (the full
 *     JSON report's details carry it as {@code db_id} when set)
 */
public record QuestionDetail(int questionId, String question, String goldSql, String predictedSql, Labels labels,
                             String dbId) {

  public QuestionDetail {
    requireNonNull(question, "question");
    requireNonNull(goldSql, "goldSql");
    requireNonNull(labels, "labels");
  }

  /**
   * What a question is labelled with, for breakdowns and filters.
   *
   * @param tags the question's tags ({@code tags} or DB-GPT's {@code selfDefineTags} field), never null
   * @param difficulty the question's difficulty ({@code difficulty}, {@code hardness} or {@code level}), or null
   * @param category the LLMSQL 2.0 category ({@code lookup}, {@code convention}, {@code text_quantity}), or null
   * @param family the LLMSQL 2.0 question template (e.g. {@code wikisql}), or null
   */
  public record Labels(List<String> tags, String difficulty, String category, String family) {

    public Labels {
      tags = List.copyOf(requireNonNull(tags, "tags"));
    }
  }

  /** A detail without its database. */
  public QuestionDetail(int questionId, String question, String goldSql, String predictedSql, List<String> tags,
                        String difficulty, String category, String family) {
    this(questionId, question, goldSql, predictedSql, new Labels(tags, difficulty, category, family), null);
  }

  /** A detail without LLMSQL 2.0 category and family. */
  public QuestionDetail(int questionId, String question, String goldSql, String predictedSql, List<String> tags,
                        String difficulty) {
    this(questionId, question, goldSql, predictedSql, tags, difficulty, null, null);
  }

  /** The question's tags ({@code tags} or DB-GPT's {@code selfDefineTags} field), never null. */
  public List<String> tags() {
    return labels.tags();
  }

  /** The question's difficulty ({@code difficulty}, {@code hardness} or {@code level}), or null. */
  public String difficulty() {
    return labels.difficulty();
  }

  /** The LLMSQL 2.0 category ({@code lookup}, {@code convention}, {@code text_quantity}), or null. */
  public String category() {
    return labels.category();
  }

  /** The LLMSQL 2.0 question template (e.g. {@code wikisql}), or null. */
  public String family() {
    return labels.family();
  }

  /** The detail of {@code question} answered with {@code predictedSql} (may be null). */
  public static QuestionDetail of(Question question, String predictedSql) {
    Map<String, Object> extra = question.extra();
    Object tags = extra.containsKey("tags") ? extra.get("tags") : extra.get("selfDefineTags");
    Object difficulty = firstPresent(extra, "difficulty", "hardness", "level");
    Labels labels = new Labels(tags(tags), difficulty == null ? null : difficulty.toString(),
        question.category().orElse(null), question.family().orElse(null));
    return new QuestionDetail(question.id(), question.question(), question.sql(), predictedSql, labels,
        question.dbId());
  }

  private static Object firstPresent(Map<String, Object> extra, String... keys) {
    for (String key : keys) {
      if (extra.get(key) != null) {
        return extra.get(key);
      }
    }
    return null;
  }

  private static List<String> tags(Object value) {
    List<String> tags = new ArrayList<>();
    if (value instanceof Collection<?> c) {
      c.stream().filter(t -> t != null).map(Object::toString).map(String::strip)
          .filter(t -> !t.isEmpty()).forEach(tags::add);
    } else if (value != null) {
      // DB-GPT writes tags as one comma-separated cell ("KAGGLE_DS_1, CTE1").
      for (String t : value.toString().split(",")) {
        if (!t.isBlank()) {
          tags.add(t.strip());
        }
      }
    }
    return tags;
  }
}
