package dev.llmsql.extraction;

import java.util.List;

/**
 * Finds the SQL candidates in a model completion, as LLMSQL's {@code find_sql} does, without its defects.
 *
 * <pre>{@code
 * List<String> sql = SqlExtractor.llmsql().extract("Here you go:\n```sql\nSELECT 1;\n```");
 * // ["SELECT 1"]
 * }</pre>
 */
public final class SqlExtractor {

  /** LLMSQL reads at most this many candidates. */
  public static final int DEFAULT_MAX_CANDIDATES = 10;

  private static final SqlExtractor LLMSQL = new SqlExtractor(DEFAULT_MAX_CANDIDATES);

  private final int maxCandidates;

  private SqlExtractor(int maxCandidates) {
    this.maxCandidates = maxCandidates;
  }

  /** The extractor with LLMSQL's limit of 10 candidates. */
  public static SqlExtractor llmsql() {
    return LLMSQL;
  }

  /** The candidates in {@code completion}, in order, stripped, de-duplicated, at most the limit. */
  public List<String> extract(String completion) {
    throw new UnsupportedOperationException("TODO");
  }
}
